// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, getEntity } from '@staff/console-contract';
import { seedResourceDemo } from '../src/resources/demo.js';
import { RESOURCE_CHANGED_EVENT, type ResourceChangedPayload } from '../src/resources/push.js';
import { Client, ONE_ENGINE, freshAddress, setupTestApp, userWithKeys } from './support/harness.js';
import { countRows } from './support/resources.js';

type Row = Record<string, unknown>;
const KEY = 'transaction_package_tracking';

describe.each(ONE_ENGINE)('entity capabilities on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine, {
    prepare: async () => {
      // Demo rows of the two logistics tables only (the read-only one needs rows to read).
      await seedResourceDemo(testDb.database.db, {
        scale: 0.01,
        entities: [getEntity('packages')!, getEntity('package_events')!],
      });
    },
    listen: true,
  });
  let admin: string;
  const client = () => new Client(app, freshAddress());
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
    client().request({
      method,
      url,
      token,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const newPackage = async (token = admin, extra: Row = {}) => {
    const response = await api('POST', '/api/resources/packages', token, {
      order_ref: `INV-${Math.random().toString(36).slice(2, 10)}`,
      recipient_name: 'Siti Rahmawati',
      phone: '081322223333',
      address: 'Jl. Melati No. 12, Bandung',
      qty: 1,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Row;
  };

  beforeAll(async () => {
    admin = await client().token('admin');
  });

  it('walks a package Waiting → Ready to Ship → Shipping → Delivered, each step versioned and audited as the action', async () => {
    const row = await newPackage();
    expect(row).toMatchObject({ status: 'Waiting', version: 1, cust_notified: false, date_sent: null });
    const ready = await api('POST', `/api/resources/packages/${row.id}/actions/ready`, admin, { version: 1 });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'Ready to Ship', version: 2 });
    const shipped = await api('POST', `/api/resources/packages/${row.id}/actions/ship`, admin);
    expect(shipped.json()).toMatchObject({ status: 'Shipping', version: 3 });
    expect(shipped.json().date_sent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const delivered = await api('POST', `/api/resources/packages/${row.id}/actions/deliver`, admin, {});
    expect(delivered.json()).toMatchObject({ status: 'Delivered', version: 4 });
    expect(Date.parse(delivered.json().received_at as string)).not.toBeNaN();

    const history = (await api('GET', `/api/resources/packages/${row.id}/history`, admin)).json();
    expect(history.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'deliver',
      'ship',
      'ready',
      'create',
    ]);
    expect(history.entries[2].changes).toEqual([
      { field: 'status', before: 'Waiting', after: 'Ready to Ship' },
    ]);
  });

  it('refuses a transition from the wrong state (409 invalid_state) and a stale version (409 conflict), writing nothing', async () => {
    const row = await newPackage();
    const wrong = await api('POST', `/api/resources/packages/${row.id}/actions/deliver`, admin);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'invalid_state', ids: [row.id] });
    expect(wrong.json().message).toContain('Waiting');
    const stale = await api('POST', `/api/resources/packages/${row.id}/actions/ready`, admin, { version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'conflict', current: { id: row.id, version: 1 } });
    const unknown = await api('POST', `/api/resources/packages/${row.id}/actions/teleport`, admin);
    expect(unknown.statusCode).toBe(404);
    const badBody = await api('POST', `/api/resources/packages/${row.id}/actions/ready`, admin, {
      status: 'x',
    });
    expect(badBody.statusCode).toBe(400);
    const after = (await api('GET', `/api/resources/packages/${row.id}`, admin)).json();
    expect(after).toMatchObject({ status: 'Waiting', version: 1 });
    const audits = await sql<{ n: string }>`
      select count(*) as n from audit_log where entity = 'packages' and entity_id = ${String(row.id)}`.execute(
      testDb.database.db,
    );
    expect(audits.rows[0]!.n).toBe('1');
  });

  it('keeps the state field out of PATCH: it changes through the actions only', async () => {
    const row = await newPackage();
    const patched = await api('PATCH', `/api/resources/packages/${row.id}`, admin, {
      status: 'Delivered',
      version: 1,
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields.status[0]).toContain('Ready to ship');
  });

  it('runs a bulk action all or nothing, and pushes resource:changed for each row', async () => {
    const [a, b, c] = [await newPackage(), await newPackage(), await newPackage()];
    const port = (app.server.address() as AddressInfo).port;
    const socket: Socket = connect(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: admin },
    });
    const events: ResourceChangedPayload[] = [];
    socket.on(RESOURCE_CHANGED_EVENT, (payload: ResourceChangedPayload) => events.push(payload));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    try {
      // One of them already moved on: nothing changes.
      await api('POST', `/api/resources/packages/${c!.id}/actions/problem`, admin);
      const blocked = await api('POST', '/api/resources/packages/actions/ready', admin, {
        ids: [a!.id, c!.id],
      });
      expect(blocked.statusCode).toBe(200);
      const none = await api('POST', '/api/resources/packages/actions/deliver', admin, {
        ids: [a!.id, b!.id],
      });
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({ code: 'invalid_state' });
      expect(none.json().ids.sort()).toEqual([a!.id, b!.id].sort());
      const notified = await api('POST', '/api/resources/packages/actions/notify', admin, {
        ids: [a!.id, b!.id],
      });
      expect(notified.statusCode, notified.body).toBe(200);
      expect(notified.json()).toMatchObject({ count: 2 });
      for (const row of notified.json().rows as Row[]) {
        expect(row.cust_notified).toBe(true);
        expect(row.notified_at).not.toBeNull();
      }
      const single = await api('POST', '/api/resources/packages/actions/return', admin, { ids: [a!.id] });
      expect(single.statusCode).toBe(404);
      await expect
        .poll(() => events.filter((event) => event.entity === 'packages').map((event) => event.id))
        .toEqual(expect.arrayContaining([a!.id, b!.id, c!.id]));
    } finally {
      socket.close();
    }
  });

  it('checks the permission mode each action declares, on the server', async () => {
    const row = await newPackage();
    const reader = await client().token(await userWithKeys(testDb.database, [{ key: KEY, read: true }]));
    const denied = await api('POST', `/api/resources/packages/${row.id}/actions/ready`, reader);
    expect(denied.statusCode).toBe(403);
    const writer = await client().token(
      await userWithKeys(testDb.database, [{ key: KEY, read: true, write: true }]),
    );
    expect((await api('POST', `/api/resources/packages/${row.id}/actions/ready`, writer)).statusCode).toBe(
      200,
    );
    const outsider = await client().token(await userWithKeys(testDb.database, [{ key: 'statistics' }]));
    expect((await api('POST', `/api/resources/packages/${row.id}/actions/ship`, outsider)).statusCode).toBe(
      403,
    );
    expect(
      (await client().request({ method: 'POST', url: `/api/resources/packages/${row.id}/actions/ship` }))
        .statusCode,
    ).toBe(401);
  });

  it('a read-only entity lists, reads, exports and shows history; every write route answers 405 READ_ONLY', async () => {
    const def = getEntity('package_events')!;
    expect(def.access).toBe('read-only');
    const before = await countRows(testDb.database, def.name);
    expect(before).toBeGreaterThan(0);
    const list = await api('GET', '/api/resources/package_events?limit=2', admin);
    expect(list.statusCode).toBe(200);
    const first = (list.json().rows as Row[])[0]!;
    expect((await api('GET', `/api/resources/package_events/${first.id}`, admin)).statusCode).toBe(200);
    expect((await api('GET', `/api/resources/package_events/${first.id}/history`, admin)).statusCode).toBe(
      200,
    );
    const csv = await api('GET', '/api/resources/package_events?format=csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');

    const writes: [method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown][] = [
      [
        'POST',
        '/api/resources/package_events',
        { package_id: 1, at: '2026-10-01T00:00:00Z', description: 'x' },
      ],
      ['PATCH', `/api/resources/package_events/${first.id}`, { description: 'y', version: 1 }],
      ['DELETE', `/api/resources/package_events/${first.id}`],
      ['POST', '/api/resources/package_events/bulk-delete', { ids: [first.id] }],
      ['POST', '/api/resources/package_events/upsert', { description: 'z' }],
      ['POST', `/api/resources/package_events/${first.id}/restore`],
    ];
    // The same answer for everyone signed in, whatever their keys: the entity is read-only.
    const reader = await client().token(await userWithKeys(testDb.database, [{ key: KEY, read: true }]));
    for (const token of [admin, reader]) {
      for (const [method, url, body] of writes) {
        const response = await api(method, url, token, body);
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.json()).toMatchObject({ code: 'READ_ONLY' });
      }
    }
    expect(await countRows(testDb.database, def.name)).toBe(before);
    expect(
      (await client().request({ method: 'DELETE', url: `/api/resources/package_events/${first.id}` }))
        .statusCode,
    ).toBe(401);
  });

  it('every action of every entity is offered in OpenAPI', async () => {
    const document = (await client().get('/api/openapi.json')).json() as { paths: Record<string, unknown> };
    for (const def of ENTITIES)
      for (const action of def.actions ?? [])
        expect(
          document.paths[`/api/resources/${def.name}/{id}/actions/${action.name}`],
          action.name,
        ).toBeDefined();
  });
});
