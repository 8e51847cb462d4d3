// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
// The logistics presets (spec section 4): the server's SQL for each route's view keeps exactly the rows the
// client's matcher keeps, on both engines, at request times either side of midnight in Jakarta.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_STATUSES, orGroupToJson, packages } from '@staff/console-contract';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  freshAddress,
  openTestDatabase,
  testServer,
} from './support/harness.js';
// The presets' own matcher is the oracle (test-only import of console-ui's pure function).
import {
  LOGISTICS_PRESETS,
  matchesPreset,
  type FilterCondition,
} from '../../console-ui/src/machines/filterPresets.machine.js';

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

/** The contract's view (what the server filters by) in the matcher's terms: the two must say the same. */
function asConditions(any: NonNullable<typeof packages.views>[number]['any']): FilterCondition[] {
  return (any ?? []).map((alternative) => {
    expect(alternative).toHaveLength(1);
    const filter = alternative[0]!;
    if (filter.op === 'in') return { op: 'in', field: filter.field, values: filter.values };
    if (filter.op === 'within') return { op: 'withinLastDays', field: filter.field, days: filter.days };
    if (filter.op === 'empty' && filter.empty) return { op: 'isEmpty', field: filter.field };
    throw new Error(`unexpected filter ${JSON.stringify(filter)}`);
  });
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

  it('the contract views and the console-ui presets are the same filters and hide the same things', () => {
    for (const preset of LOGISTICS_PRESETS) {
      const view = packages.views!.find((candidate) => candidate.id === preset.id)!;
      expect(preset.filter.match).toBe('any');
      expect(asConditions(view.any)).toEqual(preset.filter.conditions);
      expect(view.hiddenColumns ?? []).toEqual(preset.hiddenColumns);
      expect(view.hiddenRenderings ?? []).toEqual(preset.hiddenRendering);
    }
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
      for (const preset of LOGISTICS_PRESETS) {
        const view = packages.views!.find((candidate) => candidate.id === preset.id)!;
        const shown = await list(`&or=${encodeURIComponent(orGroupToJson({ any: view.any! }))}`);
        const expected = all.filter((row) => matchesPreset(row, preset, now)).map((row) => row.order_ref);
        expect(shown.map((row) => row.order_ref).sort(), preset.id).toEqual([...expected].sort());
        // The window really cuts: some dated rows of other statuses are outside it.
        expect(expected.length, preset.id).toBeLessThan(all.length);
      }
    },
  );

  it('the window edge is the Jakarta calendar day 30 days back (inclusive)', async () => {
    const [midday, night] = INSTANTS as [Date, Date];
    const receipt = LOGISTICS_PRESETS.find((preset) => preset.id === 'receipt-confirmation')!;
    const keeps = (day: string, now: Date) =>
      matchesPreset({ status: 'Delivered', date_sent: day }, receipt, now);
    expect([keeps('2026-09-20', midday), keeps('2026-09-19', midday)]).toEqual([true, false]);
    expect([keeps('2026-09-21', night), keeps('2026-09-20', night)]).toEqual([true, false]);
  });
});
