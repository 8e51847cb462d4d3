import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright';
import { ENTITIES, resourceRoutes, demoRows, type EntityDef, type FieldDef } from '@staff/console-contract';
import { apiLogin, newPage, openSignedIn, setupConsole } from './harness.js';
import { MASTER_DATA, coveringPages } from './masterData.js';

// One server (fresh PGlite with the demo data) and one browser for the whole file.
const {
  server,
  browser,
  user: admin,
  page,
} = setupConsole({
  signIn: { username: 'demo-all' },
  page: { viewport: { width: 1440, height: 900 }, logErrors: true, open: '/app/usage-statistic' },
});

type Row = Record<string, unknown>;

async function api<T = unknown>(
  method: string,
  urlPath: string,
  body?: unknown,
  token = admin.token,
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${server.baseURL}${urlPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : null) as T };
}

const listOf = (def: EntityDef, query = '') =>
  api<{ rows: Row[]; total: number }>('GET', `/api/resources/${def.name}?${query}`);

function routeOf(def: EntityDef) {
  const route = resourceRoutes(def.name)[0];
  if (!route) throw new Error(`no route for ${def.name}`);
  return route;
}

const table = (def: EntityDef) => page.getByRole('grid', { name: def.labelPlural });
const bodyRows = (def: EntityDef) => table(def).locator('tbody tr[data-index]');
const isListAnswer =
  (def: EntityDef, test: (url: URL) => boolean = () => true) =>
  (response: { url: () => string; request: () => { method: () => string } }) => {
    const url = new URL(response.url());
    return (
      url.pathname === `/api/resources/${def.name}` && response.request().method() === 'GET' && test(url)
    );
  };

async function openList(def: EntityDef, search = ''): Promise<void> {
  const route = routeOf(def);
  await page.goto(`${server.baseURL}${route.path}${search}`);
  try {
    await page.getByRole('heading', { level: 1, name: route.title }).waitFor();
    await bodyRows(def).first().waitFor();
  } catch (error) {
    // Say what the page shows instead of rows.
    const main = await page
      .locator('body')
      .innerText()
      .catch(() => '(no main)');
    throw new Error(`${def.name}: no rows at ${page.url()}\n${main.slice(0, 1500)}`, { cause: error });
  }
}

let counter = Date.now() % 100_000;
const digits = (n: number) => String(counter++).padStart(n, '7').slice(-n);

/** A value no seeded row has, for a unique text field: the first candidate its pattern accepts. */
function uniqueValue(field: FieldDef): string {
  const tag = digits(6);
  if (field.type === 'email') return `e2e.${tag}@contoh.co.id`;
  if (field.type === 'phone') return `62812${digits(8)}`;
  if (!field.pattern) return `E2E ${field.label} ${tag}`.slice(0, field.maxLength ?? 120);
  const pattern = new RegExp(field.pattern);
  const candidates = [`E2E-${tag}`, `E2E${tag}`, `e2e.${tag}`, digits(10), digits(16), `act_${digits(10)}`];
  const fit = candidates.find(
    (candidate) => pattern.test(candidate) && candidate.length <= (field.maxLength ?? 200),
  );
  if (!fit) throw new Error(`no unique test value fits ${field.name} (${field.pattern})`);
  return fit;
}

function ruleFields(def: EntityDef): Set<string> {
  const names = new Set<string>();
  for (const rule of def.rules ?? []) {
    names.add(rule.field);
    if ('other' in rule) names.add(rule.other);
    if ('when' in rule) names.add(rule.when.field);
    if ('fields' in rule) rule.fields.forEach((name) => names.add(name));
  }
  return names;
}

/** Create values: a demo row (valid by the contract) with unique fields made unique against the seeded rows. */
async function newValues(def: EntityDef): Promise<Row> {
  const refs: Record<string, number[]> = {};
  for (const field of def.fields) {
    if (field.type !== 'relation' || !field.relation) continue;
    const options = await api<{ options: { value: number }[] }>(
      'GET',
      `/api/resources/${field.relation.entity}/options?limit=5`,
    );
    refs[field.relation.entity] = options.data.options.map((option) => option.value);
  }
  const [row] = demoRows(def, 1, 4242 + counter, refs);
  const values: Row = { ...row };
  const uniqueNames = new Set([
    ...def.fields.filter((f) => f.unique).map((f) => f.name),
    ...(def.uniqueTogether ?? []).flat(),
  ]);
  for (const field of def.fields) {
    if (!uniqueNames.has(field.name)) continue;
    if (['text', 'email', 'phone'].includes(field.type)) values[field.name] = uniqueValue(field);
    if (field.type === 'month') values[field.name] = `20${40 + (counter++ % 50)}-0${1 + (counter % 9)}`;
  }
  return values;
}

