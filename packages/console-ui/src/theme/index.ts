export {
  ConsoleThemeProvider,
  ThemeProvider,
  useThemeCheck,
  useThemeMode,
  type ConsoleThemeProviderProps,
  type ThemeProviderProps,
} from './ThemeProvider.js';
export {
  ConsoleMessagesProvider,
  useMessages,
  type ConsoleMessagesOverrides,
  type ConsoleMessagesProviderProps,
} from './messages.js';
export {
  CLASS_PREFIX,
  darkTokens,
  legacyTokenVar,
  lightTokens,
  t,
  tokenVar,
  tokensToCssVars,
  type ThemeMode,
  type ThemeTokens,
} from './tokens.js';
