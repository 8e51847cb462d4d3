/**
 * The consumer check: what an embedder gets from `npm pack`. The library's build (made before the tests: `npm test`
 * builds first) is packed, the tarball is installed into a throwaway Vite + React app (test/consumer-fixture) in a
 * temporary folder with only the peer dependencies, the app is type-checked and built with Vite, and the built page
 * is opened in chromium. A second copy of the app has echarts uninstalled (npm's own uninstall, not a second
 * install): it must still type-check, build and show Chart's install hint.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, requireChromium } from '../../../scripts/chromium.js';
import { budgetProblems, measureEntryPoints } from '../bench/entrySizes.js';
import { requireBuild } from './consumerBuild.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const libDir = path.resolve(here, '..');
const fixtureDir = path.join(here, 'consumer-fixture');

interface PackedFile {
  path: string;
}
interface PackResult {
  filename: string;
  files: PackedFile[];
}

const PEERS = ['react', 'react-dom', 'styled-components', 'xstate', '@xstate/react', 'echarts'] as const;

let workDir = '';
let appDir = '';
let packed: PackResult;
let noEchartsDir = '';
/** The two apps' type-checks, started as soon as each app is installed; their tests read the outcome. */
let appTypes: Promise<string>;
let noEchartsTypes: Promise<string>;
const servers: Server[] = [];
let browser: Browser | undefined;
let baseUrl = '';

async function npm(args: string[], cwd: string) {
  // Not NODE_ENV: beforeAll sets it to production while the apps build, and npm would then leave out (or prune) the
  // apps' dev dependencies, the React types.
  const { NODE_ENV: _nodeEnv, ...env } = process.env;
  return run('npm', args, {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...env, npm_config_update_notifier: 'false' },
  });
}

async function node(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

beforeAll(async () => {
  await requireBuild(libDir);

  workDir = await mkdtemp(path.join(os.tmpdir(), 'console-ui-consumer-'));
  const { stdout } = await npm(['pack', '--json', '--pack-destination', workDir], libDir);
  packed = (JSON.parse(stdout) as PackResult[])[0] as PackResult;

  appDir = await installApp('app', PEERS);
  appTypes = typecheck(appDir);
  // The same app where the embedder did not install the optional peer echarts: a copy of the installed app with
  // echarts uninstalled by npm, which also removes what only echarts needed (zrender, tslib). Made while the first
  // app builds.
  const withoutEcharts = copyWithout(appDir, 'app-no-echarts', 'echarts');
  // vitest runs with NODE_ENV=test, which would make Vite and the React plugin build for development: build what an
  // embedder ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildApp(appDir, { echarts: true });
    noEchartsDir = await withoutEcharts;
    noEchartsTypes = typecheck(noEchartsDir);
    await buildApp(noEchartsDir, { echarts: false });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
});

/**
 * The fixture app in `workDir/name`, outside the repository so nothing resolves from the workspace's node_modules,
 * with the tarball and the given peers installed.
 */
async function installApp(name: string, peers: readonly string[]): Promise<string> {
  const dir = path.join(workDir, name);
  await cp(fixtureDir, dir, { recursive: true });
  const libPackage = JSON.parse(await readFile(path.join(libDir, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const rootPackage = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const dependencies: Record<string, string> = { '@staff/console-ui': `file:../${packed.filename}` };
  for (const peer of peers) dependencies[peer] = libPackage.devDependencies[peer] as string;
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: `console-ui-consumer-${name}`,
        private: true,
        type: 'module',
        dependencies,
        devDependencies: {
          '@types/react': rootPackage.devDependencies['@types/react'],
          '@types/react-dom': rootPackage.devDependencies['@types/react-dom'],
        },
      },
      null,
      2,
    ),
  );
  await writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      include: ['src'],
    }),
  );

  // The npm cache already holds every peer (the workspace installed them): offline first, registry if not.
  try {
    await npm([...NPM_QUIET, 'install', '--offline'], dir);
  } catch {
    await npm([...NPM_QUIET, 'install', '--prefer-offline'], dir);
  }
  return dir;
}

