import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/postgres.js';
import { type ServerProcess, startServerProcess } from './support/process.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** Polls `check` until it returns a value (the server and its fakes work at their own pace). */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * `npm start` as shipped: the built server on a fresh embedded database with demo data (a twentieth of it) and no
 * outside service configured forks the fakes, seeds its days of insights and purchases through the intake, and the
 * fake customers write on WhatsApp and pay on Mayar.
 */
describe('the demo (dist/main.js with demo data and no outside services set)', () => {
  let dataDir: string;
  let server: ServerProcess;
  let token: string;
  let startedAt: Date;
  const get = async (url: string) => {
    const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, `${url}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(dist, 'main.js')) || !fs.existsSync(path.join(dist, 'demo-fakes.js')))
      throw new Error('dist/main.js or dist/demo-fakes.js is missing: run npm run build first');
    // A first start on purpose (not a template copy): migrating, seeding the demo and forking the fakes from an
    // empty folder is what `npm start` does.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-demo-'));
    server = await startServerProcess(
      {
        CONSOLE_DATA_DIR: path.join(dataDir, 'data'),
        CONSOLE_DEMO: '1',
        CONSOLE_DEMO_SCALE: '0.05',
        CONSOLE_DEMO_PLAY_SECONDS: '1',
        CONSOLE_ADMIN_PASSWORD: '',
        MAYAR_API_URL: '',
        META_GRAPH_URL: '',
        WHATSAPP_API_URL: '',
        WHATSAPP_APP_SECRET: '',
        COURIER_TRACKING_URL: '',
        OPENAI_BASE_URL: '',
      },
      await freePort(),
      300_000,
      true,
    );
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin12345' }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    token = ((await login.json()) as { data: { token: string } }).data.token;
    startedAt = new Date();
  }, 320_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the seeded insights and purchases through the API', async () => {
    const purchases = await get('/api/resources/purchases?limit=5');
    expect((purchases.rows as unknown[]).length).toBe(5);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() + 7 * 3_600_000 - 89 * 86_400_000).toISOString().slice(0, 10);
    const report = await get(`/api/reports/ads-x-mayar?from=${from}&to=${today}`);
    const totals = (report.totals as { values: Record<string, number> }).values;
    expect(totals.spend).toBeGreaterThan(0);
    expect(totals.revenue).toBeGreaterThan(0);
  });

  it('answers GPT Insights from the fake OpenAI endpoint', async () => {
    const scopes = await get('/api/insights/scopes?scope=campaign');
    const campaign = (scopes.options as { id: string }[])[0]!;
    const response = await fetch(`${server.url}/api/insights`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        scope: 'campaign',
        scope_id: campaign.id,
        from: '2026-01-01',
        to: '2026-12-31',
      }),
    });
    expect(response.status).toBe(200);
    const stream = await response.text();
    expect(stream).toContain('event: done');
    expect(stream).toContain('"status":"done"');
  });

  it('plays customers: a WhatsApp message and a Mayar payment arrive through the webhooks', async () => {
    // Newest first: a conversation or purchase after the start came from the fakes (the seed ends before it).
    await until('a conversation from a fake customer', async () => {
      const rows = (await get('/api/chats/conversations')).data as { last_message_at: string }[];
      return rows.find((row) => new Date(row.last_message_at) > startedAt);
    });
    // Conversations are on active numbers, so replies and the bot work (one inactive shows the closed composer).
    const conversations = (await get('/api/chats/conversations?limit=500')).data as {
      number_active: boolean;
    }[];
    expect(conversations.length).toBeGreaterThan(30);
    expect(conversations.filter((row) => !row.number_active).length).toBeLessThanOrEqual(1);
    await until('a purchase paid on the fake Mayar', async () => {
      const rows = (await get('/api/resources/purchases?limit=5')).rows as { mayar_created_at: string }[];
      return rows.find((row) => new Date(row.mayar_created_at) > startedAt);
    });
  });

  it('pulls insights from the fake Graph for the demo ad account', async () => {
    const accounts = (await get('/api/ad-insights/pull/accounts')).data as { id: number }[];
    expect(accounts).toHaveLength(1);
    const pull = await fetch(`${server.url}/api/ad-insights/pull/accounts/${accounts[0]!.id}/runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    // 409: the daily schedule queued this account's pull at start (after 02:00 WIB).
    expect([202, 409]).toContain(pull.status);
    const run = await until('a finished pull', async () => {
      const runs = (await get('/api/ad-insights/pull/runs')).data as { status: string }[];
      return runs.find((candidate) => candidate.status === 'succeeded' || candidate.status === 'failed');
    });
    expect(run).toMatchObject({ status: 'succeeded', rows_read: 12, last_error: null });
  });
});
