// The operator's page and the audit page (issue #29) on one engine (PostgreSQL): plain SQL both engines run alike.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationsOverview } from '@staff/console-contract';
import { NODE_ID, runOnce } from '../src/jobs/runOnce.js';
import { reportJobRun } from '../src/ops/jobRuns.js';
import { readConfig } from '../src/config.js';
import { recordBackupRun, startHeartbeat } from '../src/operations/nodes.js';
import { findUserByUsername } from '../src/services/users.js';
import {
  Client,
  ONE_ENGINE,
  freshAddress,
  setupTestApp,
  uniqueName,
  userWithKeys,
} from './support/harness.js';
import { forwardingRule, intakeFixture } from './support/intake.js';
import { waNumber } from './support/whatsapp.js';
import { parseCsv } from './support/resources.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The server's clock: far from the seeded data, so the 24-hour window holds only this file's rows. */
const NOW = new Date('2031-03-02T05:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

describe.each(ONE_ENGINE)('operations and audit API on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine, {
    server: { clock: () => NOW, heartbeat: { everyMs: 60_000 } },
  });
  let c: Client;
  let admin: string;
  let adminId: number;
  let reader: string;
  let outsider: string;
  const db = () => testDb.database.db;

  beforeAll(async () => {
    c = new Client(app, freshAddress());
    admin = await c.token('admin');
    adminId = (await findUserByUsername(db(), 'admin'))!.id;
    reader = await c.token(await userWithKeys(testDb.database, [{ key: 'admin_manage_user', read: true }]));
    outsider = await c.token(
      await userWithKeys(testDb.database, [{ key: 'statistics', read: true, write: true }]),
    );
  });

  const get = async (url: string, token = admin) => c.request({ method: 'GET', url, token });
  const overview = async (): Promise<OperationsOverview> => {
    const response = await get('/api/operations');
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const outboxOf = (view: OperationsOverview, name: string) => view.outboxes.find((o) => o.outbox === name)!;

  describe('outboxes', () => {
    let ruleId: number;
    let failedA: number;
    let failedB: number;
    let pendingOld: number;
    let failedMessage: number;
    let failedNotification: number;
    let before: OperationsOverview;

    beforeAll(async () => {
      before = await overview();
      const fixture = await intakeFixture(testDb.database);
      ruleId = await forwardingRule(testDb.database, fixture, { destination: 'meta_capi' });
      const delivery = async (key: string, status: string, created: Date) =>
        Number(
          (
            await sql<{ id: string }>`
              insert into forwarder_deliveries
                (forwarder_id, source_key, destination, payload, event_time, status, attempts, last_error, created_at)
              values (${ruleId}, ${key}, 'meta_capi', '{}', ${created}, ${status}, 5, 'Meta said no', ${created})
              returning id`.execute(db())
          ).rows[0]!.id,
        );
      failedA = await delivery(uniqueName('k'), 'failed', hoursAgo(3));
      failedB = await delivery(uniqueName('k'), 'dead', hoursAgo(2));
      // The oldest pending item of the whole outbox: 2001, before anything seeded.
      pendingOld = await delivery(uniqueName('k'), 'pending', new Date('2001-01-01T00:00:00Z'));
      // Its retry is due 10 s later (the forwarder's first step).
      await sql`update forwarder_deliveries set next_attempt_at = ${new Date('2001-01-01T00:00:10Z')}
        where id = ${pendingOld}`.execute(db());

      const { registryId } = await waNumber(testDb.database);
      const conversation = await sql<{ id: string }>`
        insert into wa_conversations (wa_registry_id, customer_wa_id, customer_name)
        values (${registryId}, '628123450001', 'Budi') returning id`.execute(db());
      const conversationId = conversation.rows[0]!.id;
      const message = async (direction: string, status: string) =>
        Number(
          (
            await sql<{ id: string }>`
              insert into wa_messages (conversation_id, direction, type, body, status, error, at, attempts, wamid)
              values (${conversationId}, ${direction}, 'text', 'Halo', ${status},
                ${status === 'failed' ? 'Number not on WhatsApp' : null}, ${NOW}, 2,
                ${status === 'failed' ? uniqueName('wamid') : null})
              returning id`.execute(db())
          ).rows[0]!.id,
        );
      failedMessage = await message('out', 'failed');
      await message('out', 'pending');
      await message('in', 'received');

      const pkg = await sql<{ id: string }>`
        insert into packages (order_ref, recipient_name, phone, address, qty, status, cust_notified)
        values (${uniqueName('ORD')}, 'Siti', '628123450002', 'Jl. Merdeka 1, Bandung', 1, 'Shipping', false)
        returning id`.execute(db());
      const notification = await sql<{ id: string }>`
        insert into package_notifications (package_id, phone, template, language, parameters, body, status, attempts, last_error)
        values (${pkg.rows[0]!.id}, '628123450002', 'package_shipped', 'id', '[]', 'Paket dikirim', 'failed', 5, 'Template rejected')
        returning id`.execute(db());
      failedNotification = Number(notification.rows[0]!.id);
    });

    it('counts each outbox: pending, failed, the oldest pending item with its age, and the next attempt', async () => {
      const after = await overview();
      const forwarder = outboxOf(after, 'forwarder');
      expect(forwarder.pending - outboxOf(before, 'forwarder').pending).toBe(1);
      expect(forwarder.failed - outboxOf(before, 'forwarder').failed).toBe(2);
      expect(forwarder.oldest_pending_at).toBe('2001-01-01T00:00:00.000Z');
      expect(forwarder.oldest_age_seconds).toBe((NOW.getTime() - Date.UTC(2001, 0, 1)) / 1000);
      // When the outbox next tries a waiting item.
      expect(forwarder.next_attempt_at).toBe('2001-01-01T00:00:10.000Z');
      const whatsapp = outboxOf(after, 'whatsapp');
      // The customer's message is no outbox item.
      expect(whatsapp.pending - outboxOf(before, 'whatsapp').pending).toBe(1);
      expect(whatsapp.failed - outboxOf(before, 'whatsapp').failed).toBe(1);
      expect(outboxOf(after, 'notifications').failed - outboxOf(before, 'notifications').failed).toBe(1);
    });

    it('lists the failed items with what they were for', async () => {
      const response = await get('/api/operations/outboxes/forwarder/failed?limit=100');
      expect(response.statusCode).toBe(200);
      const body = response.json() as Json;
      const ids = (body.items as Json[]).map((item) => item.id);
      expect(ids).toEqual(expect.arrayContaining([failedA, failedB]));
      expect(ids).not.toContain(pendingOld);
      const item = (body.items as Json[]).find((entry) => entry.id === failedA)!;
      expect(item).toMatchObject({ attempts: 5, error: 'Meta said no' });
      expect(item.target).toMatch(/^Rule-.* · meta_capi$/);
      expect(body.total).toBe(outboxOf(await overview(), 'forwarder').failed);
      const messages = (await get('/api/operations/outboxes/whatsapp/failed')).json() as Json;
      expect((messages.items as Json[]).find((entry) => entry.id === failedMessage)).toMatchObject({
        target: 'Budi · 628123450001',
        error: 'Number not on WhatsApp',
      });
    });

    it('replays exactly the failed item asked for, audited in the same transaction', async () => {
      const response = await c.request({
        method: 'POST',
        url: `/api/operations/outboxes/forwarder/${failedA}/replay`,
        token: admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ replayed: 1 });
      const rows = await sql<{ id: string; status: string; attempts: number; next_attempt_at: Date }>`
        select id, status, attempts, next_attempt_at from forwarder_deliveries
        where forwarder_id = ${ruleId} order by id`.execute(db());
      expect(rows.rows.map((row) => [Number(row.id), row.status, row.attempts])).toEqual([
        [failedA, 'pending', 0],
        [failedB, 'dead', 5],
        [pendingOld, 'pending', 5],
      ]);
      expect(rows.rows[0]!.next_attempt_at.toISOString()).toBe(NOW.toISOString());
      const audit = await sql<Json>`
        select actor_id, action, entity, entity_id, before, after from audit_log
        where entity = 'forwarder_deliveries' and entity_id = ${String(failedA)}`.execute(db());
      expect(audit.rows).toEqual([
        {
          actor_id: adminId,
          action: 'replay',
          entity: 'forwarder_deliveries',
          entity_id: String(failedA),
          before: { status: 'failed', attempts: 5, error: 'Meta said no' },
          after: { status: 'pending', attempts: 0 },
        },
      ]);
      // Now pending: a second replay is refused, and nothing more is audited.
      const again = await c.request({
        method: 'POST',
        url: `/api/operations/outboxes/forwarder/${failedA}/replay`,
        token: admin,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'NOT_FAILED' });
    });

    it('replays a failed WhatsApp message (a new send: the old message id is dropped) and a notification', async () => {
      const message = await c.request({
        method: 'POST',
        url: `/api/operations/outboxes/whatsapp/${failedMessage}/replay`,
        token: admin,
      });
      expect(message.statusCode).toBe(200);
      const row = await sql<Json>`
        select status, attempts, wamid, error from wa_messages where id = ${failedMessage}`.execute(db());
      expect(row.rows[0]).toEqual({ status: 'pending', attempts: 0, wamid: null, error: null });
      const notification = await c.request({
        method: 'POST',
        url: `/api/operations/outboxes/notifications/${failedNotification}/replay`,
        token: admin,
      });
      expect(notification.statusCode).toBe(200);
      const n = await sql<Json>`
        select status, attempts from package_notifications where id = ${failedNotification}`.execute(db());
      expect(n.rows[0]).toEqual({ status: 'pending', attempts: 0 });
    });

    it('answers 404 for an item the outbox does not have, 400 naming a bad outbox or id', async () => {
      const missing = await c.request({
        method: 'POST',
        url: '/api/operations/outboxes/forwarder/999999999/replay',
        token: admin,
      });
      expect(missing.statusCode).toBe(404);
      const bad = await c.request({
        method: 'POST',
        url: '/api/operations/outboxes/mail/1/replay',
        token: admin,
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys((bad.json() as Json).fields)).toEqual(['params.outbox']);
      const badId = await c.request({
        method: 'POST',
        url: '/api/operations/outboxes/whatsapp/x/replay',
        token: admin,
      });
      expect(badId.statusCode).toBe(400);
      expect(Object.keys((badId.json() as Json).fields)).toEqual(['params.id']);
    });
  });

  it('lists this node (heartbeat) as connected and a silent one as not', async () => {
    await sql`
      insert into cluster_nodes (node_id, hostname, pid, version, started_at, last_seen_at)
      values ('old-host:1:dead', 'old-host', 1, '0.9.0', now() - interval '2 hours', now() - interval '1 hour')
      on conflict (node_id) do nothing`.execute(db());
    const { nodes } = await overview();
    expect(nodes.find((node) => node.node_id === NODE_ID)).toMatchObject({ connected: true, current: true });
    expect(nodes.find((node) => node.node_id === 'old-host:1:dead')).toMatchObject({
      connected: false,
      current: false,
      hostname: 'old-host',
    });
  });

  it('shows a stopped node as not connected, and a new heartbeat as connected again', async () => {
    const heartbeat = startHeartbeat(db(), { everyMs: 60_000, version: '1.0.0', nodeId: 'app-9:9:stopping' });
    await heartbeat.ready;
    const node = async () => (await overview()).nodes.find((entry) => entry.node_id === 'app-9:9:stopping');
    expect(await node()).toMatchObject({ connected: true, current: false, version: '1.0.0' });
    await heartbeat.stop();
    expect(await node()).toMatchObject({ connected: false });
  });

  it('beats every 15 s by default, CONSOLE_HEARTBEAT_SECONDS sets it, 0 turns it off', () => {
    expect(readConfig({}).heartbeatSeconds).toBe(15);
    expect(readConfig({ CONSOLE_HEARTBEAT_SECONDS: '5' }).heartbeatSeconds).toBe(5);
    expect(readConfig({ CONSOLE_HEARTBEAT_SECONDS: '0' }).heartbeatSeconds).toBe(false);
    expect(() => readConfig({ CONSOLE_HEARTBEAT_SECONDS: 'often' })).toThrow(/CONSOLE_HEARTBEAT_SECONDS/);
  });

  it('shows each job: last run, result, duration, failures (runOnce across nodes, timers of this node)', async () => {
    const name = uniqueName('test:ops');
    await runOnce(db(), { name, everyMs: 0 }, async () => 'fine');
    await expect(
      runOnce(db(), { name, everyMs: 0 }, async () => {
        throw new Error('the fake service is down');
      }),
    ).rejects.toThrow('the fake service is down');
    const local = uniqueName('test:timer');
    reportJobRun({ job: local, ok: false, seconds: 0.25 });
    const { jobs } = await overview();
    expect(jobs.find((job) => job.job === name)).toMatchObject({
      runs: 2,
      failures: 1,
      consecutive_failures: 1,
      last_ok: false,
      last_error: 'the fake service is down',
      last_node: NODE_ID,
    });
    expect(jobs.find((job) => job.job === name)!.last_seconds).toBeGreaterThanOrEqual(0);
    expect(jobs.find((job) => job.job === local)).toMatchObject({
      runs: 1,
      failures: 1,
      last_ok: false,
      last_seconds: 0.25,
      last_node: NODE_ID,
    });
  });

  it('counts webhook intake per source over the last 24 hours by result', async () => {
    const fixture = await intakeFixture(testDb.database);
    const inbox = (status: string, at: Date, source = 'webhook') =>
      sql`insert into mayar_webhook_inbox (mayar_account_id, source, event, raw_body, status, received_at)
        values (${fixture.accountId}, ${source}, 'payment.received', '{}', ${status}, ${at})`.execute(db());
    await inbox('accepted', hoursAgo(1));
    await inbox('accepted', hoursAgo(23));
    await inbox('rejected', hoursAgo(2));
    await inbox('duplicate', hoursAgo(3));
    await inbox('accepted', hoursAgo(25)); // older than the window
    await inbox('accepted', hoursAgo(1), 'reconciliation'); // not a webhook call
    const { registryId } = await waNumber(testDb.database);
    const conversation = await sql<{ id: string }>`
      insert into wa_conversations (wa_registry_id, customer_wa_id) values (${registryId}, '628123450003')
      returning id`.execute(db());
    for (const at of [hoursAgo(1), hoursAgo(30)])
      await sql`insert into wa_messages (conversation_id, direction, type, body, status, at, created_at)
        values (${conversation.rows[0]!.id}, 'in', 'text', 'Halo', 'received', ${at}, ${at})`.execute(db());
    const { webhooks } = await overview();
    expect(webhooks).toEqual([
      {
        source: 'mayar',
        total: 4,
        results: [
          { result: 'accepted', count: 2 },
          { result: 'duplicate', count: 1 },
          { result: 'rejected', count: 1 },
        ],
      },
      { source: 'whatsapp', total: 1, results: [{ result: 'message', count: 1 }] },
    ]);
  });

  it('shows the last backup and the last good one', async () => {
    await recordBackupRun(db(), {
      ok: true,
      kind: 'postgres',
      file: '/backups/a.dump',
      bytes: 2048,
      ms: 120,
    });
    await recordBackupRun(db(), { ok: false, error: 'pg_dump: connection refused' });
    const { backup } = await overview();
    expect(backup.last).toMatchObject({ ok: false, error: 'pg_dump: connection refused', file: null });
    expect(backup.last_success).toMatchObject({
      ok: true,
      file: '/backups/a.dump',
      bytes: 2048,
      kind: 'postgres',
    });
  });

  describe('audit log', () => {
    const entity = uniqueName('ops_entity');
    let actorA: number;
    let actorB: number;

    beforeAll(async () => {
      const a = await userWithKeys(testDb.database, [{ key: 'statistics' }], uniqueName('auditor-a'));
      const b = await userWithKeys(testDb.database, [{ key: 'statistics' }], uniqueName('auditor-b'));
      actorA = (await findUserByUsername(db(), a))!.id;
      actorB = (await findUserByUsername(db(), b))!.id;
      const entry = (actor: number, action: string, at: string, before: unknown, after: unknown) =>
        sql`insert into audit_log (actor_id, action, entity, entity_id, before, after, ip, at)
          values (${actor}, ${action}, ${entity}, '7', ${JSON.stringify(before)}, ${JSON.stringify(after)}, '10.1.2.3', ${at})`.execute(
          db(),
        );
      // 2031-03-01 16:59:59Z is 23:59:59 WIB on 1 March; 17:00Z is midnight of 2 March in Jakarta.
      await entry(
        actorA,
        'update',
        '2031-03-01T16:59:59Z',
        { name: 'Lama', qty: 1 },
        { name: 'Baru', qty: 1 },
      );
      await entry(actorA, 'create', '2031-03-01T17:00:00Z', null, { name: 'Baru', qty: 2 });
      await entry(actorB, 'update', '2031-03-02T02:00:00Z', { qty: 2, city: 'Bandung' }, { qty: 3 });
    });

    const list = async (query: string, token = admin) => get(`/api/audit?entity=${entity}&${query}`, token);

    it('filters by user, entity, action and Jakarta days, newest first, with the total', async () => {
      const all = (await list('')).json() as Json;
      expect(all.total).toBe(3);
      expect((all.rows as Json[]).map((row) => [row.action, row.actor_id])).toEqual([
        ['update', actorB],
        ['create', actorA],
        ['update', actorA],
      ]);
      expect(all.rows[0]).toMatchObject({
        entity,
        entity_id: '7',
        before: { qty: 2, city: 'Bandung' },
        after: { qty: 3 },
        ip: '10.1.2.3',
      });
      expect(all.rows[0].actor_name).toMatch(/^Full auditor-b/);
      expect(((await list(`user=${actorA}`)).json() as Json).total).toBe(2);
      expect(((await list(`user=${actorA}&action=create`)).json() as Json).total).toBe(1);
      const firstOfMarch = (await list('from=2031-03-01&to=2031-03-01')).json() as Json;
      expect((firstOfMarch.rows as Json[]).map((row) => row.at)).toEqual(['2031-03-01T16:59:59.000Z']);
      expect(((await list('from=2031-03-02&to=2031-03-02')).json() as Json).total).toBe(2);
    });

    it('pages', async () => {
      const second = (await list('page=2&page_size=2')).json() as Json;
      expect(second).toMatchObject({ total: 3, page: 2, page_size: 2 });
      expect((second.rows as Json[]).map((row) => row.at)).toEqual(['2031-03-01T16:59:59.000Z']);
    });

    it('answers 400 naming the field for bad filters', async () => {
      const backwards = await list('from=2031-03-02&to=2031-03-01');
      expect(backwards.statusCode).toBe(400);
      expect(Object.keys((backwards.json() as Json).fields)).toEqual(['query.to']);
      const notADay = await list('from=2031-02-30');
      expect(notADay.statusCode).toBe(400);
      expect(Object.keys((notADay.json() as Json).fields)).toEqual(['query.from']);
      const hugeUser = await list('user=99999999999');
      expect(hugeUser.statusCode).toBe(400);
      expect(Object.keys((hugeUser.json() as Json).fields)).toEqual(['query.user']);
      const size = await list('page_size=500');
      expect(size.statusCode).toBe(400);
      expect(Object.keys((size.json() as Json).fields)).toEqual(['query.page_size']);
    });

    it('offers the entities, actions and users seen in the log', async () => {
      const facets = (await get('/api/audit/facets')).json() as Json;
      expect(facets.entities).toContain(entity);
      expect(facets.actions).toEqual(expect.arrayContaining(['create', 'update']));
      expect((facets.users as Json[]).map((user) => user.id)).toEqual(
        expect.arrayContaining([actorA, actorB]),
      );
    });

    it('exports CSV with one line per changed field, times in WIB', async () => {
      const response = await get(`/api/audit/export?entity=${entity}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      const [head, ...lines] = parseCsv(response.body.replace(/^\uFEFF/, ''));
      expect(head).toEqual([
        'Time (WIB)',
        'User',
        'Username',
        'Action',
        'Entity',
        'Record',
        'Field',
        'Before',
        'After',
        'IP',
      ]);
      expect(lines.map((line) => [line[0], line[3], line[6], line[7], line[8]])).toEqual([
        ['2031-03-02 09:00:00', 'update', 'qty', '2', '3'],
        ['2031-03-02 09:00:00', 'update', 'city', 'Bandung', ''],
        // jsonb keeps an object's keys shortest first.
        ['2031-03-02 00:00:00', 'create', 'qty', '', '2'],
        ['2031-03-02 00:00:00', 'create', 'name', '', 'Baru'],
        ['2031-03-01 23:59:59', 'update', 'name', 'Lama', 'Baru'],
      ]);
    });
  });

  it('refuses those without the administrator key (403), and replay to read-only administrators', async () => {
    for (const url of [
      '/api/operations',
      '/api/operations/outboxes/forwarder/failed',
      '/api/audit',
      '/api/audit/facets',
      '/api/audit/export',
    ])
      expect((await get(url, outsider)).statusCode, url).toBe(403);
    expect((await get('/api/operations', reader)).statusCode).toBe(200);
    expect((await get('/api/audit', reader)).statusCode).toBe(200);
    const replay = await c.request({
      method: 'POST',
      url: '/api/operations/outboxes/forwarder/1/replay',
      token: reader,
    });
    expect(replay.statusCode).toBe(403);
    expect((await get('/api/operations')).statusCode).toBe(200);
    expect((await c.request({ method: 'GET', url: '/api/operations' })).statusCode).toBe(401);
  });
});
