/**
 * What each entry point of console-ui adds to a React-only app, in gzip bytes. A tiny app that renders with
 * react-dom is built with Vite (production, minified), once alone and once per entry point importing that part of
 * the library; react and react-dom stay external (the app has them either way, and minifying react-dom in every
 * build was most of the time), every other package is bundled, so styled-components, xstate and echarts count where
 * they are pulled in. The difference of the first-load scripts is what the entry point adds; the chunks it loads
 * later (xstate for the login form, echarts for a chart) are counted apart.
 *
 * Used by the bench (bench/ui.bench.ts, which writes the README's table) and by the budget test in the consumer
 * project (test/consumer.test.ts, against the packed tarball installed into a throwaway app).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const kB = 1024;

export interface EntryPoint {
  /** The consumer's file name. */
  id: string;
  /** The README table's first column (Markdown). */
  label: string;
  /** What the consumer imports from `@staff/console-ui` (`'*'`: the whole library). */
  imports: readonly string[] | '*';
  /** The most the entry point may add to a React app's first load, gzip bytes: the budget test fails above it. */
  budget: number;
  /**
   * Packages besides React the first load must not hold (found by the bundled modules' paths, or as an external
   * import): NumberText alone brings neither styled-components nor echarts.
   */
  without?: readonly string[];
}

/**
 * The entry points and their budgets: about a tenth over the size measured when the budget was set, rounded up to
 * half a kB, so a real growth fails and a rebuild's noise does not. Raise a budget only with the reason in the commit.
 */
