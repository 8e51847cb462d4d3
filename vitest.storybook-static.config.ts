import { defineConfig } from 'vitest/config';

/**
 * `npm run test:storybook`: the built Storybook (what a designer opens) served as static files and opened in
 * chromium: every Docs page renders, and each stories file's first story at phone width. Kept out of `npm test`
 * because the build alone takes minutes on a 2-core machine; every story's play function and axe already run in
 * the `storybook` project there, and the export → story coverage in `stories-index`.
 */
export default defineConfig({
  test: {
    name: 'storybook-static',
    environment: 'node',
    include: ['packages/console-ui/test/storybook-static/{docs,phone}.test.ts'],
    globalSetup: ['packages/console-ui/test/storybook-static/build.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
