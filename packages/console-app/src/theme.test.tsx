import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { darkTokens, lightTokens } from '@staff/console-ui';
import { AppThemeProvider, THEME_STORAGE_KEY, useThemeChoice } from './theme.js';

const BOOT_SCRIPT = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/theme-boot.js'),
  'utf8',
);

/** A prefers-color-scheme the test flips, with the change listeners a real MediaQueryList has. */
function fakeSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    set(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/** jsdom reports colours as rgb(); the tokens are hex. */
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

const root = () => document.documentElement;

beforeEach(() => {
  localStorage.clear();
  root().removeAttribute('data-theme');
  root().removeAttribute('style');
});
afterEach(() => vi.unstubAllGlobals());

describe('theme-boot.js (before the first paint)', () => {
  it.each([
    ['dark', false, 'dark'],
    ['light', true, 'light'],
    [null, true, 'dark'],
    [null, false, 'light'],
    ['system', true, 'dark'],
  ] as const)(
    'stored %s, system dark %s: paints %s with the token background',
    (stored, systemDark, mode) => {
      fakeSystemScheme(systemDark);
      if (stored) localStorage.setItem(THEME_STORAGE_KEY, stored);
      new Function(BOOT_SCRIPT)();
      expect(root().getAttribute('data-theme')).toBe(mode);
      expect(root().style.colorScheme).toBe(mode);
      expect(root().style.backgroundColor).toBe(rgb((mode === 'dark' ? darkTokens : lightTokens).colorBg));
    },
  );
});

function Chooser() {
  const { choice, setChoice } = useThemeChoice();
  return (
    <button type="button" onClick={() => setChoice(choice === 'dark' ? 'system' : 'dark')}>
      {choice}
    </button>
  );
}

describe('AppThemeProvider', () => {
  it('"system" follows prefers-color-scheme live, and keeps <html> in step with the choice', async () => {
    const system = fakeSystemScheme(false);
    render(
      <AppThemeProvider>
        <Chooser />
      </AppThemeProvider>,
    );
    expect(root().getAttribute('data-theme')).toBe('light');
    act(() => system.set(true));
    expect(root().getAttribute('data-theme')).toBe('dark');
    expect(root().style.backgroundColor).toBe(rgb(darkTokens.colorBg));
    act(() => system.set(false));
    expect(root().getAttribute('data-theme')).toBe('light');
    await userEvent.click(screen.getByRole('button', { name: 'system' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root().getAttribute('data-theme')).toBe('dark');
    expect(document.querySelector('.cui-theme')?.getAttribute('data-theme')).toBe('dark');
  });
});
