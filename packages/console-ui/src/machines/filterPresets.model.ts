/**
 * The data of list filters and presets: conditions, AND/OR groups, and matching rows in the browser
 * (`matchesFilter`, `matchesPreset`). The machine (filterPresets.machine.ts) keeps a list's presets and current
 * filters over these. console-ui defines no product presets: the caller passes them (the console's logistics
 * presets are its contract's `packages.views`).
 */
import { addDays, isIsoDay, jakartaDay } from '../components/DateRangePicker/jakartaDates.js';

/** A scalar a condition compares against. */
export type FilterScalar = string | number | boolean | null;

/** `field` is one of the values. */
export interface InCondition {
  op: 'in';
  field: string;
  values: FilterScalar[];
}

/** `field` equals the value (compared as text, so `5` equals `"5"`, as numbers arrive as strings). */
export interface EqualsCondition {
  op: 'equals';
  field: string;
  value: FilterScalar;
}

/**
 * `field` is no older than `days` before `now` (inclusive; later ones match too): an instant by 24 h steps, a
 * calendar day ("YYYY-MM-DD") by Asia/Jakarta calendar days, as the server counts them.
 */
export interface WithinLastDaysCondition {
  op: 'withinLastDays';
  field: string;
  days: number;
}

/** `field` is null, undefined, or a blank string. */
export interface IsEmptyCondition {
  op: 'isEmpty';
  field: string;
}

/** `field` holds a value: neither null, undefined nor a blank string. */
export interface IsNotEmptyCondition {
  op: 'isNotEmpty';
  field: string;
}

/** `min <= field <= max` (either bound optional), as numbers or, when not numeric, as dates. */
export interface RangeCondition {
  op: 'range';
  field: string;
  min?: number | string;
  max?: number | string;
}

/** `field`, as text, contains `value` (case-insensitive). */
export interface ContainsCondition {
  op: 'contains';
  field: string;
  value: string;
}

export type FilterCondition =
  | InCondition
  | EqualsCondition
  | WithinLastDaysCondition
  | IsEmptyCondition
  | IsNotEmptyCondition
  | RangeCondition
  | ContainsCondition;

export type FilterOperator = FilterCondition['op'];

/**
 * A group of conditions: `any` = OR, `all` = AND. Groups nest. An empty group filters nothing out (it is
 * "no filter", not "match nothing").
 */
export interface FilterGroup {
  match: 'any' | 'all';
  conditions: Array<FilterCondition | FilterGroup>;
}

/** A named set of filters and column visibility. */
export interface FilterPreset {
  id: string;
  name: string;
  filter: FilterGroup;
  /** Columns left out of the table. */
  hiddenColumns: string[];
  /** Columns kept in the table whose cell content is not rendered (the header stays). */
  hiddenRendering: string[];
  /** Built-in presets come from code and cannot be overwritten or deleted by a user. */
  builtIn?: boolean;
}

/** What the table shows right now. */
export interface FilterView {
  filter: FilterGroup;
  hiddenColumns: string[];
  hiddenRendering: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const EMPTY_FILTER: FilterGroup = { match: 'any', conditions: [] };

// ---------------------------------------------------------------------------------------------------------
// Pure matching

export type FilterRow = Record<string, unknown>;

function isGroup(node: FilterCondition | FilterGroup): node is FilterGroup {
  return 'conditions' in node;
}

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

function matchesCondition(row: FilterRow, condition: FilterCondition, now: Date): boolean {
  const value = row[condition.field];
  switch (condition.op) {
    case 'isEmpty':
      return isEmptyValue(value);
    case 'isNotEmpty':
      return !isEmptyValue(value);
    case 'equals': {
      const expected = condition.value === null ? null : String(condition.value);
      return asText(value) === expected;
    }
    case 'in': {
      const text = asText(value);
      return condition.values.some((candidate) => (candidate === null ? null : String(candidate)) === text);
    }
    case 'contains': {
      const text = asText(value);
      return text !== null && text.toLowerCase().includes(condition.value.toLowerCase());
    }
    case 'withinLastDays': {
      // A day without a time: "the last 30 days" are calendar days in Jakarta (a 24 h step would cut the edge day).
      if (typeof value === 'string' && isIsoDay(value))
        return value >= addDays(jakartaDay(now), -condition.days);
      const time = toTime(value);
      return time !== null && time >= now.getTime() - condition.days * DAY_MS;
    }
    case 'range': {
      const comparable = toComparable(value);
      if (comparable === null) return false;
      const min = condition.min === undefined ? null : toComparable(condition.min);
      const max = condition.max === undefined ? null : toComparable(condition.max);
      return (min === null || comparable >= min) && (max === null || comparable <= max);
    }
  }
}

/**
 * Whether a row passes a filter tree. Pure: `now` is passed in so results are reproducible.
 *
 * @example
 * ```tsx
 * matchesFilter({ status: 'Waiting' }, { match: 'any', conditions: [{ op: 'in', field: 'status', values: ['Waiting'] }] }, new Date()) // true
 * ```
 */
export function matchesFilter(row: FilterRow, filter: FilterGroup, now: Date): boolean {
  if (filter.conditions.length === 0) return true;
  const test = (node: FilterCondition | FilterGroup) =>
    isGroup(node) ? matchesFilter(row, node, now) : matchesCondition(row, node, now);
  return filter.match === 'any' ? filter.conditions.some(test) : filter.conditions.every(test);
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
