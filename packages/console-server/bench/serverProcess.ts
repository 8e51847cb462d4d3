/**
 * The server as the benchmarks run it: its own process on 127.0.0.1 (the built dist/main.js when asked and
 * present, else the sources through tsx), quiet logs and no login rate limit, plus the caller's environment.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A bench's knob: the environment variable `name` as a number, or `fallback`. */
export const envNumber = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export function startServer(
  env: Record<string, string>,
  options: { preferBuilt?: boolean } = {},
): { child: ChildProcess; output: () => string } {
  const dist = path.join(repoRoot, 'packages/console-server/dist/main.js');
  const args =
    options.preferBuilt && fs.existsSync(dist)
      ? [dist]
      : [
          '--import',
          path.join(repoRoot, 'node_modules/tsx/dist/loader.mjs'),
          path.join(repoRoot, 'packages/console-server/src/main.ts'),
        ];
  // BENCH_SERVER_NODE_ARGS: node flags for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', CONSOLE_LOGIN_RATE_LIMIT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Polls /api/health until it answers; the server's own output is in the error when it exits or never does. */
export async function waitHealthy(
  base: string,
  child: ChildProcess,
  output: () => string,
  options: { seconds: number; pollMs: number; why?: string },
) {
  const deadline = Date.now() + options.seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
  throw new Error(`server not healthy within ${options.seconds} s${options.why ?? ''}: ${output()}`);
}
