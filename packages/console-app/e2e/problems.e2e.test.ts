import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiLogin, newPage, openSignedIn, setupConsole } from './harness.js';

const { server, browser } = setupConsole();

describe('Cust Problem Tracking', () => {
  it('moves a problem across the board by keyboard, and the server keeps the move', async () => {
    const { db } = server.database;
    const category = await sql<{
      id: string;
    }>`insert into problem_categories (name, description, sort_order, active)
      values ('E2E Pembayaran', null, 0, true) returning id`.execute(db);
    const user = await apiLogin(server, 'demo-all');
    const created = await fetch(`${server.baseURL}/api/problems`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        customer_name: 'Pelanggan E2E',
        category_id: Number(category.rows[0]!.id),
        description: 'Akses kelas E2E belum masuk',
      }),
    });
    expect(created.status).toBe(200);
    const problem = (await created.json()) as { id: number };

    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/crm/problem-tracker/');
      const board = page.getByRole('region', { name: 'Customer problem board' });
      const card = board.getByRole('button', { name: new RegExp(`#${problem.id} Akses kelas E2E`) });
      await card.waitFor();
      expect(await card.getAttribute('data-card')).toBe(String(problem.id));
      await expect(
        board
          .locator('[data-column="open"]')
          .getByRole('button', { name: /Akses kelas E2E/ })
          .count(),
      ).resolves.toBe(1);

      // Space picks it up (target: In progress), Enter drops it there.
      await card.focus();
      await page.keyboard.press('Space');
      await board.getByRole('status').filter({ hasText: 'Target: In progress.' }).waitFor();
      await page.keyboard.press('Enter');
      await board
        .locator('[data-column="in_progress"]')
        .getByRole('button', { name: /Akses kelas E2E/ })
        .waitFor();

      // Again, two columns on: In progress → Resolved.
      const moved = board.getByRole('button', { name: /Akses kelas E2E/ });
      await moved.focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('Enter');
      await board
        .locator('[data-column="resolved"]')
        .getByRole('button', { name: /Akses kelas E2E/ })
        .waitFor();

      const stored = await sql<{
        status: string;
      }>`select status from customer_problems where id = ${problem.id}`.execute(db);
      expect(stored.rows[0]!.status).toBe('resolved');
      const audit = await sql<{ action: string }>`select action from audit_log
        where entity = 'customer_problems' and entity_id = ${String(problem.id)} order by id`.execute(db);
      expect(audit.rows.map((row) => row.action)).toEqual(['create', 'action:start', 'action:resolve']);
    } finally {
      await context.close();
    }
  });
});
