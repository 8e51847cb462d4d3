/**
 * What an embedder pays for console-ui, in gzip bytes. Run with `npx tsx packages/console-ui/bench/ui.bench.ts`
 * (or `npm run bench` from the root, which builds first).
 *
 * 1. The whole ESM build in dist (every .js file, what a bundler could at most pull in).
 * 2. Consumer builds with Vite (rolldown, minified, the peers react / react-dom / styled-components / xstate /
 *    @xstate/react external, as in an app that already has them) importing OtpInput alone, Sidebar alone, and
 *    everything. The consumer entries resolve `@staff/console-ui` by its package name, through the package's
 *    `exports` map and `sideEffects: false`, exactly as an embedding app does.
 *
 * Exits non-zero when importing OtpInput costs a quarter of everything or more, when Sidebar alone is not smaller
 * than everything, or when the OtpInput-only bundle contains Sidebar code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const libDir = path.resolve(here, '..');
const repoRoot = path.resolve(libDir, '../..');
const distDir = path.join(libDir, 'dist');
// Inside the repository so that `@staff/console-ui` resolves through node_modules like any dependency.
const entriesDir = path.join(repoRoot, 'node_modules/.cache/console-ui-bench');

const PEERS = [
  /^react(\/.*)?$/,
  /^react-dom(\/.*)?$/,
  /^styled-components$/,
  /^xstate(\/.*)?$/,
  /^@xstate\/react$/,
];

interface Size {
  raw: number;
  gzip: number;
  files: number;
}

const gzipOf = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} kB`;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Every ESM .js file of dist, gzipped one by one (as served) and summed. */
async function wholeEsmBuild(): Promise<Size> {
  const files = (await listFiles(distDir)).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const code = await readFile(file);
    raw += code.length;
    gzip += gzipOf(code);
  }
  return { raw, gzip, files: files.length };
}

/** Builds a consumer whose entry is `source` and returns its size and code. */
async function consumerBuild(name: string, source: string): Promise<Size & { code: string }> {
  const entry = path.join(entriesDir, `${name}.js`);
  await writeFile(entry, source);
  const result = await build({
    configFile: false,
    root: entriesDir,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: name },
      rollupOptions: { external: (id: string) => PEERS.some((peer) => peer.test(id)) },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const code = chunks.map((c) => c.code).join('\n');
  return {
    raw: Buffer.byteLength(code),
    gzip: chunks.reduce((sum, c) => sum + gzipOf(c.code), 0),
    files: chunks.length,
    code,
  };
}

async function main() {
  if (!existsSync(path.join(distDir, 'index.js'))) {
    console.log('dist/ is missing: building @staff/console-ui first');
    execFileSync('npm', ['run', 'build', '-w', '@staff/console-ui'], { cwd: repoRoot, stdio: 'inherit' });
  }
  await rm(entriesDir, { recursive: true, force: true });
  await mkdir(entriesDir, { recursive: true });

  const whole = await wholeEsmBuild();
  // Each consumer keeps what it imports alive by re-exporting it, so nothing it asked for is dropped.
  const otp = await consumerBuild('only-otp-input', "export { OtpInput } from '@staff/console-ui';\n");
  const sidebar = await consumerBuild('only-sidebar', "export { Sidebar } from '@staff/console-ui';\n");
  const everything = await consumerBuild('everything', "export * from '@staff/console-ui';\n");
  await rm(entriesDir, { recursive: true, force: true });

  const rows: [string, Size, boolean][] = [
    [`dist ESM as published (${whole.files} files, unminified)`, whole, false],
    ['consumer importing OtpInput only', otp, true],
    ['consumer importing Sidebar only', sidebar, true],
    ['consumer importing everything (whole library)', everything, true],
  ];
  console.log('console-ui bundle sizes (consumers: vite build, minified, peers external)\n');
  console.log(`${'what'.padEnd(50)}${'raw'.padStart(10)}${'gzip'.padStart(10)}  of everything`);
  for (const [label, size, isConsumer] of rows) {
    const share = isConsumer ? `${((size.gzip / everything.gzip) * 100).toFixed(0)}%` : '';
    console.log(`${label.padEnd(50)}${kb(size.raw)}${kb(size.gzip)}  ${share.padStart(6)}`);
  }

  // The Sidebar's "Sign Out" label is a string only the Sidebar has: if it is in the OtpInput consumer,
  // tree-shaking failed.
  const problems: string[] = [];
  if (otp.code.includes('Sign Out'))
    problems.push('the OtpInput-only bundle contains Sidebar code ("Sign Out")');
  // Without `sideEffects: false` the OtpInput consumer measured about half of everything (every module kept).
  if (otp.gzip >= everything.gzip / 4)
    problems.push('the OtpInput-only bundle is not under a quarter of everything');
  if (sidebar.gzip >= everything.gzip)
    problems.push('the Sidebar-only bundle is not smaller than everything');
  if (problems.length > 0) {
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    process.exit(1);
  }
  console.log(
    `\nAn embedder importing OtpInput alone ships ${kb(otp.gzip).trim()} gzip of console-ui, ` +
      `${((otp.gzip / everything.gzip) * 100).toFixed(0)}% of the whole library (${kb(everything.gzip).trim()}).`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
