import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const tsxLoader = path.join(repoRoot, 'node_modules/tsx/dist/loader.mjs');

/** Runs a TypeScript entry of the server in a real second Node process. */
export function runServerProcess(
  entry: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>(
    (resolve, reject) => {
      const started = Date.now();
      const child = spawn(
        process.execPath,
        ['--import', tsxLoader, path.join(here, '../../src', entry), ...args],
        {
          cwd: repoRoot,
          env: { ...process.env, LOG_LEVEL: 'warn', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${entry} did not exit within ${timeoutMs} ms; stderr: ${stderr}`));
      }, timeoutMs);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr, ms: Date.now() - started });
      });
    },
  );
}
