// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { sealSecret } from '../src/secrets/index.js';
import { WhatsAppError, classifyWhatsAppError, createWhatsAppClient } from '../src/whatsapp/client.js';
import { whatsAppClientFor, WhatsAppSenderError } from '../src/whatsapp/sender.js';
import { signWhatsAppBody, verifyWhatsAppSignature } from '../src/whatsapp/signature.js';
import { type FakeRequest, startFakeServer } from './fakes/http.js';
import {
  type FakeWhatsApp,
  customerSays,
  postWebhook,
  startFakeWhatsApp,
  statusPayload,
} from './fakes/whatsapp.js';
import { ONE_ENGINE, type TestDatabase, openTestDatabase } from './support/harness.js';

const TOKEN = 'EAAG-test-token';
const SECRET = 'app-secret-for-tests';

describe('WhatsApp Cloud API client against the fake', () => {
  let fake: FakeWhatsApp;
  beforeAll(async () => {
    fake = await startFakeWhatsApp({ accessToken: TOKEN });
  });
  afterAll(() => fake.close());
  const client = (token = TOKEN) =>
    createWhatsAppClient({
      baseUrl: fake.url,
      version: fake.version,
      phoneNumberId: '1065403522',
      accessToken: token,
    });

  it('sends free text and a template, returning the wamid Meta answered with', async () => {
    fake.setMode('up');
    const textId = await client().sendText('+62 812-3456-7890', 'Halo kak, pesanan sudah dikirim');
    const templateId = await client().sendTemplate('6281234567890', 'order_shipped', 'id', [
      'Budi',
      'JNE123',
    ]);
    expect(textId).toMatch(/^wamid\./);
    const [text, template] = fake.sent.slice(-2);
    expect(text).toMatchObject({
      id: textId,
      phoneNumberId: '1065403522',
      to: '6281234567890',
      type: 'text',
      text: 'Halo kak, pesanan sudah dikirim',
    });
    expect(text!.body).toMatchObject({ messaging_product: 'whatsapp', recipient_type: 'individual' });
    expect(template).toMatchObject({
      id: templateId,
      type: 'template',
      template: { name: 'order_shipped', language: 'id', parameters: ['Budi', 'JNE123'] },
    });
    expect(template!.body.template).toEqual({
      name: 'order_shipped',
      language: { code: 'id' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Budi' },
            { type: 'text', text: 'JNE123' },
          ],
        },
      ],
    });
  });

  it('classifies errors: outage and throttling retry; 24-hour window, bad token, undeliverable do not', async () => {
    fake.setMode('down');
    const down = await client()
      .sendText('6281234567890', 'x')
      .catch((error: unknown) => error);
    expect(down).toBeInstanceOf(WhatsAppError);
    expect(down).toMatchObject({ status: 503, code: 131016, kind: 'retryable' });

    fake.setMode('reject', 131047);
    const window = (await client()
      .sendText('6281234567890', 'x')
      .catch((error: unknown) => error)) as WhatsAppError;
    expect(window).toMatchObject({ status: 400, code: 131047, kind: 'permanent' });
    expect(window.needsTemplate).toBe(true);
    expect(window.message).toContain('24 hours');

    fake.setMode('reject', 131056);
    expect(
      await client()
        .sendText('6281234567890', 'x')
        .catch((error: unknown) => error),
    ).toMatchObject({
      code: 131056,
      retryable: true,
    });

    fake.setMode('up');
    expect(
      await client('wrong')
        .sendText('6281234567890', 'x')
        .catch((error: unknown) => error),
    ).toMatchObject({
      status: 401,
      code: 190,
      kind: 'permanent',
    });
    expect(
      await client()
        .sendText('12', 'x')
        .catch((error: unknown) => error),
    ).toMatchObject({
      code: 100,
      kind: 'permanent',
    });
  });

  it('an unreachable API and a non-JSON 502 are retryable', async () => {
    const gone = createWhatsAppClient({
      baseUrl: 'http://127.0.0.1:1',
      phoneNumberId: '1',
      accessToken: 't',
    });
    expect(await gone.sendText('6281234567890', 'x').catch((error: unknown) => error)).toMatchObject({
      status: null,
      kind: 'retryable',
    });
    expect(classifyWhatsAppError(502, '<html>Bad gateway</html>')).toMatchObject({ kind: 'retryable' });
    expect(classifyWhatsAppError(400, '{"error":{"message":"x","code":4,"is_transient":false}}').kind).toBe(
      'retryable',
    );
    expect(classifyWhatsAppError(400, '{"error":{"message":"x","code":132001}}').kind).toBe('permanent');
  });

  it('registers a number: request_code, verify_code with the 6 digits, register with the PIN', async () => {
    fake.setMode('up');
    const c = client();
    await c.requestCode('SMS');
    await expect(c.verifyCode('000000')).rejects.toMatchObject({ code: 136025, kind: 'permanent' });
    await c.verifyCode(fake.registrationCode);
    await c.register('246810');
    expect(fake.registrations.map((call) => [call.action, call.body])).toEqual([
      ['request_code', { code_method: 'SMS', language: 'id' }],
      ['verify_code', { code: '123456' }],
      ['register', { messaging_product: 'whatsapp', pin: '246810' }],
    ]);
  });
});

