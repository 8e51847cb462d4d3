/**
 * The data of list filters and presets: conditions, AND/OR groups, and matching rows in the browser
 * (`matchesFilter`, `matchesPreset`). The machine (filterPresets.machine.ts) keeps a list's presets and current
 * filters over these. console-ui defines no product presets: the caller passes them (the console's logistics
 * presets are its contract's `packages.views`).
 */
import { addDays, isIsoDay, jakartaDay } from '../components/DateRangePicker/jakartaDates.js';

/** A value a condition compares against: typed by its field (numbers for numeric fields, booleans for switches). */
export type FilterScalar = string | number | boolean;

/** `field` equals the value (numbers compare as numbers, so a numeric text `"5"` equals `5`). */
export interface EqCondition {
  op: 'eq';
  field: string;
  value: FilterScalar;
}

/** `field` is one of the values. */
export interface InCondition {
  op: 'in';
  field: string;
  values: FilterScalar[];
}

/** `min <= field <= max`, null for an open bound; as numbers or, when not numeric, as dates. */
export interface RangeCondition {
  op: 'range';
  field: string;
  min: FilterScalar | null;
  max: FilterScalar | null;
}

/** `field`, as text, contains `value` (case-insensitive). */
export interface ContainsCondition {
  op: 'contains';
  field: string;
  value: string;
}

/** `empty: true`: `field` is null, undefined or a blank string; `empty: false`: it holds a value. */
export interface EmptyCondition {
  op: 'empty';
  field: string;
  empty: boolean;
}

/**
 * `field` is no older than `days` before `now` (inclusive; later ones match too): an instant by 24 h steps, a
 * calendar day ("YYYY-MM-DD") by Asia/Jakarta calendar days, as the server counts them.
 */
export interface WithinCondition {
  op: 'within';
  field: string;
  days: number;
}

/** One condition on one field: the list API's filter (the console's contract takes this type as its own). */
export type FilterCondition =
  EqCondition | InCondition | RangeCondition | ContainsCondition | EmptyCondition | WithinCondition;

export type FilterOperator = FilterCondition['op'];

/**
 * Alternatives (OR): a row passes when all conditions of at least one alternative hold. Two levels, any-of then
 * all-of, which is what a list's `or` parameter carries.
 */
export interface FilterOrGroup {
  any: FilterCondition[][];
}

/**
 * A list's filter: every condition in `filters` holds (AND), and so does every OR group. Empty, it filters nothing
 * out (it is "no filter", not "match nothing").
 */
export interface FilterSet {
  filters: FilterCondition[];
  groups: FilterOrGroup[];
}

/** A named set of filters and column visibility. */
export interface FilterPreset {
  id: string;
  name: string;
  filter: FilterSet;
  /** Columns left out of the table. */
  hiddenColumns: string[];
  /** Columns kept in the table whose cell content is not rendered (the header stays). */
  hiddenRendering: string[];
  /** Built-in presets come from code and cannot be overwritten or deleted by a user. */
  builtIn?: boolean;
  /**
   * Read from a 2.x filter tree that could not be carried over whole (a condition 3.0 cannot read, or an OR
   * subtree past 32 alternatives): its filter keeps more rows than the old one (see `migratePresetFilter`).
   */
  approximated?: boolean;
}

