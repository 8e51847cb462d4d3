// The two logistics pages (spec section 4) open the packages list with their presets: the rows, the hidden
// cust_notified column on Packaging, the receipt column without its values on Receipt Confirmation.
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, PACKAGE_STATUSES } from '@staff/console-contract';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import { ADMIN_USERNAME, apiAs, openSignedIn, setupConsole } from './harness.js';

const {
  server,
  user: admin,
  page,
} = setupConsole({
  signIn: { username: ADMIN_USERNAME, password: DEMO_ADMIN_PASSWORD },
  page: { viewport: { width: 1440, height: 1000 }, logErrors: true },
});
let windowDays = 30;

const api = apiAs(server, admin);

/** Today in Jakarta, `offset` days from now, as YYYY-MM-DD (the calendar the server reads dates in). */
function jakartaDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** The actions that take a new package (Waiting) to each status. */
const PATH_TO: Record<string, string[]> = {
  Waiting: [],
  'Ready to Ship': ['ready'],
  Shipping: ['ready', 'ship'],
  Delivered: ['ready', 'ship', 'deliver'],
  Returned: ['ready', 'ship', 'return'],
  Problem: ['problem'],
};

interface Seeded {
  ref: string;
  status: string;
  dateSent: string | null;
  receipt: string;
}
const seeded: Seeded[] = [];

async function seedPackage(ref: string, status: string, dateSent: string | null) {
  const receipt = `RESI${ref.replace(/\W/g, '')}`;
  let row = await api('POST', '/api/resources/packages', {
    order_ref: ref,
    recipient_name: `Recipient ${ref}`,
    phone: '081234567890',
    address: 'Jl. Merdeka 1, Jakarta',
    qty: 1,
    receipt,
  });
  for (const action of PATH_TO[status]!)
    row = await api('POST', `/api/resources/packages/${row.id}/actions/${action}`, { version: row.version });
  // Shipping sets date_sent to today: the date is set last.
  row = await api('PATCH', `/api/resources/packages/${row.id}`, {
    date_sent: dateSent,
    version: row.version,
  });
  expect(row.status).toBe(status);
  expect(row.date_sent ?? null).toBe(dateSent);
  seeded.push({ ref, status, dateSent, receipt });
}

beforeAll(async () => {
  const config = await api<{ config_value?: string | null }>(
    'GET',
    '/api/configs/?config_name=logistics_filter_days&default_value=30',
  );
  windowDays = Number(config.config_value ?? 30);
  // Every status, sent inside the window, outside it, and not sent; plus both edges of the window.
  const dates: Record<string, string | null> = { in: jakartaDay(-5), out: jakartaDay(-60), none: null };
  for (const status of PACKAGE_STATUSES)
    for (const [name, date] of Object.entries(dates))
      await seedPackage(`LPX-${status.replace(/\W/g, '')}-${name}`, status, date);
  await seedPackage('LPX-Delivered-edge', 'Delivered', jakartaDay(-windowDays));
  await seedPackage('LPX-Delivered-past', 'Delivered', jakartaDay(-windowDays - 1));
});

const withinWindow = (row: Seeded) => row.dateSent !== null && row.dateSent >= jakartaDay(-windowDays);
const grid = () => page.getByRole('grid', { name: 'Packages' });

/**
 * Whether a column's header ends inside the table's scroll box and the window with the table not scrolled
 * sideways (at 1440 px: what staff see without scrolling).
 */
const headerInView = (name: RegExp) =>
  grid()
    .getByRole('columnheader', { name })
    .first()
    .evaluate((cell) => {
      let box = cell.parentElement;
      while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      const edge = Math.min(window.innerWidth, box ? box.getBoundingClientRect().right : window.innerWidth);
      return cell.getBoundingClientRect().right <= edge && (box?.scrollLeft ?? 0) === 0;
    });

/** Opens a logistics page; returns the first list request it made and the seeded refs it shows. */
async function openLogistics(routeId: string) {
  const route = ROUTES.find((candidate) => candidate.id === routeId)!;
  const firstList = page.waitForRequest((request) =>
    new URL(request.url()).pathname.startsWith('/api/resources/packages'),
  );
  await openSignedIn(page, server, admin, route.path);
  const first = new URL((await firstList).url());
  await grid().waitFor();
  // Only the rows seeded here (the demo data has packages too): the search keeps the preset's filters.
  const searched = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/resources/packages' &&
      new URL(response.url()).searchParams.get('q') === 'LPX-',
  );
  await page.getByRole('search', { name: 'Filter packages' }).getByRole('searchbox').fill('LPX-');
  const answer = new URL((await searched).url());
  await expect.poll(() => grid().locator('tbody tr[data-index]').count()).toBeGreaterThan(0);
  const text = await grid().locator('tbody').innerText();
  const shown = [...text.matchAll(/LPX-[A-Za-z]+-[a-z]+/g)].map((match) => match[0]);
  return { first, answer, shown: [...new Set(shown)].sort() };
}

