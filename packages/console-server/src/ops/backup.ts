/**
 * Backups and restores (ADR 057). Each engine's own consistent copy, told apart by the file's first bytes:
 * - PGlite: `dumpDataDir`, a tarball of the database folder taken inside PGlite's query mutex (no query
 *   runs meanwhile; a transaction left open is rolled back by recovery on restore). The server holds the folder
 *   lock, so a backup of a running embedded console goes through the server: a Unix socket in the data folder
 *   (owner-only, like the folder itself) answers `GET /backup` with the tarball.
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot, online), restored with `pg_restore` in one transaction.
 * The secrets key is never in a backup: it sits beside the data folder or in CONSOLE_SECRETS_KEY.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DataDirLockedError, acquireDataDirLock } from '../db/lock.js';
import { type DatabaseHandle, pgliteOptions, redactUrl } from '../db/database.js';
import { type ScheduledJob, scheduleOnce } from '../jobs/runOnce.js';
import { recordBackupRun } from '../operations/nodes.js';
import type { ServerConfig } from '../config.js';

const gzip = promisify(zlib.gzip);

export type BackupKind = 'pglite' | 'postgres';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupResult {
  file: string;
  kind: BackupKind;
  bytes: number;
  ms: number;
  /** PGlite: how long its queries waited while the files were read. */
  heldMs?: number;
}

/** The socket a running embedded server answers backups on; beside the lock, in the data folder. */
export const backupSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'console-backup.sock');

const GZIP = Buffer.from([0x1f, 0x8b]);
const PGDMP = Buffer.from('PGDMP');

/** Which engine a backup file is for, from its first bytes; a clear error for anything else. */
export function backupKindOf(file: string): BackupKind {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      head = Buffer.alloc(5);
      fs.readSync(fd, head, 0, 5, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new BackupError(`Cannot read the backup ${file}: ${(error as Error).message}`);
  }
  if (head.subarray(0, 2).equals(GZIP)) return 'pglite';
  if (head.equals(PGDMP)) return 'postgres';
  throw new BackupError(
    `${file} is not a console backup (neither a PGlite tarball nor a pg_dump custom-format file)`,
  );
}

/** Writes through a `.partial` file renamed at the end: a file with the final name is always whole. */
async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<number> {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  try {
    await write(partial);
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return fs.statSync(target).size;
}

/** PGlite's folder as a gzipped tarball, from the open instance (no query runs while it is taken). */
export async function pgliteTarball(instance: PGlite): Promise<{ tarball: Buffer; heldMs: number }> {
  // No CHECKPOINT first: PGlite is one session, and a statement of ours could land inside a transaction the
  // pool has open. The copy is crash-consistent (the WAL is in it); the restore replays it.
  // Uncompressed inside PGlite's query mutex (queries wait only for the files to be read), gzipped after it on
  // Node's thread pool: PGlite's own gzip runs inside the mutex.
  const started = performance.now();
  const blob = await instance.dumpDataDir('none');
  const heldMs = performance.now() - started;
  return { tarball: await gzip(Buffer.from(await blob.arrayBuffer())), heldMs };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new BackupError(`Cannot run ${command}: ${error.message}`)));
    child.on('exit', (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new BackupError(
            `${path.basename(command)} failed (exit ${code}): ${stderr.trim() || '(no message)'}`,
          ),
        );
    });
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to ${redactUrl(url)}: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * `pg_dump` or `pg_restore` able to talk to a server of this major version: PG_BIN's, else the newest of
 * /usr/lib/postgresql/<major>/bin at or above it (Debian), else the one on PATH.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number, pgBin?: string): string {
  if (pgBin) {
    const tool = path.join(pgBin, name);
    if (!fs.existsSync(tool)) throw new BackupError(`PG_BIN is ${pgBin}, which holds no ${name}`);
    return tool;
  }
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .map(Number)
        .filter((major) => Number.isInteger(major) && major >= serverMajor)
        .sort((a, b) => b - a)
    : [];
  for (const major of majors) {
    const tool = path.join(root, String(major), 'bin', name);
    if (fs.existsSync(tool)) return tool;
  }
  return name;
}

