export { INDONESIAN_ERROR_TEXTS, SPEC_ERROR_TEXTS } from './englishTexts.js';
export { indonesianTextsLoaded, loadIndonesianTexts } from './indonesian.js';
export { translateFieldMessages, translateMessage } from './translate.js';
export type { LabelHint } from './labels.js';
