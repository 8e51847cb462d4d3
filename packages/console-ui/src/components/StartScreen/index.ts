export { StartScreen, START_SCREEN_LABEL, type StartScreenProps } from './StartScreen.js';
export { useStartScreen, type UseStartScreenOptions, type UseStartScreenResult } from './useStartScreen.js';
