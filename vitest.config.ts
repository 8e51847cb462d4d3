import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright, type PlaywrightProviderOptions } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.js';

const root = path.dirname(fileURLToPath(import.meta.url));
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
    }),
    instances: [{ browser: 'chromium' as const }],
    viewport: { width: 1024, height: 768 },
  };
}

export default defineConfig({
  test: {
    // Two files at a time. Vitest's default is one less than the cores: one worker on the 2-core CI machine, where
    // most files wait on a browser, a server or a timer for much of their time.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'contract',
          environment: 'node',
          include: ['packages/console-contract/src/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'ui-machines',
          environment: 'node',
          include: ['packages/console-ui/src/**/*.machine.test.ts'],
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
          // The consumer check and the screenshots have projects of their own (node + npm pack; chromium).
          exclude: [
            '**/*.machine.test.ts',
            '**/node_modules/**',
            'packages/console-ui/test/consumer.test.ts',
            'packages/console-ui/test/visual/**',
            'packages/console-ui/test/storybook-static/**',
          ],
          testTimeout: 600_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['packages/console-server/test/**/*.test.ts'],
          // A folder per run for database templates and the one shared PostgreSQL cluster.
          globalSetup: ['packages/console-server/test/support/global.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['packages/console-app/src/**/*.test.{ts,tsx}'],
          // The first test to open a lazy page imports its module in jsdom: seconds on a loaded machine.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['packages/console-app/e2e/**/*.e2e.test.ts'],
          // The server tests' run folder: the demo database is seeded once per run and copied per file.
          globalSetup: [
            'scripts/require-chromium.setup.ts',
            'packages/console-server/test/support/global.setup.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
        resolve: { alias },
        optimizeDeps: { include: ['react', 'react-dom', 'react/jsx-runtime', 'react/jsx-dev-runtime'] },
        test: {
          name: 'storybook',
          globalSetup: ['scripts/require-chromium.setup.ts'],
          browser: chromiumBrowser(),
        },
      },
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
                resolveScreenshotPath: ({
                  root: projectRoot,
                  testFileDirectory,
                  testFileName,
                  arg,
                  browserName,
                  platform,
                  ext,
                }) =>
                  path.join(
                    projectRoot,
                    testFileDirectory,
                    '__screenshots__',
                    testFileName,
                    `${arg}-${browserName}-${platform}${ext}`,
                  ),
                comparatorName: 'pixelmatch',
                // A per-pixel colour tolerance for anti-aliasing and a fixed pixel budget (not a ratio: a recoloured
                // badge in a tall AllStates image must still fail).
                comparatorOptions: { threshold: 0.1, allowedMismatchedPixels: 25 },
              },
            },
          },
        },
      },
      {
        // The built Storybook (what a designer opens): every story's play function and axe in chromium, and
        // every exported component and machine has a story and a Docs page there.
        test: {
          name: 'storybook-static',
          environment: 'node',
          include: ['packages/console-ui/test/storybook-static/*.test.ts'],
          globalSetup: ['packages/console-ui/test/storybook-static/build.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        // The packed tarball installed into a throwaway Vite app with only its peers, built and opened in chromium.
        test: {
          name: 'consumer',
          environment: 'node',
          include: ['packages/console-ui/test/consumer.test.ts'],
          globalSetup: ['scripts/require-chromium.setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
