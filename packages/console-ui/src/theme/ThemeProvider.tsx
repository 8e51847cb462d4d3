import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { createGlobalStyle } from 'styled-components';
import { darkTokens, lightTokens, tokensToCssVars, type ThemeMode, type ThemeTokens } from './tokens.js';

const ThemeModeContext = createContext<ThemeMode>('light');

/** The active theme mode, for components that need to know it (most only use CSS variables). */
export function useThemeMode(): ThemeMode {
  return useContext(ThemeModeContext);
}

export interface ThemeProviderProps {
  /** Light or dark tokens. */
  mode?: ThemeMode;
  /** Overrides of single tokens, e.g. an embedder's brand colour. */
  tokens?: Partial<ThemeTokens>;
  /** Also apply the tokens and base font to `body` (for a whole app rather than an embedded widget). */
  global?: boolean;
  children?: ReactNode;
  className?: string;
}

const GlobalTokens = createGlobalStyle<{ $vars: Record<string, string> }>`
  :root { ${({ $vars }) =>
    Object.entries($vars)
      .map(([k, v]) => `${k}: ${v};`)
      .join(' ')} }
  body {
    margin: 0;
    background: var(--sc-color-bg);
    color: var(--sc-color-text);
    font-family: var(--sc-font-family);
    font-size: var(--sc-font-size-md);
  }
`;

/**
 * Puts the console's design tokens in scope as CSS custom properties (`--sc-*`).
 *
 * @example
 * <ThemeProvider mode="dark" tokens={{ colorPrimary: '#7c3aed' }}>
 *   <LoginForm … />
 * </ThemeProvider>
 */
export function ThemeProvider({
  mode = 'light',
  tokens,
  global = false,
  children,
  className,
}: ThemeProviderProps) {
  const vars = useMemo(
    () => tokensToCssVars({ ...(mode === 'dark' ? darkTokens : lightTokens), ...tokens }),
    [mode, tokens],
  );
  const style = useMemo(
    () =>
      ({
        ...vars,
        colorScheme: mode,
        color: 'var(--sc-color-text)',
        fontFamily: 'var(--sc-font-family)',
        fontSize: 'var(--sc-font-size-md)',
      }) as CSSProperties,
    [vars, mode],
  );
  return (
    <ThemeModeContext.Provider value={mode}>
      {global ? <GlobalTokens $vars={vars} /> : null}
      <div className={['sc-theme', className].filter(Boolean).join(' ')} data-theme={mode} style={style}>
        {children}
      </div>
    </ThemeModeContext.Provider>
  );
}
