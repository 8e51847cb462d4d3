/// <reference types="vite/client" />
/**
 * Local visual review (Chromatic's job when it can be reached): every component's `AllStates` story, rendered in
 * chromium in the light and the dark theme and in Indonesian, is compared with the committed reference in
 * `__screenshots__/components/`.
 * The first run writes a missing reference; after an intended visual change, refresh the references with
 * `npx vitest run --project visual --update` and commit them.
 * The components are split over two files (components-1/-2.visual.test.tsx, alternate folders in name order), so
 * two workers share the work instead of one long serial file (ADR 063); each file imports only its components'
 * stories.
 */
import type { ComponentType } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { configure } from 'storybook/test';
import { ThemeProvider, type ThemeMode } from '../../src/theme/index.js';
import { ConsoleMessagesProvider } from '../../src/theme/messages.js';
import { CONSOLE_MESSAGES_ID, type ConsoleMessageSets } from '../../src/i18n/messages.js';
import { VISUAL_FONT_FAMILY, loadShippedFont } from './fonts.js';

type StoriesModule = Parameters<typeof composeStories>[0];

// Storybook's core annotations (the play function's `canvas`, `userEvent`); the theme is applied per test below
// instead of through .storybook/preview's globals.
setProjectAnnotations([]);
// The plays wait for what they need (a chart's first load fetches its code): a hang guard, as in .storybook/preview,
// not testing-library's 1 s, which the Chart's first AllStates missed on a busy machine (a blank screenshot).
configure({ asyncUtilTimeout: 60_000 });

// Loaded on demand: a file imports the stories of its own components only.
const storyFiles = import.meta.glob<StoriesModule>('../../src/components/*/*.stories.tsx');
// Only the keys: which component folders exist (each folder with an index.ts is a public component).
const componentIndexes = import.meta.glob('../../src/components/*/index.ts');

const folderOf = (file: string) => /components\/([^/]+)\//.exec(file)?.[1] ?? file;
const allComponents = Object.keys(componentIndexes).map(folderOf).sort();

/** The frame's size as the visual project opens it (vitest.config.ts), to return to after a tall story. */
const VIEWPORT = { width: window.innerWidth, height: window.innerHeight };

// A fixed clock (story dates, "last login", counters), no motion, no blinking caret: the same pixels every run.
const FIXED_NOW = new Date('2024-05-01T09:30:00.000Z');
const FREEZE_CSS = `
  *, *::before, *::after {
    animation: none !important;
    transition: none !important;
    caret-color: transparent !important;
    scroll-behavior: auto !important;
  }
`;

/** The component folders of one part: every `of`-th folder in name order, from the `part`-th (1-based). */
export function componentsOfPart(part: number, of: number): string[] {
  return allComponents.filter((_, index) => index % of === part - 1);
}

/** The AllStates story of a component folder, from whichever of its stories files exports one. */
async function allStatesOf(component: string) {
  for (const [file, load] of Object.entries(storyFiles)) {
    if (folderOf(file) !== component) continue;
    const module = await load();
    if ('AllStates' in module) return { file, module };
  }
  return undefined;
}

/** Each theme in the console's default English, and the light theme in Indonesian (longer words, own formats). */
const VARIANTS: ReadonlyArray<{ name: string; mode: ThemeMode; messages?: ConsoleMessageSets }> = [
  { name: 'light', mode: 'light' },
  { name: 'dark', mode: 'dark' },
  { name: 'indonesian', mode: 'light', messages: CONSOLE_MESSAGES_ID },
];

/**
 * The screenshot tests of one part of the components (`part` of `of`), with the harness's checks (the shipped font,
 * an AllStates story for each of the part's components).
 */
export function visualSuite(part: number, of: number) {
  const components = componentsOfPart(part, of);

  let freezeStyle: HTMLStyleElement;
  let restoreFont: () => void;
  beforeAll(async () => {
    // Text in the project's own webfont, never the machine's (fonts.ts).
    restoreFont = await loadShippedFont();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(FIXED_NOW);
    freezeStyle = document.createElement('style');
    freezeStyle.textContent = FREEZE_CSS;
    document.head.append(freezeStyle);
  });
  afterAll(() => {
    restoreFont();
    freezeStyle.remove();
    vi.useRealTimers();
  });

  test('text renders in the shipped webfont, not a font of this machine', () => {
    const probe = document.createElement('button');
    document.body.append(probe);
    try {
      expect(getComputedStyle(probe).fontFamily).toContain(VISUAL_FONT_FAMILY);
      for (const weight of [400, 500, 600, 700])
        expect(document.fonts.check(`${weight} 16px '${VISUAL_FONT_FAMILY}'`, 'Aa')).toBe(true);
    } finally {
      probe.remove();
    }
  });

  test('every component folder of this part has an AllStates story', async () => {
    const missing: string[] = [];
    for (const component of components) if (!(await allStatesOf(component))) missing.push(component);
    expect(missing, 'components without an AllStates story').toEqual([]);
  });

  describe.each(components)('%s', (component) => {
    test.each(VARIANTS)('AllStates ($name) matches its screenshot', async ({ name, mode, messages }) => {
      const found = await allStatesOf(component);
      expect(found, `${component} has no AllStates story`).toBeDefined();
      if (!found) return;

      const { AllStates } = composeStories(found.module, {
        // The stories' own data follows the language too, as the Language toolbar does in Storybook.
        initialGlobals: { language: messages ? 'id' : 'default' },
        decorators: [
          (Story: ComponentType) => {
            const themed = (
              <ThemeProvider mode={mode} global>
                <div data-testid="visual-root" style={{ padding: 16, background: 'var(--cui-color-bg)' }}>
                  <Story />
                </div>
              </ThemeProvider>
            );
            return messages ? (
              <ConsoleMessagesProvider messages={messages}>{themed}</ConsoleMessagesProvider>
            ) : (
              themed
            );
          },
        ],
      }) as Record<string, { run: (context?: { canvasElement?: HTMLElement }) => Promise<void> }>;

      const canvas = document.createElement('div');
      document.body.append(canvas);
      try {
        // run() mounts the story and plays it: its play function waits for the seeded states to settle.
        await AllStates?.run({ canvasElement: canvas });
        await document.fonts.ready;
        const root = canvas.querySelector('[data-testid="visual-root"]');
        expect(root).not.toBeNull();
        // The frame as tall as every state: below the frame's height chromium paints nothing, and the screenshot
        // of a tall AllStates story would show its first states only.
        const { bottom } = (root as Element).getBoundingClientRect();
        if (bottom > VIEWPORT.height) await page.viewport(VIEWPORT.width, Math.ceil(bottom) + 16);
        await expect.element(page.elementLocator(root as Element)).toMatchScreenshot(`${component}-${name}`);
      } finally {
        canvas.remove();
        await page.viewport(VIEWPORT.width, VIEWPORT.height);
      }
    });
  });
}
