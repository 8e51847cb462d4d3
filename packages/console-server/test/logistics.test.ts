// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
// Logistics on both engines: the status flow and its permissions, receipts in bulk (unique per courier, 400
// naming the row, all or nothing), receipt confirmation, packing labels (the PDF parsed), the intake's packages,
// courier tracking through the fake (not yet trackable is a state; delivered moves the package; once across
// nodes) and the customer-notification outbox.
import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce } from '../src/jobs/runOnce.js';
import {
  type MessageSender,
  type OutgoingMessage,
  SendError,
  drainNotifications,
} from '../src/logistics/notify.js';
import { pollTracking } from '../src/logistics/tracking.js';
import { createCourierTrackingApi } from '../src/logistics/courier.js';
import type { AnyDb } from '../src/resources/query.js';
import { type FakeCourier, startFakeCourier } from './fakes/courier.js';
import { startFakeWhatsApp } from './fakes/whatsapp.js';
import { whatsAppMessageSender } from '../src/logistics/whatsapp.js';
import { mayarPayment } from './fakes/mayar.js';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  freshAddress,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';
import { type IntakeFixture, intakeFixture } from './support/intake.js';

type Row = Record<string, unknown> & { id: number; version: number };
const NOW = new Date('2026-11-20T03:00:00.000Z'); // 10:00 in Jakarta

/** Text shown by a PDF's content streams (pdfkit writes WinAnsi hex strings in TJ arrays). */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const bytes = Buffer.from(match[1]!, 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      parts.push(
        [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
          .join(''),
      );
  }
  return parts.join('\n');
}

export const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;