export const ENTRY_POINTS: readonly EntryPoint[] = [
  { id: 'everything', label: 'everything (`export *`)', imports: '*', budget: 114 * kB },
  {
    id: 'theme-provider',
    label: '`ConsoleThemeProvider`',
    imports: ['ConsoleThemeProvider'],
    budget: 2 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'number-text',
    label: '`NumberText`',
    imports: ['NumberText'],
    budget: 1 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'delta-chip',
    label: '`DeltaChip`',
    imports: ['DeltaChip'],
    budget: 2.5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'progress-bar',
    label: '`ProgressBar`',
    imports: ['ProgressBar'],
    budget: 2 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'connection-status',
    label: '`ConnectionStatus`',
    imports: ['ConnectionStatus'],
    budget: 2 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'button',
    label: '`Button`',
    imports: ['Button'],
    budget: 1.5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'text-area',
    label: '`TextArea`',
    imports: ['TextArea'],
    budget: 2.5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'confirm-dialog',
    label: '`ConfirmDialog`',
    imports: ['ConfirmDialog'],
    budget: 2.5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'kpi-card',
    label: '`KpiCard`',
    imports: ['KpiCard'],
    budget: 3.5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'markdown-text',
    label: '`MarkdownText`',
    imports: ['MarkdownText'],
    budget: 2.5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'file-drop-zone',
    label: '`FileDropZone`',
    imports: ['FileDropZone'],
    budget: 2.5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'app-shell',
    label: '`AppShell`',
    imports: ['AppShell'],
    budget: 3 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'otp-input',
    label: '`OtpInput`',
    imports: ['OtpInput'],
    budget: 3.5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'login-form',
    label: '`LoginForm`',
    imports: ['LoginForm'],
    budget: 7.5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'sidebar',
    label: '`Sidebar`',
    imports: ['Sidebar'],
    budget: 5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    // What the console's signed-in shell renders from console-ui on every page, in one build (one entry, not six:
    // each costs the consumer test a Vite build): static sheets only, so a page that adds none ships no
    // styled-components (issue 33). The permission guard and the start screen bring their machines (xstate).
    id: 'signed-in-shell',
    label: 'the signed-in shell¹',
    imports: [
      'AppShell',
      'Sidebar',
      'ConnectionStatus',
      'NotificationsProvider',
      'CommandPalette',
      'PermissionGuard',
      'PermissionGuardLoading',
      'PermissionGuardDenied',
      'StartScreen',
      'NumberText',
      'ConsoleThemeProvider',
    ],
    budget: 28.5 * kB,
    without: ['styled-components', 'echarts'],
  },
  {
    id: 'data-table',
    label: '`DataTable`',
    imports: ['DataTable'],
    budget: 22 * kB,
    without: ['xstate', 'echarts'],
  },
  {
    id: 'sort-rows',
    label: '`sortRows`',
    imports: ['sortRows'],
    budget: 0.5 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
  {
    id: 'chart',
    label: '`Chart`',
    imports: ['Chart'],
    budget: 17 * kB,
    without: ['echarts'],
  },
  {
    id: 'messages',
    label: '`consoleMessages`',
    imports: ['consoleMessages'],
    budget: 8 * kB,
    without: ['styled-components', 'xstate', 'echarts'],
  },
];

export interface EntrySize {
  entry: EntryPoint;
  /** Gzip bytes the entry point adds to the React app's first load. */
  adds: number;
  /** Gzip bytes of the chunks it loads later (dynamic imports); 0 for those kept external. */
  lazy: number;
  /** The packages (besides React) in the first load, by name, sorted. */
  packages: string[];
  /** Of those, console-ui's peers (what the README's table names). */
  peers: string[];
}

/** console-ui's peers besides React (package.json's peerDependencies; test/peers.test.ts checks that list). */
const PEERS = new Set(['styled-components', 'xstate', '@xstate/react', 'echarts']);

interface Built {
  /** Gzip bytes of what the page loads first: the entry chunk and the chunks it imports statically. */
  initial: number;
  lazy: number;
  packages: Set<string>;
}

const gzipOf = (code: string) => gzipSync(code, { level: 9 }).length;

/** React's own packages: the app has them before any console-ui code; they stay external. */
const REACT = new Set(['react', 'react-dom', 'scheduler']);

/** The package a bundled module belongs to (`styled-components`, `@xstate/react`), or null for the app's own. */
function packageOf(moduleId: string): string | null {
  const at = moduleId.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const [first, second] = moduleId.slice(at + '/node_modules/'.length).split('/');
  if (!first || first.startsWith('.')) return null; // the app's own files, in node_modules/.cache
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** The package an external import names (`echarts/core` → `echarts`). */
function packageOfImport(specifier: string): string {
  const [first, second] = specifier.split('/');
  return first?.startsWith('@') ? `${first}/${second}` : (first as string);
}

const REACT_APP = `import { createRoot } from 'react-dom/client';
import { jsx } from 'react/jsx-runtime';
createRoot(document.getElementById('root')).render(jsx('p', { children: 'app' }));
`;

function consumerSource(entry: EntryPoint): string {
  // Kept alive through a global, as an app's render keeps what it uses: nothing imported is dropped.
  const used =
    entry.imports === '*'
      ? `import * as ui from '@staff/console-ui';\nglobalThis.__used = ui;\n`
      : `import { ${entry.imports.join(', ')} } from '@staff/console-ui';\n` +
        `globalThis.__used = [${entry.imports.join(', ')}];\n`;
  return `${used}${REACT_APP}`;
}

/** Builds one app whose entry is `source`, in `dir` (where `@staff/console-ui` and the peers resolve). */
async function buildApp(
  dir: string,
  name: string,
  source: string,
  external: readonly string[],
): Promise<Built> {
  const entry = path.join(dir, `${name}.js`);
  await writeFile(entry, source);
  const result = await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      reportCompressedSize: false,
      target: 'es2022',
      rolldownOptions: {
        input: entry,
        external: (id: string) => REACT.has(packageOfImport(id)) || external.includes(packageOfImport(id)),
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const first = new Set<string>();
  const built: Built = { initial: 0, lazy: 0, packages: new Set() };
  const visit = (chunk: Rollup.OutputChunk) => {
    if (first.has(chunk.fileName)) return;
    first.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byName.get(imported);
      if (next) visit(next);
      else built.packages.add(packageOfImport(imported)); // an external import
    }
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  for (const chunk of chunks) {
    if (!first.has(chunk.fileName)) {
      built.lazy += gzipOf(chunk.code);
      continue;
    }
    built.initial += gzipOf(chunk.code);
    for (const moduleId of Object.keys(chunk.modules)) {
      const name = packageOf(moduleId);
      if (name) built.packages.add(name);
    }
  }
  return built;
}

export interface MeasureOptions {
  /**
   * Packages left out of the builds besides React (their imports stay as imports): the budget test leaves out
   * echarts, which only a chart loads later and whose parse is most of what is left of the builds' time.
   */
  external?: readonly string[];
}

/**
 * Measures the entry points in `workDir` (created and removed here), a folder from which `@staff/console-ui`, react
 * and the peers resolve as an app's dependencies do. The builds run one after the other: side by side they took
 * longer on two cores.
 */
export async function measureEntryPoints(
  workDir: string,
  { external = [] }: MeasureOptions = {},
  entries: readonly EntryPoint[] = ENTRY_POINTS,
): Promise<{ sizes: EntrySize[] }> {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  // vitest runs with NODE_ENV=test, which would make Vite build for development.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const reactApp = await buildApp(workDir, 'react-app', REACT_APP, external);
    const sizes: EntrySize[] = [];
    for (const entry of entries) {
      const built = await buildApp(workDir, entry.id, consumerSource(entry), external);
      const packages = [...built.packages]
        .filter((name) => !REACT.has(name) && name !== '@staff/console-ui')
        .sort();
      sizes.push({
        entry,
        adds: built.initial - reactApp.initial,
        lazy: built.lazy,
        packages,
        peers: packages.filter((name) => PEERS.has(name)),
      });
    }
    return { sizes };
  } finally {
    process.env.NODE_ENV = nodeEnv;
    await rm(workDir, { recursive: true, force: true });
  }
}

/** What is wrong with the measured sizes: an entry point over its budget, or holding a package it must not. */
export function budgetProblems(sizes: readonly EntrySize[]): string[] {
  const problems: string[] = [];
  for (const { entry, adds, packages } of sizes) {
    if (adds > entry.budget)
      problems.push(`${entry.id} adds ${formatKb(adds)}, over its budget of ${formatKb(entry.budget)}`);
    for (const name of entry.without ?? [])
      if (packages.includes(name)) problems.push(`${entry.id} brings ${name} in its first load`);
  }
  return problems;
}

export const formatKb = (bytes: number) => `${(bytes / kB).toFixed(1)} kB`;
