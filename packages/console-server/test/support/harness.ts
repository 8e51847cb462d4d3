import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildServer, type BuildServerOptions } from '../../src/app.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { seed } from '../../src/seed.js';
import { createUser, upsertPermissionSet } from '../../src/services/users.js';
import { late } from './late.js';
import { startPostgres, type TestPostgres } from './postgres.js';
import { copyPgliteTemplate, createPostgresFromTemplate, testRunDir } from './templates.js';

export type EngineName = 'pglite' | 'postgres';
/**
 * Both engines, for files whose SQL or locking can differ between them: reports' aggregates, list filters, search,
 * exclusion constraints, leases and outbox claims, migrations, several connections at once (PGlite is one
 * PostgreSQL 17 connection in WebAssembly; the PostgreSQL tests run Debian's 15).
 */
export const ENGINES: readonly EngineName[] = ['pglite', 'postgres'];
/**
 * One engine, PostgreSQL, for files that test the product's logic over plain SQL both engines run alike (ADR 052,
 * ADR 055): on the 2-core test machine a PGlite database costs 4–5 s of WebAssembly to open and every query runs
 * through it in the test's own process, where a PostgreSQL copy is a `CREATE DATABASE … TEMPLATE` in another.
 */
export const ONE_ENGINE: readonly EngineName[] = ['postgres'];

export const TEST_PASSWORD = 'Correct-Horse-9';

export interface TestDatabase {
  database: DatabaseHandle;
  /** PGlite's folder (for the pglite engine). */
  dataDir?: string;
  close: () => Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * Master-data demo rows: a multiple of DEMO_ROW_COUNTS (0.1 ≈ 1 900 rows), or false (the default) for none.
   * The full ~19 000 rows cost about 5 s per PGlite database; only the resource tests need rows, and few.
   */
  demoRows?: number | false;
}

/**
 * A fresh, migrated and seeded database (admin, demo users, sets and configs; master-data rows only when asked)
 * on a temp PGlite folder or a private PostgreSQL 15.
 */
function testTemplate(options: TestDatabaseOptions) {
  const seedOptions = {
    adminUsername: 'admin',
    adminPassword: TEST_PASSWORD,
    demo: true,
    demoRows: options.demoRows ?? false,
    log: () => undefined,
  } as const;
  const fill = async (database: DatabaseHandle) => {
    await seed(database.db, seedOptions);
  };
  return { template: `server_rows_${String(seedOptions.demoRows).replace('.', '_')}`, fill };
}

export async function openTestDatabase(
  engine: EngineName,
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const { template, fill } = testTemplate(options);
  // Within a vitest run: a copy of a database migrated and seeded once per run (templates.ts).
  const runDir = testRunDir();
  let database: DatabaseHandle;
  let cleanup: () => Promise<void> | void;
  let dataDir: string | undefined;
  if (engine === 'pglite') {
    dataDir = runDir
      ? await copyPgliteTemplate(runDir, template, fill)
      : fs.mkdtempSync(path.join(os.tmpdir(), 'console-pglite-'));
    database = await openDatabase({ dataDir });
    cleanup = () => {
      fs.rmSync(dataDir!, { recursive: true, force: true });
      // A server or CLI run on the folder creates its secrets key beside it (src/secrets/keyring.ts).
      fs.rmSync(`${dataDir!}-secrets.key`, { force: true });
    };
  } else if (runDir) {
    const created = await createPostgresFromTemplate(runDir, template, fill);
    database = await openDatabase({ databaseUrl: created.url });
    cleanup = created.drop;
  } else {
    let pg: TestPostgres | undefined;
    try {
      pg = await startPostgres();
      database = await openDatabase({ databaseUrl: pg.url });
    } catch (error) {
      pg?.stop();
      throw error;
    }
    cleanup = () => pg.stop();
  }
  if (!runDir) await fill(database);
  return {
    database,
    ...(dataDir ? { dataDir } : {}),
    close: async () => {
      await database.close();
      await cleanup();
    },
  };
}

export interface TestDataForProcess {
  /** CONSOLE_DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL), to start a server or CLI process on. */
  env: Record<string, string>;
  /** PGlite's copied folder. */
  dataDir?: string;
  /** The PostgreSQL copy's URL. */
  databaseUrl?: string;
  /** Removes the copy (and, for PGlite, the secrets key file a process created beside it). */
  close: () => Promise<void>;
}

/**
 * openTestDatabase's migrated and seeded template (admin with TEST_PASSWORD, demo users, sets and configs), copied
 * for a second process and not opened here: a server or CLI process started on it finds its schema and seed done
 * instead of migrating and seeding a fresh folder or database (15–30 CPU-s a start on the 2-core machine). For a
 * test of what a server does on existing data; a test of a FIRST start keeps its fresh folder or empty database.
 */
