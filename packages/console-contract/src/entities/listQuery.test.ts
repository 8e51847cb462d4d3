import { describe, expect, it } from 'vitest';
import { getEntity } from './index.js';
import type { EntityDef } from './types.js';
import {
  LIST_LIMIT_DEFAULT,
  encodeCursor,
  formatValidationError,
  listQuerySchema,
  listQueryToSearchParams,
  splitList,
  type RawQuery,
} from './validation.js';

const entity = (name: string): EntityDef => getEntity(name)!;
const creators = entity('creators');

function parse(def: EntityDef, query: RawQuery) {
  return listQuerySchema(def).parse(query);
}
function errors(def: EntityDef, query: RawQuery): Record<string, string[]> {
  const result = listQuerySchema(def).safeParse(query);
  expect(result.success, `accepted ${JSON.stringify(query)}`).toBe(false);
  return result.success ? {} : formatValidationError(result.error).fields;
}
/** Query-string text → the record Fastify hands over (repeated keys as arrays). */
function fromQueryString(text: string): RawQuery {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const prev = record[key];
    record[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return record;
}

describe('list query defaults', () => {
  it('uses the entity default sort, 50 rows, first page, no filters', () => {
    expect(parse(creators, {})).toEqual({
      q: null,
      filters: [],
      groups: [],
      sort: { field: 'name', direction: 'asc' },
      limit: LIST_LIMIT_DEFAULT,
      offset: 0,
      cursor: null,
      columns: null,
      deleted: 'exclude',
      format: 'json',
    });
  });
});

describe('filters', () => {
  it('parses each operator into typed values', () => {
    const query = parse(
      creators,
      fromQueryString(
        'f.status.in=active,negotiating&f.platform.eq=tiktok&f.rate_fee.range=1000000,5000000&f.city.contains=Band&f.email.empty=0&f.followers.range=,10000',
      ),
    );
    expect(query.filters).toEqual([
      { field: 'city', op: 'contains', value: 'Band' },
      { field: 'email', op: 'empty', empty: false },
      { field: 'followers', op: 'range', min: null, max: 10000 },
      { field: 'platform', op: 'eq', value: 'tiktok' },
      { field: 'rate_fee', op: 'range', min: 1_000_000, max: 5_000_000 },
      { field: 'status', op: 'in', values: ['active', 'negotiating'] },
    ]);
  });

  it('accepts repeated "in" parameters and escaped commas', () => {
    expect(
      parse(creators, fromQueryString('f.city.in=Bandung&f.city.in=Jakarta%5C,%20Selatan')).filters,
    ).toEqual([{ field: 'city', op: 'in', values: ['Bandung', 'Jakarta, Selatan'] }]);
    expect(splitList('a\\,b,c\\\\,d')).toEqual(['a,b', 'c\\', 'd']);
  });

  it('normalises phones and emails in filters', () => {
    expect(
      parse(creators, { 'f.phone.eq': '0812-3456-7890', 'f.email.eq': 'Nadia@Gmail.com' }).filters,
    ).toEqual([
      { field: 'email', op: 'eq', value: 'nadia@gmail.com' },
      { field: 'phone', op: 'eq', value: '6281234567890' },
    ]);
    expect(parse(entity('projects'), { 'f.voucher_code.in': 'nadia10,budi20' }).filters).toEqual([
      { field: 'voucher_code', op: 'in', values: ['NADIA10', 'BUDI20'] },
    ]);
    expect(parse(creators, { 'f.phone.contains': '0812' }).filters).toEqual([
      { field: 'phone', op: 'contains', value: '62812' },
    ]);
  });

  it('reads whole-day datetime ranges in Jakarta time and booleans as 1/0/true/false', () => {
    const changes = entity('change_emails');
    expect(parse(changes, { 'f.requested_at.range': '2026-10-01,2026-10-31' }).filters).toEqual([
      {
        field: 'requested_at',
        op: 'range',
        min: '2026-09-30T17:00:00.000Z',
        max: '2026-10-31T16:59:59.999Z',
      },
    ]);
    expect(parse(entity('products'), { 'f.active.eq': 'false', 'f.ships_package.eq': '1' }).filters).toEqual([
      { field: 'active', op: 'eq', value: false },
      { field: 'ships_package', op: 'eq', value: true },
    ]);
  });

  it('filters on system columns (id, created_at, updated_at)', () => {
    expect(parse(creators, { 'f.updated_at.range': '2026-10-01,' }).filters).toEqual([
      { field: 'updated_at', op: 'range', min: '2026-09-30T17:00:00.000Z', max: null },
    ]);
  });

  it('rejects unknown fields, non-filterable fields, wrong operators and bad values, keyed by parameter', () => {
    const fields = errors(creators, {
      'f.nope.eq': 'x',
      'f.bank_account_number.eq': '123',
      'f.platform.contains': 'tik',
      'f.status.in': 'active,sleeping',
      'f.rate_fee.range': '500000,100000',
      'f.followers.eq': 'banyak',
      'f.email.empty': 'maybe',
      'f.name.like': 'x',
    });
    expect(fields).toEqual({
      'f.nope.eq': ['Unknown field nope'],
      'f.bank_account_number.eq': ['Cannot filter on Account number'],
      'f.platform.contains': ['Cannot use "contains" on Platform; use one of: eq, in, empty'],
      'f.status.in': ['Must be one of: prospect, negotiating, active, inactive, blacklisted'],
      'f.rate_fee.range': ['Minimum must not be above maximum'],
      'f.followers.eq': ['Must be a number'],
      'f.email.empty': ['Use 1 (is empty) or 0 (is not empty)'],
      'f.name.like': ['Unknown operator like; use eq, in, range, contains, empty, within'],
    });
  });

  it('rejects malformed ranges and repeated single-value parameters', () => {
    expect(errors(creators, { 'f.rate_fee.range': '100' })['f.rate_fee.range']).toEqual([
      'Use min,max (either may be left empty)',
    ]);
    expect(errors(creators, { 'f.rate_fee.range': ',' })['f.rate_fee.range']).toEqual([
      'Give a minimum, a maximum or both',
    ]);
    expect(errors(creators, { 'f.rate_fee.range': '1.5,' })['f.rate_fee.range']).toEqual([
      'Must be a whole number of rupiah',
    ]);
    expect(errors(creators, { 'f.platform.eq': ['tiktok', 'instagram'] })['f.platform.eq']).toEqual([
      'Give this parameter once',
    ]);
    expect(errors(entity('projects'), { 'f.post_date.range': '2026-02-30,' })['f.post_date.range']).toEqual([
      'Must be a date (YYYY-MM-DD)',
    ]);
  });
});

describe('within the last N days', () => {
  it('takes a whole number of days on dates and datetimes', () => {
    expect(parse(entity('n8n_creators'), { 'f.last_scraped_at.within': '30' }).filters).toEqual([
      { field: 'last_scraped_at', op: 'within', days: 30 },
    ]);
    expect(parse(entity('projects'), { 'f.post_date.within': '7' }).filters).toEqual([
      { field: 'post_date', op: 'within', days: 7 },
    ]);
    expect(parse(creators, { 'f.updated_at.within': '1' }).filters).toEqual([
      { field: 'updated_at', op: 'within', days: 1 },
    ]);
  });

  it('rejects other types and bad day counts', () => {
    expect(errors(creators, { 'f.followers.within': '3' })['f.followers.within']).toEqual([
      'Cannot use "within" on Followers; use one of: eq, in, range, empty',
    ]);
    for (const days of ['0', '-3', '1.5', 'month', '3661']) {
      expect(errors(creators, { 'f.created_at.within': days })['f.created_at.within']).toEqual([
        'Give a whole number of days from 1 to 3660',
      ]);
    }
  });
});

describe('OR groups (or=)', () => {
  const n8n = entity('n8n_creators');
  const packaging =
    '[{"status.in":["new","qualified"]},{"last_scraped_at.within":30},{"last_scraped_at.empty":true}]';

  it('parses alternatives of conditions, typed like f. filters', () => {
    expect(parse(n8n, { or: packaging, 'f.platform.eq': 'tiktok' })).toMatchObject({
      filters: [{ field: 'platform', op: 'eq', value: 'tiktok' }],
      groups: [
        {
          any: [
            [{ field: 'status', op: 'in', values: ['new', 'qualified'] }],
            [{ field: 'last_scraped_at', op: 'within', days: 30 }],
            [{ field: 'last_scraped_at', op: 'empty', empty: true }],
          ],
        },
      ],
    });
  });

  it('reads an alternative with several conditions as all of them (AND), and normalises values', () => {
    const query = parse(creators, {
      or: '[{"platform.eq":"tiktok","followers.range":[100000,null]},{"phone.eq":"0812-3456-7890"},{"city.in":["Jakarta, Selatan","Bandung"]}]',
    });
    expect(query.groups).toEqual([
      {
        any: [
          [
            { field: 'platform', op: 'eq', value: 'tiktok' },
            { field: 'followers', op: 'range', min: 100000, max: null },
          ],
          [{ field: 'phone', op: 'eq', value: '6281234567890' }],
          [{ field: 'city', op: 'in', values: ['Jakarta, Selatan', 'Bandung'] }],
        ],
      },
    ]);
  });

  it('takes several groups (repeated or), each of which must hold', () => {
    const query = parse(
      creators,
      fromQueryString(
        `or=${encodeURIComponent('[{"status.eq":"active"},{"status.eq":"negotiating"}]')}&or=${encodeURIComponent('[{"email.empty":false},{"phone.empty":false}]')}`,
      ),
    );
    expect(query.groups).toHaveLength(2);
    expect(query.groups[1]).toEqual({
      any: [[{ field: 'email', op: 'empty', empty: false }], [{ field: 'phone', op: 'empty', empty: false }]],
    });
  });

  it('rejects what f. filters reject, keyed by group, alternative and condition', () => {
    const fields = errors(creators, {
      or: '[{"status.in":["active","sleeping"]},{"notes.contains":"x"},{"platform.contains":"tik"},{"nope.eq":1},{"rate_fee.range":[5,1]},{"city.like":"x"}]',
    });
    expect(fields).toEqual({
      'or.0.status.in': ['Must be one of: prospect, negotiating, active, inactive, blacklisted'],
      'or.1.notes.contains': ['Cannot filter on Notes'],
      'or.2.platform.contains': ['Cannot use "contains" on Platform; use one of: eq, in, empty'],
      'or.3.nope.eq': ['Unknown field nope'],
      'or.4.rate_fee.range': ['Minimum must not be above maximum'],
      'or.5.city.like': ['Unknown operator like; use eq, in, range, contains, empty, within'],
    });
  });

  it('rejects values of the wrong JSON shape', () => {
    const fields = errors(creators, {
      or: '[{"status.in":"active"},{"rate_fee.range":[1]},{"email.empty":1},{"updated_at.within":"30"},{"city.eq":{"x":1}},{"status":"active"},{}]',
    });
    expect(fields).toEqual({
      'or.0.status.in': ['Must be a list of values'],
      'or.1.rate_fee.range': ['Use [min, max] (null for an open end)'],
      'or.2.email.empty': ['Use true (is empty) or false (is not empty)'],
      'or.3.updated_at.within': ['Must be a number of days'],
      'or.4.city.eq': ['Must be text, a number or true/false'],
      'or.5.status': ['Use "<field>.<operator>" keys, e.g. "status.in"'],
      'or.6': ['Give at least one condition'],
    });
  });

  it('rejects text that is not a JSON list of objects, deeper nesting, and too many conditions or groups', () => {
    expect(errors(creators, { or: 'status=active' }).or).toEqual([
      'Must be JSON: a list of alternatives, e.g. [{"status.in":["new"]},{"updated_at.within":30}]',
    ]);
    expect(errors(creators, { or: '{"status.eq":"active"}' }).or).toEqual([
      'Must be a JSON list of alternatives, e.g. [{"status.in":["new"]},{"updated_at.within":30}]',
    ]);
    expect(errors(creators, { or: '[]' }).or).toEqual(['Give at least one alternative']);
    // Depth 2 at most: an alternative holds conditions, not further groups.
    expect(errors(creators, { or: '[[{"status.eq":"active"}]]' })['or.0']).toEqual([
      'Each alternative must be an object of "field.op": value',
    ]);
    expect(errors(creators, { or: '[{"status.eq":"active","x":[{"city.eq":"a"}]}]' })['or.0.x']).toEqual([
      'Use "<field>.<operator>" keys, e.g. "status.in"',
    ]);
    const many = JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ 'followers.eq': i })));
    expect(errors(creators, { or: many }).or).toEqual([
      'Give at most 20 conditions in alternatives (or); this has 21',
    ]);
    const split = [
      JSON.stringify(Array.from({ length: 11 }, (_, i) => ({ 'followers.eq': i }))),
      JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ 'followers.eq': i }))),
    ];
    expect(errors(creators, { or: split }).or).toEqual([
      'Give at most 20 conditions in alternatives (or); this has 21',
    ]);
    expect(errors(creators, { or: Array.from({ length: 6 }, () => '[{"status.eq":"active"}]') }).or).toEqual([
      'Give at most 5 groups of alternatives',
    ]);
    expect(
      errors(creators, { or: ['[{"status.eq":"active"}]', '[{"status.eq":"sleeping"}]'] })[
        'or.1.0.status.eq'
      ],
    ).toEqual(['Must be one of: prospect, negotiating, active, inactive, blacklisted']);
  });

  it('is written back by listQueryToSearchParams and read the same (escaped commas, open ranges)', () => {
    const query = parse(creators, {
      or: '[{"city.in":["Jakarta, Selatan","a\\\\b"],"rate_fee.range":[null,5000000]},{"updated_at.within":30},{"email.empty":true}]',
      'f.platform.in': 'tiktok',
    });
    expect(query.groups[0]?.any[0]?.[0]).toEqual({
      field: 'city',
      op: 'in',
      values: ['Jakarta, Selatan', 'a\\b'],
    });
    const text = listQueryToSearchParams(creators, query).toString();
    expect(text).toContain('or=');
    expect(parse(creators, fromQueryString(text))).toEqual(query);
  });
});

