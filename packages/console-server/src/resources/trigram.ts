/**
 * Trigram (pg_trgm) indexes for list search and "contains" filters (docs/adr/011-wire.md). query.ts writes
 * both as `<expression> like <pattern>` over the expressions indexed here:
 * - search: `search_text like '%word%'` → `gin (search_text gin_trgm_ops)`;
 * - contains: `lower(col) like lower('%value%')` → `gin (lower(col) gin_trgm_ops)` per filterable text field.
 * A GIN trigram index answers a substring match from the trigrams of the pattern instead of reading every row.
 */
import type { EntityDef, FieldDef } from '@staff/console-contract';
import { identifier, searchableFields } from './ddl.js';

/** Field types the "contains" filter applies to (console-contract's FILTER_OPERATORS). */
export const CONTAINS_TYPES: readonly FieldDef['type'][] = ['text', 'longtext', 'email', 'url', 'phone'];

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The index name for a trigram index on `column` of `table` (stable, ≤ 63 bytes). */
export const trigramIndexName = (table: string, column: string) => identifier(`${table}_${column}_trgm`);

/** A LIKE pattern matching `value` anywhere: `%`, `_` and `\` in the value are matched literally. */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * `create index` statements for one entity's trigram indexes: its search column and each filterable field
 * the contains filter applies to. `if not exists` lets a later migration call this for new fields or entities
 * without tripping over the indexes an earlier one made.
 */
export function trigramIndexSql(def: EntityDef): string[] {
  const t = quoteId(def.name);
  const statements: string[] = [];
  if (searchableFields(def).length > 0) {
    statements.push(
      `create index if not exists ${quoteId(trigramIndexName(def.name, 'search_text'))} on ${t} using gin (search_text gin_trgm_ops)`,
    );
  }
  for (const field of def.fields) {
    if (!field.filterable || !CONTAINS_TYPES.includes(field.type)) continue;
    statements.push(
      `create index if not exists ${quoteId(trigramIndexName(def.name, field.name))} on ${t} using gin (lower(${quoteId(field.name)}) gin_trgm_ops)`,
    );
  }
  return statements;
}

/**
 * The statements trigramIndexSql wrote for `[table, column]` when a frozen migration was made (`search_text`, or
 * `lower(<column>)` for a contains filter); spelled out here so a later change to trigramIndexSql leaves them be.
 */
const frozenTrigramIndexes = (indexes: readonly (readonly [string, string])[]) =>
  indexes.map(([table, column]) =>
    column === 'search_text'
      ? `create index if not exists "${table}_search_text_trgm" on "${table}" using gin (search_text gin_trgm_ops)`
      : `create index if not exists "${table}_${column}_trgm" on "${table}" using gin (lower("${column}") gin_trgm_ops)`,
  );

/**
 * Migration 310, frozen: pg_trgm and the trigram indexes of the entities as they were then (what
 * `trigramIndexSql` generated, as table and column; `trigram.test.ts` checks every index is in the catalog and used).
 */
export const TRIGRAM_INDEXES_V310: readonly string[] = [
  `create extension if not exists pg_trgm`,
  ...frozenTrigramIndexes([
    ['creators', 'search_text'],
    ['creators', 'phone'],
    ['creators', 'email'],
    ['creators', 'city'],
    ['n8n_creators', 'search_text'],
    ['n8n_creators', 'city'],
    ['n8n_creators', 'contact_phone'],
    ['n8n_creators', 'contact_email'],
    ['problem_categories', 'search_text'],
    ['problem_subcategories', 'search_text'],
    ['mayar_accounts', 'search_text'],
    ['tribes', 'search_text'],
    ['pixel_registries', 'search_text'],
    ['pixel_registries', 'ad_account_id'],
    ['products', 'search_text'],
    ['projects', 'search_text'],
    ['projects', 'voucher_code'],
    ['tribe_targets', 'search_text'],
    ['ad_campaigns', 'search_text'],
    ['ad_campaigns', 'ad_account_id'],
    ['meeting_rooms', 'search_text'],
    ['change_emails', 'search_text'],
    ['change_emails', 'old_email'],
    ['change_emails', 'new_email'],
    ['hook_generations', 'search_text'],
    ['hook_generations', 'model'],
    ['master_ad_creatives', 'search_text'],
    ['webhook_forwarders', 'search_text'],
    ['wa_registries', 'search_text'],
    ['wa_registries', 'phone'],
    ['companies', 'search_text'],
    ['companies', 'city'],
    ['bank_accounts', 'search_text'],
    ['monthly_targets', 'search_text'],
  ]),
];

/**
 * Migration 470, frozen: trigram indexes of the entities added after 310 (packages and their events from the
 * generated migration 103, the Purchase Log over the intake's purchases table of migration 400).
 */
export const TRIGRAM_INDEXES_V470: readonly string[] = frozenTrigramIndexes([
  ['packages', 'search_text'],
  ['package_events', 'search_text'],
  ['purchases', 'search_text'],
  ['purchases', 'payment_method'],
]);

/** Migration 773, frozen: the ad sets and ads lists (entities since 772) searched like the others. */
export const TRIGRAM_INDEXES_V773: readonly string[] = frozenTrigramIndexes([
  ['ad_sets', 'search_text'],
  ['ads', 'search_text'],
]);

/**
 * Migration 860, frozen: the companies' search index again, after generated migration 107 rebuilt their
 * `search_text` with the city in it (dropping the column dropped its index).
 */
export const TRIGRAM_INDEXES_V860: readonly string[] = frozenTrigramIndexes([['companies', 'search_text']]);

/**
 * Migration 670, frozen: trigram indexes on the label column of every relation target (the related name a
 * list search matches, `query.ts`, and the relation picker's option search, `routes.ts`), both written as
 * `lower(label) like '%word%'`. Built concurrently on PostgreSQL (the tables may be large by now).
 */
export const TRIGRAM_LABEL_INDEXES_V670: readonly { name: string; definition: string }[] = [
  ['creators', 'name'],
  ['problem_categories', 'name'],
  ['products', 'name'],
  ['tribes', 'name'],
  ['mayar_accounts', 'name'],
  ['pixel_registries', 'name'],
  ['ad_campaigns', 'name'],
  ['companies', 'name'],
  ['packages', 'order_ref'],
].map(([table, column]) => ({
  name: trigramIndexName(table!, column!),
  definition: `on ${quoteId(table!)} using gin (lower(${quoteId(column!)}) gin_trgm_ops)`,
}));
