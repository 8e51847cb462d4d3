// Both engines: a killed node's leases return on each engine (support/harness.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { ingestMayarEvent } from '../src/intake/mayar/webhook.js';
import { intakeDb } from '../src/intake/tables.js';
import { entryArgs } from './support/process.js';
import { copyTestData, ENGINES, type EngineName, TEST_PASSWORD } from './support/harness.js';
import { forwardingRule, intakeFixture } from './support/intake.js';
import { startFakeGraph } from './fakes/graph.js';
import { mayarPayment } from './fakes/mayar.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const PURCHASES = 40;

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, entryArgs('main'), {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A child's stderr, kept so that a server that dies or stalls says why in the failure. */
function stderrOf(child: ChildProcess): () => string {
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

// Both engines: on PGlite the killed server leaves its folder lock and an unclean database; the restart must
// take both over (docs/adr/042-pglite-kill.md).
describe.each<EngineName>(ENGINES)('forwarder survives kill -9 on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    'a server killed mid-send leaves nothing undelivered: after a restart every purchase reaches Meta',
    {
      // A hang guard: two server starts and 40 sends through a 10 s receiver on a busy 2-core machine.
      timeout: 600_000,
    },
    async () => {
      // The send times out after 3 s and the receiver answers after 10 s: the kill lands mid-send even when this
      // busy process is late to deliver it (a kill after the timeout would schedule the retry minutes out).
      const graph = await startFakeGraph({ slowMs: 10_000 });
      cleanups.push(() => graph.close());
      // Not a first start: a copy of the run's migrated and seeded template (the secrets key file a server
      // generates beside the PGlite folder is removed with it).
      const data = await copyTestData(engine);
      cleanups.push(() => data.close());
      const env = data.env;
      const open = () =>
        openDatabase(data.databaseUrl ? { databaseUrl: data.databaseUrl } : { dataDir: data.dataDir! });

      // Purchases taken in (and their outbox rows queued) before the server starts.
      let database = await open();
      const fixture = await intakeFixture(database);
      const rule = await forwardingRule(database, fixture, { destination: 'meta_capi' });
      const ids: string[] = [];
      for (let index = 0; index < PURCHASES; index += 1) {
        const body = mayarPayment({
          productId: fixture.mayarProductId,
          createdAt: new Date(Date.now() - 3_600_000).toISOString(),
        });
        ids.push(body.data.id);
        await ingestMayarEvent(database.db, {
          accountId: fixture.accountId,
          rawBody: JSON.stringify(body),
          source: 'webhook',
          now: new Date(),
        });
      }
      await database.close();

      const serverEnv = {
        ...env,
        CONSOLE_DEMO: '0',
        CONSOLE_ADMIN_PASSWORD: TEST_PASSWORD,
        META_GRAPH_URL: graph.url,
        CONSOLE_FORWARDER_INTERVAL_MS: '200',
        CONSOLE_FORWARDER_TIMEOUT_MS: '3000',
        CONSOLE_FORWARDER_LEASE_MS: '2000',
        CONSOLE_MAYAR_RECONCILE_MINUTES: '0',
      };
      // The receiver is slow: the first batch is in flight when the server is killed.
      graph.setMode('slow');
      const first = startServer(serverEnv);
      cleanups.push(() => {
        first.kill('SIGKILL');
      });
      const firstStderr = stderrOf(first);
      // A first server that dies at start fails here with its stderr instead of waiting for the test's timeout.
      const sent = await Promise.race([
        graph.nextRequest().then(() => true),
        exited(first).then(() => false),
      ]);
      if (!sent) throw new Error(`the first server exited before sending (stderr: ${firstStderr()})`);
      first.kill('SIGKILL');
      await exited(first);
      if (engine === 'pglite') {
        // The killed server's lock is still there, naming a dead pid: the restart must take it over.
        const lock = JSON.parse(fs.readFileSync(path.join(data.dataDir!, 'console.lock'), 'utf8')) as {
          pid: number;
        };
        expect(lock.pid).toBe(first.pid);
      }

      graph.setMode('up');
      const second = startServer(serverEnv);
      const stderr = stderrOf(second);
      cleanups.push(() => {
        second.kill('SIGKILL');
      });
      const received = () =>
        new Set(
          graph.events
            .filter((entry) => entry.pixelId === fixture.pixelNumber)
            .map((entry) => entry.event.event_id),
        );
      await until(
        () => received().size === PURCHASES,
        480_000,
        `all purchases at Meta (stderr: ${stderr()})`,
      );
      second.kill('SIGTERM');
      await exited(second);

      expect(received()).toEqual(new Set(ids));
      // The batch in flight at the kill never completed, so each event reached Meta exactly once.
      expect(graph.events.filter((entry) => entry.pixelId === fixture.pixelNumber)).toHaveLength(PURCHASES);

      database = await open();
      try {
        const rows = await intakeDb(database.db)
          .selectFrom('forwarder_deliveries')
          .select(['status', 'source_key', 'attempts'])
          .where('forwarder_id', '=', String(rule))
          .execute();
        expect(rows).toHaveLength(PURCHASES);
        expect(rows.every((row) => row.status === 'delivered')).toBe(true);
        // The killed send counts as an attempt: the first batch was claimed by the killed server, then resent.
        expect(rows.some((row) => row.attempts === 2)).toBe(true);
      } finally {
        await database.close();
      }
    },
  );
});