const NPM_QUIET = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];

/**
 * A copy of the installed app `from` in `workDir/name` with `peer` uninstalled by npm: what npm leaves when the
 * embedder never installed it (npm 7 and later install a peer that is not optional; an optional one stays out).
 */
async function copyWithout(from: string, name: string, peer: string): Promise<string> {
  const dir = path.join(workDir, name);
  // Not its built files: Vite writes them while this copies.
  await cp(from, dir, { recursive: true, filter: (file) => file !== path.join(from, 'dist') });
  await writeFile(
    path.join(dir, 'package.json'),
    (await readFile(path.join(dir, 'package.json'), 'utf8')).replace(
      `"name": "console-ui-consumer-${path.basename(from)}"`,
      `"name": "console-ui-consumer-${name}"`,
    ),
  );
  await npm([...NPM_QUIET, 'uninstall', peer, '--offline'], dir);
  return dir;
}

/**
 * Builds an app with Vite, as an embedder ships it (NODE_ENV is production: beforeAll sets it). Vite comes from the
 * workspace (a build tool, not something the library asks the embedder for); every import of the app resolves from
 * the app's own node_modules.
 */
async function buildApp(dir: string, { echarts }: { echarts: boolean }): Promise<void> {
  await build({
    root: dir,
    configFile: false,
    // Without echarts Vite warns that the chart module's ECharts members are undefined: that is the point.
    logLevel: echarts ? 'warn' : 'error',
    mode: 'production',
    plugins: [react()],
    build: { outDir: 'dist', emptyOutDir: true, minify: true },
  });
}

/** The tsc of the repository over an app's sources and the package's declarations: its output, '' when clean. */
async function typecheck(dir: string): Promise<string> {
  const tsc = path.join(repoRoot, 'node_modules/typescript-native/bin/tsc');
  // One thread: the check runs beside the other app's build and the browser tests, and its checker threads cost
  // 2.7 CPU-s against 2.0 for about the same wall time on its own.
  const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--singleThreaded'], {
    cwd: dir,
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  return `${result.stdout}${result.stderr}`.trim();
}

