import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright, type PlaywrightProviderOptions } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.js';

const root = path.dirname(fileURLToPath(import.meta.url));
/** The app files that run in a worker of their own (see the app-shell project). */
const APP_SHELL_TESTS = [
  'packages/console-app/src/App.test.tsx',
  'packages/console-app/src/pages/account/twoFactor.test.tsx',
  'packages/console-app/src/pages/resources/RecordPanel.test.tsx',
  // Opens every key-checked route (about 44 page modules imported into one jsdom): apart from the app files.
  'packages/console-app/src/routes/routes.denied.test.tsx',
];
const alias = {
  '@staff/console-contract': path.join(root, 'packages/console-contract/src/index.ts'),
  '@staff/console-ui': path.join(root, 'packages/console-ui/src/index.ts'),
};

/** Headless Debian chromium at one viewport, for the projects that run in a browser (stories, screenshots). */
function chromiumBrowser(contextOptions?: PlaywrightProviderOptions['contextOptions']) {
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: { executablePath: findChromium() ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
      contextOptions,
      // A hang guard for each playwright action (a click, an element screenshot): playwright's own 30 s ran out
      // for a tall AllStates screenshot with two suites on the machine (session 31's double run).
      actionTimeout: 240_000,
    }),
    instances: [{ browser: 'chromium' as const }],
    viewport: { width: 1024, height: 768 },
    // The connect time-out (a hang guard: over 180 s while Vite optimised the browser projects' dependencies
    // beside other projects, session 22) is the root config's `browser.connectTimeout`: vitest 4 reads it there.
  };
}

/**
 * The Storybook toolbar's settings (.storybook/preview.tsx) the story passes run under: each component's default
 * texts, light, left-to-right; then the shipped Indonesian set, dark, right-to-left. A play that asserts an
 * English default text, or a component that breaks in dark or right-to-left, fails the second pass. A third pass
 * plays the English set, only for the components whose defaults are Indonesian (STORYBOOK_EN_FILES): for every
 * other component `en` shows its defaults, which the first pass plays. `STORYBOOK_GLOBALS=language=en,theme=dark`
 * replaces the second pass's settings, e.g. to reproduce one toolbar setting.
 */
const STORYBOOK_GLOBALS = {
  main: { language: 'default', theme: 'light', direction: 'ltr' },
  en: { language: 'en', theme: 'light', direction: 'ltr' },
  alt: process.env.STORYBOOK_GLOBALS
    ? Object.fromEntries(process.env.STORYBOOK_GLOBALS.split(',').map((pair) => pair.split('=')))
    : { language: 'id', theme: 'dark', direction: 'rtl' },
};

/** The story files of the components whose default texts are Indonesian: the ones `en` changes. */
const STORYBOOK_EN_FILES = [
  'packages/console-ui/src/components/Board/Board.stories.tsx',
  'packages/console-ui/src/components/BotLogin/BotLoginPanel.stories.tsx',
  'packages/console-ui/src/components/ChatThread/ChatThread.stories.tsx',
  'packages/console-ui/src/components/LoginForm/LoginForm.stories.tsx',
  'packages/console-ui/src/components/VennDiagram/VennDiagram.stories.tsx',
];

/** The keys under which storybookTest's story tests read what a run provides (@storybook/addon-vitest 10). */
const STORYBOOK_INITIAL_GLOBALS_KEY = 'storybook/test-initial-globals';
const STORYBOOK_RUN_CONFIG_KEY = 'storybook/test-provided';

declare module 'vitest' {
  /** What the story passes provide to storybookTest's story tests (its test-utils `inject` these keys). */
  export interface ProvidedContext {
    [STORYBOOK_INITIAL_GLOBALS_KEY]: Record<string, string>;
    [STORYBOOK_RUN_CONFIG_KEY]: { a11y: boolean };
  }
}

/**
 * Every story's play in chromium under the three settings of the Storybook toolbar: one vitest project whose three
 * browser instances are the passes (`storybook (chromium)`, `storybook-alt (chromium)`, `storybook-en (chromium)`,
 * each run alone with `--project "<name>"`; `--project storybook` runs all three). The instances share one Vite
 * server, so the library, the preview and the story files are transformed and their dependencies optimised once,
 * not three times (ADR 063: two story files under the three passes, 284 CPU-s before, 174 after); each has its own
 * chromium and its own toolbar globals, provided to storybookTest's story tests under its key.
 * Axe runs in the first two passes only: light and dark differ in every colour, so both contrast checks count; the
 * English pass is light and left-to-right like the first and differs from it only in a few components' texts.
 */
