import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { customerSays, startFakeWhatsApp } from '../../console-server/test/fakes/whatsapp.js';
import { WA_APP_SECRET, WA_TOKEN, waNumber } from '../../console-server/test/support/whatsapp.js';
import { apiLogin, newPage, openSignedIn, setupConsole } from './harness.js';

const { server, browser } = setupConsole({
  fakes: { whatsapp: () => startFakeWhatsApp({ accessToken: WA_TOKEN }) },
  server: ({ whatsapp }) => ({
    whatsapp: { apiUrl: whatsapp.url, apiVersion: whatsapp.version, appSecret: WA_APP_SECRET },
  }),
});

describe('Chat List: create a problem from a message', () => {
  it('opens the problem form prefilled from the message and saves the problem linked to it', async () => {
    const { number } = await waNumber(server.database, 'cs');
    const category = `Pengiriman ${Date.now()}`;
    await sql`insert into problem_categories (name, description, sort_order, active)
      values (${category}, null, 0, true)`.execute(server.database.db);
    const said = await customerSays(`${server.baseURL}/api/webhooks/whatsapp`, WA_APP_SECRET, number, {
      from: '6281299990077',
      name: 'Dewi Masalah',
      text: 'Paket saya rusak waktu sampai',
    });
    expect(said.status).toBe(200);
    const user = await apiLogin(server, 'demo-all');
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/customer-chats');
      await page
        .getByRole('listbox', { name: 'Conversations' })
        .getByRole('option', { name: /Dewi Masalah/ })
        .click();
      await page.getByRole('button', { name: 'Create problem: Paket saya rusak waktu sampai' }).click();
      const form = page.getByRole('region', { name: 'New problem' });
      await expect.poll(() => form.getByLabel('Customer name').inputValue()).toBe('Dewi Masalah');
      expect(await form.getByLabel('Phone').inputValue()).toBe('6281299990077');
      expect(await form.getByLabel('Description').inputValue()).toBe('Paket saya rusak waktu sampai');
      await form.getByLabel('Category', { exact: true }).selectOption({ label: category });
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
      const notice = page.getByRole('status').filter({ hasText: /Problem #\d+ created from this message/ });
      const id = Number(/#(\d+)/.exec((await notice.textContent()) ?? '')?.[1]);
      const saved = await sql<{
        customer_name: string;
        conversation_id: number | null;
        message_id: number | null;
      }>`
        select customer_name, conversation_id, message_id from customer_problems where id = ${id}`.execute(
        server.database.db,
      );
      expect(saved.rows[0]).toMatchObject({ customer_name: 'Dewi Masalah' });
      expect(saved.rows[0]?.conversation_id).not.toBeNull();
      expect(saved.rows[0]?.message_id).not.toBeNull();

      // The problem tracker shows it on the board, open, and links back to the message it came from.
      await notice.getByRole('link', { name: 'Open Cust Problem Tracking' }).click();
      const board = page.getByRole('region', { name: 'Customer problem board' });
      await board.getByRole('button', { name: new RegExp(`#${id} `) }).click();
      await page.getByRole('link', { name: 'Open the chat message it came from' }).click();
      const pointed = page
        .getByRole('list', { name: 'Messages with Dewi Masalah' })
        .locator('[aria-current="true"]');
      await pointed.waitFor();
      expect(await pointed.textContent()).toContain('Paket saya rusak waktu sampai');
      expect(page.url()).toContain(`message=${saved.rows[0]!.message_id}`);
      // The customer's problems are beside the thread, on any of their conversations.
      await page
        .getByRole('complementary', { name: 'Customer data' })
        .getByText(`Problem #${id} · Open`)
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
