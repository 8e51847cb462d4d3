import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { acquireDataDirLock, type DataDirLock } from './lock.js';
import { type Migration, migrate } from './migrations.js';
import type { Database } from './schema.js';

export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseOptions {
  /** `postgres://…`: a real PostgreSQL. Without it, an embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PGlite's folder (created when missing). Holds `console.lock` and the database in `pglite/`. */
  dataDir?: string;
  /** Pool size for PostgreSQL (PGlite always uses one connection: it serves one query at a time). */
  poolSize?: number;
  /** The migrations to apply (default: all); the upgrade test builds the previous release's schema with it. */
  migrations?: readonly Migration[];
  /** PGlite's shared_buffers (`32MB`, `128MB`…); default PGLITE_SHARED_BUFFERS. */
  pgliteSharedBuffers?: string;
}

/**
 * PGlite's buffer cache. Its own default (128 MB, as PostgreSQL's) lives in the WebAssembly heap, which never
 * shrinks: once touched, those pages stay resident for the life of the process. The embedded database holds
 * tens of thousands of rows and reads through the operating system's file cache anyway; 32 MB keeps the hot
 * pages and cuts resident memory by about 100 MB (docs/adr/011-wire.md, `npm run bench`).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** PGlite's start options: its defaults plus the buffer size, pg_trgm (migration 310) and btree_gist (540). */
export function pgliteOptions(sharedBuffers = PGLITE_SHARED_BUFFERS) {
  if (!/^\d+(?:kB|MB|GB)$/.test(sharedBuffers)) {
    throw new Error(
      `PGlite shared_buffers must look like 32MB (a number and kB, MB or GB), not "${sharedBuffers}"`,
    );
  }
  return {
    extensions: { pg_trgm, btree_gist },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  };
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Where the data lives, for logs: the folder, or the URL without its password. */
  location: string;
  /** PostgreSQL only: the URL, for connections of their own (the socket adapter's LISTEN connection). */
  connectionString?: string;
  /** PGlite only: the embedded instance, for an online backup (`dumpDataDir`, src/ops/backup.ts). */
  pglite?: PGlite;
  /** Runs `select 1`; returns its latency in ms or throws. */
  ping: () => Promise<number>;
  /** The pool's connections now (metrics): open, idle, and queries waiting for one. */
  poolUse?: () => { total: number; idle: number; waiting: number; max: number };
  close: () => Promise<void>;
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/** Opens the database, takes the folder lock for PGlite and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  let pool: pg.Pool;
  let engine: DatabaseEngine;
  let location: string;
  let lock: DataDirLock | undefined;
  let pglite: PGlite | undefined;

  if (options.databaseUrl) {
    engine = 'postgres';
    location = redactUrl(options.databaseUrl);
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
  } else {
    engine = 'pglite';
    const dataDir = path.resolve(options.dataDir ?? 'data');
    location = dataDir;
    // Lock before opening: a second PGlite on the same files silently loses committed writes.
    lock = acquireDataDirLock(dataDir);
    try {
      pglite = await PGlite.create(path.join(dataDir, 'pglite'), pgliteOptions(options.pgliteSharedBuffers));
    } catch (error) {
      lock.release();
      throw error;
    }
    pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  }
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor must a backend ended mid-query (a terminated index build): that query fails, the process goes on.
  pool.on('connect', (client) => client.on('error', () => undefined));

  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const close = async () => {
    await db.destroy();
    if (pglite) await pglite.close();
    lock?.release();
  };
  try {
    await migrate(db, options.migrations, { engine });
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  const ping = async () => {
    const started = performance.now();
    await sql`select 1`.execute(db);
    return performance.now() - started;
  };
  return {
    db,
    engine,
    location,
    ping,
    close,
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    ...(options.databaseUrl ? { connectionString: options.databaseUrl } : {}),
    ...(pglite ? { pglite } : {}),
  };
}