describe('search, sort and pages', () => {
  it('trims q and limits its length', () => {
    expect(parse(creators, { q: '  nadia  ' }).q).toBe('nadia');
    expect(parse(creators, { q: '   ' }).q).toBeNull();
    expect(errors(creators, { q: 'x'.repeat(201) }).q).toEqual(['Must be at most 200 characters']);
  });

  it('sorts on sortable fields only', () => {
    expect(parse(creators, { sort: 'followers:desc' }).sort).toEqual({
      field: 'followers',
      direction: 'desc',
    });
    expect(parse(creators, { sort: 'rate_fee' }).sort).toEqual({ field: 'rate_fee', direction: 'asc' });
    expect(parse(creators, { sort: 'created_at:desc' }).sort).toEqual({
      field: 'created_at',
      direction: 'desc',
    });
    expect(errors(creators, { sort: 'notes:asc' }).sort).toEqual(['Cannot sort on Notes']);
    expect(errors(creators, { sort: 'password:asc' }).sort).toEqual(['Unknown field password']);
    expect(errors(creators, { sort: 'name:up' }).sort).toEqual(['Use field:asc or field:desc']);
  });

  it('bounds the limit and the offset', () => {
    expect(parse(creators, { limit: '500', offset: '1000' })).toMatchObject({ limit: 500, offset: 1000 });
    for (const limit of ['0', '501', '10.5', 'all', '-1']) {
      expect(errors(creators, { limit }).limit).toEqual(['Must be a whole number from 1 to 500']);
    }
    expect(errors(creators, { offset: '-5' }).offset).toEqual(['Must be a whole number of 0 or more']);
  });

  it('takes a keyset cursor made for the same sort, not together with an offset', () => {
    const sort = { field: 'followers', direction: 'desc' as const };
    const cursor = encodeCursor(sort, 184000, 42);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parse(creators, { sort: 'followers:desc', cursor }).cursor).toEqual({ value: 184000, id: 42 });
    expect(errors(creators, { sort: 'name:asc', cursor }).cursor).toEqual([
      'Cursor belongs to another sort; start again from the first page',
    ]);
    expect(errors(creators, { cursor: 'not-a-cursor' }).cursor).toEqual(['Invalid cursor']);
    expect(errors(creators, { sort: 'followers:desc', cursor, offset: '50' }).cursor).toEqual([
      'Use either offset or cursor, not both',
    ]);
  });

  it('carries unicode sort values through the cursor', () => {
    const cursor = encodeCursor({ field: 'name', direction: 'asc' }, 'Ketut Ayu — Ubud ✨', 7);
    expect(parse(creators, { cursor }).cursor).toEqual({ value: 'Ketut Ayu — Ubud ✨', id: 7 });
  });
});

