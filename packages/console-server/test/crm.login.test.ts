// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_LOGIN_CHANGED_ENTITY } from '@staff/console-contract';
import { WRONG_CODE_MESSAGE, WRONG_PIN_MESSAGE } from '../src/crm/login.js';
import { RESOURCE_CHANGED_EVENT, type ResourceChangedPayload } from '../src/resources/push.js';
import { type FakeWhatsApp, startFakeWhatsApp } from './fakes/whatsapp.js';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';
import { WA_TOKEN, waNumber } from './support/whatsapp.js';

describe.each(ONE_ENGINE)('Bot Login against the fake Cloud API on %s', (engine) => {
  let db: TestDatabase;
  let fake: FakeWhatsApp;
  let app: FastifyInstance;
  let c: Client;
  let editor: string;
  let reader: string;

  beforeAll(async () => {
    db = await openTestDatabase(engine);
    fake = await startFakeWhatsApp({ accessToken: WA_TOKEN });
    app = await testServer(db.database, {
      // The fake answers from this busy worker: its answer limit is a hang guard here, not the product's 10 s.
      whatsapp: { apiUrl: fake.url, apiVersion: fake.version, timeoutMs: 120_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    c = new Client(app);
    editor = await c.token(
      await userWithKeys(db.database, [{ key: 'ad_daily_tracker', read: true, write: true }]),
    );
    reader = await c.token(await userWithKeys(db.database, [{ key: 'ad_daily_tracker', read: true }]));
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await db?.close();
  });

  const post = (registryId: number, step: string, payload?: Record<string, unknown>, token = editor) =>
    c.request({
      method: 'POST',
      url: `/api/bots/${registryId}/login/${step}`,
      token,
      ...(payload ? { payload } : {}),
    });
  const audit = async (registryId: number) =>
    (
      await sql<{ action: string; after: unknown }>`select action, after from audit_log
        where entity = ${BOT_LOGIN_CHANGED_ENTITY} and entity_id = ${String(registryId)} order by id`.execute(
        db.database.db,
      )
    ).rows;

  it('connects through both codes, pushes every status to the open tabs, then disconnects', async () => {
    const { registryId, number } = await waNumber(db.database, 'bot');
    const socket: Socket = connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: reader },
    });
    const pushed: ResourceChangedPayload[] = [];
    socket.on(RESOURCE_CHANGED_EVENT, (payload: ResourceChangedPayload) => pushed.push(payload));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    try {
      const start = await c.request({ method: 'GET', url: `/api/bots/${registryId}/login`, token: reader });
      expect(start.json().data).toMatchObject({ status: 'disconnected', step: 'idle', version: 0 });

      const requested = await post(registryId, 'request-code', { code_method: 'VOICE', language: 'id' });
      expect(requested.statusCode, requested.body).toBe(200);
      expect(requested.json().data).toMatchObject({
        status: 'pending',
        step: 'code_requested',
        code_method: 'VOICE',
        phone_number_id: number.phoneNumberId,
      });

      const wrong = await post(registryId, 'verify-code', { code: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: WRONG_CODE_MESSAGE,
        fields: { code: [WRONG_CODE_MESSAGE] },
      });

      const verified = await post(registryId, 'verify-code', { code: fake.registrationCode });
      expect(verified.json().data).toMatchObject({ status: 'pending', step: 'code_verified' });

      const connected = await post(registryId, 'register', { pin: '246810' });
      expect(connected.statusCode, connected.body).toBe(200);
      expect(connected.json().data).toMatchObject({ status: 'connected', step: 'idle', last_error: null });
      expect(connected.json().data.connected_at).not.toBeNull();

      // Meta received exactly the three calls, in Cloud API form.
      expect(
        fake.registrations
          .filter((call) => call.phoneNumberId === number.phoneNumberId)
          .map((call) => [call.action, call.body]),
      ).toEqual([
        ['request_code', { code_method: 'VOICE', language: 'id' }],
        ['verify_code', { code: '123456' }],
        ['register', { messaging_product: 'whatsapp', pin: '246810' }],
      ]);

      const disconnected = await post(registryId, 'disconnect');
      expect(disconnected.json().data).toMatchObject({ status: 'disconnected', connected_at: null });
      expect(fake.registrations.at(-1)).toMatchObject({ action: 'deregister' });

      // Re-connect from the start works.
      const again = await post(registryId, 'request-code', { code_method: 'SMS' });
      expect(again.json().data).toMatchObject({ status: 'pending', code_method: 'SMS' });

      await expect
        .poll(() => pushed.filter((p) => p.entity === BOT_LOGIN_CHANGED_ENTITY && p.id === registryId).length)
        .toBe(5);

      // Audited, and the PIN is nowhere: not in the audit nor the number's row.
      const entries = await audit(registryId);
      expect(entries.map((entry) => entry.action)).toEqual([
        'bot.login.request_code',
        'bot.login.verify_code',
        'bot.login.register',
        'bot.login.disconnect',
        'bot.login.request_code',
      ]);
      expect(JSON.stringify(entries)).not.toContain('246810');
      const stored = await sql`select * from whatsapp_numbers where wa_registry_id = ${registryId}`.execute(
        db.database.db,
      );
      expect(JSON.stringify(stored.rows)).not.toContain('246810');
    } finally {
      socket.close();
    }
  });

  it('a bad code or PIN is a 400 naming the field, and nothing is written or sent', async () => {
    const { registryId } = await waNumber(db.database, 'bot');
    const calls = fake.registrations.length;
    const badMethod = await post(registryId, 'request-code', { code_method: 'EMAIL' });
    expect(badMethod.statusCode).toBe(400);
    expect(Object.keys(badMethod.json().fields)).toEqual(['body.code_method']);
    await post(registryId, 'request-code', { code_method: 'SMS' });
    const short = await post(registryId, 'verify-code', { code: '12a45' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields['body.code'][0]).toMatch(/6 angka/);
    // The PIN before the code is verified: refused, not sent.
    const early = await post(registryId, 'register', { pin: '111111' });
    expect(early.statusCode).toBe(409);
    await post(registryId, 'verify-code', { code: fake.registrationCode });
    const badPin = await post(registryId, 'register', { pin: '12345' });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().fields).toHaveProperty(['body.pin']);
    expect(fake.registrations.length - calls).toBe(2);
    expect((await audit(registryId)).length).toBe(2);
  });

  it("Meta's refusals are shown in words: PIN mismatch, too many codes, token; the number fails", async () => {
    const { registryId, number } = await waNumber(db.database, 'bot');
    fake.setTwoStepPin(number.phoneNumberId, '135790');
    await post(registryId, 'request-code', { code_method: 'SMS' });
    await post(registryId, 'verify-code', { code: fake.registrationCode });
    const mismatch = await post(registryId, 'register', { pin: '000000' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      message: WRONG_PIN_MESSAGE,
      fields: { pin: [WRONG_PIN_MESSAGE] },
    });
    expect((await post(registryId, 'register', { pin: '135790' })).json().data.status).toBe('connected');
    await post(registryId, 'disconnect');

    await post(registryId, 'request-code', { code_method: 'SMS' });
    for (let i = 0; i < 3; i += 1) await post(registryId, 'verify-code', { code: '999999' });
    const tooMany = await post(registryId, 'verify-code', { code: fake.registrationCode });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toMatch(/Terlalu banyak percobaan kode/);
    const failed = (
      await c.request({ method: 'GET', url: `/api/bots/${registryId}/login`, token: reader })
    ).json().data;
    expect(failed).toMatchObject({ status: 'failed', step: 'idle' });
    expect(failed.last_error).toMatch(/Terlalu banyak/);

    // A new code starts over.
    const retry = await post(registryId, 'request-code', { code_method: 'SMS' });
    expect(retry.json().data).toMatchObject({ status: 'pending', last_error: null });

    fake.setMode('down');
    try {
      const down = await post(registryId, 'verify-code', { code: fake.registrationCode });
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toMatch(/tidak bisa dihubungi/);
      // An outage keeps the step: the same code can be tried again.
      const after = (
        await c.request({ method: 'GET', url: `/api/bots/${registryId}/login`, token: reader })
      ).json().data;
      expect(after).toMatchObject({ status: 'pending', step: 'code_requested' });
    } finally {
      fake.setMode('up');
    }
  });

  it('reading needs ad_daily_tracker read, connecting needs write; an unknown number is a 404', async () => {
    const { registryId } = await waNumber(db.database, 'bot');
    expect((await post(registryId, 'request-code', { code_method: 'SMS' }, reader)).statusCode).toBe(403);
    const outsider = await c.token(await userWithKeys(db.database, [{ key: 'statistics', read: true }]));
    expect(
      (await c.request({ method: 'GET', url: `/api/bots/${registryId}/login`, token: outsider })).statusCode,
    ).toBe(403);
    expect(
      (await c.request({ method: 'GET', url: '/api/bots/999999/login', token: reader })).statusCode,
    ).toBe(404);
  });
});
