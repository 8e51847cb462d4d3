// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
// The logistics presets (spec section 4) have one owner, the contract's `packages.views`: the server's SQL for
// each view keeps exactly the rows console-ui's matcher keeps for the same view, at request times either side of
// midnight in Jakarta.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_STATUSES, ROUTES, orGroupToJson, packages, type EntityView } from '@staff/console-contract';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  freshAddress,
  openTestDatabase,
  testServer,
} from './support/harness.js';
// The client's matcher is the oracle (test-only import of console-ui's pure function).
import { matchesFilter, type FilterSet } from '../../console-ui/src/machines/filterPresets.machine.js';

type Row = Record<string, unknown>;

/** Request times: midday in Jakarta, and 03:00 the next day in Jakarta while it is still the 20th in UTC. */
const INSTANTS = [new Date('2026-10-20T05:30:00.000Z'), new Date('2026-10-20T20:00:00.000Z')];
/** Days around both edges of both windows (30 days before 20 and 21 October), recent days, an old one, none. */
const DAYS = [
  '2026-09-19',
  '2026-09-20',
  '2026-09-21',
  '2026-09-22',
  '2026-10-20',
  '2026-10-21',
  '2026-08-01',
  null,
];

/** The contract's view (what the server filters by) as the matcher takes it: the same data (ADR 067). */
function asFilter(view: EntityView): FilterSet {
  return { filters: [], groups: [{ any: view.any! }] };
}

describe.each(ONE_ENGINE)('logistics presets on %s', (engine) => {
  let testDb: TestDatabase;
  const servers: FastifyInstance[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    let n = 0;
    for (const status of PACKAGE_STATUSES)
      for (const day of DAYS) {
        n += 1;
        await sql`insert into packages (order_ref, recipient_name, phone, address, qty, status, date_sent, cust_notified)
          values (${`LPS-${n}`}, ${'Ayu'}, ${'081234567890'}, ${'Jl. Merdeka 1'}, 1, ${status}, ${day}, false)`.execute(
          testDb.database.db,
        );
      }
  });
  afterAll(async () => {
    for (const app of servers) await app.close();
    await testDb?.close();
  });

  it('each logistics route opens with a view of packages, the one place the presets are written', () => {
    const presets = ROUTES.flatMap((route) =>
      route.page.kind === 'resource' && route.page.entity === 'packages' && route.page.preset
        ? [[route.id, route.page.preset]]
        : [],
    );
    expect(Object.fromEntries(presets)).toEqual({
      'package-tracking': 'packaging',
      'receipt-confirm': 'receipt-confirmation',
    });
    expect(packages.views!.map((view) => view.id).sort()).toEqual(['packaging', 'receipt-confirmation']);
    const [packaging, receipt] = ['packaging', 'receipt-confirmation'].map((id) =>
      packages.views!.find((view) => view.id === id)!,
    );
    expect(packaging!.hiddenColumns).toEqual(['cust_notified']);
    expect(receipt!.hiddenRenderings).toEqual(['receipt']);
  });

  it.each(INSTANTS.map((at) => [at.toISOString(), at] as const))(
    'at %s each preset lists exactly the rows the matcher keeps',
    async (_label, now) => {
      const app = await testServer(testDb.database, { clock: () => now });
      servers.push(app);
      const client = new Client(app, freshAddress());
      const token = await client.token('admin');
      const list = async (extra: string) => {
        const response = await client.get(`/api/resources/packages?q=LPS-&limit=500${extra}`, token);
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { rows: Row[]; total: number }).rows;
      };
      const all = await list('');
      expect(all).toHaveLength(PACKAGE_STATUSES.length * DAYS.length);
      for (const view of packages.views!) {
        const shown = await list(`&or=${encodeURIComponent(orGroupToJson({ any: view.any! }))}`);
        const filter = asFilter(view);
        const expected = all.filter((row) => matchesFilter(row, filter, now)).map((row) => row.order_ref);
        expect(shown.map((row) => row.order_ref).sort(), view.id).toEqual([...expected].sort());
        // The window really cuts: some dated rows of other statuses are outside it.
        expect(expected.length, view.id).toBeLessThan(all.length);
      }
    },
  );

  it('the window edge is the Jakarta calendar day 30 days back (inclusive)', async () => {
    const [midday, night] = INSTANTS as [Date, Date];
    const receipt = asFilter(packages.views!.find((view) => view.id === 'receipt-confirmation')!);
    const keeps = (day: string, now: Date) =>
      matchesFilter({ status: 'Delivered', date_sent: day }, receipt, now);
    expect([keeps('2026-09-20', midday), keeps('2026-09-19', midday)]).toEqual([true, false]);
    expect([keeps('2026-09-21', night), keeps('2026-09-20', night)]).toEqual([true, false]);
  });
});
