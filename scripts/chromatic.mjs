#!/usr/bin/env node
// `npm run chromatic`: uploads the Storybook to Chromatic when a project token is configured, and otherwise
// says plainly that uploads are off (exit 0), so CI without the secret stays green.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const token = process.env.CHROMATIC_PROJECT_TOKEN?.trim();

if (!token) {
  console.log(
    [
      'chromatic: uploads are off.',
      '  Why: CHROMATIC_PROJECT_TOKEN is not set, so there is no Chromatic project to upload the Storybook to',
      '  (and this machine has no network access to chromatic.com).',
      '  To upload: export CHROMATIC_PROJECT_TOKEN=<token from the Chromatic project> and run `npm run chromatic`.',
      "  Local visual review runs without it: `npx vitest run --project visual` compares every component's",
      '  AllStates story with the committed screenshots in packages/console-ui/test/visual/__screenshots__/.',
    ].join('\n'),
  );
  process.exit(0);
}

const bin = path.join(
  root,
  'node_modules',
  '.bin',
  process.platform === 'win32' ? 'chromatic.cmd' : 'chromatic',
);
const args = [
  '--project-token',
  token,
  '--build-script-name',
  'build-storybook',
  '--exit-zero-on-changes',
  ...process.argv.slice(2),
];
console.log('chromatic: uploading the Storybook (build script: build-storybook)');
const result = spawnSync(bin, args, { cwd: root, stdio: 'inherit' });
if (result.error) {
  console.error(`chromatic: could not start the CLI (${result.error.message})`);
  process.exit(1);
}
process.exit(result.status ?? 1);