function storybookPasses() {
  const pass = (
    name: string,
    globals: Record<string, string>,
    options: { files?: string[]; axe: boolean },
  ) => ({
    browser: 'chromium' as const,
    name: `${name} (chromium)`,
    ...(options.files ? { include: options.files } : {}),
    provide: {
      [STORYBOOK_INITIAL_GLOBALS_KEY]: globals,
      ...(options.axe ? {} : { [STORYBOOK_RUN_CONFIG_KEY]: { a11y: false } }),
    },
  });
  return {
    plugins: [
      storybookTest({ configDir: path.join(root, '.storybook'), initialGlobals: STORYBOOK_GLOBALS.main }),
    ],
    resolve: { alias },
    optimizeDeps: { include: ['react', 'react-dom', 'react/jsx-runtime', 'react/jsx-dev-runtime'] },
    test: {
      name: 'storybook',
      // The story files share one frame per worker (browser mode without isolation): a fresh frame per file
      // loaded React, the library and Storybook's preview again, 47 times. 12 files: 39 CPU-s instead of 62.
      isolate: false,
      globalSetup: ['scripts/require-chromium.setup.ts'],
      // A hang guard: a play waits for events, but two suites on one 2-core machine slow every step.
      testTimeout: 120_000,
      browser: {
        ...chromiumBrowser(),
        instances: [
          pass('storybook', STORYBOOK_GLOBALS.main, { axe: true }),
          // Every story again under the toolbar's other settings: a play that asserts one language's text, or a
          // component that breaks in dark or right-to-left, fails here; axe checks the dark theme's contrast.
          pass('storybook-alt', STORYBOOK_GLOBALS.alt, { axe: true }),
          // The English set, for the few components whose defaults are Indonesian (for the others it is the
          // defaults, which the first pass plays).
          pass('storybook-en', STORYBOOK_GLOBALS.en, { files: STORYBOOK_EN_FILES, axe: false }),
        ],
      },
    },
  };
}

