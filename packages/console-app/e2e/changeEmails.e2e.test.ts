// Change Email requests processed in the browser (#32): approve one from its row, reject two together with a
// reason, and a read-only user sees the requests with no actions (the server refuses them too).
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, apiStatus, createUserWithKeys, newPage, openSignedIn, setupConsole } from './harness.js';

const { server, browser, user, page } = setupConsole({
  signIn: { username: 'demo-all' },
  page: { viewport: { width: 1440, height: 1000 }, logErrors: true },
});

const TOKEN = `ganti${process.pid}`;
const PENDING_LIST = `/app/admins/change-emails?f.status.eq=pending&q=${TOKEN}`;

interface Seeded {
  id: number;
  name: string;
  oldEmail: string;
  newEmail: string;
  purchaseId: number;
}
const requests: Seeded[] = [];

/** The row's name as its buttons and outcomes say it. */
const labelOf = (request: Seeded) => `${request.name} (${request.oldEmail} → ${request.newEmail})`;

beforeAll(async () => {
  const db = server.database.db;
  const account = await sql<{ id: string }>`
    insert into mayar_accounts (name, merchant_id, merchant_email, env, api_key, webhook_token, active)
    values (${`E2E Mayar ${TOKEN}`}, ${`m-${TOKEN}`}, 'merchant@example.com', 'sandbox', 'key', ${`tok-${TOKEN}`}, true)
    returning id`.execute(db);
  for (const [index, name] of ['Budi', 'Ayu', 'Rina'].entries()) {
    const customer = `${name} ${TOKEN}`;
    const oldEmail = `${name.toLowerCase()}.${TOKEN}@example.com`;
    const newEmail = `${name.toLowerCase()}.${TOKEN}.baru@example.com`;
    const purchase = await sql<{ id: string }>`
      insert into purchases (mayar_id, mayar_account_id, last_event, status, transaction_status, mayar_created_at,
        mayar_updated_at, customer_name, customer_email, amount, raw)
      values (${`trx-${TOKEN}-${index}`}, ${account.rows[0]!.id}, 'payment.received', 'SUCCESS', 'paid', now(), now(),
        ${customer}, ${oldEmail}, 150000, '{}')
      returning id`.execute(db);
    const row = await sql<{ id: string }>`
      insert into change_emails (customer_name, customer_phone, old_email, new_email, reason, status, requested_at)
      values (${customer}, null, ${oldEmail}, ${newEmail}, 'typo', 'pending', now())
      returning id`.execute(db);
    requests.push({
      id: Number(row.rows[0]!.id),
      name: customer,
      oldEmail,
      newEmail,
      purchaseId: Number(purchase.rows[0]!.id),
    });
  }
});

const statusOf = async (id: number) =>
  (
    await sql<{ status: string }>`select status from change_emails where id = ${id}`.execute(
      server.database.db,
    )
  ).rows[0]!.status;

const emailOf = async (purchaseId: number) =>
  (
    await sql<{
      customer_email: string;
    }>`select customer_email from purchases where id = ${purchaseId}`.execute(server.database.db)
  ).rows[0]!.customer_email;

describe('Change Email processing', () => {
  it('approves one request from its row: its purchase moves to the new email', async () => {
    const [budi] = requests;
    await openSignedIn(page, server, user, PENDING_LIST);
    await page.getByRole('button', { name: `Approve: ${labelOf(budi!)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 1 request?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    const outcomes = page.getByRole('region', { name: 'Approved 1 of 1' });
    await outcomes.getByText('1 purchase moved').waitFor();
    expect(await statusOf(budi!.id)).toBe('done');
    expect(await emailOf(budi!.purchaseId)).toBe(budi!.newEmail);
    // The list reloads without the request, which is no longer pending.
    await page.getByRole('button', { name: `Approve: ${labelOf(budi!)}` }).waitFor({ state: 'detached' });
  });

  it('rejects two requests together with a reason; the outcome is shown per row', async () => {
    const [, ayu, rina] = requests;
    await page.getByRole('button', { name: `Approve: ${labelOf(ayu!)}` }).waitFor();
    await page.getByRole('checkbox', { name: new RegExp(ayu!.newEmail.replace(/\./g, '\\.')) }).check();
    await page.getByRole('checkbox', { name: new RegExp(rina!.newEmail.replace(/\./g, '\\.')) }).check();
    await page.getByRole('button', { name: 'Reject (2)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reject 2 requests?' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Give a reason for rejecting').waitFor();
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Not the buyer');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    const outcomes = page.getByRole('region', { name: 'Rejected 2 of 2' });
    await outcomes.getByRole('status').getByText('2 done, 0 failed').waitFor();
    expect(await outcomes.getByText('Rejected: Not the buyer').count()).toBe(2);
    expect(await statusOf(ayu!.id)).toBe('rejected');
    expect(await statusOf(rina!.id)).toBe('rejected');
    expect(await emailOf(ayu!.purchaseId)).toBe(ayu!.oldEmail);
  });

  it('a read-only user sees the requests and no actions; the server refuses a decision with 403', async () => {
    const [budi] = requests;
    await createUserWithKeys(server, `ce-reader-${TOKEN}`, ['databank_mayar_accounts']);
    const reader = await apiLogin(server, `ce-reader-${TOKEN}`);
    const { context, page: readerPage } = await newPage(browser, { width: 1440, height: 1000 });
    try {
      await openSignedIn(readerPage, server, reader, `/app/admins/change-emails?q=${TOKEN}`);
      await readerPage.getByText(budi!.newEmail).first().waitFor();
      await readerPage.getByText(/Approving moves the customer’s purchases/).waitFor();
      expect(await readerPage.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
      expect(await readerPage.getByRole('button', { name: /^Reject/ }).count()).toBe(0);
      expect(await readerPage.getByRole('checkbox').count()).toBe(0);
    } finally {
      await context.close();
    }
    expect(await apiStatus(server, `/api/change-emails/${budi!.id}/approve`, reader.token, 'POST')).toBe(403);
  });
});