describe('logistics presets', () => {
  it('Packaging: Waiting or Ready to Ship, or sent within the window, or not sent; cust_notified hidden', async () => {
    const { first, answer, shown } = await openLogistics('package-tracking');
    // The very first request (the preload with the page guard) is already the preset's.
    expect(first.searchParams.getAll('or')).toHaveLength(1);
    expect(answer.searchParams.getAll('or')).toEqual(first.searchParams.getAll('or'));
    const expected = seeded
      .filter(
        (row) =>
          ['Waiting', 'Ready to Ship'].includes(row.status) || withinWindow(row) || row.dateSent === null,
      )
      .map((row) => row.ref)
      .sort();
    expect(expected).toHaveLength(15);
    expect(shown).toEqual(expected);
    expect(
      await grid()
        .getByRole('columnheader', { name: /Customer notified/ })
        .count(),
    ).toBe(0);
    expect(
      await grid()
        .getByRole('columnheader', { name: /Receipt/ })
        .count(),
    ).toBe(1);
    expect(await grid().locator('tbody').innerText()).toContain('RESILPXWaitingin');
    expect(new URL(page.url()).searchParams.get('preset')).toBe('packaging');
    // Receipt (resi) and Date sent are in view at 1440 px, every status's row actions beside them.
    expect(page.viewportSize()?.width).toBe(1440);
    expect(await headerInView(/^Receipt/)).toBe(true);
    expect(await headerInView(/^Date sent/)).toBe(true);
  });

  it('Receipt Confirmation: Shipping, or sent within the window; the receipt column stays without its values', async () => {
    const { first, answer, shown } = await openLogistics('receipt-confirm');
    expect(first.searchParams.getAll('or')).toHaveLength(1);
    expect(answer.searchParams.getAll('or')).toEqual(first.searchParams.getAll('or'));
    const expected = seeded
      .filter((row) => row.status === 'Shipping' || withinWindow(row))
      .map((row) => row.ref)
      .sort();
    expect(expected).toHaveLength(9);
    expect(shown).toEqual(expected);
    expect(
      await grid()
        .getByRole('columnheader', { name: /Receipt/ })
        .count(),
    ).toBe(1);
    expect(
      await grid()
        .getByRole('columnheader', { name: /Customer notified/ })
        .count(),
    ).toBe(1);
    const body = await grid().locator('tbody').innerText();
    for (const row of seeded) expect(body).not.toContain(row.receipt);
    expect(new URL(page.url()).searchParams.get('preset')).toBe('receipt-confirmation');
    expect(await headerInView(/^Receipt/)).toBe(true);
    expect(await headerInView(/^Date sent/)).toBe(true);
  });

  it('on a phone, a card keeps its order number and status whole with the actions on a line of their own', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openSignedIn(page, server, admin, ROUTES.find((route) => route.id === 'package-tracking')!.path);
      await grid().waitFor();
      const searched = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/resources/packages' &&
          new URL(response.url()).searchParams.get('q') === 'LPX-Shipping-in',
      );
      await page
        .getByRole('search', { name: 'Filter packages' })
        .getByRole('searchbox')
        .fill('LPX-Shipping-in');
      await searched;
      // The searched list shown (not the rows before it, mid-reload).
      await expect.poll(() => grid().locator('tbody tr[data-index]').count()).toBe(1);
      const card = grid().locator('tbody tr[data-index]').first();
      expect(await page.locator('.cui-data-table').getAttribute('data-layout')).toBe('cards');
      // A shipping package has several actions (Delivered, Returned, Confirm receipt, Problem, Track…).
      const buttons = card.getByRole('button');
      expect(await buttons.count()).toBeGreaterThanOrEqual(3);
      // The order number is shown whole, not squeezed into an ellipsis by the buttons.
      const title = card.locator('td.cui-data-table-select + td');
      expect(await title.innerText()).toBe('LPX-Shipping-in');
      expect(
        await title.evaluate(
          (element) => element.clientWidth > 0 && element.scrollWidth <= element.clientWidth,
        ),
      ).toBe(true);
      const titleBox = (await title.boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      for (const button of await buttons.all()) {
        const box = (await button.boundingBox())!;
        expect(box.y).toBeGreaterThan(titleBox.y);
        expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      }
      // The status line is not cut off.
      const status = card.locator('td[data-label="Status"]');
      expect(await status.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await status.innerText()).toContain('Shipping');
    } finally {
      await page.setViewportSize({ width: 1440, height: 1000 });
    }
  });
});
