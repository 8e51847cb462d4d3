// Issue 10 item 9: a Monthly Target is named so a person recognises it ("Desember 2026 · Tribe Alpha", not
// "2026-12", which hundreds share) in its buttons, confirmations and notices, and its delete is a soft delete
// like the other master data's.
import { describe, expect, it } from 'vitest';
import { monthlyTargets, resourceRoutes } from '@staff/console-contract';
import { openSignedIn, setupConsole } from './harness.js';

const { server, user, page } = setupConsole({
  signIn: { username: 'demo-all' },
  page: { viewport: { width: 1440, height: 900 } },
});

type ListAnswer = {
  rows: Record<string, unknown>[];
  labels: Record<string, Record<string, string>>;
};

const monthName = (period: string) =>
  new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period.slice(0, 7)}-01T00:00:00Z`),
  );

describe('issue 10 item 9: Monthly Target has a recognisable title and a soft delete', () => {
  it('names a target by month and what it is for, and deleting it keeps the row (deleted_at)', async () => {
    const route = resourceRoutes('monthly_targets')[0]!;
    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/resources/monthly_targets' &&
        response.request().method() === 'GET',
    );
    await openSignedIn(page, server, user, `${route.path}?f.scope.eq=tribe&sort=id:desc`);
    const list = (await (await answer).json()) as ListAnswer;
    const row = list.rows[0]!;
    const tribe = list.labels.tribe_id?.[String(row.tribe_id)];
    expect(tribe).toBeTruthy();
    const title = `${monthName(String(row.period))} · ${tribe!}`;
    expect(title).toMatch(/^[A-Z][a-z]+ \d{4} · /);

    const grid = page.getByRole('grid', { name: monthlyTargets.labelPlural });
    const remove = grid.getByRole('button', { name: `Delete ${title}`, exact: true });
    await remove.waitFor();
    await remove.click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain(`“${title}”`);
    expect(await dialog.textContent()).not.toContain(`“${String(row.period)}”`);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(title, { exact: false }).first().waitFor();

    // Soft: the row stays, marked deleted, and leaves the list.
    const stored = await server.database.db
      .selectFrom('monthly_targets' as never)
      .selectAll()
      .where('id' as never, '=', Number(row.id) as never)
      .executeTakeFirst();
    expect(stored).toBeDefined();
    expect((stored as { deleted_at: Date | null }).deleted_at).toBeInstanceOf(Date);
    await expect
      .poll(() => grid.getByRole('button', { name: `Delete ${title}`, exact: true }).count())
      .toBe(0);
  });
});