describe('other parameters', () => {
  it('takes the visible columns for export, and the format', () => {
    expect(parse(creators, { columns: 'name,handle,followers,id', format: 'csv' })).toMatchObject({
      columns: ['name', 'handle', 'followers', 'id'],
      format: 'csv',
    });
    expect(errors(creators, { columns: 'name,salary' }).columns).toEqual(['Unknown column: salary']);
    expect(errors(creators, { format: 'xlsx' }).format).toEqual(['Must be one of: json, csv']);
  });

  it('shows deleted rows only for soft-deleted entities', () => {
    expect(parse(creators, { deleted: 'only' }).deleted).toBe('only');
    expect(errors(entity('tribe_targets'), { deleted: 'include' }).deleted).toEqual([
      'Tribe targets are deleted for good; there are no deleted rows to show',
    ]);
  });

  it('rejects unknown parameters but ignores cache busters starting with _', () => {
    expect(errors(creators, { page: '2' }).page).toEqual(['Unknown parameter']);
    expect(parse(creators, { _: '1732233600000' }).filters).toEqual([]);
  });
});

describe('listQueryToSearchParams', () => {
  it('writes what listQuerySchema reads back, leaving defaults out', () => {
    const query = parse(
      creators,
      fromQueryString(
        'f.city.in=Jakarta%5C,%20Selatan,Bandung&f.rate_fee.range=,5000000&f.email.empty=1&q=nadia&sort=followers:desc&limit=100&offset=200&columns=name,city',
      ),
    );
    const text = listQueryToSearchParams(creators, query).toString();
    expect(parse(creators, fromQueryString(text))).toEqual(query);
    expect(listQueryToSearchParams(creators, parse(creators, {})).toString()).toBe('');
    const keyset = parse(creators, {
      sort: 'followers:desc',
      cursor: encodeCursor({ field: 'followers', direction: 'desc' }, 5000, 9),
    });
    expect(parse(creators, fromQueryString(listQueryToSearchParams(creators, keyset).toString()))).toEqual(
      keyset,
    );
  });
});
