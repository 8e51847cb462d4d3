/**
 * Global setup of the `stories-index` project: Storybook's index of every story and Docs page, written by
 * `storybook index` from the same configuration the built site uses. Seconds, where a full build takes minutes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    storybookIndexFile: string;
  }
}

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export default async function setup(project: TestProject) {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'console-storybook-index-'));
  const file = path.join(outDir, 'index.json');
  const bin = path.join(repoRoot, 'node_modules/.bin/storybook');
  await run(bin, ['index', '--quiet', '-o', file], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  project.provide('storybookIndexFile', file);
  return async () => {
    await rm(outDir, { recursive: true, force: true });
  };
}