export async function copyTestData(
  engine: EngineName,
  options: TestDatabaseOptions = {},
): Promise<TestDataForProcess> {
  const runDir = testRunDir();
  if (!runDir)
    throw new Error('copyTestData needs the server project global setup (test/support/global.setup.ts)');
  const { template, fill } = testTemplate(options);
  if (engine === 'pglite') {
    const dataDir = await copyPgliteTemplate(runDir, template, fill);
    return {
      env: { DATABASE_URL: '', CONSOLE_DATA_DIR: dataDir },
      dataDir,
      close: async () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        // A process on the folder creates its secrets key beside it (src/secrets/keyring.ts).
        fs.rmSync(`${dataDir}-secrets.key`, { force: true });
      },
    };
  }
  const created = await createPostgresFromTemplate(runDir, template, fill);
  return { env: { DATABASE_URL: created.url }, databaseUrl: created.url, close: created.drop };
}

/** A clock the tests move forward (lockout and token expiry). */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
    reset: () => {
      offsetMs = 0;
    },
  };
}

export async function testServer(
  database: DatabaseHandle,
  options: Partial<BuildServerOptions> = {},
): Promise<FastifyInstance> {
  const app = await buildServer({ database, logger: false, loginRateLimit: false, ...options });
  await app.ready();
  return app;
}

export interface TestAppOptions {
  database?: TestDatabaseOptions;
  /** Fills the database before the server starts over it (fixtures the server reads at start). */
  prepare?: () => Promise<unknown>;
  /** buildServer's options; a function when they are made later in the file (a clock, a fake's URL). */
  server?: Partial<BuildServerOptions> | (() => Partial<BuildServerOptions>);
  /** Listens on a loopback port (`app.server.address()`) for tests that need real HTTP or sockets. */
  listen?: boolean;
}

/**
 * The usual setup of a server test file (inside `describe.each(ENGINES)`): a fresh seeded database on `engine`
 * and the server over it, both closed after the block. Hooks declared after it can use them.
 *
 * @example
 * describe.each(ENGINES)('things on %s', (engine) => {
 *   const { testDb, app } = setupTestApp(engine, { server: () => ({ clock: clock.now }) });
 *   it('…', async () => expect((await new Client(app).get('/api/health')).statusCode).toBe(200));
 * });
 */
export function setupTestApp(
  engine: EngineName,
  options: TestAppOptions = {},
): { testDb: TestDatabase; app: FastifyInstance } {
  let testDb: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    testDb = await openTestDatabase(engine, options.database);
    await options.prepare?.();
    const serverOptions = typeof options.server === 'function' ? options.server() : options.server;
    app = await testServer(testDb.database, serverOptions);
    if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });
  return {
    testDb: late('testDb', () => testDb),
    app: late('app', () => app),
  };
}

let counter = 0;
/** A unique username per call, so tests sharing one database never collide. */
export const uniqueName = (prefix: string) => `${prefix}-${process.pid}-${(counter += 1)}`;

/** Creates a user holding exactly the given keys (one private set per user). */
export async function userWithKeys(
  database: DatabaseHandle,
  keys: readonly { key: string; read?: boolean; write?: boolean }[],
  username = uniqueName('user'),
): Promise<string> {
  const setName = `set-of-${username}`;
  await upsertPermissionSet(database.db, {
    name: setName,
    entries: keys.map((entry) => ({ key: entry.key, read: entry.read ?? true, write: entry.write ?? false })),
  });
  await createUser(database.db, {
    username,
    fullName: `Full ${username}`,
    password: TEST_PASSWORD,
    sets: [setName],
  });
  return username;
}

export class Client {
  constructor(
    readonly app: FastifyInstance,
    readonly remoteAddress = '10.0.0.1',
  ) {}

  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
    const { token, headers, ...rest } = options;
    return this.app.inject({
      remoteAddress: this.remoteAddress,
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  }

  login(username: string, password = TEST_PASSWORD) {
    return this.request({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  }

  async token(username: string, password = TEST_PASSWORD): Promise<string> {
    const response = await this.login(username, password);
    if (response.statusCode !== 200)
      throw new Error(`login ${username} failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: { token: string } }).data.token;
  }

  get(url: string, token?: string) {
    return this.request({ method: 'GET', url, ...(token ? { token } : {}) });
  }
}

let addressCounter = 0;
/** A fresh client address, so per-address throttling in one test never leaks into another. */
export const freshAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};
