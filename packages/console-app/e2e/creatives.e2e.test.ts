// Issue #32: Master Ad Creative shows its creatives. A creative with no picture of its own: the list shows
// the placeholder; "Refresh from Meta" in its panel reads it from the fake Graph API (its image served by the fake);
// the list's thumbnail and the panel's preview then load, and the Ad Creative report shows the same picture beside
// the creative and links it to the record.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Locator } from 'playwright';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import { startFakeGraph } from '../../console-server/test/fakes/graph.js';
import { seedReportFixture } from '../../console-server/test/support/reports.js';
import { ROUTES } from '@staff/console-contract';
import { ADMIN_USERNAME, apiAs, openSignedIn, setupConsole } from './harness.js';

const TOKEN = 'EAAG-e2e-creative-token-123';
const pathOf = (id: string) => ROUTES.find((route) => route.id === id)!.path;

const {
  server,
  user: admin,
  page,
  fakes: { graph },
} = setupConsole({
  fakes: { graph: () => startFakeGraph({ accessToken: TOKEN }) },
  server: ({ graph }) => ({
    intake: { metaGraphUrl: graph.url, reconcileEveryMinutes: false, metaPullEveryMs: false },
  }),
  signIn: { username: ADMIN_USERNAME, password: DEMO_ADMIN_PASSWORD },
  page: {},
});

/** Whether the browser really decoded the picture (not a placeholder, not a torn image). */
const loaded = (image: Locator) =>
  expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 180_000 })
    .toBeGreaterThan(0);

describe('Master Ad Creative pictures', () => {
  it('shows the placeholder, refreshes from Meta, then shows the picture in the list, the panel and the report', async () => {
    const db = server.database.db;
    // Insights of 1–2 Nov 2026 with two creatives of Master Ad Creative (support/reports.ts): "Testimoni Ibu Rina"
    // (the most spend) and "Carousel resep", both with dead CDN thumbnails of their own.
    await seedReportFixture(server.database);
    const range = { from: '2026-11-01', to: '2026-11-02' };
    const top = (
      await sql<{ id: string; name: string; creative_id: string }>`
        select id, name, creative_id from master_ad_creatives where name = 'Testimoni Ibu Rina'`.execute(db)
    ).rows[0]!;
    // No picture of its own: what it shows must come from Meta.
    await sql`update master_ad_creatives set image_url = null, thumbnail_url = null, video_id = null,
      format = 'image' where id = ${top.id}`.execute(db);
    await apiAs(server, admin)('POST', '/api/ad-insights/pull/accounts', {
      name: 'E2E creatives',
      ad_account_id: 'act_5647382911',
      access_token: TOKEN,
    });

    await openSignedIn(page, server, admin, `${pathOf('master-ad-creative')}?f.id.eq=${top.id}`);
    const grid = page.getByRole('grid', { name: 'Ad creatives' });
    await grid.getByRole('img', { name: `${top.name}: no preview` }).waitFor();

    await grid.getByRole('button', { name: `Edit ${top.name}` }).click();
    const section = page.getByRole('dialog').getByRole('region', { name: 'Preview' });
    await section.getByRole('img', { name: `${top.name}: no preview` }).waitFor();
    await section.getByText('Not read from Meta yet.').waitFor();
    await section.getByRole('button', { name: 'Refresh from Meta' }).click();
    await page.getByText('Preview refreshed from Meta.').waitFor();
    const preview = section.getByRole('img', { name: top.name });
    await loaded(preview);
    expect(await preview.getAttribute('src')).toBe(`${graph.url}/creative-images/${top.creative_id}.svg`);
    await section.getByText("From Meta's answer for this creative.").waitFor();
    expect(graph.creatives.calls).toEqual([top.creative_id]);
    await page.keyboard.press('Escape');

    const thumbnail = grid.getByRole('img', { name: top.name });
    await loaded(thumbnail);
    expect(await thumbnail.getAttribute('loading')).toBe('lazy');
    expect(await thumbnail.getAttribute('src')).toBe(
      `${graph.url}/creative-images/${top.creative_id}-thumb.svg`,
    );

    await openSignedIn(page, server, admin, `${pathOf('ad-creatives')}?from=${range.from}&to=${range.to}`);
    const table = page.getByRole('table', { name: /Ad Creative Report/ });
    const row = table.getByRole('row').filter({ hasText: top.name }).first();
    await loaded(row.getByRole('img', { name: top.name }));
    // The demo's own picture addresses are dead (scontent.example.net): placeholders, not torn images.
    await table
      .getByRole('img', { name: /the picture could not be loaded$/ })
      .first()
      .waitFor();
    await row.getByRole('link', { name: top.name }).click();
    await page.waitForURL(
      (url) => url.pathname === pathOf('master-ad-creative') && url.search === `?f.id.eq=${top.id}`,
    );
    await loaded(page.getByRole('grid', { name: 'Ad creatives' }).getByRole('img', { name: top.name }));
  });
});
