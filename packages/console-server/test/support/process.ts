import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const tsxLoader = path.join(repoRoot, 'node_modules/tsx/dist/loader.mjs');

/**
 * `npm test` (scripts/test.mjs) builds first and says so with CONSOLE_TEST_BUILT=1: the second processes then run
 * the built `dist/` (one bundle), not the sources through tsx, which cost 11 s more a start on the 2-core machine
 * (16.6 s against 5.6 s for `cli --help`). A vitest run on its own, without a fresh build, keeps the sources.
 */
const useBuilt = (built = false) => built || process.env.CONSOLE_TEST_BUILT === '1';

/** node's arguments to run the server's entry `name` (`cli`, `main`): built or through tsx. */
export function entryArgs(name: string, built = false): string[] {
  return useBuilt(built)
    ? [path.join(here, '../../dist', `${name}.js`)]
    : ['--import', tsxLoader, path.join(here, '../../src', `${name}.ts`)];
}

/**
 * A hang guard for a second process, not a time limit: the test waits for its exit or its health answer, and a
 * CLI run took over 120 s on a machine running two suites at once (session 27). Just under the server project's
 * 300 s per test, so a hang is reported with the process's stderr.
 */
export const PROCESS_HANG_GUARD_MS = 280_000;

/** Runs an entry of the server (`cli.ts`, `main.ts`) in a real second Node process. */
export function runServerProcess(
  entry: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = PROCESS_HANG_GUARD_MS,
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>(
    (resolve, reject) => {
      const started = Date.now();
      const child = spawn(process.execPath, [...entryArgs(entry.replace(/\.ts$/, '')), ...args], {
        cwd: repoRoot,
        env: { ...process.env, LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${entry} did not exit within ${timeoutMs} ms; stderr: ${stderr}`));
      }, timeoutMs);
      // 'close', not 'exit': it comes once the process has exited AND its stdout and stderr are read to their end;
      // at 'exit' the last chunks may still be in the pipes (a busy machine reads them later).
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr, ms: Date.now() - started });
      });
    },
  );
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** What the process wrote to stderr so far (for failure messages). */
  stderr: () => string;
  /** kill -9: no shutdown hooks, no flush. */
  kill: () => Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop: () => Promise<void>;
}

/** Starts `src/main.ts` as a real server process and resolves once it answers /api/health. */
export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  timeoutMs = PROCESS_HANG_GUARD_MS,
  /** The built `dist/main.js` (the bench, after `npm run build`) instead of the sources through tsx. */
  built = false,
): Promise<ServerProcess> {
  const args = entryArgs('main', built);
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      CONSOLE_LOGIN_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`server process exited during start; stderr: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server process did not answer within ${timeoutMs} ms; stderr: ${stderr}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    stderr: () => stderr,
    kill: async () => {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}