const serverMajor = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ v: string }>('show server_version_num');
    return Math.floor(Number(rows[0]!.v) / 10_000);
  });

/** `pg_dump` (custom format: compressed, one snapshot) of the database at `url` into `file`. */
export async function dumpPostgres(url: string, file: string, pgBin?: string): Promise<BackupResult> {
  const started = performance.now();
  const tool = pgTool('pg_dump', await serverMajor(url), pgBin);
  const bytes = await writeWhole(file, async (partial) => {
    await run(tool, [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${partial}`,
      `--dbname=${url}`,
    ]);
  });
  return { file: path.resolve(file), kind: 'postgres', bytes, ms: performance.now() - started };
}

/** A backup of the open database, as the server's schedule takes it (PGlite in-process, PostgreSQL by pg_dump). */
export async function backupDatabase(
  database: Pick<DatabaseHandle, 'engine' | 'pglite' | 'connectionString'>,
  file: string,
  pgBin?: string,
): Promise<BackupResult> {
  if (database.engine === 'postgres') return dumpPostgres(database.connectionString!, file, pgBin);
  const started = performance.now();
  const { tarball, heldMs } = await pgliteTarball(database.pglite!);
  const bytes = await writeWhole(file, async (partial) => fs.promises.writeFile(partial, tarball));
  return { file: path.resolve(file), kind: 'pglite', bytes, ms: performance.now() - started, heldMs };
}

/**
 * The CLI's backup of the embedded database: through the running server's socket when the folder is in use,
 * else by opening the folder itself (under its lock).
 */
export async function backupPgliteFolder(
  dataDir: string,
  file: string,
): Promise<BackupResult & { via: string }> {
  const started = performance.now();
  const folder = path.join(path.resolve(dataDir), 'pglite');
  if (!fs.existsSync(path.join(folder, 'PG_VERSION')))
    throw new BackupError(`There is no database in ${dataDir} (no ${folder}); check CONSOLE_DATA_DIR`);
  let lock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // In use: the running server takes the copy.
    let heldMs = 0;
    const bytes = await writeWhole(file, async (partial) => {
      heldMs = await fetchFromSocket(backupSocketPath(dataDir), partial);
    });
    return {
      file: path.resolve(file),
      kind: 'pglite',
      bytes,
      ms: performance.now() - started,
      heldMs,
      via: 'the running server',
    };
  }
  try {
    const instance = await PGlite.create(folder, pgliteOptions());
    try {
      const { tarball, heldMs } = await pgliteTarball(instance);
      const bytes = await writeWhole(file, async (partial) => fs.promises.writeFile(partial, tarball));
      return {
        file: path.resolve(file),
        kind: 'pglite',
        bytes,
        ms: performance.now() - started,
        heldMs,
        via: 'the folder',
      };
    } finally {
      await instance.close();
    }
  } finally {
    lock.release();
  }
}

/** Writes the running server's tarball to `partial`; resolves with how long its queries waited. */
function fetchFromSocket(socketPath: string, partial: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: '/backup', method: 'GET' }, (response) => {
      if (response.statusCode !== 200) {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          reject(new BackupError(`The running server refused the backup: ${text || response.statusCode}`)),
        );
        return;
      }
      const out = fs.createWriteStream(partial, { mode: 0o600 });
      response.pipe(out);
      out.on('finish', () => resolve(Number(response.headers['x-queries-held-ms'] ?? 0)));
      out.on('error', reject);
      response.on('error', reject);
    });
    request.on('error', (error) =>
      reject(
        new BackupError(
          `The data folder is in use by a running server, and its backup socket ${socketPath} does not answer ` +
            `(${error.message}); is that server of an older release? Back up while it runs once it is upgraded, ` +
            `or stop it first.`,
        ),
      ),
    );
    request.end();
  });
}

/** The running embedded server's backup socket (owner-only); closed with the server. */
export async function startBackupSocket(
  dataDir: string,
  pgliteInstance: PGlite,
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
): Promise<{ path: string; close: () => Promise<void> }> {
  const socketPath = backupSocketPath(dataDir);
  // Left by a killed server; we hold the folder lock, so no live server owns it.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end('GET /backup only');
      return;
    }
    const started = performance.now();
    pgliteTarball(pgliteInstance).then(
      ({ tarball, heldMs }) => {
        response.writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': tarball.length,
          'x-queries-held-ms': Math.round(heldMs),
        });
        response.end(tarball);
        log.info(
          { bytes: tarball.length, ms: Math.round(performance.now() - started), heldMs: Math.round(heldMs) },
          'backup served on the socket',
        );
      },
      (error: unknown) => {
        log.warn({ err: error }, 'backup on the socket failed');
        response.writeHead(500).end(String((error as Error).message ?? error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Restores a PGlite backup into `dataDir`, which must hold no database. */
export async function restorePglite(
  file: string,
  dataDir: string,
): Promise<{ schemaVersion: number; ms: number }> {
  const started = performance.now();
  const folder = path.join(path.resolve(dataDir), 'pglite');
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0)
    throw new BackupError(
      `${dataDir} already holds a database (${folder} is not empty); restore only into an empty folder: ` +
        `set CONSOLE_DATA_DIR to a new one, or move this one away first`,
    );
  const lock = acquireDataDirLock(dataDir);
  try {
    fs.mkdirSync(folder, { recursive: true });
    const instance = await PGlite.create(folder, {
      ...pgliteOptions(),
      loadDataDir: new Blob([fs.readFileSync(file)]),
    });
    try {
      return {
        schemaVersion: await schemaVersionOf((text) => instance.query<{ v: number }>(text)),
        ms: performance.now() - started,
      };
    } finally {
      await instance.close();
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    fs.rmSync(folder, { recursive: true, force: true });
    throw new BackupError(
      `The restore into ${dataDir} failed, the folder is left empty: ${(error as Error).message}`,
    );
  } finally {
    lock.release();
  }
}

async function schemaVersionOf(query: (text: string) => Promise<{ rows: { v: number }[] }>): Promise<number> {
  try {
    const { rows } = await query('select coalesce(max(version), 0)::int as v from schema_migrations');
    return rows[0]!.v;
  } catch {
    throw new BackupError('The restored database has no schema_migrations table: not a console backup');
  }
}

/** Restores a pg_dump backup into the database at `url`, which must hold no tables. */
export async function restorePostgres(
  file: string,
  url: string,
  pgBin?: string,
): Promise<{ schemaVersion: number; ms: number }> {
  const started = performance.now();
  const tables = await withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema') order by 1 limit 3`,
    );
    return rows.map((row) => row.name);
  });
  if (tables.length > 0)
    throw new BackupError(
      `The database ${redactUrl(url)} is not empty (it has tables: ${tables.join(', ')}…); restore only into ` +
        `an empty database: create a new one (createdb) and point DATABASE_URL at it`,
    );
  const tool = pgTool('pg_restore', await serverMajor(url), pgBin);
  // One transaction: a failed restore leaves the database empty, ready for another try.
  await run(tool, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
  const schemaVersion = await withClient(url, (client) =>
    schemaVersionOf((text) => client.query<{ v: number }>(text)),
  );
  return { schemaVersion, ms: performance.now() - started };
}

const BACKUP_NAME = /^console-(pglite|postgres)-(\d{8}T\d{6}Z)\.(tar\.gz|dump)$/;

/** `console-<engine>-<UTC time>.<tar.gz|dump>`: sorts by time, and retention only ever deletes these. */
export function backupFileName(kind: BackupKind, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `console-${kind}-${stamp}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`;
}

/** Deletes the oldest of the schedule's backups in `dir` beyond `keep`; returns the deleted names. */
export function pruneBackups(dir: string, keep: number): string[] {
  const ours = fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort((a, b) => BACKUP_NAME.exec(b)![2]!.localeCompare(BACKUP_NAME.exec(a)![2]!));
  const old = ours.slice(keep);
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}

export interface BackupSchedule {
  dir: string;
  keep: number;
  everyHours: number;
  pgBin?: string;
}

/**
 * A backup every `everyHours` into `dir`, once across all nodes (runOnce's lease: the folder is meant to be
 * shared, or at least one of them is written each period), then the oldest beyond `keep` deleted.
 */
export function scheduleBackups(
  database: DatabaseHandle,
  schedule: BackupSchedule,
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
  now: () => Date = () => new Date(),
): ScheduledJob {
  return scheduleOnce(
    database.db,
    // A long lease: a large pg_dump may take many minutes, and a second node must not start one meanwhile.
    { name: 'backup', everyMs: schedule.everyHours * 3_600_000, leaseMs: 3_600_000 },
    async () => {
      const file = path.join(schedule.dir, backupFileName(database.engine, now()));
      let result: BackupResult;
      try {
        result = await backupDatabase(database, file, schedule.pgBin);
      } catch (error) {
        // The operator's page shows the last backup and whether it worked (backup_runs, migration 830).
        await recordBackupRun(database.db, { ok: false, error: (error as Error).message }).catch(
          () => undefined,
        );
        throw error;
      }
      await recordBackupRun(database.db, { ok: true, ...result }).catch((error: unknown) =>
        log.warn({ err: error }, 'backup written but not recorded'),
      );
      const deleted = pruneBackups(schedule.dir, schedule.keep);
      return { ...result, deleted };
    },
    {
      // Asked every 5 minutes so a node that died mid-period hands the turn on within that.
      checkEveryMs: Math.min(schedule.everyHours * 3_600_000, 300_000),
      onRan: (result) =>
        log.info(
          { file: result.file, bytes: result.bytes, ms: Math.round(result.ms), deleted: result.deleted },
          'backup written',
        ),
      onError: (error) => log.warn({ err: error }, 'scheduled backup failed'),
    },
  );
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `npm run console -- backup <FILE>` (src/cli.ts): the engine's copy, and the lines the operator reads. Here, not
 * in cli.ts (which runs on import), so a test calls what the CLI calls in its own process.
 */
export async function backupCommand(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'pgBin'>,
  file: string,
  out: (line: string) => void,
): Promise<number> {
  if (config.databaseUrl) {
    const result = await dumpPostgres(config.databaseUrl, file, config.pgBin);
    out(
      `Backed up PostgreSQL to ${result.file} (pg_dump, ${megabytes(result.bytes)}, ${seconds(result.ms)}).`,
    );
  } else {
    const result = await backupPgliteFolder(config.dataDir, file);
    out(
      `Backed up ${config.dataDir} to ${result.file} (through ${result.via}, ${megabytes(result.bytes)}, ${seconds(result.ms)}; ` +
        `queries held ${seconds(result.heldMs ?? 0)} while the files were read).`,
    );
  }
  out(
    'The secrets key is not in the backup: keep the key file (or CONSOLE_SECRETS_KEY) safe, apart from it.',
  );
  return 0;
}

/**
 * `npm run console -- restore <FILE>`: refuses a file of the other engine and a non-empty target (BackupError, which
 * the CLI prints and exits 1 with), else restores and says the schema version.
 */
export async function restoreCommand(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'pgBin'>,
  file: string,
  out: (line: string) => void,
): Promise<number> {
  const kind = backupKindOf(file);
  if (kind === 'pglite' && config.databaseUrl)
    throw new BackupError(
      `${file} is a backup of the embedded database (PGlite), but DATABASE_URL is set: unset it and set ` +
        'CONSOLE_DATA_DIR to an empty folder to restore it there',
    );
  if (kind === 'postgres' && !config.databaseUrl)
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to an empty database to restore it there`,
    );
  const result = config.databaseUrl
    ? await restorePostgres(file, config.databaseUrl, config.pgBin)
    : await restorePglite(file, config.dataDir);
  out(
    `Restored ${file} into ${config.databaseUrl ? redactUrl(config.databaseUrl) : config.dataDir} ` +
      `(schema version ${result.schemaVersion}, ${seconds(result.ms)}).`,
  );
  out(
    'Start the server on it with the secrets key of the backed-up console (its key file, or CONSOLE_SECRETS_KEY); ' +
      'without it the stored secrets cannot be opened.',
  );
  return 0;
}