describe.each(ONE_ENGINE)('logistics on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let courier: FakeCourier;
  let admin: string;
  let reader: string;
  let writer: string;
  let fixture: IntakeFixture;
  let n = 0;
  const db = () => testDb.database.db as unknown as AnyDb;
  const client = () => new Client(app, freshAddress());
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
    client().request({
      method,
      url,
      token,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  async function newPackage(values: Record<string, unknown> = {}): Promise<Row> {
    n += 1;
    const response = await call('POST', '/api/resources/packages', admin, {
      order_ref: `LT-${engine}-${n}`,
      recipient_name: `Ayu ${n}`,
      phone: '081234567890',
      address: `Jl. Merdeka ${n}, Jakarta Pusat`,
      qty: 2,
      ...values,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Row;
  }
  const act = async (row: Row, action: string, token = writer) =>
    call('POST', `/api/resources/packages/${row.id}/actions/${action}`, token, {});
  const read = async (id: number) =>
    (await call('GET', `/api/resources/packages/${id}`, admin)).json() as Row;

  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    courier = await startFakeCourier();
    app = await testServer(testDb.database, {
      clock: () => NOW,
      logistics: { courierTrackingUrl: courier.url },
    });
    admin = await client().token('admin');
    reader = await client().token(
      await userWithKeys(testDb.database, [{ key: 'transaction_package_tracking', read: true }]),
    );
    writer = await client().token(
      await userWithKeys(testDb.database, [{ key: 'transaction_package_tracking', read: true, write: true }]),
    );
    fixture = await intakeFixture(testDb.database);
  });
  afterAll(async () => {
    await app?.close();
    await courier?.close();
    await testDb?.close();
  });

  it('moves Waiting → Ready to Ship → Shipping → Delivered by actions that need write and are audited', async () => {
    const row = await newPackage();
    expect(row.status).toBe('Waiting');
    expect((await act(row, 'ready', reader)).statusCode).toBe(403);
    expect((await read(row.id)).status).toBe('Waiting');
    expect((await act(row, 'ship')).statusCode).toBe(409);
    for (const [action, status] of [
      ['ready', 'Ready to Ship'],
      ['ship', 'Shipping'],
    ] as const) {
      const response = await act(row, action);
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as Row).status).toBe(status);
    }
    // Shipped today in Jakarta.
    expect((await read(row.id)).date_sent).toBe('2026-11-20');
    const confirmed = await call('POST', '/api/logistics/confirm', writer, {
      ids: [row.id],
      receiver_name: 'Satpam Budi',
      received_date: '2026-11-19',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const delivered = await read(row.id);
    expect(delivered).toMatchObject({ status: 'Delivered', receiver_name: 'Satpam Budi' });
    expect(delivered.received_at).toBe('2026-11-19T05:00:00.000Z');
    const audit = await sql<{ action: string }>`
      select action from audit_log where entity = 'packages' and entity_id = ${String(row.id)} order by id`.execute(
      testDb.database.db,
    );
    expect(audit.rows.map((entry) => entry.action)).toEqual(['create', 'ready', 'ship', 'confirm']);
    const other = await newPackage();
    expect((await act(other, 'problem')).statusCode).toBe(200);
    expect((await act(other, 'ready')).statusCode).toBe(200);
  });

  it('confirms in bulk only packages in Shipping, all or none; refuses a day after today and bad input with 400', async () => {
    const [a, b, c] = [await newPackage(), await newPackage(), await newPackage()];
    for (const row of [a, b]) for (const action of ['ready', 'ship']) await act(row, action);
    const refused = await call('POST', '/api/logistics/confirm', writer, {
      ids: [a.id, b.id, c.id],
      receiver_name: 'Rina',
      received_date: '2026-11-20',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'invalid_state', ids: [c.id] });
    expect((await read(a.id)).status).toBe('Shipping');
    const future = await call('POST', '/api/logistics/confirm', writer, {
      ids: [a.id],
      receiver_name: 'Rina',
      received_date: '2026-11-21',
    });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json().fields)).toEqual(['body.received_date']);
    const blank = await call('POST', '/api/logistics/confirm', writer, {
      ids: [a.id],
      receiver_name: ' ',
      received_date: '2026-02-30',
    });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().fields).sort()).toEqual(['body.received_date', 'body.receiver_name']);
    expect(
      (
        await call('POST', '/api/logistics/confirm', reader, {
          ids: [a.id],
          receiver_name: 'R',
          received_date: '2026-11-20',
        })
      ).statusCode,
    ).toBe(403);
    const ok = await call('POST', '/api/logistics/confirm', writer, {
      ids: [a.id, b.id],
      receiver_name: 'Rina',
      received_date: '2026-11-20',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().count).toBe(2);
    expect((await read(b.id)).received_at).toBe(NOW.toISOString());
  });

  describe('receipts in bulk', () => {
    it('records courier and receipt by id or order number, upper-cased, audited', async () => {
      const [a, b] = [await newPackage(), await newPackage()];
      const response = await call('POST', '/api/logistics/receipts', writer, {
        rows: [
          { id: a.id, courier: 'jne', receipt: ' jne0012345678 ' },
          { order_ref: b.order_ref, courier: 'sicepat', receipt: '000123456789' },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await read(a.id)).toMatchObject({ courier: 'jne', receipt: 'JNE0012345678' });
      expect(await read(b.id)).toMatchObject({ courier: 'sicepat', receipt: '000123456789' });
      const audit = await sql<{ n: string }>`
        select count(*) as n from audit_log where entity = 'packages' and action = 'receipt' and entity_id in (${String(a.id)}, ${String(b.id)})`.execute(
        testDb.database.db,
      );
      expect(Number(audit.rows[0]!.n)).toBe(2);
    });

    it('refuses with 400 naming the row: bad format, unknown courier or order, a twin in the batch or at another package; nothing is written', async () => {
      const [a, b, c] = [await newPackage(), await newPackage(), await newPackage()];
      await call('POST', '/api/logistics/receipts', writer, {
        rows: [{ id: c.id, courier: 'jnt', receipt: 'JP1234567890' }],
      });
      const cases: [unknown[], string][] = [
        [
          [
            { id: a.id, courier: 'jne', receipt: 'OK12345678' },
            { id: b.id, courier: 'jne', receipt: 'has space 1' },
          ],
          'body.rows.1.receipt',
        ],
        [[{ id: a.id, courier: 'dhl', receipt: 'OK12345678' }], 'body.rows.0.courier'],
        [[{ order_ref: 'NO-SUCH-ORDER', courier: 'jne', receipt: 'OK12345678' }], 'body.rows.0.order_ref'],
        [
          [
            { id: a.id, courier: 'jne', receipt: 'TWIN123456' },
            { id: b.id, courier: 'jne', receipt: 'twin123456' },
          ],
          'body.rows.1.receipt',
        ],
        [[{ id: a.id, courier: 'jnt', receipt: 'jp1234567890' }], 'body.rows.0.receipt'],
        [
          [
            { id: a.id, courier: 'jne', receipt: 'OK12345678' },
            { id: a.id, courier: 'jne', receipt: 'OK12345679' },
          ],
          'body.rows.1.id',
        ],
      ];
      for (const [rows, field] of cases) {
        const response = await call('POST', '/api/logistics/receipts', writer, { rows });
        expect(response.statusCode, `${JSON.stringify(rows)} → ${response.body}`).toBe(400);
        expect(Object.keys(response.json().fields), response.body).toEqual([field]);
      }
      expect((await read(a.id)).receipt ?? null).toBeNull();
      expect((await read(b.id)).receipt ?? null).toBeNull();
      // The same number at another courier is another parcel.
      const other = await call('POST', '/api/logistics/receipts', writer, {
        rows: [{ id: a.id, courier: 'jne', receipt: 'JP1234567890' }],
      });
      expect(other.statusCode, other.body).toBe(200);
      expect(
        (
          await call('POST', '/api/logistics/receipts', reader, {
            rows: [{ id: b.id, courier: 'jne', receipt: 'RD12345678' }],
          })
        ).statusCode,
      ).toBe(403);
    });

    it("checks the receipt against its courier's form: a 400 naming the field and the expected form", async () => {
      const [a, b] = [await newPackage(), await newPackage()];
      const response = await call('POST', '/api/logistics/receipts', writer, {
        rows: [
          { id: a.id, courier: 'sicepat', receipt: '000123456789' },
          { id: b.id, courier: 'sicepat', receipt: 'JP1234567890' },
        ],
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual({
        'body.rows.1.receipt': ['A SiCepat receipt is 12 digits, e.g. 000123456789'],
      });
      expect((await read(a.id)).receipt ?? null).toBeNull();
      const ninja = await call('POST', '/api/logistics/receipts', writer, {
        rows: [{ id: b.id, courier: 'ninja', receipt: '000123456789' }],
      });
      expect(ninja.json().fields['body.rows.0.receipt'][0]).toMatch(
        /^A Ninja Xpress receipt is NLID or NVID/,
      );
      const right = await call('POST', '/api/logistics/receipts', writer, {
        rows: [
          { id: a.id, courier: 'sicepat', receipt: '000987650001' },
          { id: b.id, courier: 'ninja', receipt: 'nlidap98765432' },
        ],
      });
      expect(right.statusCode, right.body).toBe(200);
      expect((await read(b.id)).receipt).toBe('NLIDAP98765432');
    });
  });

  it('checks an edited receipt against its courier, as the bulk entry does (400 naming receipt, nothing written)', async () => {
    const row = await newPackage({ courier: 'sicepat' });
    const refused = await call('PATCH', `/api/resources/packages/${row.id}`, admin, {
      receipt: '00012345',
      version: row.version,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json() as { fields: Record<string, string[]> }).fields.receipt).toEqual([
      'A SiCepat receipt is 12 digits, e.g. 000123456789',
    ]);
    expect((await read(row.id as number)).receipt).toBeNull();
    // Changing the courier is checked against the stored receipt too.
    const fits = await call('PATCH', `/api/resources/packages/${row.id}`, admin, {
      receipt: `9${String(Date.now()).slice(-11)}`,
      version: row.version,
    });
    expect(fits.statusCode, fits.body).toBe(200);
    const moved = await call('PATCH', `/api/resources/packages/${row.id}`, admin, {
      courier: 'ninja',
      version: (fits.json() as Row).version,
    });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(Object.keys((moved.json() as { fields: Record<string, string[]> }).fields)).toEqual(['receipt']);
  });

  it('prints packing labels as a PDF: a page per package with recipient, phone, address, items, receipt and order', async () => {
    const a = await newPackage({ recipient_name: 'Siti Rahma', address: 'Jl. Kenanga 7, Bandung' });
    const b = await newPackage({ recipient_name: 'Dewi Lestari', phone: '085712345678' });
    await call('POST', '/api/logistics/receipts', writer, {
      rows: [{ id: a.id, courier: 'anteraja', receipt: 'AR100200300' }],
    });
    const response = await call('GET', `/api/logistics/labels.pdf?ids=${a.id},${b.id}`, reader);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(2);
    const text = pdfText(pdf);
    for (const expected of [
      'Siti Rahma',
      'Telp. 6281234567890',
      'Jl. Kenanga 7, Bandung',
      'x 2',
      'AnterAja',
      'Resi AR100200300',
      a.order_ref as string,
      'Dewi Lestari',
      b.order_ref as string,
    ])
      expect(text).toContain(expected);
    expect((await call('GET', '/api/logistics/labels.pdf?ids=999999', reader)).statusCode).toBe(404);
    const bad = await call('GET', '/api/logistics/labels.pdf?ids=1;drop', reader);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['query.ids']);
  });

  it('the intake makes one package per paid purchase of a product that ships', async () => {
    const post = (body: unknown) =>
      client().request({
        method: 'POST',
        url: `/api/webhooks/mayar/${fixture.accountId}?token=${encodeURIComponent(fixture.token)}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const packagesOf = async (mayarId: string) =>
      (
        await sql<{ order_ref: string; recipient_name: string; phone: string; status: string }>`
        select k.order_ref, k.recipient_name, k.phone, k.status from packages k join purchases p on p.id = k.purchase_id
        where p.mayar_id = ${mayarId}`.execute(testDb.database.db)
      ).rows;
    // A product that does not ship: no package.
    const ebook = mayarPayment({ productId: fixture.mayarProductId });
    expect((await post(ebook)).statusCode).toBe(200);
    expect(await packagesOf(ebook.data.id)).toEqual([]);
    await sql`update products set ships_package = true where id = ${fixture.productId}`.execute(
      testDb.database.db,
    );
    const unpaid = mayarPayment({
      productId: fixture.mayarProductId,
      transactionStatus: 'created',
      event: 'payment.reminder',
    });
    expect((await post(unpaid)).statusCode).toBe(200);
    expect(await packagesOf(unpaid.data.id)).toEqual([]);
    const paid = mayarPayment({ productId: fixture.mayarProductId, customerName: 'Budi Santoso' });
    expect((await post(paid)).statusCode).toBe(200);
    expect((await post(paid)).statusCode).toBe(200);
    expect(await packagesOf(paid.data.id)).toEqual([
      {
        order_ref: paid.data.transactionId,
        recipient_name: 'Budi Santoso',
        phone: expect.any(String),
        status: 'Waiting',
      },
    ]);
    // The reminder paid later (newer updatedAt) makes its package then, once.
    const later = {
      ...unpaid,
      event: 'payment.received',
      data: { ...unpaid.data, transactionStatus: 'paid', updatedAt: '2026-11-20T10:00:00.000Z' },
    };
    expect((await post(later)).statusCode).toBe(200);
    expect(await packagesOf(unpaid.data.id)).toHaveLength(1);
  });

  describe('courier tracking', () => {
    const api = () => createCourierTrackingApi({ baseUrl: courier.url });
    async function shipping(receipt: string): Promise<Row> {
      const row = await newPackage();
      await call('POST', '/api/logistics/receipts', writer, {
        rows: [{ id: row.id, courier: 'jne', receipt }],
      });
      for (const action of ['ready', 'ship']) await act(row, action);
      return read(row.id);
    }

    it("Mayar shipper.status events update the package's tracking and status: once, and an older event changes nothing", async () => {
      const row = await shipping('SHP000000001');
      const post = (data: Record<string, unknown>) =>
        client().request({
          method: 'POST',
          url: `/api/webhooks/mayar/${fixture.accountId}?token=${encodeURIComponent(fixture.token)}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ event: 'shipper.status', data }),
        });
      const tracking = async () =>
        (await call('GET', `/api/logistics/packages/${row.id}/tracking`, reader)).json();
      const moving = {
        id: `shp-${engine}-1`,
        courier: 'JNE',
        waybillId: 'shp000000001',
        status: 'dropping_off',
        note: 'Paket sedang diantar',
        updatedAt: '2026-11-20T02:00:00.000Z',
      };
      expect((await post(moving)).statusCode).toBe(200);
      expect((await post(moving)).statusCode).toBe(200); // a repeat is a duplicate in the inbox
      expect(await tracking()).toMatchObject({
        state: 'in_transit',
        courier_status: 'dropping_off',
        events: [{ at: '2026-11-20T02:00:00.000Z', description: 'Mayar: Paket sedang diantar' }],
      });
      expect((await read(row.id)).status).toBe('Shipping');
      const delivered = {
        ...moving,
        status: 'delivered',
        note: 'Diterima oleh YANTI',
        updatedAt: '2026-11-20T02:45:00.000Z',
      };
      expect((await post(delivered)).statusCode).toBe(200);
      expect(await read(row.id)).toMatchObject({
        status: 'Delivered',
        received_at: '2026-11-20T02:45:00.000Z',
      });
      // Arriving late, an older event neither adds history nor changes the state.
      const stale = {
        ...moving,
        status: 'on_hold',
        note: 'Alamat tidak ditemukan',
        updatedAt: '2026-11-20T02:30:00.000Z',
      };
      expect((await post(stale)).statusCode).toBe(200);
      const after = await tracking();
      expect(after.state).toBe('delivered');
      expect(after.events.map((event: { description: string }) => event.description)).toEqual([
        'Mayar: Diterima oleh YANTI',
        'Mayar: Paket sedang diantar',
      ]);
      const inbox = await sql<{ status: string }>`select status from mayar_webhook_inbox
        where event = 'shipper.status' and data_id = ${moving.id} order by id`.execute(testDb.database.db);
      expect(inbox.rows.map((entry) => entry.status)).toEqual([
        'accepted',
        'duplicate',
        'accepted',
        'accepted',
      ]);
    });

    it('"not yet trackable" is a state; then the courier\'s events are kept once and delivered moves the package', async () => {
      const row = await shipping('TRK000000001');
      const first = await call('POST', `/api/logistics/packages/${row.id}/tracking`, writer);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ state: 'not_trackable_yet', events: [] });
      expect((await read(row.id)).status).toBe('Shipping');
      courier.set('jne', 'TRK000000001', {
        status: 'dropping_off',
        history: [
          { note: 'Paket diterima kurir', status: 'picked', updated_at: '2026-11-20T01:00:00.000Z' },
          { note: 'Paket sedang diantar', status: 'dropping_off', updated_at: '2026-11-20T02:00:00.000Z' },
        ],
      });
      const moving = await call('POST', `/api/logistics/packages/${row.id}/tracking`, writer);
      expect(moving.json()).toMatchObject({ state: 'in_transit', courier_status: 'dropping_off' });
      expect(moving.json().events).toHaveLength(2);
      courier.set('jne', 'TRK000000001', {
        status: 'delivered',
        history: [
          { note: 'Paket diterima kurir', status: 'picked', updated_at: '2026-11-20T01:00:00.000Z' },
          { note: 'Paket sedang diantar', status: 'dropping_off', updated_at: '2026-11-20T02:00:00.000Z' },
          { note: 'Diterima oleh YANTI', status: 'delivered', updated_at: '2026-11-20T02:45:00.000Z' },
        ],
      });
      const done = await call('POST', `/api/logistics/packages/${row.id}/tracking`, writer);
      expect(done.json()).toMatchObject({ state: 'delivered' });
      expect(done.json().events.map((event: { description: string }) => event.description)).toEqual([
        'Diterima oleh YANTI',
        'Paket sedang diantar',
        'Paket diterima kurir',
      ]);
      expect(await read(row.id)).toMatchObject({
        status: 'Delivered',
        received_at: '2026-11-20T02:45:00.000Z',
      });
      // The events are the read-only entity's too.
      const events = await call('GET', `/api/resources/package_events?f.package_id.eq=${row.id}`, reader);
      expect(events.json().total).toBe(3);
      expect((await call('POST', `/api/logistics/packages/${row.id}/tracking`, reader)).statusCode).toBe(403);
    });

    it('a courier outage is recorded as the state "error" (502 to a look-up), and the poll goes on', async () => {
      const row = await shipping('TRK000000002');
      courier.failNext(1);
      const failed = await call('POST', `/api/logistics/packages/${row.id}/tracking`, writer);
      expect(failed.statusCode).toBe(502);
      const state = await call('GET', `/api/logistics/packages/${row.id}/tracking`, reader);
      expect(state.json()).toMatchObject({ state: 'error' });
      expect((await read(row.id)).status).toBe('Shipping');
    });

    it('the poll runs once across nodes and moves every due package in Shipping', async () => {
      const row = await shipping('TRK000000003');
      courier.set('jne', 'TRK000000003', {
        status: 'returned',
        history: [
          { note: 'Dikembalikan ke pengirim', status: 'returned', updated_at: '2026-11-20T02:00:00.000Z' },
        ],
      });
      const job = { name: `logistics:tracking:test-${engine}`, everyMs: 60_000 };
      const later = new Date(NOW.getTime() + 24 * 3_600_000);
      const outcomes = await Promise.all(
        ['node-a', 'node-b'].map((holder) =>
          runOnce(testDb.database.db, { ...job, holder }, () => pollTracking(db(), api(), later)),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
      expect((await read(row.id)).status).toBe('Returned');
    });
  });

  describe('customer notification outbox', () => {
    /** The narrow interface the outbox sends through, recording what it was asked to send. */
    function recordingSender(
      fail?: (to: string) => SendError | null,
    ): MessageSender & { sent: OutgoingMessage[] } {
      const sent: OutgoingMessage[] = [];
      return {
        sent,
        send: async (message) => {
          const error = fail?.(message.to);
          if (error) throw error;
          sent.push(message);
          return { id: `wamid.${sent.length}` };
        },
      };
    }
    async function sentPackage(): Promise<Row> {
      const row = await newPackage({ recipient_name: 'Budi', phone: '0812-3456-7890' });
      await call('POST', '/api/logistics/receipts', writer, {
        rows: [{ id: row.id, courier: 'jne', receipt: `JNE${row.id}00000` }],
      });
      return read(row.id);
    }

    it('queues a message per package, sends it once, and marks the package notified (audited)', async () => {
      const noReceipt = await newPackage();
      const refused = await call('POST', '/api/logistics/notify', writer, { ids: [noReceipt.id] });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fields)).toEqual(['body.ids.0']);
      const row = await sentPackage();
      expect((await call('POST', '/api/logistics/notify', reader, { ids: [row.id] })).statusCode).toBe(403);
      const queued = await call('POST', '/api/logistics/notify', writer, { ids: [row.id] });
      expect(queued.json()).toEqual({ queued: 1, ids: [row.id] });
      // Asking again while one waits queues nothing more.
      expect((await call('POST', '/api/logistics/notify', writer, { ids: [row.id] })).json().queued).toBe(0);
      const sender = recordingSender();
      const drains = await Promise.all(
        [0, 1].map(() => drainNotifications(db(), sender, { now: () => NOW })),
      );
      expect(drains.reduce((sum, drain) => sum + drain.sent, 0)).toBe(1);
      expect(sender.sent).toEqual([
        {
          to: '6281234567890',
          template: 'package_shipped',
          language: 'id',
          parameters: ['Budi', 'JNE', `JNE${row.id}00000`, `${courier.url}/tracking/jne/JNE${row.id}00000`],
          body: `Halo Budi, paket Anda sudah dikirim dengan JNE, nomor resi JNE${row.id}00000. Lacak paket: ${courier.url}/tracking/jne/JNE${row.id}00000`,
        },
      ]);
      expect(await read(row.id)).toMatchObject({ cust_notified: true, notified_at: NOW.toISOString() });
      const list = await call('GET', `/api/logistics/notifications?package_id=${row.id}`, reader);
      expect(list.json().data).toMatchObject([{ status: 'sent', attempts: 1, last_error: null }]);
    });

    it('a refused message is shown as failed with why, and sent when staff retry it', async () => {
      const row = await sentPackage();
      await call('POST', '/api/logistics/notify', writer, { ids: [row.id] });
      const refusing = recordingSender(() => new SendError('(#131026) Message undeliverable', false));
      const first = await drainNotifications(db(), refusing, { now: () => NOW });
      expect(first).toMatchObject({ failed: 1, sent: 0 });
      const failed = await call('GET', '/api/logistics/notifications?status=failed', reader);
      const entry = (failed.json().data as { id: number; package_id: number; last_error: string }[]).find(
        (item) => item.package_id === row.id,
      )!;
      expect(entry.last_error).toBe('(#131026) Message undeliverable');
      expect((await read(row.id)).cust_notified).toBe(false);
      expect((await call('POST', `/api/logistics/notifications/${entry.id}/retry`, reader)).statusCode).toBe(
        403,
      );
      expect((await call('POST', `/api/logistics/notifications/${entry.id}/retry`, writer)).statusCode).toBe(
        200,
      );
      expect((await call('POST', `/api/logistics/notifications/${entry.id}/retry`, writer)).statusCode).toBe(
        404,
      );
      const sender = recordingSender();
      expect(await drainNotifications(db(), sender, { now: () => NOW })).toMatchObject({ sent: 1 });
      expect((await read(row.id)).cust_notified).toBe(true);
    });

    it('an unreachable WhatsApp is retried later with backoff, not failed', async () => {
      const row = await sentPackage();
      await call('POST', '/api/logistics/notify', writer, { ids: [row.id] });
      const down = recordingSender(() => new SendError('Unreachable', true));
      expect(await drainNotifications(db(), down, { now: () => NOW, random: () => 0 })).toMatchObject({
        retrying: 1,
      });
      // Not due yet at the same instant; due after the first delay (30 s).
      expect((await drainNotifications(db(), recordingSender(), { now: () => NOW })).claimed).toBe(0);
      const later = new Date(NOW.getTime() + 31_000);
      expect(await drainNotifications(db(), recordingSender(), { now: () => later })).toMatchObject({
        sent: 1,
      });
    });

    it('sends the template through the WhatsApp adapter from the Notification number (the fake received it)', async () => {
      const fake = await startFakeWhatsApp({ accessToken: 'EAAG-logistics' });
      try {
        const sender = whatsAppMessageSender(testDb.database.db, {
          baseUrl: fake.url,
          version: fake.version,
        });
        const row = await sentPackage();
        await call('POST', '/api/logistics/notify', writer, { ids: [row.id] });
        // No Notification number yet: kept pending, tried again later.
        const none = await drainNotifications(db(), sender, { now: () => NOW, random: () => 0 });
        expect(none).toMatchObject({ retrying: 1, sent: 0 });
        const registry = await call('POST', '/api/resources/wa_registries', admin, {
          name: `Notifikasi ${engine}`,
          phone: '6281100000001',
          purpose: 'notification',
          provider: 'cloud_api',
          provider_token: 'EAAG-logistics',
          active: true,
        });
        expect(registry.statusCode, registry.body).toBe(201);
        const later = new Date(NOW.getTime() + 60_000);
        expect(await drainNotifications(db(), sender, { now: () => later })).toMatchObject({ sent: 1 });
        expect(fake.sent).toMatchObject([
          {
            phoneNumberId: '6281100000001',
            to: '6281234567890',
            type: 'template',
            template: {
              name: 'package_shipped',
              language: 'id',
              parameters: [
                'Budi',
                'JNE',
                `JNE${row.id}00000`,
                `${courier.url}/tracking/jne/JNE${row.id}00000`,
              ],
            },
          },
        ]);
        expect((await read(row.id)).cust_notified).toBe(true);
        // Meta refusing the number: failed with Meta's words, not retried by itself.
        const refused = await sentPackage();
        await call('POST', '/api/logistics/notify', writer, { ids: [refused.id] });
        fake.setMode('reject', 131026);
        expect(await drainNotifications(db(), sender, { now: () => later })).toMatchObject({ failed: 1 });
        const failed = await call('GET', `/api/logistics/notifications?package_id=${refused.id}`, reader);
        expect(failed.json().data[0].last_error).toMatch(/131026/);
      } finally {
        await fake.close();
      }
    });
  });
});