describe('X-Hub-Signature-256', () => {
  const body = '{"object":"whatsapp_business_account","entry":[]}';
  it('verifies the HMAC-SHA256 of the raw body under the app secret', () => {
    const header = signWhatsAppBody(body, SECRET);
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWhatsAppSignature(body, header, SECRET)).toBe(true);
    expect(
      verifyWhatsAppSignature(Buffer.from(body), header.toUpperCase().replace('SHA256', 'sha256'), SECRET),
    ).toBe(true);
  });
  it('refuses a wrong secret, a changed body, a re-serialised body, a malformed or missing header', () => {
    const header = signWhatsAppBody(body, SECRET);
    expect(verifyWhatsAppSignature(body, signWhatsAppBody(body, 'other'), SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(`${body} `, header, SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(JSON.stringify(JSON.parse(body), null, 1), header, SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, header.slice(0, -2), SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, header.replace('sha256=', 'sha1='), SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, undefined, SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, header, '')).toBe(false);
  });
});

describe("the fake's customer: Meta's signed webhook calls", () => {
  it("POSTs Meta's exact message and status shapes, signed over the raw body", async () => {
    const received: FakeRequest[] = [];
    const target = await startFakeServer(async (request) => {
      received.push(request);
      const ok = verifyWhatsAppSignature(request.body, request.headers['x-hub-signature-256'], SECRET);
      return { status: ok ? 200 : 401, body: ok ? 'EVENT_RECEIVED' : 'bad signature' };
    });
    try {
      const number = { phoneNumberId: '1065403522', displayPhoneNumber: '6281100000001' };
      const at = new Date('2026-11-20T03:00:00Z');
      const said = await customerSays(target.url, SECRET, number, {
        from: '6281234567890',
        name: 'Sari',
        text: 'Halo',
        at,
      });
      expect(said.status).toBe(200);
      expect(JSON.parse(received[0]!.body)).toEqual({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'FAKE_WABA_ID',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '6281100000001', phone_number_id: '1065403522' },
                  contacts: [{ profile: { name: 'Sari' }, wa_id: '6281234567890' }],
                  messages: [
                    {
                      from: '6281234567890',
                      id: said.id,
                      timestamp: String(at.getTime() / 1000),
                      type: 'text',
                      text: { body: 'Halo' },
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
      const failed = statusPayload(number, [
        {
          id: 'wamid.X',
          status: 'failed',
          recipient: '6281234567890',
          error: { code: 131047, title: 'Re-engagement message' },
        },
      ]);
      expect(failed.entry[0]!.changes[0]!.value).toMatchObject({
        statuses: [
          { id: 'wamid.X', status: 'failed', recipient_id: '6281234567890', errors: [{ code: 131047 }] },
        ],
      });
      expect((await postWebhook(target.url, failed, SECRET, { badSignature: true })).status).toBe(401);
    } finally {
      await target.close();
    }
  });
});

describe.each(ONE_ENGINE)('a WA Registries number as a sender on %s', (engine) => {
  let db: TestDatabase;
  let fake: FakeWhatsApp;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
    fake = await startFakeWhatsApp({ accessToken: TOKEN });
  });
  afterAll(async () => {
    await fake?.close();
    await db?.close();
  });

  const insertRegistry = async (phone: string, token: string, active = true) => {
    const row = await sql<{ id: string }>`
      insert into wa_registries (name, phone, purpose, provider, provider_token, active)
      values (${`CS ${phone}`}, ${phone}, 'cs', 'cloud_api', ${token}, ${active}) returning id`.execute(
      db.database.db,
    );
    return Number(row.rows[0]!.id);
  };

  it("sends with the entry's sealed token and its phone-number-id (the digits until a bot connects it)", async () => {
    const id = await insertRegistry('6281100000009', sealSecret(TOKEN));
    const settings = { baseUrl: fake.url, version: fake.version };
    const first = await whatsAppClientFor(db.database.db, id, settings);
    expect(first.phoneNumberId).toBe('6281100000009');
    await first.sendText('6281234567890', 'satu');
    await sql`insert into whatsapp_numbers (wa_registry_id, phone_number_id, status) values (${id}, '998877', 'connected')`.execute(
      db.database.db,
    );
    await (await whatsAppClientFor(db.database.db, id, settings)).sendText('6281234567890', 'dua');
    expect(fake.sent.map((m) => [m.phoneNumberId, m.text])).toEqual([
      ['6281100000009', 'satu'],
      ['998877', 'dua'],
    ]);
  });

  it('falls back to WHATSAPP_ACCESS_TOKEN when the stored token cannot be opened; refuses inactive or unknown entries', async () => {
    const id = await insertRegistry('6281100000010', 'not-sealed-by-this-key');
    await (
      await whatsAppClientFor(db.database.db, id, {
        baseUrl: fake.url,
        version: fake.version,
        accessToken: TOKEN,
      })
    ).sendText('6281234567890', 'tiga');
    expect(fake.sent.at(-1)).toMatchObject({ phoneNumberId: '6281100000010', text: 'tiga' });
    const inactive = await insertRegistry('6281100000011', sealSecret(TOKEN), false);
    await expect(whatsAppClientFor(db.database.db, inactive)).rejects.toThrow(/inactive/);
    await expect(whatsAppClientFor(db.database.db, 999_999)).rejects.toBeInstanceOf(WhatsAppSenderError);
  });
});
