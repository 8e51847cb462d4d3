import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resourcesEndpoints, type CreativePreview } from '@staff/console-contract';
import type { FakeAnswer } from '../../api/testAdapter.js';
import { renderPage, routeOf } from '../../test/renderPage.js';
import { shown } from '../../test/shown.js';
import { isRequestOf } from '../logistics/packageFixture.js';
import MasterAdCreativesPage from './MasterAdCreativesPage.js';
import type { FakeRequest } from '../../api/testAdapter.js';

afterEach(cleanup);

const route = routeOf('master-ad-creative');
const creative = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  creative_id: `12020987654321${id}`,
  ad_id: null,
  format: 'image',
  hook_text: null,
  angle: null,
  title: null,
  body: null,
  call_to_action_type: null,
  link_url: null,
  url_tags: null,
  image_url: null,
  thumbnail_url: null,
  video_id: null,
  product_id: null,
  ad_campaign_id: null,
  creator_id: null,
  status: 'ACTIVE',
  version: 1,
  ...extra,
});
const preview = (id: number, extra: Partial<CreativePreview> = {}): CreativePreview => ({
  id: String(id),
  creative_id: `12020987654321${id}`,
  kind: 'image',
  source: 'meta',
  thumbnail_url: `https://meta.example.net/t/${id}.jpg`,
  preview_url: `https://meta.example.net/p/${id}.jpg`,
  video_id: null,
  title: null,
  body: null,
  call_to_action_type: null,
  fetched_at: '2026-11-28T03:00:00.000Z',
  last_error: null,
  ...extra,
});

function setup(options: { write: boolean; answer?: (config: FakeRequest) => FakeAnswer | undefined }) {
  const rows = [
    creative(1, 'Testimoni Ibu Rina'),
    creative(2, 'Video resep', { format: 'video' }),
    creative(3, 'Draf hook baru', { creative_id: null }),
  ];
  const previews: Record<string, CreativePreview> = {
    '1': preview(1),
    '2': preview(2, { kind: 'video', source: 'record', video_id: '987654321' }),
    '3': preview(3, {
      creative_id: null,
      kind: 'none',
      source: 'none',
      thumbnail_url: null,
      preview_url: null,
    }),
  };
  return renderPage(route, <MasterAdCreativesPage route={route} />, {
    permissions: [
      { permission_key: 'databank_mayar_accounts', allow_read: 1, allow_write: options.write ? 1 : 0 },
    ],
    handler: (config) => {
      const own = options.answer?.(config);
      if (own) return own;
      const url = config.url ?? '';
      if (url.startsWith('/api/views')) return { status: 200, data: { views: [] } };
      if (isRequestOf(config, resourcesEndpoints.list, { params: { entity: 'master_ad_creatives' } }))
        return { status: 200, data: { rows, total: rows.length, labels: {} } };
      const ids = (config.params as { ids?: string } | undefined)?.ids;
      if (url === '/api/creative-previews' && ids)
        return { status: 200, data: { data: ids.split(',').map((id) => previews[id]!) } };
      const one = /^\/api\/creative-previews\/(\d+)$/.exec(url);
      if (one && config.method === 'get') return { status: 200, data: previews[one[1]!] };
      return undefined;
    },
  });
}

const grid = () => screen.getByRole('grid', { name: 'Ad creatives' });

