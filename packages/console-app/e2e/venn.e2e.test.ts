import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { intakeFixture } from '../../console-server/test/support/intake.js';
import { apiLogin, newPage, openSignedIn, setupConsole } from './harness.js';

const { server, browser } = setupConsole();

/** Two products of a fresh account: one customer bought both, one only the first, two only the second. */
async function seedTwoProducts() {
  const { db } = server.database;
  const fixture = await intakeFixture(server.database);
  const ids: number[] = [];
  for (const name of ['Venn E2E Kelas', 'Venn E2E Ebook']) {
    const row = await sql<{ id: string }>`
      insert into products (name, mayar_account_id, mayar_product_id, product_type, price, ships_package, tribe_id, active)
      values (${name}, ${fixture.accountId}, ${`venn-e2e-${name}`}, 'ebook', 100000, false, ${fixture.tribeId}, true)
      returning id`.execute(db);
    ids.push(Number(row.rows[0]!.id));
  }
  // Two days ago: inside "30 hari terakhir" in Jakarta whatever the hour.
  const at = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const purchases: [string, number][] = [
    ['both@venn.test', ids[0]!],
    ['Both@Venn.test ', ids[1]!],
    ['first@venn.test', ids[0]!],
    ['second-a@venn.test', ids[1]!],
    ['second-b@venn.test', ids[1]!],
  ];
  let n = 0;
  for (const [email, productId] of purchases) {
    n += 1;
    await sql`insert into purchases (mayar_id, mayar_account_id, last_event, status, transaction_status, paid_at,
        mayar_created_at, mayar_updated_at, amount, product_id, tribe_id, customer_name, customer_email, raw)
      values (${`venn-e2e-${n}`}, ${fixture.accountId}, 'payment.received', 'SUCCESS', 'paid', ${at}, ${at}, ${at},
        150000, ${productId}, ${fixture.tribeId}, ${`Pelanggan ${n}`}, ${email}, '{}')`.execute(db);
  }
}

describe('Cust Venn Diagram', () => {
  it('lists the customers of the region clicked', async () => {
    await seedTwoProducts();
    const user = await apiLogin(server, 'demo-all');
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/product-distribution-venn');
      await page.getByRole('heading', { name: 'Cust Venn Diagram' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search products' }).fill('Venn E2E');
      await page.getByRole('checkbox', { name: 'Venn E2E Kelas' }).check();
      await page.getByRole('checkbox', { name: 'Venn E2E Ebook' }).check();

      const overlap = page.getByRole('button', { name: 'Venn E2E Kelas & Venn E2E Ebook: 1 customers' });
      await overlap.waitFor();
      await expect(
        page.getByRole('button', { name: 'Venn E2E Ebook only: 2 customers' }).count(),
      ).resolves.toBe(1);
      await overlap.click();

      const customers = page.getByRole('table', { name: 'Customers in this region' });
      await customers.getByRole('cell', { name: 'both@venn.test' }).waitFor();
      expect(await customers.getByRole('row').count()).toBe(2); // header + one customer

      // Another region by keyboard: Tab to it, Enter.
      const only = page.getByRole('button', { name: 'Venn E2E Ebook only: 2 customers' });
      await only.focus();
      await page.keyboard.press('Enter');
      await customers.getByRole('cell', { name: 'second-b@venn.test' }).waitFor();
      await expect(customers.getByRole('cell', { name: 'second-a@venn.test' }).count()).resolves.toBe(1);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^venn_product_region-2_.*\.csv$/);
    } finally {
      await context.close();
    }
  });
});
