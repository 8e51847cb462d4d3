import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TestPostgres {
  url: string;
  port: number;
  stop: () => void;
  /** Enough to stop it from another process (the run's shared cluster, see templates.ts). */
  info: { url: string; dataDir: string; root: string };
}

const INSTALL_HINT =
  'PostgreSQL 15 server binaries not found. Install them with `apt-get install -y postgresql` ' +
  '(Debian puts them in /usr/lib/postgresql/15/bin) or set PG_BIN to the folder holding initdb and pg_ctl.';

export function findPgBin(): string {
  const candidates = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin'].filter((dir): dir is string =>
    Boolean(dir),
  );
  for (const dir of candidates) {
    if (fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error(INSTALL_HINT);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** Runs a server binary's command line; as root, as the `postgres` user (initdb refuses root). */
function run(command: string): string {
  const result =
    process.getuid?.() === 0
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { encoding: 'utf8' })
      : spawnSync('/bin/sh', ['-c', command], { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** Where the run's shared cluster (templates.ts) leaves its `info`, in the run's folder. */
export const SHARED_CLUSTER_FILE = 'postgres.json';

/** Stops a server started by startPostgres (from any process) and removes its folder. */
export function stopPostgres(info: { dataDir: string; root: string }): void {
  try {
    run(
      `${quote(path.join(findPgBin(), 'pg_ctl'))} -D ${quote(info.dataDir)} -m immediate -w stop >/dev/null`,
    );
  } finally {
    fs.rmSync(info.root, { recursive: true, force: true });
  }
}

/**
 * Starts a throwaway PostgreSQL on a free loopback port. initdb refuses to run as root, so as root everything
 * runs as the `postgres` user through `su`.
 */
export async function startPostgres(settings: { maxConnections?: number } = {}): Promise<TestPostgres> {
  const bin = findPgBin();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'sock');
  fs.mkdirSync(socketDir);
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', root]);
  fs.chmodSync(root, 0o755);

  run(
    `${quote(path.join(bin, 'initdb'))} -D ${quote(dataDir)} -U postgres -A trust -N --no-instructions -E UTF8 --locale=C >/dev/null`,
  );
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${socketDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=${settings.maxConnections ?? 50}`;
  run(
    `${quote(path.join(bin, 'pg_ctl'))} -D ${quote(dataDir)} -l ${quote(path.join(root, 'log'))} -o ${quote(options)} -w -t 30 start >/dev/null`,
  );
  run(`${quote(path.join(bin, 'createdb'))} -h ${quote(socketDir)} -p ${port} -U postgres console`);

  let stopped = false;
  const url = `postgres://postgres@127.0.0.1:${port}/console`;
  return {
    url,
    port,
    info: { url, dataDir, root },
    stop: () => {
      if (stopped) return;
      stopped = true;
      stopPostgres({ dataDir, root });
    },
  };
}