/** Serves an app's built files on a loopback port; the server is closed after the file. */
async function serve(distDir: string): Promise<string> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = path.join(distDir, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(distDir)) return void response.writeHead(403).end();
    readFile(file).then(
      (body) => {
        const type = file.endsWith('.js')
          ? 'text/javascript'
          : file.endsWith('.css')
            ? 'text/css'
            : 'text/html';
        response.writeHead(200, { 'content-type': type }).end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds the ESM, CJS and type builds, the README and the CHANGELOG, and no sources or tests', () => {
    const files = packed.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'CHANGELOG.md',
        'dist/index.js',
        'dist/index.cjs',
        'dist/index.d.ts',
        'dist/index.d.cts',
        'dist/components/OtpInput/index.js',
        'dist/components/Sidebar/index.js',
      ]),
    );
    expect(
      files.filter(
        (f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'CHANGELOG.md'].includes(f),
      ),
    ).toEqual([]);
    expect(files.some((f) => /\.(test|stories)\./.test(f))).toBe(false);
  });

  it('installs with its peers only: it brings no dependencies of its own', async () => {
    const installed = JSON.parse(
      await readFile(path.join(appDir, 'node_modules/@staff/console-ui/package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string>; peerDependencies: Record<string, string> };
    expect(installed.dependencies ?? {}).toEqual({});
    expect(Object.keys(installed.peerDependencies).sort()).toEqual([...PEERS].sort());
    await expect(stat(path.join(appDir, 'node_modules/@staff/console-ui/node_modules'))).rejects.toThrow();
  });

  it('gives the same API through import (ESM) and require (CJS)', async () => {
    // One node process loads both builds: the ESM through import, the CJS through require from the app's folder.
    const [fromImport, fromRequire] = JSON.parse(
      await node(
        [
          '--input-type=module',
          '-e',
          [
            "import { createRequire } from 'node:module';",
            "const esm = await import('@staff/console-ui');",
            "const cjs = createRequire(process.cwd() + '/')('@staff/console-ui');",
            'console.log(JSON.stringify([Object.keys(esm).sort(), Object.keys(cjs).sort()]));',
          ].join('\n'),
        ],
        appDir,
      ),
    ) as [string[], string[]];
    expect(fromImport).toEqual(fromRequire);
    expect(fromImport).toEqual(
      expect.arrayContaining(['LoginForm', 'OtpInput', 'PermissionGuard', 'Sidebar']),
    );
  });

  it("type-checks the embedding app against the package's own declarations", async () => {
    await expect(appTypes).resolves.toBe('');
  });
});

describe('the embedding app built with Vite', () => {
  it('ships the console-ui code it uses and not the rest (tree-shaking through the tarball)', async () => {
    const assets = path.join(appDir, 'dist/assets');
    const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
    const code = (await Promise.all(scripts.map((file) => readFile(path.join(assets, file), 'utf8')))).join(
      '\n',
    );
    // Used: the Sidebar's button and the login button's loading label.
    expect(code).toContain('Sign Out');
    expect(code).toContain('Memuat...');
    // Not imported by the app: StartScreen's label and the filterPresets machine's logistics presets.
    expect(code).not.toContain('Please Wait...');
    expect(code).not.toContain('Receipt Confirmation');
  });
});

describe('the embedding app built with Vite, in chromium', () => {
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    baseUrl = await serve(path.join(appDir, 'dist'));

    browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Embedded widgets' }).waitFor();
  });

  it('renders the Sidebar with the user and only the menu the permissions allow', async () => {
    await expect(page.getByText('Embedder Test User').count()).resolves.toBeGreaterThan(0);
    const link = page.getByRole('link', { name: 'Customer Chats' });
    await link.waitFor();
    await expect(link.getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByRole('link', { name: 'Admin Users' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: /sign out/i }).click();
    await page.getByText('Signed out').waitFor();
  });

  it('renders PermissionGuard: the allowed page, and the denial alert for the other', async () => {
    await page.getByRole('region', { name: 'Allowed page' }).getByText('Customer chats content').waitFor();
    const denied = page.getByRole('region', { name: 'Denied page' }).getByRole('alert');
    await denied.waitFor();
    await expect(denied.textContent()).resolves.toContain("You don't have permission to access this page");
    await expect(page.getByText('Admin users content').count()).resolves.toBe(0);
  });

  it('renders OtpInput: six boxes, and the value is reported once all are filled', async () => {
    const region = page.getByRole('region', { name: 'One-time code' });
    const boxes = region.getByRole('textbox');
    await expect(boxes.count()).resolves.toBe(6);
    await boxes.first().click();
    await page.keyboard.type('123456');
    await region.getByText('Code entered: 123456').waitFor();
  });

  it('renders LoginForm: Enter submits and a 403 shows the server message', async () => {
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password').fill('wrong');
    await page.getByLabel('Password').press('Enter');
    const error = page.getByRole('alert').filter({ hasText: 'Error : Username atau password salah' });
    await error.waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });

  it('logs no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('the embedding app without any provider', () => {
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!browser) throw new Error('chromium was not started');
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${baseUrl}/?page=bare`);
    await page.getByRole('heading', { name: 'Without a provider' }).waitFor();
  });

  it('shows the OTP boxes with visible borders and text colour (token fallbacks)', async () => {
    const box = page.getByRole('region', { name: 'One-time code' }).getByRole('textbox').first();
    const style = await box.evaluate((element) => {
      const computed = getComputedStyle(element);
      return {
        borderWidth: computed.borderTopWidth,
        borderColor: computed.borderTopColor,
        color: computed.color,
      };
    });
    expect(style.borderWidth).not.toBe('0px');
    expect(style.borderColor).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    expect(style.color).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  });

  it('renders a DataTable over an interface row type, and an uncontrolled sortable header sorts the rows', async () => {
    const table = page.getByRole('grid', { name: 'Creators' });
    const names = () =>
      table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent));
    await expect(names()).resolves.toEqual(['Budi', 'Ani', 'Citra']);
    await table.getByRole('button', { name: /Followers/ }).click();
    await expect(names()).resolves.toEqual(['Citra', 'Budi', 'Ani']);
    await expect(
      table.getByRole('columnheader', { name: /Followers/ }).getAttribute('aria-sort'),
    ).resolves.toBe('ascending');
  });

  it('logs no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('AppShell under a host header', () => {
  let page: Page;

  beforeAll(async () => {
    if (!browser) throw new Error('chromium was not started');
    page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
    await page.goto(`${baseUrl}/?page=host`);
    await page.getByRole('heading', { name: 'Host header' }).waitFor();
    await page.getByText('Line 80').waitFor({ state: 'attached' });
  });

  it('fills the space below the header: the page itself does not scroll', async () => {
    const page_ = await page.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight: window.innerHeight,
    }));
    expect(page_.scrollHeight).toBeLessThanOrEqual(page_.innerHeight);
    const shell = await page.locator('.cui-app-shell').boundingBox();
    expect(shell).toMatchObject({ y: 64, height: 700 - 64 });
  });

  it('has exactly one scroll area: the content', async () => {
    const scrollers = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => {
          const overflowY = getComputedStyle(element).overflowY;
          return (
            (overflowY === 'auto' || overflowY === 'scroll') && element.scrollHeight > element.clientHeight
          );
        })
        .map((element) => element.className),
    );
    expect(scrollers).toHaveLength(1);
    expect(scrollers[0]).toContain('cui-app-shell__main');
  });
});

describe('Chart, with and without the optional peer echarts', () => {
  it('draws the chart in the app that installed echarts', async () => {
    if (!browser) throw new Error('chromium was not started');
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/?page=chart`);
    await page.locator('.cui-chart__canvas svg').waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.close();
  });

  it('type-checks and builds the app without echarts (nothing in the declarations needs it)', async () => {
    await expect(stat(path.join(noEchartsDir, 'node_modules/echarts'))).rejects.toThrow();
    await expect(noEchartsTypes).resolves.toBe('');
    const scripts = (await readdir(path.join(noEchartsDir, 'dist/assets'))).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
  });

  it('shows the error state naming npm install echarts there, and says so in the console', async () => {
    if (!browser) throw new Error('chromium was not started');
    const page = await browser.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${await serve(path.join(noEchartsDir, 'dist'))}/?page=chart`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe(
      'Charts need the echarts package, which is not installed: npm install echarts',
    );
    await expect(page.getByRole('heading', { name: 'Charts' }).isVisible()).resolves.toBe(true);
    expect(consoleErrors.some((text) => text.includes('npm install echarts'))).toBe(true);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});

describe('each entry point, imported into a React-only app', () => {
  it('stays within its size budget; the static-sheet components bring no styled-components', async () => {
    // The bench's measure (bench/entrySizes.ts), here on the tarball and the peers installed in the app. echarts
    // stays out of these builds: a chart loads it later, and parsing it was most of the builds' time.
    const { sizes } = await measureEntryPoints(path.join(appDir, 'entry-sizes'), { external: ['echarts'] });
    expect(budgetProblems(sizes)).toEqual([]);
    const numberText = sizes.find((size) => size.entry.id === 'number-text');
    expect(numberText?.packages).toEqual([]);
    expect(numberText?.adds).toBeGreaterThan(0);
  });
});
