import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { useDocumentStyles, useStaticStyles } from '../primitives/staticStyles.js';
import { ConsoleMessagesProvider, type ConsoleMessagesOverrides } from './messages.js';
import { darkTokens, lightTokens, tokensToCssVars, type ThemeMode, type ThemeTokens } from './tokens.js';

const ThemeModeContext = createContext<ThemeMode | null>(null);

/** The active theme mode, for components that need to know it (most only use CSS variables). */
export function useThemeMode(): ThemeMode {
  return useContext(ThemeModeContext) ?? 'light';
}

// Bundlers replace `process.env.NODE_ENV` textually; without a bundler (`process` undefined) stay quiet.
function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}

const warned = new Set<string>();

/**
 * Warns once per component, in development, when it renders outside `ConsoleThemeProvider`. It still renders
 * legibly (every token has a light fallback), but dark mode, brand tokens and the base font are missing.
 */
export function useThemeCheck(component: string): void {
  const mode = useContext(ThemeModeContext);
  if (mode !== null || warned.has(component) || !isDevelopment()) return;
  warned.add(component);
  console.warn(
    `console-ui: <${component}> is rendered outside <ConsoleThemeProvider>; it uses the light tokens as ` +
      'fallbacks. Wrap the tree in <ConsoleThemeProvider> to choose the mode and override tokens.',
  );
}

export interface ConsoleThemeProviderProps {
  /** Light or dark tokens. */
  mode?: ThemeMode;
  /** Overrides of single tokens, e.g. an embedder's brand colour. */
  tokens?: Partial<ThemeTokens>;
  /** Also apply the tokens and base font to `body` (for a whole app rather than an embedded widget). */
  global?: boolean;
  /** Replacements for visible strings, per component (see `ConsoleMessagesProvider`). */
  messages?: ConsoleMessagesOverrides;
  children?: ReactNode;
  className?: string;
}

/** The tokens on `:root` and the base font on `body`, for a whole app (`global`). */
function globalTokensCss(vars: Record<string, string>): string {
  const declarations = Object.entries(vars)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
  return `:root { ${declarations} }
body {
  margin: 0;
  background: var(--cui-color-bg);
  color: var(--cui-color-text);
  font-family: var(--cui-font-family);
  font-size: var(--cui-font-size-md);
}`;
}

/**
 * The base text colour and font for the console's own elements only: the outermost element of each component
 * (a `cui-…` class, not inside another one) below a provider. The wrapper itself carries only the custom
 * properties, so host markup inside the provider keeps the host's font and colour. Zero specificity (`:where`),
 * so every component's own rules win; inline roots (`span`, `data`: NumberText, DeltaChip) take the text around
 * them, as before.
 */
export const THEME_SCOPE_CSS = `:where(.cui-theme :is([class^='cui-'], [class*=' cui-']):not(.cui-theme, span, data):not(:is([class^='cui-'], [class*=' cui-']):not(.cui-theme) *)) {
  color: var(--cui-color-text);
  font-family: var(--cui-font-family);
  font-size: var(--cui-font-size-md);
}`;

/**
 * Puts the console's design tokens in scope as CSS custom properties (`--cui-*`, and the 1.0 names `--sc-*`
 * for host CSS that still reads them). The console's components take their base font and text colour from
 * them; host markup inside the provider keeps its own (read the tokens to match, e.g. `color:
 * var(--cui-color-text)`), unless `global` puts them on `body`.
 *
 * @example
 * ```tsx
 * <ConsoleThemeProvider mode="dark" tokens={{ colorPrimary: '#7c3aed' }}>
 *   <LoginForm … />
 * </ConsoleThemeProvider>
 * ```
 */
export function ConsoleThemeProvider({
  mode = 'light',
  tokens,
  global = false,
  messages,
  children,
  className,
}: ConsoleThemeProviderProps) {
  const vars = useMemo(
    () => tokensToCssVars({ ...(mode === 'dark' ? darkTokens : lightTokens), ...tokens }, { legacy: true }),
    [mode, tokens],
  );
  // Plain CSS, not createGlobalStyle: /login paints before styled-components is downloaded (ADR 048).
  const globalCss = useMemo(() => (global ? globalTokensCss(vars) : null), [global, vars]);
  useDocumentStyles('theme-tokens', globalCss);
  useStaticStyles('theme-scope', THEME_SCOPE_CSS);
  // Only the custom properties and the colour scheme: no font or colour for host markup to inherit.
  const style = useMemo(() => ({ ...vars, colorScheme: mode }) as CSSProperties, [vars, mode]);
  const content = (
    <div className={['cui-theme', className].filter(Boolean).join(' ')} data-theme={mode} style={style}>
      {children}
    </div>
  );
  return (
    <ThemeModeContext.Provider value={mode}>
      {messages ? <ConsoleMessagesProvider messages={messages}>{content}</ConsoleMessagesProvider> : content}
    </ThemeModeContext.Provider>
  );
}

/**
 * @deprecated Renamed `ConsoleThemeProvider` (styled-components exports a `ThemeProvider` of its own); this
 * alias goes in 2.0.
 */
export const ThemeProvider = ConsoleThemeProvider;

/** @deprecated Renamed `ConsoleThemeProviderProps`. */
export type ThemeProviderProps = ConsoleThemeProviderProps;