/** What the table shows right now. */
export interface FilterView {
  filter: FilterSet;
  hiddenColumns: string[];
  hiddenRendering: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const EMPTY_FILTER: FilterSet = { filters: [], groups: [] };

// ---------------------------------------------------------------------------------------------------------
// Pure matching

export type FilterRow = Record<string, unknown>;

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function asText(value: unknown): string | null {
  if (isEmptyValue(value)) return null;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A timestamp (ms) from a Date, an epoch number, or a parsable date string; null otherwise. */
function toTime(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const time = Date.parse(value);
    return Number.isNaN(time) ? null : time;
  }
  return null;
}

/** Numbers (and numeric strings) compare as numbers; anything else as a date. */
function toComparable(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return toTime(value);
}

/** Typed equality: a number against a number (or numeric text), a boolean against a boolean (or its text). */
function sameValue(value: unknown, expected: FilterScalar): boolean {
  if (typeof expected === 'number') {
    const actual = typeof value === 'string' && NUMERIC.test(value.trim()) ? Number(value.trim()) : value;
    return actual === expected;
  }
  if (typeof expected === 'boolean') return value === expected || value === String(expected);
  return asText(value) === expected;
}

/** Whether a row passes one condition, with the list API's meaning of it. */
export function matchesCondition(row: FilterRow, condition: FilterCondition, now: Date): boolean {
  const value = row[condition.field];
  switch (condition.op) {
    case 'empty':
      return isEmptyValue(value) === condition.empty;
    case 'eq':
      return sameValue(value, condition.value);
    case 'in':
      return condition.values.some((candidate) => sameValue(value, candidate));
    case 'contains': {
      const text = asText(value);
      return text !== null && text.toLowerCase().includes(condition.value.toLowerCase());
    }
    case 'within': {
      // A day without a time: "the last 30 days" are calendar days in Jakarta (a 24 h step would cut the edge day).
      if (typeof value === 'string' && isIsoDay(value))
        return value >= addDays(jakartaDay(now), -condition.days);
      const time = toTime(value);
      return time !== null && time >= now.getTime() - condition.days * DAY_MS;
    }
    case 'range': {
      const comparable = toComparable(value);
      if (comparable === null) return false;
      const min = condition.min === null ? null : toComparable(condition.min);
      const max = condition.max === null ? null : toComparable(condition.max);
      return (min === null || comparable >= min) && (max === null || comparable <= max);
    }
  }
}

/**
 * Whether a row passes a list filter: every filter, and in every OR group at least one alternative whose
 * conditions all hold. Pure: `now` is passed in so results are reproducible.
 *
 * @example
 * ```tsx
 * matchesFilter({ status: 'Waiting' }, { filters: [{ op: 'in', field: 'status', values: ['Waiting'] }], groups: [] }, new Date()) // true
 * ```
 */
export function matchesFilter(row: FilterRow, filter: FilterSet, now: Date): boolean {
  const holds = (condition: FilterCondition) => matchesCondition(row, condition, now);
  return (
    filter.filters.every(holds) &&
    filter.groups.every((group) => group.any.length === 0 || group.any.some((all) => all.every(holds)))
  );
}

/**
 * Whether a row belongs in a preset's list.
 *
 * @example
 * ```tsx
 * rows.filter((row) => matchesPreset(row, preset, new Date()))
 * ```
 */
export function matchesPreset(row: FilterRow, preset: FilterPreset, now: Date): boolean {
  return matchesFilter(row, preset.filter, now);
}

/** The view a preset opens with. Arrays are copied so later edits never touch the preset itself. */
export function presetView(preset: FilterPreset): FilterView {
  return {
    filter: preset.filter,
    hiddenColumns: [...preset.hiddenColumns],
    hiddenRendering: [...preset.hiddenRendering],
  };
}

const sortedKey = (values: string[]) => JSON.stringify([...values].sort());

/** Whether a view is exactly what a preset prescribes (column order does not matter). */
export function viewEqualsPreset(view: FilterView, preset: FilterPreset): boolean {
  return (
    JSON.stringify(view.filter) === JSON.stringify(preset.filter) &&
    sortedKey(view.hiddenColumns) === sortedKey(preset.hiddenColumns) &&
    sortedKey(view.hiddenRendering) === sortedKey(preset.hiddenRendering)
  );
}

/** The id a user preset gets from its name; saving under the same name again overwrites it. */
export function userPresetId(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `user:${slug || 'preset'}`;
}

// ---------------------------------------------------------------------------------------------------------
// Presets stored by console-ui 2.x

/** A 2.x condition: `equals` (compared as text), `isEmpty`, `isNotEmpty`, `withinLastDays`, optional range bounds. */
type LegacyScalar = string | number | boolean | null;
type LegacyCondition =
  | { op: 'in'; field: string; values: LegacyScalar[] }
  | { op: 'equals'; field: string; value: LegacyScalar }
  | { op: 'withinLastDays'; field: string; days: number }
  | { op: 'isEmpty' | 'isNotEmpty'; field: string }
  | { op: 'range'; field: string; min?: number | string; max?: number | string }
  | { op: 'contains'; field: string; value: string };
/** A 2.x filter tree: AND / OR groups nesting to any depth. */
interface LegacyGroup {
  match: 'any' | 'all';
  conditions: Array<LegacyCondition | LegacyGroup>;
}

/** More alternatives than this, and a migrated OR group is left out (flagged approximated) rather than kept. */
const MIGRATED_ALTERNATIVES_MAX = 32;

const isScalar = (value: unknown): value is FilterScalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function legacyCondition(node: Record<string, unknown>): FilterCondition | null {
  const field = node.field;
  if (typeof field !== 'string') return null;
  switch (node.op) {
    case 'equals':
      if (node.value === null) return { op: 'empty', field, empty: true };
      return isScalar(node.value) ? { op: 'eq', field, value: node.value } : null;
    case 'in': {
      const values = Array.isArray(node.values) ? node.values.filter(isScalar) : [];
      return values.length > 0 ? { op: 'in', field, values } : null;
    }
    case 'range': {
      const min = isScalar(node.min) ? node.min : null;
      const max = isScalar(node.max) ? node.max : null;
      return min === null && max === null ? null : { op: 'range', field, min, max };
    }
    case 'contains':
      return typeof node.value === 'string' ? { op: 'contains', field, value: node.value } : null;
    case 'isEmpty':
    case 'isNotEmpty':
      return { op: 'empty', field, empty: node.op === 'isEmpty' };
    case 'withinLastDays':
      return typeof node.days === 'number' ? { op: 'within', field, days: node.days } : null;
    default:
      return null;
  }
}

/**
 * A 2.x condition's alternatives, null when it cannot be read. A 2.x `in` could list null, which held for an empty
 * value: it is its other values, or "is empty".
 */
function legacyAlternatives(node: Record<string, unknown>): FilterCondition[][] | null {
  if (
    node.op === 'in' &&
    typeof node.field === 'string' &&
    Array.isArray(node.values) &&
    node.values.includes(null)
  ) {
    const empty: FilterCondition = { op: 'empty', field: node.field, empty: true };
    const others = legacyCondition({ ...node, values: node.values.filter((value) => value !== null) });
    return others ? [[others], [empty]] : [[empty]];
  }
  const condition = legacyCondition(node);
  return condition ? [[condition]] : null;
}

const isLegacyGroup = (node: unknown): node is LegacyGroup =>
  typeof node === 'object' &&
  node !== null &&
  ((node as LegacyGroup).match === 'any' || (node as LegacyGroup).match === 'all') &&
  Array.isArray((node as LegacyGroup).conditions);

/**
 * A 2.x filter tree as a list filter. AND terms become `filters`; an OR subtree becomes one OR group in its
 * disjunctive form (`a and (b or c)` is `(a and b) or (a and c)`), which means the same rows however deep the
 * tree nested. Flagged `approximated` when a condition could not be read (left out) or an OR subtree spread
 * into more than 32 alternatives (left out): the filter then keeps more rows than the old one, never fewer.
 * Null when `value` is not a 2.x tree.
 *
 * @example
 * ```tsx
 * migratePresetFilter({ match: 'all', conditions: [{ op: 'isNotEmpty', field: 'email' }] })
 * // { filter: { filters: [{ op: 'empty', field: 'email', empty: false }], groups: [] }, approximated: false }
 * ```
 */
export function migratePresetFilter(value: unknown): { filter: FilterSet; approximated: boolean } | null {
  if (!isLegacyGroup(value)) return null;
  let approximated = false;
  // Alternatives of a subtree: each an AND of conditions; `[[]]` holds for every row.
  const alternatives = (node: LegacyCondition | LegacyGroup): FilterCondition[][] => {
    if (!isLegacyGroup(node)) {
      const read = legacyAlternatives(node as unknown as Record<string, unknown>);
      if (read) return read;
      approximated = true;
      return [[]];
    }
    if (node.conditions.length === 0) return [[]];
    const parts = node.conditions.map(alternatives);
    const spread =
      node.match === 'any'
        ? parts.flat()
        : parts.reduce<FilterCondition[][]>(
            (product, part) =>
              product.length > MIGRATED_ALTERNATIVES_MAX
                ? product
                : product.flatMap((left) => part.map((right) => [...left, ...right])),
            [[]],
          );
    // Too many alternatives to send: the subtree is left out (it holds for every row), never spread further.
    if (spread.length <= MIGRATED_ALTERNATIVES_MAX) return spread;
    approximated = true;
    return [[]];
  };
  const filter: FilterSet = { filters: [], groups: [] };
  const addAll = (node: LegacyGroup) => {
    for (const term of node.conditions) {
      if (isLegacyGroup(term) && (term.match === 'all' || term.conditions.length <= 1)) {
        addAll(term);
        continue;
      }
      const any = alternatives(term);
      if (any.some((all) => all.length === 0)) continue;
      if (any.length === 1) filter.filters.push(...any[0]!);
      else filter.groups.push({ any });
    }
  };
  addAll(
    value.match === 'all' || value.conditions.length <= 1 ? value : { match: 'all', conditions: [value] },
  );
  return { filter, approximated };
}

const isFilterSet = (value: unknown): value is FilterSet =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as FilterSet).filters) &&
  Array.isArray((value as FilterSet).groups);

/**
 * A preset read back from storage, in today's shape or a 2.x one (its tree migrated, see `migratePresetFilter`);
 * null when it is neither (a user or an old version may have garbled it).
 */
export function readFilterPreset(value: unknown): FilterPreset | null {
  if (typeof value !== 'object' || value === null) return null;
  const preset = value as Partial<FilterPreset> & { filter?: unknown };
  if (
    typeof preset.id !== 'string' ||
    typeof preset.name !== 'string' ||
    !Array.isArray(preset.hiddenColumns) ||
    !Array.isArray(preset.hiddenRendering)
  )
    return null;
  if (isFilterSet(preset.filter)) return preset as FilterPreset;
  const migrated = migratePresetFilter(preset.filter);
  if (!migrated) return null;
  return {
    ...(preset as FilterPreset),
    filter: migrated.filter,
    ...(migrated.approximated ? { approximated: true } : {}),
  };
}
