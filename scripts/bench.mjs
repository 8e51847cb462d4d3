#!/usr/bin/env node
// `npm run bench`: runs each package's benchmark in turn with tsx, a header per part. A failing part does not stop
// the others; the run exits non-zero at the end if any part failed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');

const parts = [
  { name: 'console-ui (bundle sizes)', file: 'packages/console-ui/bench/ui.bench.ts', required: true },
  { name: 'console-server', file: 'packages/console-server/bench/server.bench.ts', required: true },
  {
    name: 'console-server resources (1M rows)',
    file: 'packages/console-server/bench/resources.bench.ts',
    required: true,
  },
  {
    name: 'console-server sockets (2 000 on one node, two nodes)',
    file: 'packages/console-server/bench/sockets.bench.ts',
    required: true,
  },
  {
    name: 'console-server reports (Ads X Mayar over 1M insights and 1M purchases)',
    file: 'packages/console-server/bench/reports.bench.ts',
    required: true,
  },
  {
    name: 'console-server intake (Purchase Log over 5M purchases, webhook throughput, 100k-row CSV upload)',
    file: 'packages/console-server/bench/intake.bench.ts',
    required: true,
  },
  { name: 'console-app', file: 'packages/console-app/bench/app.bench.ts', required: true },
];

// `npm run bench -- --only reports` runs the parts whose file name contains the word.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;

const failed = [];
for (const part of parts.filter((p) => !only || path.basename(p.file).includes(only))) {
  const file = path.join(root, part.file);
  console.log(`\n=== bench: ${part.name} — ${part.file} ===`);
  if (!existsSync(file)) {
    if (part.required) {
      console.error(`FAILED: ${part.name}: ${part.file} does not exist`);
      failed.push(part.name);
    } else {
      console.log(`(skipped: ${part.file} does not exist yet)`);
    }
    continue;
  }
  const started = Date.now();
  const result = spawnSync(tsx, [file], { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error || result.status !== 0) {
    const why = result.error
      ? result.error.message
      : `exit code ${result.status ?? `signal ${result.signal}`}`;
    console.error(`FAILED: ${part.name} (${why}, after ${seconds} s)`);
    failed.push(part.name);
  } else {
    console.log(`--- ${part.name}: done in ${seconds} s`);
  }
}

if (failed.length > 0) {
  console.error(`\nbench: ${failed.length} part(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nbench: all parts passed');
