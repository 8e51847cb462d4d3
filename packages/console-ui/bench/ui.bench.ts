/**
 * What an embedder pays for console-ui, in gzip bytes. Run with `npx tsx packages/console-ui/bench/ui.bench.ts`
 * (or `npm run bench` from the root, which builds first).
 *
 * 1. The whole ESM build in dist (every .js file, what a bundler could at most pull in).
 * 2. What each entry point adds to a React-only app built with Vite (bench/entrySizes.ts): the app resolves
 *    `@staff/console-ui` by its package name, through the package's `exports` map and `sideEffects: false`, as an
 *    embedding app does, and bundles the peers it pulls in.
 *
 * Writes the table into the package's README between its `bench:entry-sizes` markers, and exits non-zero when an
 * entry point passes its budget or brings a package it must not (the consumer project's budget test checks the
 * same against the packed tarball in `npm test`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { budgetProblems, formatKb, measureEntryPoints, type EntrySize } from './entrySizes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const libDir = path.resolve(here, '..');
const repoRoot = path.resolve(libDir, '../..');
const distDir = path.join(libDir, 'dist');
const readme = path.join(libDir, 'README.md');
// Inside the repository so that `@staff/console-ui` and the peers resolve through node_modules like dependencies.
const workDir = path.join(repoRoot, 'node_modules/.cache/console-ui-bench');

const TABLE_START = '<!-- bench:entry-sizes:start (written by npm run bench) -->';
const TABLE_END = '<!-- bench:entry-sizes:end -->';

/** Every ESM .js file of dist, gzipped one by one (as served) and summed. */
async function wholeEsmBuild(): Promise<{ raw: number; gzip: number; files: number }> {
  const entries = await readdir(distDir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => path.join(e.parentPath, e.name));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const code = await readFile(file);
    raw += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
  }
  return { raw, gzip, files: files.length };
}

function markdownTable(sizes: readonly EntrySize[]): string {
  const rows = sizes.map(({ entry, adds, lazy, peers }) => [
    entry.label,
    formatKb(adds),
    lazy > 0 ? formatKb(lazy) : '—',
    peers.length > 0 ? peers.map((name) => `\`${name}\``).join(', ') : '—',
    formatKb(entry.budget),
  ]);
  const header = [
    'imported',
    'adds to the first load (gzip)',
    'loaded later (gzip)',
    'peers it brings',
    'budget',
  ];
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    'What importing each entry point adds to a React-only app built with Vite 8 (production, minified; react and',
    'react-dom stay external, every other package is bundled):',
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}

async function writeReadme(table: string): Promise<void> {
  const text = await readFile(readme, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} markers`);
  const next = `${text.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${text.slice(end)}`;
  if (next !== text) await writeFile(readme, next);
}

async function main() {
  if (!existsSync(path.join(distDir, 'index.js'))) {
    console.log('dist/ is missing: building @staff/console-ui first');
    execFileSync('npm', ['run', 'build', '-w', '@staff/console-ui'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const whole = await wholeEsmBuild();
  console.log(
    `dist ESM as published: ${whole.files} files, ${formatKb(whole.raw)} raw, ${formatKb(whole.gzip)} gzip\n`,
  );

  const { sizes } = await measureEntryPoints(workDir);
  const table = markdownTable(sizes);
  console.log(table);
  await writeReadme(table);
  console.log(`\n(written into ${path.relative(repoRoot, readme)})`);

  const problems = budgetProblems(sizes);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
