import { describe, expect, it } from 'vitest';
import {
  DEMO_ROW_COUNTS,
  demoRows,
  demoSeeded,
  demoSeedOrder,
  seededRandom,
  type DemoRefs,
  type DemoRow,
} from './demo.js';
import { ENTITIES, getEntity } from './index.js';
import { checkRules, createSchema, formatValidationError } from './validation.js';

/** The entities the server seeds (not the ones a hand-written migration owns, e.g. purchases). */
const SEEDED = demoSeeded(ENTITIES);

/** Seeds every entity at its full demo size, as the server does, handing each one the ids of the rows before. */
function seedAll(seed: number): Map<string, DemoRow[]> {
  const refs: Record<string, number[]> = {};
  const all = new Map<string, DemoRow[]>();
  for (const def of demoSeedOrder(SEEDED)) {
    const rows = demoRows(def, DEMO_ROW_COUNTS[def.name]!, seed, refs);
    refs[def.name] = rows.map((_, i) => i + 1);
    all.set(def.name, rows);
  }
  return all;
}

const seeded = seedAll(42);

describe('seededRandom', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const c = seededRandom(8);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
    for (const value of seqA) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('demoSeedOrder', () => {
  it('puts every entity after the entities it refers to', () => {
    const order = demoSeedOrder(ENTITIES).map((e) => e.name);
    expect(order).toHaveLength(ENTITIES.length);
    for (const def of ENTITIES) {
      for (const field of def.fields) {
        if (field.relation)
          expect(order.indexOf(field.relation.entity), `${def.name}.${field.name}`).toBeLessThan(
            order.indexOf(def.name),
          );
      }
    }
  });
});

describe('demoRows', () => {
  it('gives the same rows for the same seed and refs, other rows for another seed', () => {
    const creators = getEntity('creators')!;
    expect(demoRows(creators, 50, 42)).toEqual(seeded.get('creators')!.slice(0, 50));
    expect(demoRows(creators, 50, 43)).not.toEqual(demoRows(creators, 50, 42));
    const refs = { mayar_accounts: [10, 11], tribes: [3], pixel_registries: [5, 6, 7] };
    expect(demoRows(getEntity('products')!, 30, 9, refs)).toEqual(
      demoRows(getEntity('products')!, 30, 9, refs),
    );
  });

  it('seeds hundreds of rows per entity and thousands of creators', () => {
    expect(SEEDED.map((def) => def.name)).not.toContain('purchases');
    for (const def of SEEDED)
      expect(seeded.get(def.name)!.length, def.name).toBeGreaterThanOrEqual(
        def.name === 'problem_categories' ? 40 : 60,
      );
    expect(seeded.get('creators')!.length).toBeGreaterThanOrEqual(1000);
    expect(seeded.get('n8n_creators')!.length).toBeGreaterThanOrEqual(1000);
  });

  it.each(SEEDED.map((def) => [def.name, def] as const))(
    '%s: every row is a valid create body',
    (name, def) => {
      const schema = createSchema(def);
      for (const row of seeded.get(name)!) {
        const result = schema.safeParse(row);
        if (!result.success)
          throw new Error(
            `${name}: ${formatValidationError(result.error).message} in ${JSON.stringify(row)}`,
          );
        expect(checkRules(def, result.data)).toEqual([]);
      }
    },
  );

  it.each(SEEDED.map((def) => [def.name, def] as const))(
    '%s: unique fields and unique groups hold',
    (name, def) => {
      const rows = seeded.get(name)!.map((row) => createSchema(def).parse(row));
      const groups = [
        ...def.fields.filter((f) => f.unique).map((f) => [f.name]),
        ...(def.uniqueTogether ?? []),
      ];
      for (const group of groups) {
        const keys = rows
          .filter((row) => group.every((field) => row[field] !== null))
          .map((row) => group.map((field) => String(row[field]).toLowerCase()).join('|'));
        expect(new Set(keys).size, group.join('+')).toBe(keys.length);
      }
    },
  );

  it('only refers to ids it was given', () => {
    const refs: DemoRefs = { creators: [101, 102], products: [7], tribes: [3, 4] };
    for (const row of demoRows(getEntity('projects')!, 100, 1, refs)) {
      expect([101, 102]).toContain(row.creator_id);
      expect(row.product_id).toBe(7);
      expect([3, 4, null]).toContain(row.tribe_id);
    }
  });

  it('refuses to make rows whose required relation has no ids', () => {
    expect(() => demoRows(getEntity('projects')!, 1, 1, {})).toThrow(
      'demoRows(projects): refs.creators must list at least one id',
    );
    expect(() => demoRows(getEntity('tribe_targets')!, 1, 1, {})).toThrow(/refs\.tribes/);
  });

  it('looks Indonesian: 628 phones, IDR amounts, local cities and names', () => {
    const creators = seeded.get('creators')!;
    const phones = creators.map((r) => r.phone).filter((p): p is string => typeof p === 'string');
    expect(phones.length).toBeGreaterThan(creators.length / 2);
    for (const phone of phones) expect(phone).toMatch(/^628\d{8,11}$/);
    for (const row of creators)
      expect(Number.isInteger(row.rate_fee) && (row.rate_fee as number) % 50_000 === 0).toBe(true);
    expect(new Set(creators.map((r) => r.city)).size).toBeGreaterThan(15);
    expect(
      creators.some((r) => String(r.name).includes('Siregar') || String(r.name).includes('Wijaya')),
    ).toBe(true);
    expect(seeded.get('products')!.every((p) => (p.price as number) % 1000 === 0)).toBe(true);
  });

  it('spreads dates relative to the chosen today', () => {
    const def = getEntity('change_emails')!;
    const later = demoRows(def, 20, 5, { products: [1] }, { today: '2027-06-01' });
    for (const row of later) expect(String(row.requested_at) <= '2027-06-02').toBe(true);
    expect(later.some((row) => String(row.requested_at) > '2027-01-01')).toBe(true);
    expect(() => demoRows(def, 1, 1, {}, { today: '1 Juni' })).toThrow(/YYYY-MM-DD/);
  });

  it('keeps creator tiers consistent with followers', () => {
    for (const row of seeded.get('creators')!) {
      const f = row.followers as number;
      const expected = f >= 1_000_000 ? 'mega' : f >= 100_000 ? 'macro' : f >= 10_000 ? 'micro' : 'nano';
      expect(row.tier).toBe(expected);
    }
  });
});
