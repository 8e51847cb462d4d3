export { ThemeProvider, useThemeMode, type ThemeProviderProps } from './ThemeProvider.js';
export {
  darkTokens,
  lightTokens,
  t,
  tokenVar,
  tokensToCssVars,
  type ThemeMode,
  type ThemeTokens,
} from './tokens.js';
