import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ThemeChoice } from '@staff/console-contract';
import { ThemeProvider, darkTokens, lightTokens } from '@staff/console-ui';

/** The last choice, cached so public/theme-boot.js can paint the right background before React (ADR 028). */
export const THEME_STORAGE_KEY = 'console-theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedChoice(): ThemeChoice {
  try {
    const value = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

function systemIsDark(): boolean {
  return typeof globalThis.matchMedia === 'function' && globalThis.matchMedia(DARK_QUERY).matches;
}

interface ThemeChoiceValue {
  choice: ThemeChoice;
  setChoice: (choice: ThemeChoice) => void;
}

const ThemeChoiceContext = createContext<ThemeChoiceValue>({ choice: 'system', setChoice: () => undefined });

export const useThemeChoice = () => useContext(ThemeChoiceContext);

/** The console's theme: the user's choice, or the system's scheme (followed live) when the choice is `system`. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(storedChoice);
  const [dark, setDark] = useState(systemIsDark);
  useEffect(() => {
    if (typeof globalThis.matchMedia !== 'function') return;
    const query = globalThis.matchMedia(DARK_QUERY);
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  const value = useMemo<ThemeChoiceValue>(
    () => ({
      choice,
      setChoice: (next) => {
        setChoiceState(next);
        try {
          globalThis.localStorage?.setItem(THEME_STORAGE_KEY, next);
        } catch {
          // A private window without storage: the server still keeps the choice.
        }
      },
    }),
    [choice],
  );
  const mode = choice === 'system' ? (dark ? 'dark' : 'light') : choice;
  // <html> as theme-boot.js left it, kept in step: it shows wherever the body does not reach.
  useEffect(() => {
    const root = globalThis.document?.documentElement;
    if (!root) return;
    root.setAttribute('data-theme', mode);
    root.style.colorScheme = mode;
    root.style.backgroundColor = (mode === 'dark' ? darkTokens : lightTokens).colorBg;
  }, [mode]);
  return (
    <ThemeChoiceContext.Provider value={value}>
      <ThemeProvider global mode={mode}>
        {children}
      </ThemeProvider>
    </ThemeChoiceContext.Provider>
  );
}