describe('Master Ad Creative', () => {
  it("shows each creative's picture in the list, asked for in one batch, and a draft's placeholder", async () => {
    const { requests } = setup({ write: false });
    await shown(within(grid()).findByText('Testimoni Ibu Rina'));
    const picture = await within(grid()).findByRole('img', { name: 'Testimoni Ibu Rina' });
    expect(picture.getAttribute('src')).toBe('https://meta.example.net/t/1.jpg');
    expect(picture.getAttribute('loading')).toBe('lazy');
    // Hidden under the skeleton until it has loaded.
    const poster = within(grid()).getByRole('img', { name: 'Video resep (video poster)' });
    expect(poster).not.toBeVisible();
    fireEvent.load(poster);
    await waitFor(() => expect(poster).toBeVisible());
    expect(within(grid()).getByRole('img', { name: 'Draf hook baru: no preview' })).toBeVisible();
    const batches = requests.filter((request) => request.url === '/api/creative-previews');
    expect(batches.map((request) => (request.params as { ids: string }).ids)).toEqual(['1,2,3']);
    // A dead address: the placeholder, not a torn image.
    fireEvent.error(picture);
    expect(
      await within(grid()).findByRole('img', { name: 'Testimoni Ibu Rina: the picture could not be loaded' }),
    ).toBeVisible();
  });

  it("falls back to the row's own URLs when the previews cannot be read", async () => {
    setup({
      write: false,
      answer: (config) =>
        config.url === '/api/creative-previews'
          ? { status: 500, data: { message: 'Internal server error' } }
          : isRequestOf(config, resourcesEndpoints.list, { params: { entity: 'master_ad_creatives' } })
            ? {
                status: 200,
                data: {
                  rows: [creative(4, 'Carousel', { image_url: 'https://own.example.net/4.jpg' })],
                  total: 1,
                  labels: {},
                },
              }
            : undefined,
    });
    const picture = await within(grid()).findByRole('img', { name: 'Carousel' });
    await waitFor(() => expect(picture.getAttribute('src')).toBe('https://own.example.net/4.jpg'));
  });

  it('previews a creative in its panel and refreshes it from Meta (write access)', async () => {
    const refreshed = preview(1, {
      thumbnail_url: 'https://meta.example.net/t/1-new.jpg',
      preview_url: 'https://meta.example.net/p/1-new.jpg',
      fetched_at: '2026-11-29T03:00:00.000Z',
    });
    const { requests, user } = setup({
      write: true,
      answer: (config) =>
        config.method === 'post' && config.url === '/api/creative-previews/1/refresh'
          ? { status: 200, data: refreshed }
          : undefined,
    });
    await within(grid()).findByText('Testimoni Ibu Rina');
    await user.click(within(grid()).getByRole('button', { name: 'Edit Testimoni Ibu Rina' }));
    const panel = await screen.findByRole('dialog');
    const section = within(panel).getByRole('region', { name: 'Preview' });
    const big = await within(section).findByRole('img', { name: 'Testimoni Ibu Rina' });
    expect(big.getAttribute('src')).toBe('https://meta.example.net/p/1.jpg');
    expect(section.textContent).toContain("From Meta's answer for this creative.");
    await user.click(within(section).getByRole('button', { name: 'Refresh from Meta' }));
    await waitFor(() =>
      expect(within(section).getByRole('img', { name: 'Testimoni Ibu Rina' }).getAttribute('src')).toBe(
        'https://meta.example.net/p/1-new.jpg',
      ),
    );
    expect(await screen.findByText('Preview refreshed from Meta.')).toBeVisible();
    expect(requests.filter((request) => request.method === 'post').map((request) => request.url)).toEqual([
      '/api/creative-previews/1/refresh',
    ]);
    // The list's thumbnail follows the refresh.
    expect(within(grid()).getByRole('img', { name: 'Testimoni Ibu Rina' }).getAttribute('src')).toBe(
      'https://meta.example.net/t/1-new.jpg',
    );
  });

  it("says why a refresh failed in the user's words and keeps the panel usable", async () => {
    const { user } = setup({
      write: true,
      answer: (config) =>
        config.method === 'post' && config.url === '/api/creative-previews/1/refresh'
          ? { status: 504, data: { message: 'Meta did not answer within 10 seconds', code: 'META_TIMEOUT' } }
          : undefined,
    });
    await within(grid()).findByText('Testimoni Ibu Rina');
    await user.click(within(grid()).getByRole('button', { name: 'Edit Testimoni Ibu Rina' }));
    const section = within(await screen.findByRole('dialog')).getByRole('region', { name: 'Preview' });
    await user.click(await within(section).findByRole('button', { name: 'Refresh from Meta' }));
    expect(await screen.findByText('Meta did not answer within 10 seconds')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Refresh from Meta' })).toBeEnabled();
  });

  it('offers no refresh to a reader, and none for a draft without a Meta creative id', async () => {
    const { user } = setup({ write: false });
    await within(grid()).findByText('Testimoni Ibu Rina');
    await user.click(within(grid()).getByRole('row', { name: /Draf hook baru/ }));
    const section = within(await screen.findByRole('dialog')).getByRole('region', { name: 'Preview' });
    expect(await within(section).findByRole('img', { name: 'Draf hook baru: no preview' })).toBeVisible();
    expect(section.textContent).toContain('No Meta creative id yet (a draft)');
    expect(within(section).queryByRole('button', { name: 'Refresh from Meta' })).toBeNull();
  });
});