/** Fills one form field the way a user would. */
async function fill(form: Locator, field: FieldDef, value: unknown): Promise<void> {
  const control = form.locator(`[name="${field.name}"]`).first();
  switch (field.type) {
    case 'enum':
      await control.selectOption(String(value));
      return;
    case 'boolean':
      await control.setChecked(value === true);
      return;
    case 'relation': {
      await control.click();
      const list = page.getByRole('listbox', { name: field.label, exact: true });
      await list.getByRole('option').first().click();
      return;
    }
    case 'datetime':
      await control.fill(String(value).slice(0, 16));
      return;
    case 'tags':
    case 'daterange':
    case 'json':
      return;
    default:
      await control.fill(String(value));
  }
}

const writable = (field: FieldDef) => !field.readOnly && !['tags', 'daterange', 'json'].includes(field.type);

async function notified(text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor();
}

describe('every master-data page as an administrator', () => {
  it('has 20 master-data pages', () => {
    expect(MASTER_DATA).toHaveLength(20);
  });

  // One test a page: each has the config's hang guard, and a failure names its page. `-t creators` runs one.
  // The pages that between them show every field type, rule and delete kind of the 20 (masterData.ts); a page's
  // test was 10 to 45 s on the loaded 2-core machine (session 20), and the walk was 20 of them.
  for (const def of coveringPages()) {
    it(`lists, filters, sorts, creates, edits and deletes on ${def.name}`, async () => {
      await checkPage(def);
    });
  }
});

