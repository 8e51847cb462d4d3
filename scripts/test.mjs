#!/usr/bin/env node
/**
 * `npm test`: the build, then every vitest project; lint, format, typecheck and the built Storybook's smoke pass
 * (vitest.storybook-static.config.ts) run beside both at a lower CPU priority, so they take the cores the build
 * and the tests leave idle (the e2e files wait on chromium and the server for a third to a half of their time)
 * instead of holding the tests back. Prints how long each part took;
 * a check's output is held and shown only when it fails. Arguments go to vitest.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// `nice` is coreutils on Linux and macOS; elsewhere the checks simply run at the same priority.
const niceness = process.platform === 'win32' ? [] : ['nice', '-n', '15'];
const timings = [];

function run(name, argv, { quiet = true, env = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      timings.push({ name, seconds });
      const ok = code === 0;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds.toFixed(0)} s)`);
      if (!ok && quiet) process.stdout.write(output);
      resolve(ok);
    });
  });
}

function table() {
  const rows = [...timings, { name: 'in all', seconds: (performance.now() - started) / 1000 }];
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(
    '\nnpm test, time per part (wall; the checks ran beside the build and vitest, at a lower priority):',
  );
  for (const row of rows) console.log(`  ${row.name.padEnd(width)}  ${row.seconds.toFixed(0).padStart(5)} s`);
}

const started = performance.now();
const failuresFile = join(mkdtempSync(join(tmpdir(), 'console-test-')), 'failures.txt');
const checks = Promise.all([
  run('lint', [...niceness, npm, 'run', '-s', 'lint']),
  run('format', [...niceness, npm, 'run', '-s', 'format:check']),
  // One TypeScript program for every package (TypeScript 7, native): four programs re-checked the shared sources.
  run('typecheck', [...niceness, npm, 'run', '-s', 'typecheck']),
  // The built Storybook a designer opens: its build and a smoke pass (every Docs page, each file's first story at
  // 375 px), about 75 CPU-s; niced like the checks, it takes the cores the tests leave idle.
  run('storybook-static', [...niceness, npm, 'run', '-s', 'test:storybook']),
]);
// The e2e files serve the built app and the consumer check packs the built library.
const built = await run('build', ['npx', 'turbo', 'run', 'build']);
const tested = built
  ? await run('vitest', ['npx', 'vitest', 'run', ...process.argv.slice(2)], {
      quiet: false,
      // The server tests' second processes run the fresh build, not the sources through tsx (test/support/process.ts).
      env: { CONSOLE_TEST_BUILT: '1', CONSOLE_TEST_FAILURES: failuresFile },
    })
  : false;
const checked = (await checks).every(Boolean);
table();
// Last, so the tail of a log says which tests failed.
const failures = existsSync(failuresFile)
  ? readFileSync(failuresFile, 'utf8').split('\n').filter(Boolean)
  : [];
if (failures.length > 0) {
  console.log(`\nFailed tests (${failures.length}):`);
  for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
  if (failures.length > 20) console.log(`  … and ${failures.length - 20} more (see the vitest output above)`);
}
process.exit(built && tested && checked ? 0 : 1);
