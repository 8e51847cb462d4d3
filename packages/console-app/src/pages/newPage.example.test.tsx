import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { z } from 'zod/mini';
import { defineEndpoint, pageKey } from '@staff/console-contract';
import { NumberText } from '@staff/console-ui';
import { defineTexts, useTextsOf } from '../i18n.js';
import { renderPage, routeOf } from '../test/renderPage.js';
import { LoadState } from './common/LoadState.js';
import { useEndpoint } from './useEndpoint.js';

/*
 * The worked example of packages/console-app/README.md ("A new custom page end to end"), proven: a new endpoint and
 * the page that shows it, with no xxxApi.ts, no '/api/…' string in the page and no cast. The endpoint and the page
 * below (from `// ---` to `// ---`) are 51 lines; in the product the endpoint goes to the contract's endpoints/ and
 * the page to src/pages/<area>/, with its route in the route table and its id in the page registry.
 */
// --- the endpoint and the page
const courierSchema = z.object({ id: z.number(), name: z.string(), parcels: z.int() });
const couriersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/example/couriers',
  tag: 'example',
  summary: 'Couriers with the parcels they carry today',
  permission: { key: pageKey('audit-log'), mode: 'read' },
  response: z.object({ rows: z.array(courierSchema) }),
});

const TEXTS = defineTexts({
  title: ['Couriers', 'Kurir'],
  what: ['the couriers', 'daftar kurir'],
  loading: ['Loading the couriers…', 'Memuat daftar kurir…'],
  empty: ['No courier carries a parcel today.', 'Tidak ada kurir yang membawa paket hari ini.'],
  name: ['Courier', 'Kurir'],
  parcels: ['Parcels', 'Paket'],
});

function CouriersPage() {
  const texts = useTextsOf(TEXTS);
  const { state, reload } = useEndpoint(couriersEndpoint, {});
  return (
    <LoadState state={state} what={texts.what} loading={texts.loading} onRetry={reload}>
      {({ rows }) =>
        rows.length === 0 ? (
          <p role="status">{texts.empty}</p>
        ) : (
          <table aria-label={texts.title}>
            <thead>
              <tr>
                <th scope="col">{texts.name}</th>
                <th scope="col">{texts.parcels}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.name}</td>
                  <td>
                    <NumberText value={row.parcels} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </LoadState>
  );
}
// ---

afterEach(cleanup);

/** The page under the shell's providers, its calls answered by `answer` at the app client's transport. */
const open = (answer: { status: number; data: unknown }, language: 'en' | 'id' = 'en') =>
  renderPage(routeOf('audit-log'), <CouriersPage />, {
    language,
    keys: [pageKey('audit-log')],
    handler: (config) => (config.url === '/api/example/couriers' ? answer : undefined),
  });

describe('a new custom page: one endpoint, one page, no API module', () => {
  it('shows the rows the endpoint answers, numbers in id-ID', async () => {
    const rows = [
      { id: 1, name: 'Budi', parcels: 1250 },
      { id: 2, name: 'Sari', parcels: 7 },
    ];
    const { requests } = open({ status: 200, data: { rows } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the couriers…');
    const table = await screen.findByRole('table', { name: 'Couriers' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(cells).toEqual(['CourierParcels', 'Budi1.250', 'Sari7']);
    expect(requests.map((request) => `${request.method ?? ''} ${request.url ?? ''}`)).toEqual([
      'get /api/example/couriers',
    ]);
  });

  it('says so when there are no rows, in Bahasa Indonesia too', async () => {
    open({ status: 200, data: { rows: [] } }, 'id');
    expect(await screen.findByText('Tidak ada kurir yang membawa paket hari ini.')).toBeVisible();
  });

  it('answers a body of the wrong shape with a clear error naming the endpoint and the field', async () => {
    open({ status: 200, data: { rows: [{ id: 1, name: 'Budi', parcels: 'many' }] } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the couriers.');
    expect(alert).toHaveTextContent(
      'GET /api/example/couriers answered a body that does not fit its schema: rows.0.parcels:',
    );
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server refusal in the same place', async () => {
    open({ status: 503, data: { message: 'The server was busy; try again', code: 'RETRY' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the couriers. The server was busy; try again (status 503).',
    );
  });
});
