// Both engines: a killed server and what each engine keeps (support/harness.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { backupKindOf, backupPgliteFolder, backupSocketPath } from '../src/ops/backup.js';
import { copyTestData, ENGINES, TEST_PASSWORD, type TestDataForProcess } from './support/harness.js';
import { freePort } from './support/postgres.js';
import { type ServerProcess, startServerProcess } from './support/process.js';

/** Writes answered 2xx before the kill; the burst keeps this many requests in flight. */
const ACKNOWLEDGED_BEFORE_KILL = 40;
const IN_FLIGHT = 6;

/**
 * kill -9 of a real server process in the middle of a burst of writes, then a restart on the same data: every
 * write that was answered 2xx is there, every row has its one audit entry and every audit entry its row (writes
 * and their audit entries commit together), and on PGlite the dead process's folder lock is taken over.
 */
describe.each(ENGINES)('kill -9 during a burst of writes on %s', (engine) => {
  let data: TestDataForProcess | undefined;
  const processes: ServerProcess[] = [];

  afterAll(async () => {
    for (const server of processes) await server.kill();
    await data?.close();
  });

  it('keeps every acknowledged write, half-writes nothing, and restarts on the same data', async () => {
    // Not a first start: the first server starts on a copy of the run's migrated and seeded template.
    data = await copyTestData(engine);
    const { dataDir, databaseUrl } = data;
    const env = { ...data.env, CONSOLE_ADMIN_PASSWORD: TEST_PASSWORD, CONSOLE_DEMO: '0' };
    const first = await startServerProcess(env, await freePort());
    processes.push(first);

    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const acknowledged = new Map<number, string>();
    let sent = 0;
    let killed = false;
    let killing: Promise<void> | undefined;
    const writer = async () => {
      while (!killed) {
        sent += 1;
        const name = `Crash ${engine} ${sent}`;
        try {
          const response = await fetch(`${first.url}/api/resources/companies`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name, legal_name: `PT ${name}` }),
          });
          if (response.status !== 201)
            throw new Error(`write answered ${response.status}: ${await response.text()}`);
          acknowledged.set(((await response.json()) as { id: number }).id, name);
          if (acknowledged.size >= ACKNOWLEDGED_BEFORE_KILL && !killing) {
            // Others are still in flight: the process dies mid-burst.
            killing = first.kill().then(() => {
              killed = true;
            });
          }
        } catch (error) {
          if (killing) break; // the connection died with the process: not acknowledged
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, writer));
    await killing;
    expect(acknowledged.size).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    if (dataDir) {
      // The dead process's lock is still on disk; the restart must take it over, not refuse.
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'console.lock'), 'utf8')) as { pid: number };
      expect(lock.pid).toBe(first.pid);
      // …and so is its backup socket (ADR 057), which the restart must replace.
      expect(fs.existsSync(backupSocketPath(dataDir))).toBe(true);
    }
    const second = await startServerProcess(env, await freePort());
    processes.push(second);
    if (dataDir) {
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'console.lock'), 'utf8')) as { pid: number };
      expect(lock.pid).toBe(second.pid);
      // The restarted server answers `npm run console -- backup` on its socket: backupPgliteFolder, what the CLI
      // calls, finds the folder locked and gets the copy from the server (serve.ts's socket; backup.test covers
      // the CLI's round trip and the restore).
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-crash-backup-'));
      try {
        const copy = await backupPgliteFolder(dataDir, path.join(dir, 'console.tar.gz'));
        expect(copy).toMatchObject({ kind: 'pglite', via: 'the running server' });
        expect(backupKindOf(copy.file)).toBe('pglite');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    // The restarted server answers every acknowledged row.
    const again = await fetch(`${second.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD }),
    });
    const token2 = ((await again.json()) as { data: { token: string } }).data.token;
    const [someId, someName] = [...acknowledged][0]!;
    const one = await fetch(`${second.url}/api/resources/companies/${someId}`, {
      headers: { authorization: `Bearer ${token2}` },
    });
    expect(one.status).toBe(200);
    expect(((await one.json()) as { name: string }).name).toBe(someName);
    await second.stop();

    // Straight from the database: every acknowledged write, and rows and audit entries in pairs.
    const database = await openDatabase(
      engine === 'postgres' ? { databaseUrl: databaseUrl! } : { dataDir: dataDir! },
    );
    try {
      const rows = await sql<{ id: string; name: string }>`
        select id::text, name from companies where name like ${`Crash ${engine} %`}`.execute(database.db);
      const stored = new Map(rows.rows.map((row) => [Number(row.id), row.name]));
      for (const [id, name] of acknowledged) expect(stored.get(id), `acknowledged row ${id}`).toBe(name);
      const audit = await sql<{ entity_id: string; n: string }>`
        select entity_id, count(*)::text as n from audit_log
        where entity = 'companies' and action = 'create' group by entity_id`.execute(database.db);
      const audited = new Map(audit.rows.map((row) => [Number(row.entity_id), Number(row.n)]));
      for (const id of stored.keys()) expect(audited.get(id), `audit entry of row ${id}`).toBe(1);
      for (const id of audited.keys()) expect(stored.has(id), `row of audit entry ${id}`).toBe(true);
      console.log(
        `kill -9 on ${engine}: ${sent} writes sent, ${acknowledged.size} acknowledged, ${stored.size} stored, ` +
          `${audited.size} audit entries`,
      );
    } finally {
      await database.close();
    }
  }, 420_000);
});
