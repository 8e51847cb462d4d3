import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { isAlive } from '../../src/db/lock.js';
import { SHARED_CLUSTER_FILE, startPostgres } from './postgres.js';

/**
 * Databases made once per test run and copied per test file. Migrating and seeding a fresh PGlite costs
 * 15–30 s on the loaded 2-core machine and a fresh PostgreSQL cluster 5–6 s; a copy costs about 1–2 s.
 *
 * The run's folder comes from test/support/global.setup.ts (`provide('testRunDir')`), which also stops the
 * shared PostgreSQL and removes the folder when the run ends. Several worker processes may ask for the same
 * template at once, so each is built under a lock folder and marked ready by a file.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    testRunDir: string;
  }
}

/** The run's shared folder, or undefined outside a vitest run with the global setup (benches, scripts). */
export function testRunDir(): string | undefined {
  try {
    return inject('testRunDir') || undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `build` once per run for `name`: the first caller builds, the others wait for its ready file. */
async function once(runDir: string, name: string, build: () => Promise<void>): Promise<void> {
  const ready = path.join(runDir, `${name}.ready`);
  const lock = path.join(runDir, `${name}.lock`);
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (fs.existsSync(ready)) return;
    try {
      fs.mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A builder that died leaves its lock: take it over.
      const holder = Number(fs.readFileSync(path.join(lock, 'pid'), { encoding: 'utf8', flag: 'a+' }));
      if (holder && !isAlive(holder)) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for the test template ${name}`);
      await sleep(200);
      continue;
    }
    try {
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      if (!fs.existsSync(ready)) {
        await build();
        fs.writeFileSync(ready, String(process.pid));
      }
      return;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * A PGlite folder holding a copy of the template `name` (built by `fill` on a freshly migrated database the
 * first time). The copy is opened by the caller with `openDatabase({ dataDir })`.
 */
export async function copyPgliteTemplate(
  runDir: string,
  name: string,
  fill: (database: DatabaseHandle) => Promise<void>,
  prefix = 'console-pglite-',
): Promise<string> {
  const template = path.join(runDir, `pglite-${name}`);
  await once(runDir, `pglite-${name}`, async () => {
    fs.rmSync(template, { recursive: true, force: true });
    const database = await openDatabase({ dataDir: template });
    try {
      await fill(database);
    } finally {
      await database.close();
    }
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // Only the database files: the lock file belongs to whoever opens the copy.
  fs.cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

interface SharedCluster {
  url: string;
  dataDir: string;
  root: string;
}

/** The run's one PostgreSQL cluster, started by the first file that needs it (stopped by the global setup). */
async function sharedCluster(runDir: string): Promise<SharedCluster> {
  const file = path.join(runDir, SHARED_CLUSTER_FILE);
  await once(runDir, 'postgres', async () => {
    // Several files' pools (10 each) and their extra connections may be open at once.
    const started = await startPostgres({ maxConnections: 300 });
    fs.writeFileSync(file, JSON.stringify(started.info));
  });
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SharedCluster;
}

const withUrlDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withUrlDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let databaseCounter = 0;

/**
 * A new database on the run's shared PostgreSQL, created from the template `name` (`CREATE DATABASE … TEMPLATE`,
 * a file copy). Returns its URL and a drop function.
 */
export async function createPostgresFromTemplate(
  runDir: string,
  name: string,
  fill: (database: DatabaseHandle) => Promise<void>,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const cluster = await sharedCluster(runDir);
  const templateName = `tpl_${name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
  await once(runDir, `postgres-${templateName}`, async () => {
    await admin(cluster.url, async (client) => {
      await client.query(`drop database if exists ${templateName}`);
      await client.query(`create database ${templateName}`);
    });
    const database = await openDatabase({ databaseUrl: withUrlDatabase(cluster.url, templateName) });
    try {
      await fill(database);
    } finally {
      await database.close();
    }
  });
  return newDatabase(cluster, 'test', templateName);
}

/** A new database of this process on `cluster`, empty or a copy of `template`, and how to drop it. */
async function newDatabase(
  cluster: SharedCluster,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  databaseCounter += 1;
  const databaseName = `${prefix}_${process.pid}_${databaseCounter}`;
  await admin(cluster.url, async (client) => {
    // PostgreSQL 15 copies a template through the WAL by default, block by block; a file copy is a third of
    // the CPU for the e2e demo database (the cluster runs with fsync off, so its checkpoint is cheap).
    const version = Number((await client.query('show server_version_num')).rows[0].server_version_num);
    const strategy = template && version >= 150000 ? ' strategy file_copy' : '';
    await client.query(
      `create database ${databaseName}${template ? ` template ${template}${strategy}` : ''}`,
    );
  });
  return {
    url: withUrlDatabase(cluster.url, databaseName),
    drop: () =>
      admin(cluster.url, (client) =>
        client.query(`drop database if exists ${databaseName} with (force)`),
      ).then(() => undefined),
  };
}

/** An empty database on the run's shared PostgreSQL (for a first start that migrates and seeds it itself). */
export async function createEmptyPostgres(
  runDir: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  return newDatabase(await sharedCluster(runDir), 'empty');
}
