// Both engines: the reply outbox is claimed with row locks (support/harness.ts).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BOT_SETTINGS,
  checkRegexSafety,
  compileRegex,
  normaliseText,
  regexTest,
  renderReply,
  ruleMatch,
  ruleMatches,
  withinBusinessHours,
} from '../src/crm/match.js';
import { drainOutboxAll } from '../src/whatsapp/outbox.js';
import { type FakeWhatsApp, customerSays, startFakeWhatsApp } from './fakes/whatsapp.js';
import {
  Client,
  ENGINES,
  type TestDatabase,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';
import { WA_APP_SECRET, WA_TOKEN, waNumber } from './support/whatsapp.js';

const S = DEFAULT_BOT_SETTINGS;
const match = (match_type: Parameters<typeof ruleMatches>[0]['match_type'], pattern: string, text: string) =>
  ruleMatches({ match_type, pattern }, text, normaliseText(text, S), S);

describe('bot matching', () => {
  it('normalises case, accents, punctuation and spaces', () => {
    expect(normaliseText('  HALO,   Kak!!  Café?? ', S)).toBe('halo kak cafe');
    expect(normaliseText('HALO!', { ...S, lowercase: false, strip_punctuation: false })).toBe('HALO!');
  });
  it('every match type', () => {
    expect(match('exact', 'Harga?', 'harga')).toBe(true);
    expect(match('exact', 'harga', 'harga kelas')).toBe(false);
    expect(match('contains', 'ongkir', 'Berapa ONGKIR ke Medan?')).toBe(true);
    // Comma-separated keywords mean any of them, for every text type, normalised like the message.
    expect(match('contains', 'resi, nomor resi', 'NOMOR RESI saya berapa?')).toBe(true);
    expect(match('contains', 'resi, nomor resi', 'Nomor  Resi?')).toBe(true);
    expect(match('contains', 'resi, nomor resi', 'paket saya mana')).toBe(false);
    expect(match('exact', 'halo, hai', 'Hai!')).toBe(true);
    expect(match('starts_with', 'resi, cek', 'Cek paket')).toBe(true);
    expect(
      ruleMatch(
        { match_type: 'contains', pattern: 'resi, Nomor Resi' },
        'NOMOR RESI saya berapa?',
        normaliseText('NOMOR RESI saya berapa?', S),
        S,
      ),
    ).toEqual({ matched: true, keyword: 'Nomor Resi' });
    expect(match('starts_with', 'resi', 'Resi saya mana')).toBe(true);
    expect(match('starts_with', 'resi', 'mana resi')).toBe(false);
    expect(match('any_keywords', 'promo, diskon', 'ada diskon?')).toBe(true);
    expect(match('any_keywords', 'promo, diskon', 'ada diskonnya?')).toBe(false);
    expect(match('all_keywords', 'cara, bayar', 'Cara bayarnya gimana')).toBe(false);
    expect(match('all_keywords', 'cara, bayar', 'bayar pakai cara apa')).toBe(true);
    expect(match('regex', '^inv-\\d{4}$', 'INV-1042')).toBe(true);
    expect(match('regex', '^inv-\\d{4}$', 'INV-10423')).toBe(false);
    expect(match('any', '', 'apa saja')).toBe(true);
  });
  it('a catastrophic expression is stopped by its time bound and refused when saved', () => {
    const evil = compileRegex('^(a+)+$');
    expect(regexTest(evil, `${'a'.repeat(40)}b`, 20)).toBe('timeout');
    expect(() => checkRegexSafety('^(a+)+$')).toThrow(/terlalu lambat/);
    expect(() => checkRegexSafety('(')).toThrow(/tidak valid/);
    expect(() => checkRegexSafety('^inv-\\d{4}$')).not.toThrow();
  });
  it('business hours on the Jakarta clock, whatever the machine zone', () => {
    // Monday 2026-11-23 08:30 in Jakarta is 01:30 UTC.
    expect(withinBusinessHours(new Date('2026-11-23T01:30:00Z'), S)).toBe(true);
    expect(withinBusinessHours(new Date('2026-11-23T00:59:00Z'), S)).toBe(false);
    expect(withinBusinessHours(new Date('2026-11-23T10:00:00Z'), S)).toBe(false); // 17:00 closes
    expect(withinBusinessHours(new Date('2026-11-22T03:00:00Z'), S)).toBe(false); // Sunday
    expect(
      withinBusinessHours(new Date('2026-11-23T16:00:00Z'), {
        ...S,
        opens_at: '22:00',
        closes_at: '02:00',
        business_days: [1],
      }),
    ).toBe(true);
  });
  it('fills {name}, {order}, {resi}', () => {
    expect(
      renderReply('Halo {name}, pesanan {order}, resi {resi}', {
        name: 'Rina',
        order: 'Kelas A',
        resi: 'JNE1',
      }),
    ).toBe('Halo Rina, pesanan Kelas A, resi JNE1');
    expect(renderReply('Halo {name} {resi}', { name: null, order: null, resi: null })).toBe(
      'Halo Kak (resi belum tersedia)',
    );
  });
});

describe.each(ENGINES)('the bot answering customers on %s', (engine) => {
  let db: TestDatabase;
  let fake: FakeWhatsApp;
  let app: FastifyInstance;
  let base: string;
  let c: Client;
  let editor: string;

  beforeAll(async () => {
    db = await openTestDatabase(engine);
    fake = await startFakeWhatsApp({ accessToken: WA_TOKEN });
    app = await testServer(db.database, {
      whatsapp: { apiUrl: fake.url, apiVersion: fake.version, appSecret: WA_APP_SECRET },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/webhooks/whatsapp`;
    c = new Client(app);
    editor = await c.token(
      await userWithKeys(db.database, [{ key: 'ad_daily_tracker', read: true, write: true }]),
    );
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await db?.close();
  });

  const addRule = async (registryId: number, rule: Record<string, unknown>) => {
    const response = await c.request({
      method: 'POST',
      url: `/api/bots/${registryId}/rules`,
      token: editor,
      payload: rule,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number };
  };
  const drain = () =>
    drainOutboxAll(db.database.db, { baseUrl: fake.url, version: fake.version, now: () => new Date() });

  it('answers by the first matching rule of every type, and the fake received exactly those replies', async () => {
    const { registryId, number } = await waNumber(db.database, 'bot');
    await c.request({
      method: 'PUT',
      url: `/api/bots/${registryId}/settings`,
      token: editor,
      payload: {
        ...DEFAULT_BOT_SETTINGS,
        business_days: [1, 2, 3, 4, 5, 6, 7],
        opens_at: '00:00',
        closes_at: '23:59',
      },
    });
    await addRule(registryId, {
      name: 'Harga',
      priority: 10,
      match_type: 'exact',
      pattern: 'harga',
      reply_text: 'Harga mulai Rp99.000, {name}',
    });
    await addRule(registryId, {
      name: 'Ongkir',
      priority: 20,
      match_type: 'contains',
      pattern: 'ongkir',
      reply_text: 'Ongkir dihitung saat checkout',
    });
    await addRule(registryId, {
      name: 'Resi',
      priority: 30,
      match_type: 'starts_with',
      pattern: 'resi',
      reply_text: 'Resi: {resi}',
    });
    await addRule(registryId, {
      name: 'Promo',
      priority: 40,
      match_type: 'any_keywords',
      pattern: 'promo, diskon',
      reply_text: 'Promo 11.11 sampai Minggu',
    });
    await addRule(registryId, {
      name: 'Cara bayar',
      priority: 50,
      match_type: 'all_keywords',
      pattern: 'cara, bayar',
      reply_text: 'Bayar lewat QRIS atau VA',
    });
    await addRule(registryId, {
      name: 'Invoice',
      priority: 60,
      match_type: 'regex',
      pattern: '^inv-\\d{4}$',
      reply_text: 'Invoice diterima',
    });
    await addRule(registryId, {
      name: 'Ongkir murah (kalah prioritas)',
      priority: 70,
      match_type: 'contains',
      pattern: 'ongkir',
      reply_text: 'TIDAK BOLEH TERKIRIM',
    });
    const before = fake.sent.length;
    const messages: [string, string][] = [
      ['6281300000001', 'Harga?'],
      ['6281300000002', 'berapa ONGKIR ke Medan'],
      ['6281300000003', 'Resi saya mana'],
      ['6281300000004', 'ada diskon?'],
      ['6281300000005', 'bayar pakai cara apa'],
      ['6281300000006', 'INV-1042'],
      ['6281300000007', 'terima kasih'],
    ];
    for (const [from, text] of messages)
      await customerSays(base, WA_APP_SECRET, number, { from, name: 'Rina', text });
    expect(await drain()).toMatchObject({ sent: 6, failed: 0 });
    expect(fake.sent.slice(before).map((m) => [m.to, m.text])).toEqual([
      ['6281300000001', 'Harga mulai Rp99.000, Rina'],
      ['6281300000002', 'Ongkir dihitung saat checkout'],
      ['6281300000003', 'Resi: (resi belum tersedia)'],
      ['6281300000004', 'Promo 11.11 sampai Minggu'],
      ['6281300000005', 'Bayar lewat QRIS atau VA'],
      ['6281300000006', 'Invoice diterima'],
    ]);
    const log = await c.get(`/api/bots/${registryId}/answers`, editor);
    expect((log.json().data as { rule_name: string }[]).map((a) => a.rule_name).sort()).toEqual([
      'Cara bayar',
      'Harga',
      'Invoice',
      'Ongkir',
      'Promo',
      'Resi',
    ]);
  });

  it('frequency, cooldown, the away rule and hand-over', async () => {
    const { registryId, number } = await waNumber(db.database, 'bot');
    // Never open: only the away rule's hours apply.
    await c.request({
      method: 'PUT',
      url: `/api/bots/${registryId}/settings`,
      token: editor,
      payload: { ...DEFAULT_BOT_SETTINGS, business_days: [] },
    });
    await addRule(registryId, {
      name: 'Sapa',
      priority: 1,
      match_type: 'any',
      frequency: 'once_per_contact',
      reply_text: 'Halo {name}!',
    });
    await addRule(registryId, {
      name: 'Jam kerja',
      priority: 2,
      match_type: 'any',
      hours: 'business',
      reply_text: 'TIDAK BOLEH',
    });
    await addRule(registryId, {
      name: 'Manusia',
      priority: 3,
      match_type: 'contains',
      pattern: 'admin',
      action: 'handover',
      reply_text: 'Kami sambungkan ke admin',
    });
    await addRule(registryId, {
      name: 'Away',
      priority: 4,
      match_type: 'any',
      hours: 'away',
      cooldown_minutes: 60,
      reply_text: 'Kami sedang tutup',
    });
    const before = fake.sent.length;
    for (const text of ['pagi', 'halo lagi', 'masih ada?', 'mau bicara dengan admin', 'halo?'])
      await customerSays(base, WA_APP_SECRET, number, { from: '6281300000010', name: 'Budi', text });
    await drain();
    expect(fake.sent.slice(before).map((m) => m.text)).toEqual([
      'Halo Budi!',
      'Kami sedang tutup',
      'Kami sambungkan ke admin',
    ]);
    const conversation = (
      await sql<{ handed_over: boolean; bot_replies: number }>`
        select handed_over, bot_replies from wa_conversations where customer_wa_id = '6281300000010'`.execute(
        db.database.db,
      )
    ).rows[0]!;
    expect(conversation).toMatchObject({ handed_over: true, bot_replies: 3 });
  });

  it('stays silent on a number that is inactive in WA Registries (nothing queued that could only fail)', async () => {
    const { registryId, number } = await waNumber(db.database, 'bot');
    await addRule(registryId, { name: 'Semua', match_type: 'any', reply_text: 'Halo!' });
    await sql`update wa_registries set active = false where id = ${registryId}`.execute(db.database.db);
    const said = await customerSays(base, WA_APP_SECRET, number, { from: '6281277770031', text: 'Halo' });
    expect(said.status).toBe(200);
    const out = await sql<{ n: number }>`
      select count(*)::int as n from wa_messages m join wa_conversations c on c.id = m.conversation_id
      where c.wa_registry_id = ${registryId} and m.direction = 'out'`.execute(db.database.db);
    expect(out.rows[0]!.n).toBe(0);
    const inbound = await sql<{ n: number }>`
      select count(*)::int as n from wa_messages m join wa_conversations c on c.id = m.conversation_id
      where c.wa_registry_id = ${registryId} and m.direction = 'in'`.execute(db.database.db);
    expect(inbound.rows[0]!.n).toBe(1);
  });

  it('the tester says what the bot would answer without sending; bad rules get 400s naming the field', async () => {
    const { registryId } = await waNumber(db.database, 'bot');
    await addRule(registryId, {
      name: 'Harga',
      match_type: 'contains',
      pattern: 'harga',
      reply_text: 'Halo {name}, harga Rp99.000',
    });
    const before = fake.sent.length;
    const tested = await c.request({
      method: 'POST',
      url: `/api/bots/${registryId}/test`,
      token: editor,
      payload: { text: 'HARGA berapa?', name: 'Sari' },
    });
    expect(tested.json().data).toMatchObject({
      normalised: 'harga berapa',
      action: 'reply',
      reply: 'Halo Sari, harga Rp99.000',
      rule: { name: 'Harga' },
      keyword: 'harga',
    });
    // Comma-separated keywords with the default "contains" mean any of them, after case and spaces are
    // normalised; the tester names the keyword that matched.
    await addRule(registryId, {
      name: 'Resi',
      match_type: 'contains',
      pattern: 'resi, nomor resi',
      reply_text: 'Resi {resi}',
    });
    const resi = await c.request({
      method: 'POST',
      url: `/api/bots/${registryId}/test`,
      token: editor,
      payload: { text: 'NOMOR   RESI saya berapa?' },
    });
    expect(resi.json().data).toMatchObject({ rule: { name: 'Resi' }, keyword: 'nomor resi' });
    const none = await c.request({
      method: 'POST',
      url: `/api/bots/${registryId}/test`,
      token: editor,
      payload: { text: 'x' },
    });
    expect(none.json().data).toMatchObject({ action: 'none', rule: null, reply: null });
    expect(fake.sent.length).toBe(before);
    const slow = await c.request({
      method: 'POST',
      url: `/api/bots/${registryId}/rules`,
      token: editor,
      payload: { name: 'x', match_type: 'regex', pattern: '(a|aa)+$', reply_text: 'x' },
    });
    expect(slow.statusCode).toBe(400);
    expect(slow.json().fields).toHaveProperty('pattern');
    const empty = await c.request({
      method: 'POST',
      url: `/api/bots/${registryId}/rules`,
      token: editor,
      payload: { name: 'x', match_type: 'contains', reply_text: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toEqual(
      expect.arrayContaining(['body.pattern', 'body.reply_text']),
    );
  });
});