async function checkPage(def: EntityDef): Promise<void> {
  const step = (name: string) => `${def.name}: ${name}`;
  // List: the page's first rows are the server's first page in the default order.
  await openList(def);
  const first = await listOf(def, 'limit=50');
  expect(await bodyRows(def).count(), step('list')).toBe(Math.min(50, first.data.total));
  await page
    .getByText(`of ${new Intl.NumberFormat('id-ID').format(first.data.total)}`)
    .first()
    .waitFor();

  // Filter from the bar: an enum (any of), a switch (Yes) or else a money range, with a value the first row has.
  const firstRow = first.data.rows[0]!;
  const filterField =
    def.fields.find((field) => field.filterable && field.type === 'enum' && firstRow[field.name] != null) ??
    def.fields.find((field) => field.filterable && field.type === 'boolean') ??
    def.fields.find((field) => field.filterable && field.type === 'money' && firstRow[field.name] != null);
  expect(filterField, step('a filterable enum, switch or amount')).toBeTruthy();
  const name = filterField!.name;
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page
    .getByRole('list', { name: 'Fields' })
    .getByRole('button', { name: filterField!.label, exact: true })
    .click();
  const editor = page.getByRole('form', { name: `Filter ${filterField!.label}` });
  let matches: (row: Row) => boolean;
  if (filterField!.type === 'boolean') {
    await editor.getByRole('radio', { name: 'Yes' }).check();
    matches = (row) => row[name] === true;
  } else if (filterField!.type === 'enum') {
    const wanted = firstRow[name];
    await editor
      .getByRole('checkbox', {
        name: filterField!.options!.find((o) => o.value === wanted)!.label,
        exact: true,
      })
      .check();
    matches = (row) => row[name] === wanted;
  } else {
    const floor = Number(firstRow[name]);
    await editor.getByLabel('From').fill(String(floor));
    matches = (row) => Number(row[name]) >= floor;
  }
  const filtered = page.waitForResponse(
    isListAnswer(def, (url) => [...url.searchParams.keys()].some((key) => key.startsWith(`f.${name}.`))),
  );
  await editor.getByRole('button', { name: 'Apply' }).click();
  const filteredRows = (await (await filtered).json()) as { rows: Row[]; total: number };
  expect(filteredRows.rows.length, step('filter finds rows')).toBeGreaterThan(0);
  expect(filteredRows.rows.every(matches), step('filter')).toBe(true);
  expect(filteredRows.total, step('filter narrows')).toBeLessThanOrEqual(first.data.total);
  expect(new URL(page.url()).searchParams.toString(), step('filter in the address')).toContain(`f.${name}.`);
  await expect.poll(() => bodyRows(def).count()).toBe(Math.min(50, filteredRows.total));

  // Sort on a sortable list column other than the default, ascending then descending.
  const sortField =
    def.fields.find(
      (field) =>
        field.list &&
        field.sortable &&
        field.name !== def.defaultSort.field &&
        ['integer', 'money', 'number', 'date', 'month'].includes(field.type),
    ) ?? def.fields.find((field) => field.list && field.sortable && field.name !== def.defaultSort.field)!;
  const header = table(def).getByRole('columnheader', { name: sortField.label, exact: true });
  const ascending = page.waitForResponse(
    isListAnswer(def, (url) => url.searchParams.get('sort') === `${sortField.name}:asc`),
  );
  await header.getByRole('button').click();
  const ascRows = ((await (await ascending).json()) as { rows: Row[] }).rows;
  await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
  const descending = page.waitForResponse(
    isListAnswer(def, (url) => url.searchParams.get('sort') === `${sortField.name}:desc`),
  );
  await header.getByRole('button').click();
  const descRows = ((await (await descending).json()) as { rows: Row[] }).rows;
  await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
  if (['integer', 'money', 'number'].includes(sortField.type)) {
    const numbers = (rows: Row[]) =>
      rows
        .map((row) => row[sortField.name])
        .filter((v) => v !== null)
        .map(Number);
    const asc = numbers(ascRows);
    expect(asc, step('ascending')).toEqual([...asc].sort((a, b) => a - b));
    const desc = numbers(descRows);
    expect(desc, step('descending')).toEqual([...desc].sort((a, b) => b - a));
  }
  expect(new URL(page.url()).searchParams.get('sort'), step('sort in the address')).toBe(
    `${sortField.name}:desc`,
  );

  // Create through the form.
  const values = await newValues(def);
  const rules = ruleFields(def);
  await page.getByRole('button', { name: `New ${def.label.toLowerCase()}`, exact: true }).click();
  const createForm = page.getByRole('form', { name: `New ${def.label.toLowerCase()}` });
  for (const field of def.fields.filter(writable)) {
    const value = values[field.name];
    if (value === null || value === undefined) continue;
    if (field.required || rules.has(field.name) || field.unique) await fill(createForm, field, value);
  }
  const created = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/resources/${def.name}` && r.request().method() === 'POST',
  );
  await createForm.getByRole('button', { name: 'Create', exact: true }).click();
  const createdAnswer = await created.catch(async (error: unknown) => {
    // The form refused to send: say which fields it complained about.
    const complaints = await createForm
      .locator('[aria-invalid="true"]')
      .evaluateAll((inputs) =>
        inputs.map(
          (input) =>
            `${input.getAttribute('name')}: ${document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent ?? ''}`,
        ),
      );
    throw new Error(`${step('create')} not sent; form errors: ${complaints.join('; ')}`, { cause: error });
  });
  expect(createdAnswer.status(), `${step('create')} ${await createdAnswer.text()}`).toBe(201);
  const row = (await createdAnswer.json()) as Row;
  await notified(`created.`);
  await createForm.waitFor({ state: 'detached' });

  // Edit it: newest first, so it is the first row.
  await openList(def, '?sort=id:desc');
  // Entities named by several fields (month · tribe) are named in the row's buttons the way the page names them.
  const title = def.titleFields
    ? (
        (await bodyRows(def)
          .first()
          .getByRole('button', { name: /^Edit / })
          .getAttribute('aria-label')) ?? ''
      ).replace(/^Edit /, '')
    : String(row[def.titleField]);
  const editField =
    def.fields.find((field) => field.type === 'longtext' && !field.readOnly) ??
    def.fields.find((field) => field.type === 'text' && !field.pattern && !field.readOnly)!;
  const edited = editField.unique ? uniqueValue(editField) : `Diubah lewat e2e ${digits(4)}`;
  await table(def)
    .getByRole('button', { name: `Edit ${title}`, exact: true })
    .first()
    .click();
  const editForm = page.getByRole('form', { name: new RegExp(`^Edit ${def.label.toLowerCase()}`) });
  await editForm.locator(`[name="${editField.name}"]`).fill(edited);
  const updated = page.waitForResponse(
    (r) =>
      r.url().includes(`/api/resources/${def.name}/${String(row.id)}`) && r.request().method() === 'PATCH',
  );
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  expect((await updated).status(), step('edit')).toBe(200);
  await notified('saved.');
  const stored = await api<Row>('GET', `/api/resources/${def.name}/${String(row.id)}`);
  expect(stored.data[editField.name], step('edited value stored')).toBe(edited);
  expect(stored.data.version, step('version')).toBe(2);

  // Delete it after confirming.
  const newTitle = editField.name === def.titleField ? edited : title;
  await table(def)
    .getByRole('button', { name: `Delete ${newTitle}`, exact: true })
    .first()
    .click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await notified(/^Deleted /);
  await dialog.waitFor({ state: 'detached' });
  const after = await listOf(def, `f.id.eq=${String(row.id)}`);
  expect(after.data.total, step('deleted')).toBe(0);
}

/** How many sockets the user has on the server. */
async function socketCount(token: string): Promise<number> {
  const { authenticate } = await import('../../console-server/src/auth/sessions.js');
  const session = await authenticate(server.database.db, token, new Date());
  return (await server.app.realtime.io.in(`user:${session!.userId}`).fetchSockets()).length;
}

/** Waits until the user has `count` sockets on the server. */
async function waitForSockets(token: string, count: number): Promise<void> {
  // A hang guard, not a time limit: sockets connect slowly on a busy 2-core machine.
  const deadline = Date.now() + 120_000;
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
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await notified('Deleted 2 creators.');
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
