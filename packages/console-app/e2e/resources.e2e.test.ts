import { describe, expect, it } from 'vitest';
import { ENTITIES } from '@staff/console-contract';
import { apiLogin, newPage, openSignedIn, setupConsole } from './harness.js';
import { MASTER_DATA, coveringPages } from './masterData.js';
import { listParts, routeOf, type Row } from './lists.js';
import { WALK_SPLIT, resourceWalk } from './resourcesWalk.js';

// One server (a copy of the demo database) and one tab for the whole file.
const {
  server,
  browser,
  user: admin,
  page,
} = setupConsole({
  signIn: { username: 'demo-all' },
  page: { viewport: { width: 1440, height: 900 }, logErrors: true, open: '/app/usage-statistic' },
});
const { api, listOf, openList, uniqueValue, newValues, notified, checkPage } = resourceWalk({
  server,
  page,
  admin,
});
const { table, bodyRows } = listParts(page);

describe('every master-data page as an administrator', () => {
  it('has 20 master-data pages', () => {
    expect(MASTER_DATA).toHaveLength(20);
  });

  // One test a page: each has the config's hang guard, and a failure names its page. `-t creators` runs one.
  // The pages that between them show every field type, rule and delete kind of the 20 (masterData.ts); a page's
  // test was 20 to 50 s on the loaded 2-core machine (v38). The first WALK_SPLIT here, the rest in
  // resourcePages.e2e.test.ts, so the walk runs on two workers.
  for (const def of coveringPages().slice(0, WALK_SPLIT)) {
    it(`lists, filters, sorts, creates, edits and deletes on ${def.name}`, async () => {
      await checkPage(def);
    });
  }
});

/** How many sockets the user has on the server. */
async function socketCount(token: string): Promise<number> {
  const { authenticate } = await import('../../console-server/src/auth/sessions.js');
  const session = await authenticate(server.database.db, token, new Date());
  return (await server.app.realtime.io.in(`user:${session!.userId}`).fetchSockets()).length;
}

/** Waits until the user has `count` sockets on the server. */
async function waitForSockets(token: string, count: number): Promise<void> {
  // A hang guard, not a time limit: sockets connect slowly on a busy 2-core machine.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if ((await socketCount(token)) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the user has fewer than ${count} sockets`);
}

const creators = ENTITIES.find((entity) => entity.name === 'creators')!;

async function newestCreator(): Promise<Row> {
  const body = await newValues(creators);
  const created = await api<Row>('POST', '/api/resources/creators', {
    // The demo's name pool repeats: the unique handle makes the row's name (and its buttons' names) unique.
    name: `${String(body.name)} ${String(body.handle)}`,
    handle: body.handle,
    platform: 'tiktok',
    status: 'active',
  });
  expect(created.status).toBe(201);
  return created.data;
}

