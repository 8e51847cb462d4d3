import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { customerSays, startFakeWhatsApp } from '../../console-server/test/fakes/whatsapp.js';
import { WA_APP_SECRET, WA_TOKEN, waNumber } from '../../console-server/test/support/whatsapp.js';
import { apiLogin, openSignedIn, reusedTabs, setupConsole, waitForLiveSocket } from './harness.js';

const {
  server,
  browser,
  fakes: { whatsapp: fake },
} = setupConsole({
  fakes: { whatsapp: () => startFakeWhatsApp({ accessToken: WA_TOKEN }) },
  server: ({ whatsapp }) => ({
    whatsapp: {
      apiUrl: whatsapp.url,
      apiVersion: whatsapp.version,
      appSecret: WA_APP_SECRET,
      workers: true,
      outboxIntervalMs: 200,
    },
  }),
});
/** Each test's own tab, in one context the file reuses (a new one cost chromium about 2.4 CPU-s). */
const newTab = reusedTabs(browser);

describe('Chat List', () => {
  it('an inbound message appears live, the bot answers by its rule, a person replies and assigns', async () => {
    const { registryId, number } = await waNumber(server.database, 'bot');
    const user = await apiLogin(server, 'demo-all');
    const rule = await fetch(`${server.baseURL}/api/bots/${registryId}/rules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        name: 'Ongkir',
        match_type: 'contains',
        pattern: 'ongkir',
        reply_text: 'Ongkir gratis ke seluruh Jawa, {name}!',
      }),
    });
    expect(rule.status).toBe(201);

    const page = await newTab({ width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/customer-chats');
      await page.getByRole('heading', { level: 1, name: 'Chat List' }).waitFor();
      // The socket is up before the message arrives (a change before that is not a live one).
      await waitForLiveSocket(page);

      const webhook = `${server.baseURL}/api/webhooks/whatsapp`;
      const said = await customerSays(webhook, WA_APP_SECRET, number, {
        from: '6281299990001',
        name: 'Rina E2E',
        text: 'Berapa ongkir ke Bandung?',
      });
      expect(said.status).toBe(200);

      const row = page
        .getByRole('listbox', { name: 'Conversations' })
        .getByRole('option', { name: /Rina E2E/ });
      await row.waitFor();
      await fake.waitForSent(1);
      expect(fake.sent.map((m) => [m.to, m.text])).toEqual([
        ['6281299990001', 'Ongkir gratis ke seluruh Jawa, Rina E2E!'],
      ]);

      await row.click();
      const thread = page.getByRole('list', { name: 'Messages with Rina E2E' });
      await thread.getByText('Berapa ongkir ke Bandung?').waitFor();
      await thread.getByText('Bot · Ongkir').waitFor();

      const box = page.getByRole('textbox', { name: 'Write a reply…' });
      await box.fill('Halo Kak, paketnya kami kirim hari ini.');
      await box.press('Enter');
      await fake.waitForSent(2);
      expect(fake.sent[1]).toMatchObject({
        to: '6281299990001',
        type: 'text',
        text: 'Halo Kak, paketnya kami kirim hari ini.',
      });
      await thread.getByText('Halo Kak, paketnya kami kirim hari ini.').waitFor();

      const assignee = page.getByRole('combobox', { name: 'Assigned to' });
      const agentName = (
        await sql<{ full_name: string }>`select full_name from users where username = 'demo-all'`.execute(
          server.database.db,
        )
      ).rows[0]!.full_name;
      await assignee.selectOption({ label: agentName });
      // The list row shows the assignee once the change comes back.
      await row.getByText(agentName).waitFor();
      const assigned = await sql<{ username: string }>`
        select u.username from wa_conversations c join users u on u.id = c.assigned_to
        where c.customer_wa_id = '6281299990001'`.execute(server.database.db);
      expect(assigned.rows[0]?.username).toBe('demo-all');
    } finally {
      await page.close();
    }
  });

  it('one customer on two numbers: each row names its number, the thread lists the other and the agent jumps to it', async () => {
    const user = await apiLogin(server, 'demo-all');
    const webhook = `${server.baseURL}/api/webhooks/whatsapp`;
    const first = await waNumber(server.database, 'cs');
    const second = await waNumber(server.database, 'cs');
    const names = new Map(
      (
        await sql<{ id: string; name: string }>`select id, name from wa_registries
          where id in (${first.registryId}, ${second.registryId})`.execute(server.database.db)
      ).rows.map((row) => [Number(row.id), row.name]),
    );
    for (const [number, text] of [
      [first.number, 'Halo, ini nomor pertama'],
      [second.number, 'Saya tanya juga lewat nomor ini'],
    ] as const)
      expect(
        (
          await customerSays(webhook, WA_APP_SECRET, number, {
            from: '6281299990009',
            name: 'Maya E2E',
            text,
          })
        ).status,
      ).toBe(200);

    const page = await newTab({ width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/customer-chats');
      const list = page.getByRole('listbox', { name: 'Conversations' });
      const row = list.getByRole('option', { name: /Halo, ini nomor pertama/ });
      await row.getByText(names.get(first.registryId)!).waitFor();
      await row.getByText('+1 number').waitFor();
      await row.click();
      const others = page.getByRole('navigation', { name: "This customer's conversations" });
      await others.getByRole('link', { name: /\(this one/ }).waitFor();
      await others
        .getByRole('link', { name: `Open the conversation on ${names.get(second.registryId)!} (1 unread)` })
        .click();
      await page
        .getByRole('list', { name: 'Messages with Maya E2E' })
        .getByText('Saya tanya juga lewat nomor ini')
        .waitFor();
      await others
        .getByRole('link', { name: new RegExp(`on ${names.get(second.registryId)!} \\(this one`) })
        .waitFor();
      const customers = await sql<{ n: number }>`
        select count(distinct customer_id)::int as n from wa_conversations
        where customer_wa_id = '6281299990009'`.execute(server.database.db);
      expect(customers.rows[0]!.n).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('an inactive number closes the composer with why before typing; a message to an unregistered number reaches the administrators; the bot tester names the keyword', async () => {
    const user = await apiLogin(server, 'demo-all');
    const webhook = `${server.baseURL}/api/webhooks/whatsapp`;
    // A conversation on a number that is then switched off in WA Registries.
    const { registryId, number } = await waNumber(server.database, 'cs');
    const name = (
      await sql<{ name: string }>`select name from wa_registries where id = ${registryId}`.execute(
        server.database.db,
      )
    ).rows[0]!.name;
    expect(
      (
        await customerSays(webhook, WA_APP_SECRET, number, {
          from: '6281299990002',
          name: 'Sari Tutup',
          text: 'Halo?',
        })
      ).status,
    ).toBe(200);
    await sql`update wa_registries set active = false where id = ${registryId}`.execute(server.database.db);

    // A customer writes to a number nobody registered: kept, and the administrators see it.
    const missing = `62811${String(Date.now()).slice(-7)}`;
    const said = await customerSays(
      webhook,
      WA_APP_SECRET,
      { phoneNumberId: missing, displayPhoneNumber: missing },
      { from: '6281299990003', name: 'Tono Nyasar', text: 'Nomor ini masih aktif?' },
    );
    expect(said.status).toBe(200);
    const page = await newTab({ width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/customer-chats');
      await page
        .getByRole('listbox', { name: 'Conversations' })
        .getByRole('option', { name: /Sari Tutup/ })
        .click();
      const closed = page.getByRole('note', { name: 'Replies cannot be sent from this conversation' });
      await closed.waitFor();
      expect(await closed.textContent()).toContain(`The number ${name} is inactive in WA Registries`);
      expect(await page.getByRole('textbox', { name: 'Write a reply…' }).count()).toBe(0);
      await closed.getByRole('link', { name: `Open ${name} in WA Registries` }).waitFor();

      const inbox = page.getByRole('region', { name: 'Messages to unregistered numbers' });
      await inbox
        .getByText(/unregistered number/)
        .first()
        .click();
      await inbox.getByText('Nomor ini masih aktif?').waitFor();
      await inbox.getByRole('link', { name: 'Add it in WA Registries' }).first().waitFor();

      // Bot Auto Response: "resi, nomor resi" with the default "Contains" matches "NOMOR RESI saya berapa?".
      const bot = await waNumber(server.database, 'bot');
      const rule = await fetch(`${server.baseURL}/api/bots/${bot.registryId}/rules`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({
          name: 'Nomor resi',
          match_type: 'contains',
          pattern: 'resi, nomor resi',
          reply_text: 'Resi Kakak: {resi}',
        }),
      });
      expect(rule.status).toBe(201);
      await page.goto(`${server.baseURL}/app/crm/bot-auto-response/`);
      await page.getByRole('combobox', { name: 'Number', exact: true }).selectOption(String(bot.registryId));
      await page.getByRole('cell', { name: 'Nomor resi' }).first().waitFor();
      await page.getByLabel('Customer message').fill('NOMOR RESI saya berapa?');
      await page.getByRole('button', { name: 'Test', exact: true }).click();
      await page.getByText('Matched keyword: "nomor resi"').waitFor();
    } finally {
      await page.close();
    }
  });
});