export default defineConfig({
  test: {
    // Two files at a time. Vitest's default is one less than the cores: one worker on the 2-core CI machine, where
    // most files wait on a browser, a server or a timer for much of their time.
    maxWorkers: 2,
    // Read from here, not from a project's browser options: vitest 4 takes the browser session's connect time-out
    // from the root config (a project's `connectTimeout` is ignored), and the 60 s default ran out while Vite
    // optimised the story passes' dependencies on a loaded 2-core machine (session 29). A hang guard.
    browser: { connectTimeout: 600_000 },
    // A hang guard for a worker's stop and the run's close (default 10 s): at load 50 a worker that closes its
    // chromium and database took longer, and vitest logged "Timeout terminating forks worker" (session 29).
    teardownTimeout: 60_000,
    reporters: ['default', './scripts/projectTimes.reporter.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'contract',
          environment: 'node',
          include: ['packages/console-contract/src/**/*.test.ts'],
          // A hang guard, not a time limit: a demo-data check took 6.7 s beside the other projects (default 5 s).
          testTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'ui-machines',
          environment: 'node',
          include: ['packages/console-ui/src/**/*.machine.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'ui',
          environment: 'jsdom',
          setupFiles: ['packages/console-ui/test/setup.ts'],
          include: [
            'packages/console-ui/src/**/*.test.{ts,tsx}',
            'packages/console-ui/test/**/*.test.{ts,tsx}',
          ],
          // One module graph and one window per worker, reset before each file by the setup (scripts/freshJsdom.ts):
          // importing React, the library and jsdom afresh was most of each file's time. A file that replaces a
          // module (vi.mock) needs its own graph: it is named *.isolated.test and runs in ui-isolated.
          isolate: false,
          // The consumer check and the screenshots have projects of their own (node + npm pack; chromium).
          exclude: [
            '**/*.isolated.test.{ts,tsx}',
            '**/*.machine.test.ts',
            '**/node_modules/**',
            'packages/console-ui/test/consumer.test.ts',
            'packages/console-ui/test/peers.test.ts',
            'packages/console-ui/test/visual/**',
            'packages/console-ui/test/storybook-static/**',
          ],
          // A hang guard like the app project's, not a time limit for correctness.
          testTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'ui-isolated',
          environment: 'jsdom',
          setupFiles: ['packages/console-ui/test/setup.ts'],
          include: ['packages/console-ui/src/**/*.isolated.test.{ts,tsx}'],
          testTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['packages/console-server/test/**/*.test.ts'],
          exclude: ['**/*.isolated.test.ts', '**/node_modules/**'],
          // One module graph per worker (ADR 054): importing the server's graph cost 50 to 85 s a file on the loaded
          // 2-core machine (session 22), more than most files' tests. Each file builds its own server and database;
          // a file that replaces a module (vi.mock) is *.isolated.test and runs in server-isolated.
          isolate: false,
          // A folder per run for database templates and the one shared PostgreSQL cluster.
          globalSetup: ['packages/console-server/test/support/global.setup.ts'],
          // Hang guards: the API permission matrix ran past 60 s on a loaded 2-core machine (session 20).
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: ['packages/console-server/test/**/*.isolated.test.ts'],
          globalSetup: ['packages/console-server/test/support/global.setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'app',
          environment: 'jsdom',
          setupFiles: ['packages/console-app/src/test/setup.ts'],
          include: ['packages/console-app/src/**/*.test.{ts,tsx}'],
          exclude: [...APP_SHELL_TESTS, '**/node_modules/**'],
          // As in the ui project: one module graph and one window per worker, reset before each file by the setup.
          // The app's graph cost 35 s a file to import on the loaded 2-core machine, four times its tests' time.
          isolate: false,
          // A hang guard: the first test to open a lazy page imports its module in jsdom, 20 s and more on a
          // loaded 2-core machine (seen in session 19).
          testTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'app-shell',
          environment: 'jsdom',
          setupFiles: ['packages/console-app/src/test/setup.ts'],
          // In two fresh-clone runs (sessions 22 and 23) the app worker that had these three files left, after
          // some forty others, exited without a word before running them, which ends vitest's whole run. Alone,
          // and first in a worker, they pass (heap under 140 MB). Their own worker until the cause is found.
          include: [...APP_SHELL_TESTS],
          isolate: false,
          testTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          // After every other project, four files at a time: an e2e file waits on chromium and the server for
          // much of its time (a third to a half of both cores idle with two files, session 20; about one core of two
          // used on average over the whole run with three, session 25), while the other projects keep both cores
          // busy with two.
          sequence: { groupOrder: 1 },
          maxWorkers: 4,
          // One module graph per worker, not per file: each file starts its own server, database copy and
          // browser, so nothing is shared but the imported code, which costs a minute a file on a 2-core machine.
          isolate: false,
          include: ['packages/console-app/e2e/**/*.e2e.test.ts'],
          // The server tests' run folder: the demo database is seeded once per run and copied per file.
          globalSetup: [
            'scripts/require-chromium.setup.ts',
            'packages/console-server/test/support/global.setup.ts',
          ],
          // Hang guards, not time limits: on a busy 2-core machine one test of a long flow took over 2 minutes, and
          // with two suites at once (load 50, session 30) single steps of a first page load took over 90 s. A test's
          // own `it(…, ms)` only where it needs more than this.
          testTimeout: 600_000,
          hookTimeout: 600_000,
          // expect.poll waits for what the page shows; vitest's 1 s default is a time limit on a busy machine.
          expect: { poll: { timeout: 180_000, interval: 100 } },
        },
      },
      storybookPasses(),
      {
        // Visual regression: every component's AllStates story against a committed screenshot.
        plugins: [react()],
        resolve: { alias },
        optimizeDeps: {
          include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
        },
        test: {
          name: 'visual',
          include: ['packages/console-ui/test/visual/*.visual.test.tsx'],
          globalSetup: ['scripts/require-chromium.setup.ts'],
          // A hang guard, as in e2e: loading a part's stories took 127 s with two suites on the machine.
          testTimeout: 600_000,
          browser: {
            // Same clock zone, locale and pixel density on every machine: screenshots must not depend on them.
            ...chromiumBrowser({
              timezoneId: 'UTC',
              locale: 'en-US',
              deviceScaleFactor: 1,
              reducedMotion: 'reduce',
              // Room for the test to make the frame as tall as a tall AllStates story without the runner's page
              // scaling the frame down to fit.
              viewport: { width: 1280, height: 6000 },
            }),
            // Failure screenshots go to the ignored test-results/; __screenshots__/ holds only committed references.
            screenshotDirectory: 'test-results/visual-failures',
            expect: {
              toMatchScreenshot: {
                // One folder for the references of every part file (components-1/-2.visual.test.tsx): a
                // component's reference does not move when a new component shifts it to the other part.
                resolveScreenshotPath: ({
                  root: projectRoot,
                  testFileDirectory,
                  arg,
                  browserName,
                  platform,
                  ext,
                }) =>
                  path.join(
                    projectRoot,
                    testFileDirectory,
                    '__screenshots__',
                    'components',
                    `${arg}-${browserName}-${platform}${ext}`,
                  ),
                comparatorName: 'pixelmatch',
                // A per-pixel colour tolerance for anti-aliasing and a fixed pixel budget (not a ratio: a recoloured
                // badge in a tall AllStates image must still fail).
                comparatorOptions: { threshold: 0.1, allowedMismatchedPixels: 25 },
                // How long to wait for two equal captures in a row: a loaded machine paints slowly (default 5 s).
                timeout: 180_000,
              },
            },
          },
        },
      },
      {
        // Every exported component and machine has a story and a Docs page, read from Storybook's own index.
        // The built site's smoke pass (Docs pages, phone width) is `npm run test:storybook`
        // (vitest.storybook-static.config.ts): its build alone takes longer than this whole project.
        test: {
          name: 'stories-index',
          environment: 'node',
          include: ['packages/console-ui/test/storybook-static/coverage.test.ts'],
          globalSetup: ['packages/console-ui/test/storybook-static/index.setup.ts'],
          hookTimeout: 300_000,
        },
      },
      {
        // The packed tarball installed into a throwaway Vite app with only its peers, built and opened in chromium.
        test: {
          name: 'consumer',
          environment: 'node',
          include: ['packages/console-ui/test/consumer.test.ts', 'packages/console-ui/test/peers.test.ts'],
          globalSetup: ['scripts/require-chromium.setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