describe('creators in depth', () => {
  it('lays out the header at 1360 px: title left, New right on its row; search, presets, views, export on one row', async () => {
    await page.setViewportSize({ width: 1360, height: 900 });
    try {
      await openList(creators);
      const title = (await page
        .getByRole('heading', { level: 1, name: routeOf(creators).title })
        .boundingBox())!;
      const create = (await page.getByRole('button', { name: 'New creator' }).boundingBox())!;
      // Same row as the title, at its right.
      expect(create.y).toBeLessThan(title.y + title.height);
      expect(create.x).toBeGreaterThan(title.x + title.width);
      const toolbar = page.getByRole('search', { name: 'Filter creators' });
      const search = (await toolbar.getByRole('searchbox').boundingBox())!;
      const exportButton = (await toolbar.getByRole('button', { name: 'Export CSV' }).boundingBox())!;
      expect(search.y).toBeGreaterThan(create.y + create.height);
      // No wrap at this width: export sits on the search field's line.
      expect(
        Math.abs(exportButton.y + exportButton.height / 2 - (search.y + search.height / 2)),
      ).toBeLessThan(search.height);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('shows a server validation error beside its field', async () => {
    await openList(creators);
    await page.getByRole('button', { name: 'New creator', exact: true }).click();
    const form = page.getByRole('form', { name: 'New creator' });
    await form.locator('[name="name"]').fill('Sinta Maharani');
    await form
      .locator('[name="handle"]')
      .fill(uniqueValue(creators.fields.find((f) => f.name === 'handle')!));
    await form.locator('[name="platform"]').selectOption('instagram');
    // The browser has no rule for phone numbers; the server has.
    await form.locator('[name="phone"]').fill('12345');
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/resources/creators') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    expect((await answer).status()).toBe(400);
    const phone = form.locator('[name="phone"]');
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await phone.getAttribute('aria-describedby'))!.split(' ')[0]!;
    const message = form.locator(`[id="${describedBy}"]`);
    expect(await message.textContent()).toContain('Indonesian phone number');
    // Beside the field: in the same field row.
    expect(
      await phone.evaluate(
        (input, id) => input.closest('.cui-field')?.querySelector(`[id="${id}"]`) !== null,
        describedBy,
      ),
    ).toBe(true);
    // The server error focuses the field; nothing was written.
    expect(await phone.evaluate((input) => input === document.activeElement)).toBe(true);
    expect((await listOf(creators, 'q=Sinta%20Maharani')).data.total).toBe(0);
    await page.getByRole('button', { name: 'Close panel' }).click();
  });

  it('a stale edit shows the conflict with Reload, and saving after Reload works', async () => {
    const row = await newestCreator();
    await openList(creators, '?sort=id:desc');
    await table(creators)
      .getByRole('button', { name: `Edit ${String(row.name)}`, exact: true })
      .click();
    const form = page.getByRole('form', { name: /^Edit creator/ });
    // Someone else changes the row in between.
    const other = await api<Row>('PATCH', `/api/resources/creators/${String(row.id)}`, {
      version: row.version,
      city: 'Yogyakarta',
    });
    expect(other.status).toBe(200);
    await form.locator('[name="city"]').fill('Bandung');
    const stale = page.waitForResponse(
      (r) =>
        r.url().includes(`/api/resources/creators/${String(row.id)}`) && r.request().method() === 'PATCH',
    );
    await form.getByRole('button', { name: 'Save changes' }).click();
    expect((await stale).status()).toBe(409);
    const banner = form.getByRole('alert').filter({ hasText: 'This record was changed by someone else' });
    await banner.waitFor();
    // Nothing was overwritten.
    expect((await api<Row>('GET', `/api/resources/creators/${String(row.id)}`)).data.city).toBe('Yogyakarta');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await form.locator('[name="city"]').inputValue()).toBe('Yogyakarta');
    await form.locator('[name="city"]').fill('Bandung');
    const saved = page.waitForResponse(
      (r) =>
        r.url().includes(`/api/resources/creators/${String(row.id)}`) && r.request().method() === 'PATCH',
    );
    await form.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).status()).toBe(200);
    const stored = (await api<Row>('GET', `/api/resources/creators/${String(row.id)}`)).data;
    expect(stored).toMatchObject({ city: 'Bandung', version: 3 });
  });

  it('history, bulk delete and live updates from another user', async () => {
    const a = await newestCreator();
    const b = await newestCreator();
    await openList(creators, '?sort=id:desc');
    // A row created elsewhere appears without reloading the page, pushed over the shell's socket.
    await waitForSockets(admin.token, 1);
    const c = await newestCreator();
    await table(creators)
      .getByRole('button', { name: `Edit ${String(c.name)}`, exact: true })
      .waitFor();
    // The list page listens on the shell's socket: one socket for this signed-in tab (an earlier test's closed tab
    // may take a moment to drop its own on a busy machine).
    await expect.poll(() => socketCount(admin.token)).toBe(1);

    // History of a row.
    await table(creators)
      .getByRole('button', { name: `Edit ${String(c.name)}`, exact: true })
      .click();
    await page.getByRole('button', { name: 'Show history' }).click();
    await page.getByText('Created', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Close panel' }).click();

    // Bulk delete of two selected rows after confirming.
    await table(creators)
      .getByRole('checkbox', { name: `Select row ${String(a.name)}` })
      .check();
    await table(creators)
      .getByRole('checkbox', { name: `Select row ${String(b.name)}` })
      .check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    const dialog = page.getByRole('alertdialog');
    const deleted = await notified('Deleted 2 creators.');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await deleted();
    expect((await listOf(creators, `f.id.in=${String(a.id)},${String(b.id)}`)).data.total).toBe(0);
  });

  it('keeps the view in the address and exports exactly that view as CSV', async () => {
    await openList(creators, '?f.platform.in=tiktok&sort=followers:desc&size=25');
    // The filter chip is back from the address.
    await page.getByRole('list', { name: 'Active filters' }).getByText('Platform: TikTok').waitFor();
    expect(await bodyRows(creators).count()).toBe(25);
    const expected = await listOf(creators, 'f.platform.in=tiktok&sort=followers:desc');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^creators-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
    // UTF-8 with a byte-order mark, so spreadsheets read Indonesian names right (trim() would drop it).
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split(/\r\n/);
    expect(lines[0]).toBe('Name,Handle,Platform,Followers,Tier,Niche,Rate per post,WhatsApp,City,Status');
    expect(lines).toHaveLength(expected.data.total + 1);
    expect(lines[1]).toContain(String(expected.data.rows[0]!.handle));
    // Choices as the table shows them, not their stored codes.
    expect(lines.slice(1).every((line) => line.includes(',TikTok,'))).toBe(true);
    expect(csv).not.toContain(',tiktok,');
  });
});

describe('a user who may read but not write', () => {
  it('sees no edit controls, and the server refuses a write anyway', async () => {
    const reader = await apiLogin(server, 'demo-operation-data');
    const own = await newPage(browser, { width: 1440, height: 900 });
    try {
      await openSignedIn(own.page, server, reader, '/app/admins/creators');
      const grid = own.page.getByRole('grid', { name: 'Creators' });
      await grid.locator('tbody tr[data-index]').first().waitFor();
      await own.page
        .getByRole('note')
        .filter({ hasText: 'You can read creators but not change them.' })
        .waitFor();
      expect(await own.page.getByRole('button', { name: 'New creator' }).count()).toBe(0);
      expect(await grid.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
      expect(await grid.getByRole('checkbox').count()).toBe(0);
      // Opening a row shows it read-only.
      await grid.locator('tbody tr[data-index]').first().click();
      const panel = own.page.getByRole('dialog');
      await panel.waitFor();
      expect(await panel.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
      expect(await panel.locator('input, select, textarea').count()).toBe(0);
      // The server refuses a write all the same.
      const first = (await listOf(creators, 'limit=1')).data.rows[0]!;
      const write = await api(
        'PATCH',
        `/api/resources/creators/${String(first.id)}`,
        { version: first.version, city: 'Medan' },
        reader.token,
      );
      expect(write.status).toBe(403);
      const create = await api(
        'POST',
        '/api/resources/creators',
        { name: 'Tidak Boleh', handle: 'tidak.boleh', platform: 'tiktok', status: 'active' },
        reader.token,
      );
      expect(create.status).toBe(403);
      expect(
        (await api('DELETE', `/api/resources/creators/${String(first.id)}`, undefined, reader.token)).status,
      ).toBe(403);
    } finally {
      await own.context.close();
    }
  });
});
