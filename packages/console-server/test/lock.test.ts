import { spawn } from 'node:child_process';
import { runServerProcess } from './support/process.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { MIGRATIONS } from '../src/db/migrations.js';
import { DataDirLockedError, acquireDataDirLock } from '../src/db/lock.js';
import { openTestDatabase } from './support/harness.js';

describe('the embedded database folder', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-lock-'));
    dirs.push(dir);
    return dir;
  };
  const templateCopy = async () => {
    const { database, dataDir } = await openTestDatabase('pglite');
    dirs.push(dataDir!);
    return { database, dataDir: dataDir! };
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second server process on the same folder at once, naming the folder and the holder', async () => {
    // A copy of the run's migrated template: a fresh folder would spend 40 s and more in PGlite's initdb.
    const { database: held, dataDir: dir } = await templateCopy();
    try {
      // The time allowed is a hang guard: a start through tsx took over 30 s on a busy 2-core machine.
      const second = await runServerProcess(
        'main.ts',
        [],
        { CONSOLE_DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' },
        240_000,
      );
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(
        `The data folder ${dir} is in use by another console-server process (pid ${process.pid})`,
      );
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      // The holder still works and keeps its lock.
      expect(await held.ping()).toBeGreaterThanOrEqual(0);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'console.lock'), 'utf8')).pid).toBe(process.pid);
    } finally {
      await held.close();
    }
    expect(fs.existsSync(path.join(dir, 'console.lock'))).toBe(false);
  });

  it('takes over a lock left by a dead process', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(
      path.join(dir, 'console.lock'),
      JSON.stringify({ pid: deadPid, host: os.hostname(), started_at: new Date(0).toISOString() }),
    );
    const lock = acquireDataDirLock(dir);
    try {
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'console.lock'), 'utf8')).pid).toBe(process.pid);
    } finally {
      lock.release();
    }
    expect(fs.existsSync(path.join(dir, 'console.lock'))).toBe(false);
  });

  it('keeps committed data across a restart and does not re-run migrations', async () => {
    const { database: first, dataDir: dir } = await templateCopy();
    await first.db.insertInto('configs').values({ name: 'kept', value: '1' }).execute();
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    try {
      expect(
        await second.db.selectFrom('configs').select('value').where('name', '=', 'kept').executeTakeFirst(),
      ).toEqual({ value: '1' });
      const versions = await second.db
        .selectFrom('schema_migrations')
        .select('version')
        .orderBy('version')
        .execute();
      // Each migration once: the second open applied nothing again.
      expect(versions).toEqual(MIGRATIONS.map((migration) => ({ version: migration.version })));
    } finally {
      await second.close();
    }
  });
});
