import { defineConfig } from 'vitest/config';

/**
 * `npm run test:storybook`: the built Storybook (what a designer opens) served as static files and opened in
 * chromium: every Docs page renders, and each stories file's first story at phone width. `npm test` runs it beside
 * the other projects at a lower priority, with the checks (scripts/test.mjs): build and pass are about 75 CPU-s
 * on the 2-core machine (55 s alone, session 36). Every story's play function and axe run in the `storybook`
 * project, and the export → story coverage in `stories-index`.
 */
export default defineConfig({
  test: {
    name: 'storybook-static',
    environment: 'node',
    include: ['packages/console-ui/test/storybook-static/{docs,phone}.test.ts'],
    globalSetup: ['packages/console-ui/test/storybook-static/build.setup.ts'],
    // Hang guards, not timing checks: at nice 15 beside the suite the build and a story wait for CPU.
    testTimeout: 360_000,
    hookTimeout: 900_000,
  },
});
