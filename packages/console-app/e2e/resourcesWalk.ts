import { expect } from 'vitest';
import type { Locator, Page } from 'playwright';
import { demoRows, type EntityDef, type FieldDef, type StoredUser } from '@staff/console-contract';
import { watchNotification, type ConsoleServer } from './harness.js';
import { listAnswer, listParts, recordApiRequests, routeOf, type Row } from './lists.js';

/**
 * How many of the covering pages (masterData.ts) resources.e2e walks; resourcePages.e2e walks the rest. Four
 * there beside creators in depth and the read-only user (about 80 s), six here: each file about 200 s in v38's
 * figures, so the two land on two of the four workers without one outlasting the others.
 */
export const WALK_SPLIT = 4;

/**
 * The master-data walk over one file's server, tab and signed-in administrator (setupConsole's handles, read at
 * each call): the API as the administrator, the list page's parts, unique create values, and `checkPage`, which
 * lists, filters, sorts, creates, edits and deletes on one page. Shared by resources.e2e (half the covering pages
 * and creators in depth) and resourcePages.e2e (the other half), so the walk runs on two workers.
 */
export function resourceWalk({
  server,
  page,
  admin,
}: {
  server: ConsoleServer;
  page: Page;
  admin: StoredUser;
}) {
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

  const { table, bodyRows } = listParts(page);

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

  const writable = (field: FieldDef) =>
    !field.readOnly && !['tags', 'daterange', 'json'].includes(field.type);

  /** A wait for the notification `text`, watched from now on: call it before the action that notifies. */
  const notified = (text: string | RegExp) => watchNotification(page, text);

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
      listAnswer(def, (url) => [...url.searchParams.keys()].some((key) => key.startsWith(`f.${name}.`))),
    );
    // What the page asked after Apply, for the failure message if the filtered answer never comes (the first
    // page of a file, only with two suites on the machine: sessions 30 and 31).
    const { asked, stop } = recordApiRequests(page);
    await editor.getByRole('button', { name: 'Apply' }).click();
    const answered = await filtered
      .catch(async (error: unknown) => {
        const chips = await page.getByRole('list', { name: 'Active filters' }).allTextContents();
        throw new Error(
          `${step('no filtered answer')}: address ${page.url()}, chips ${JSON.stringify(chips)}, asked since Apply: ${asked.join('; ') || 'nothing'}`,
          { cause: error },
        );
      })
      .finally(stop);
    const filteredRows = (await answered.json()) as { rows: Row[]; total: number };
    expect(filteredRows.rows.length, step('filter finds rows')).toBeGreaterThan(0);
    expect(filteredRows.rows.every(matches), step('filter')).toBe(true);
    expect(filteredRows.total, step('filter narrows')).toBeLessThanOrEqual(first.data.total);
    expect(new URL(page.url()).searchParams.toString(), step('filter in the address')).toContain(
      `f.${name}.`,
    );
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
      listAnswer(def, (url) => url.searchParams.get('sort') === `${sortField.name}:asc`),
    );
    await header.getByRole('button').click();
    const ascRows = ((await (await ascending).json()) as { rows: Row[] }).rows;
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    const descending = page.waitForResponse(
      listAnswer(def, (url) => url.searchParams.get('sort') === `${sortField.name}:desc`),
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
    const createdNote = await notified('created.');
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
    await createdNote(step('created notification'));
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
    const savedNote = await notified('saved.');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    expect((await updated).status(), step('edit')).toBe(200);
    await savedNote(step('saved notification'));
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
    const deletedNote = await notified(/^Deleted /);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await deletedNote(step('deleted notification'));
    await dialog.waitFor({ state: 'detached' });
    const after = await listOf(def, `f.id.eq=${String(row.id)}`);
    expect(after.data.total, step('deleted')).toBe(0);
  }

  return {
    api,
    listOf,
    openList,
    uniqueValue,
    newValues,
    notified,
    checkPage,
  };
}
