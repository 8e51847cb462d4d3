// Issue 10 "Beyond": dark mode following the system by default, without a flash of the wrong theme on load.
// The first frame is read in a requestAnimationFrame callback installed before any page script runs: what the
// page's canvas shows then (the root's background, else the body's) is what the first paint shows.
import { describe, expect, it } from 'vitest';
import { LOGIN_PATH } from '@staff/console-contract';
import { darkTokens, lightTokens } from '../../console-ui/src/theme/tokens.js';
import { reusedTabs, setupConsole } from './harness.js';

const { server, browser } = setupConsole();
/** A tab per case in one context, the system scheme emulated per tab (a context per case cost ~2.4 CPU-s each). */
const newTab = reusedTabs(browser);

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const LIGHT = rgb(lightTokens.colorBg);
const DARK = rgb(darkTokens.colorBg);

/** Opens `/login` on a device with this system scheme and stored choice; answers the first frame's background. */
async function firstFrame(system: 'light' | 'dark', stored: 'light' | 'dark' | 'system' | null) {
  const page = await newTab();
  try {
    await page.emulateMedia({ colorScheme: system });
    await page.addInitScript(
      ([key, value]) => {
        if (value !== null) window.localStorage.setItem(key as string, value);
        const shown = () => {
          const transparent = 'rgba(0, 0, 0, 0)';
          const html = getComputedStyle(document.documentElement).backgroundColor;
          const body = document.body ? getComputedStyle(document.body).backgroundColor : transparent;
          return html !== transparent ? html : body;
        };
        requestAnimationFrame(() => {
          (window as unknown as { firstFrame: string }).firstFrame = shown();
        });
      },
      ['console-theme', stored] as const,
    );
    await page.goto(`${server.baseURL}${LOGIN_PATH}`);
    await page.waitForFunction(() => 'firstFrame' in window);
    const first = await page.evaluate(() => (window as unknown as { firstFrame: string }).firstFrame);
    // And once the app has rendered: the same theme (no flash the other way either).
    await page.getByLabel('Username').waitFor();
    const settled = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    return { first, settled };
  } finally {
    await page.close();
  }
}

describe('the theme on load', () => {
  it.each([
    ['dark', 'light', LIGHT],
    ['light', 'dark', DARK],
    ['dark', null, DARK],
    ['dark', 'system', DARK],
    ['light', null, LIGHT],
  ] as const)(
    'system %s, stored choice %s: the first frame is already %s',
    async (system, stored, expected) => {
      const { first, settled } = await firstFrame(system, stored);
      expect(first).toBe(expected);
      expect(settled).toBe(expected);
    },
  );
});
