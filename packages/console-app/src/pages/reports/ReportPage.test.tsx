import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { type PermissionEntry, ROUTES, type ReportResponse } from '@staff/console-contract';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { renderConsolePage } from '../common/renderConsolePage.test-utils.js';
import ReportPage from './ReportPage.js';
import { shown } from '../../test/shown.js';

afterEach(() => {
  cleanup();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const adsRoute = ROUTES.find((r) => r.id === 'ads-x-mayar')!;
const creativesRoute = ROUTES.find((r) => r.id === 'ad-creatives')!;
const aggregatedRoute = ROUTES.find((r) => r.id === 'ad-aggregated')!;

function answer(params: Record<string, string>): ReportResponse {
  const adsets = params.group_by === 'adset';
  const values = (spend: number, revenue: number) => ({
    spend,
    revenue,
    orders: 1,
    ctr: 1.25,
    // What the server answers for a ratio over nothing (JSON has no Infinity): the parse would refuse it.
    real_roas: spend ? revenue / spend : null,
  });
  return {
    report: 'ads-x-mayar',
    from: params.from!,
    to: params.to!,
    group_by: params.group_by!,
    rows: adsets
      ? [
          { key: 'AS1', values: { adset: 'Lookalike', ...values(3000000, 800000) }, drillable: true },
          // The engine's name for sales of the campaign that name no ad set.
          { key: '', values: { adset: '(no ad set)', ...values(0, 200000) } },
        ]
      : [
          { key: 'C1', values: { campaign: 'Kelas Excel', ...values(3000000, 800000) }, drillable: true },
          { key: 'C2', values: { campaign: 'Ebook Resep', ...values(500000, 200000) }, drillable: true },
        ],
    totals: { key: 'total', values: values(3500000, 1000000), deltas: { spend: 133.33, revenue: 150 } },
    series: [{ key: '2026-11-01', values: values(1500000, 800000) }],
  };
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

/** Ad Creative: a chart of the top creatives (not of days), thumbnails from Master Ad Creative. */
function creatives(params: Record<string, string>): ReportResponse {
  const values = { spend: 3000000, ctr: 1.25, hook_rate: 17.5, real_roas: 0.1667 };
  return {
    report: 'ad-creatives',
    from: params.from!,
    to: params.to!,
    group_by: params.group_by!,
    rows: [
      {
        key: '3000001',
        values: {
          creative: 'Testimoni Ibu Rina',
          thumbnail: 'https://cdn.example.com/k1.jpg',
          record_id: '41',
          ad_ids: 'A1, A4',
          campaigns: 'Kelas Excel',
          ...values,
        },
      },
      { key: 'ad:A3', values: { creative: 'Story', thumbnail: null, record_id: null, ...values } },
    ],
    totals: { key: 'total', values },
    series: [{ key: '2026-11-01', values }],
  };
}

/** Ad Aggregated: two ads of one name in two campaigns, one with a Master Ad Creative picture. */
function aggregated(params: Record<string, string>): ReportResponse {
  const values = { spend: 500000, link_clicks: 80, meta_roas: 0.2 };
  return {
    report: 'ad-aggregated',
    from: params.from!,
    to: params.to!,
    group_by: params.group_by!,
    rows: [
      {
        key: 'A1',
        values: {
          ad: 'Video 1',
          ad_id: 'A1',
          campaigns: 'Kelas Excel',
          thumbnail: 'https://cdn.example.com/k1.jpg',
          record_id: '41',
          ...values,
        },
      },
      {
        key: 'A7',
        values: {
          ad: 'Video 1',
          ad_id: 'A7',
          campaigns: 'Ebook Resep',
          thumbnail: null,
          record_id: null,
          ...values,
        },
      },
    ],
    totals: { key: 'total', values },
    series: [{ key: '2026-11-01', values }],
  };
}

/** How many next-level (ad set) requests answer 503 before they answer again. */
let failingDrills = 0;

function renderPage(search: string, route = adsRoute, more: PermissionEntry[] = []) {
  return renderConsolePage(
    <>
      <ReportPage route={route} />
      <Where />
    </>,
    {
      path: route.path,
      search,
      permissions: [{ permission_key: route.key, allow_read: 1, allow_write: 0 }, ...more],
      answer: (config) => {
        if ((config.url ?? '').endsWith('/views')) {
          if (config.method === 'post')
            return {
              status: 201,
              data: { id: 7, name: 'Dua hari', shared: false, mine: true, owner: 'Ani', params: {} },
            };
          return {
            status: 200,
            data: {
              views: [
                {
                  id: 3,
                  name: 'Per ad set',
                  shared: true,
                  mine: false,
                  owner: 'Budi',
                  params: { from: '2026-11-01', to: '2026-11-02', group_by: 'adset' },
                },
              ],
            },
          };
        }
        if ((config.url ?? '').startsWith('/api/reports/ads-x-mayar')) {
          if ((config.params as Record<string, string>).group_by === 'adset' && failingDrills > 0) {
            failingDrills -= 1;
            return { status: 503, data: { message: 'The report engine is busy' } };
          }
          return { status: 200, data: answer(config.params as Record<string, string>) };
        }
        if ((config.url ?? '').startsWith('/api/reports/ad-creatives'))
          return { status: 200, data: creatives(config.params as Record<string, string>) };
        if ((config.url ?? '').startsWith('/api/reports/ad-aggregated'))
          return { status: 200, data: aggregated(config.params as Record<string, string>) };
        return { status: 404, data: { message: 'not here' } };
      },
    },
  );
}

describe('ReportPage', () => {
  it('asks for the view in the address and shows KPI cards, the table with totals and the chart', async () => {
    const { requests } = renderPage('?from=2026-11-01&to=2026-11-02&group_by=campaign');
    const table = await screen.findByRole('table', { name: /Ads X Mayar Report, 1–2 Nov 2026/ });
    await waitFor(() => expect(within(table).getByText('Kelas Excel')).toBeVisible());
    const first = requests.find((request) => !(request.url ?? '').endsWith('/views'))!;
    expect(first.params).toMatchObject({ from: '2026-11-01', to: '2026-11-02', group_by: 'campaign' });
    expect(within(table).getByRole('row', { name: /^Total/ }).textContent).toMatch(/Rp\s3\.500\.000/);
    expect(screen.getByRole('region', { name: 'Mayar revenue' }).textContent).toMatch(/Rp\s1\.000\.000/);
    expect(screen.getByRole('figure', { name: /Spend and Mayar revenue per day/ })).toBeVisible();
  });

  it("names the chart's days as staff read them, and keeps the day chosen in the chart in the address", async () => {
    const { user } = renderPage('?from=2026-11-01&to=2026-11-02&group_by=campaign');
    await screen.findByText('Kelas Excel');
    const day = screen.getByRole('button', { name: '1 Nov' });
    await user.click(day);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('day=2026-11-01'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '1 Nov' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('charts the top groups of a report by group and shows creative thumbnails', async () => {
    renderPage('?from=2026-11-01&to=2026-11-02&group_by=creative', creativesRoute);
    const table = await screen.findByRole('table', { name: /Ad Creative Report/ });
    const row = await within(table).findByRole('row', { name: /Testimoni Ibu Rina/ });
    const picture = within(row).getByRole('img', { name: 'Testimoni Ibu Rina' });
    expect(picture.getAttribute('src')).toBe('https://cdn.example.com/k1.jpg');
    expect(picture.getAttribute('loading')).toBe('lazy');
    // A creative without a picture (an ad not in Master Ad Creative) shows the placeholder, never a torn image.
    const story = within(table).getByRole('row', { name: /Story/ });
    expect(story.querySelector('img')).toBeNull();
    expect(within(story).getByRole('img', { name: 'Story: no preview' })).toBeVisible();
    // What tells two creatives of one name apart: their ads and campaigns, small under the name.
    expect(within(row).getByText('Ad A1, A4 · Kelas Excel')).toBeVisible();
    // Without read access to Master Ad Creative the names are not links.
    expect(within(table).queryByRole('link')).toBeNull();
    expect(screen.getByRole('figure', { name: /Real ROAS by creative \(top 10\)/ })).toBeVisible();
  });

  it('tells apart two ads of one name by ad id and campaign, with their pictures', async () => {
    renderPage('?from=2026-10-30&to=2026-11-28&group_by=ad', aggregatedRoute);
    const table = await screen.findByRole('table', { name: /Ad Aggregated Report/ });
    const first = await within(table).findByRole('row', { name: /Ad A1 · Kelas Excel/ });
    expect(within(first).getByRole('img', { name: 'Video 1' }).getAttribute('src')).toBe(
      'https://cdn.example.com/k1.jpg',
    );
    const second = within(table).getByRole('row', { name: /Ad A7 · Ebook Resep/ });
    expect(within(second).getByRole('img', { name: 'Video 1: no preview' })).toBeVisible();
  });

  it('shows the Mayar half of Ads X Mayar right after spend, in Indonesian too', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
    renderPage('?from=2026-11-01&to=2026-11-02&group_by=campaign');
    const table = await screen.findByRole('table');
    await within(table).findByText('Kelas Excel');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent ?? '');
    expect(headers.slice(1, 5)).toEqual([
      expect.stringContaining('Belanja iklan'),
      expect.stringContaining('Pendapatan Mayar'),
      expect.stringContaining('Order Mayar'),
      expect.stringContaining('ROAS riil'),
    ]);
  });

  it("links a creative to its Master Ad Creative record for readers of creatives; a dead picture's placeholder", async () => {
    renderPage('?from=2026-11-01&to=2026-11-02&group_by=creative', creativesRoute, [
      { permission_key: 'databank_mayar_accounts', allow_read: 1, allow_write: 0 },
    ]);
    const table = await screen.findByRole('table', { name: /Ad Creative Report/ });
    const link = await within(table).findByRole('link', { name: 'Testimoni Ibu Rina' });
    expect(link.getAttribute('href')).toBe('/app/admins/master-ad-creative?f.id.eq=41');
    // Only rows with a record link; the ad without one stays text.
    expect(within(table).getAllByRole('link')).toHaveLength(1);
    // The picture's address is dead: the placeholder takes its place with the name spoken.
    fireEvent.error(within(table).getByRole('img', { name: 'Testimoni Ibu Rina' }));
    expect(
      await within(table).findByRole('img', { name: 'Testimoni Ibu Rina: the picture could not be loaded' }),
    ).toBeVisible();
  });

  it('saves the current view and applies a saved one', async () => {
    const { requests, user } = renderPage('?from=2026-11-01&to=2026-11-02&group_by=campaign');
    await screen.findByText('Kelas Excel');
    await user.type(screen.getByRole('textbox', { name: 'View name' }), 'Dua hari');
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'post')).toBe(true));
    expect(JSON.parse(String(requests.find((r) => r.method === 'post')!.data))).toEqual({
      name: 'Dua hari',
      shared: false,
      params: { from: '2026-11-01', to: '2026-11-02', group_by: 'campaign' },
    });
    const select = screen.getByRole('combobox', { name: 'Saved views' });
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Per ad set (Budi)' })).toBeVisible(),
    );
    await user.selectOptions(select, '3');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('group_by=adset'));
  });

  it('drills down, compares and keeps the view in the address', async () => {
    const { requests, user } = renderPage('?from=2026-11-01&to=2026-11-02&group_by=campaign');
    await screen.findByText('Kelas Excel');
    await user.click(screen.getByRole('button', { name: 'Expand Kelas Excel' }));
    await shown(screen.findByText('Lookalike'));
    expect(screen.getByText('(no ad set)')).toBeVisible();
    expect(requests.at(-1)!.params).toMatchObject({ group_by: 'adset', campaign: 'C1' });
    await user.click(screen.getByRole('checkbox', { name: 'Compare with the previous period' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('compare=previous'));
    await waitFor(() => expect(requests.at(-1)!.params).toMatchObject({ compare: 'previous' }));
    await user.click(await screen.findByRole('button', { name: /Spend/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('sort=-spend'));
  });

  it('says why a next level could not be loaded, under its row, and Retry loads it', async () => {
    // Session 34: a failed drill showed "No rows at this level.", as if the campaign had no ad sets.
    failingDrills = 1;
    const { requests, user } = renderPage('?from=2026-11-01&to=2026-11-02&group_by=campaign');
    await screen.findByText('Kelas Excel');
    await user.click(screen.getByRole('button', { name: 'Expand Kelas Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The next level could not be loaded: The report engine is busy',
    );
    expect(screen.queryByText('No rows at this level.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await shown(screen.findByText('Lookalike'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      requests.filter(
        (request) => (request.params as { group_by?: string } | undefined)?.group_by === 'adset',
      ),
    ).toHaveLength(2);
  });

  it('says under the title how the KOL report attributes purchases, and ranks creators by ROI in its chart', async () => {
    const kolRoute = ROUTES.find((r) => r.id === 'kol-report')!;
    renderPage('?from=2026-11-01&to=2026-11-02', kolRoute);
    expect(
      await screen.findByText(
        /voucher code, else when its UTM campaign is the one of the project’s UTM link/,
      ),
    ).toBeVisible();
    expect(screen.getByRole('figure', { name: 'ROI by creator (top 10)' })).toBeVisible();
  });

  it("speaks Indonesian when chosen, the report title staying the spec's", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
    const { user } = renderPage('?from=2026-11-01&to=2026-11-02&group_by=campaign');
    const table = await screen.findByRole('table', { name: /Ads X Mayar Report, 1–2 Nov 2026/ });
    await within(table).findByText('Kelas Excel');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ads X Mayar Report');
    expect(screen.getByRole('combobox', { name: 'Kelompokkan menurut' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Bandingkan dengan periode sebelumnya' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ekspor CSV' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Simpan tampilan' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nama tampilan' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Angka utama' })).toBeVisible();
    // Measure and dimension labels come from the contract's Indonesian report texts.
    expect(screen.getByRole('figure', { name: /Belanja iklan dan Pendapatan Mayar per hari/ })).toBeVisible();
    expect(within(table).getByRole('button', { name: /Belanja iklan/ })).toBeVisible();
    expect(screen.getByRole('option', { name: 'Kampanye' })).toBeVisible();
    // A group the engine names for want of a name reads in Indonesian too; names from the data stay.
    await user.click(within(table).getByRole('button', { name: 'Buka Kelas Excel' }));
    await shown(within(table).findByText('(tanpa ad set)'));
    expect(within(table).getByText('Lookalike')).toBeVisible();
  });
});
