/**
 * Global setup of the `storybook-static` project: builds the Storybook once, exactly as `npm run build-storybook`
 * does (the static site a designer opens), into a temporary folder, and hands its path to the tests.
 * STORYBOOK_STATIC_DIR reuses an existing build instead (e.g. the one CI just built and published).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { requireChromium } from '../../../../scripts/chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    storybookStaticDir: string;
  }
}

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export default async function setup(project: TestProject) {
  requireChromium();
  const given = process.env.STORYBOOK_STATIC_DIR;
  if (given) {
    if (!existsSync(path.join(given, 'index.json')))
      throw new Error(`STORYBOOK_STATIC_DIR=${given} holds no Storybook build (no index.json)`);
    project.provide('storybookStaticDir', path.resolve(given));
    return;
  }
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'console-storybook-static-'));
  const bin = path.join(repoRoot, 'node_modules/.bin/storybook');
  // A production build, as published: vitest's NODE_ENV=test would otherwise leak into Vite's mode.
  await run(bin, ['build', '--quiet', '--disable-telemetry', '-o', outDir], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production', STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  project.provide('storybookStaticDir', outDir);
  return async () => {
    await rm(outDir, { recursive: true, force: true });
  };
}
