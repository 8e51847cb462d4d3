// The list page's view (search, filters, sort, page, hidden columns, saved view) and its two encodings: the
// address bar (so a view opens by link) and the FilterBar's filter tree (the filterPresets machine's format).
import {
  SYSTEM_FIELDS,
  filterOperatorsFor,
  listQueryToSearchParams,
  splitList,
  escapeListItem,
  listQuerySchema,
  LIST_LIMIT_DEFAULT,
  OR_CONDITIONS_MAX,
  WITHIN_DAYS_MAX,
  type EntityDef,
  type FieldDef,
  type FilterOperator,
  type FilterScalarValue,
  type ListFilter,
  type ListFilterGroup,
  type ListSort,
} from '@staff/console-contract';
import type { FilterCondition, FilterGroup, FilterPreset } from '@staff/console-ui';
import { RESOURCE_TEXTS, type ResourceTexts } from './texts.js';

export interface ViewState {
  q: string;
  filters: ListFilter[];
  /** OR groups (each must hold, together with `filters`), as the list's `or` parameters. */
  groups: ListFilterGroup[];
  sort: ListSort;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Columns hidden from the table (ids of field columns). */
  hidden: string[];
  /** The saved view the page was opened with, if any. */
  viewId: string | null;
  /** The built-in or own preset the filters came from, if any. */
  presetId: string | null;
}

export const PAGE_SIZES = [25, 50, 100, 200];
const OPERATORS: readonly FilterOperator[] = ['eq', 'in', 'range', 'contains', 'empty', 'within'];
const FILTER_KEY = /^f\.([a-z0-9_]+)\.([a-z]+)$/;
const NUMERIC = new Set(['integer', 'number', 'money', 'percent', 'relation']);

/** The entity's fields plus the system columns lists can filter and sort on (id, created, updated). */
export function listFields(def: EntityDef): FieldDef[] {
  const system = SYSTEM_FIELDS.filter((field) => field.filterable || field.sortable).filter(
    (field) => !def.fields.some((own) => own.name === field.name),
  );
  return [...def.fields, ...system.map((field) => ({ ...field, list: false }))];
}

function fieldOf(def: EntityDef, name: string): FieldDef | undefined {
  return listFields(def).find((field) => field.name === name);
}

/** A filter value typed by its field (numbers for numeric fields, booleans for switches); null when invalid. */
function typed(field: FieldDef, text: string): FilterScalarValue | null {
  const raw = text.trim();
  if (raw === '') return null;
  if (NUMERIC.has(field.type)) {
    const n = Number(raw);
    return Number.isFinite(n) ? n : null;
  }
  if (field.type === 'boolean') {
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    return null;
  }
  if (field.type === 'enum' && !(field.options ?? []).some((option) => option.value === raw)) return null;
  return raw;
}

/** One `f.<field>.<op>` parameter as a filter, or null when it does not fit the entity (ignored, not an error). */
function parseFilter(def: EntityDef, name: string, op: string, value: string): ListFilter | null {
  const field = fieldOf(def, name);
  if (!field?.filterable || !(OPERATORS as string[]).includes(op)) return null;
  if (!(filterOperatorsFor(field) as string[]).includes(op)) return null;
  switch (op as FilterOperator) {
    case 'eq': {
      const parsed = typed(field, value);
      return parsed === null ? null : { field: name, op: 'eq', value: parsed };
    }
    case 'in': {
      const values = splitList(value).map((item) => typed(field, item));
      if (values.length === 0 || values.some((item) => item === null)) return null;
      return { field: name, op: 'in', values: values as FilterScalarValue[] };
    }
    case 'range': {
      const parts = splitList(value);
      if (parts.length !== 2) return null;
      const [minText = '', maxText = ''] = parts;
      const min = typed(field, minText);
      const max = typed(field, maxText);
      if ((min === null && minText.trim() !== '') || (max === null && maxText.trim() !== '')) return null;
      if (min === null && max === null) return null;
      return { field: name, op: 'range', min, max };
    }
    case 'contains':
      return value.trim() ? { field: name, op: 'contains', value: value.trim() } : null;
    case 'empty':
      return value === '1' || value === 'true'
        ? { field: name, op: 'empty', empty: true }
        : value === '0' || value === 'false'
          ? { field: name, op: 'empty', empty: false }
          : null;
    case 'within': {
      const days = Number(value);
      return /^\d+$/.test(value) && days >= 1 && days <= WITHIN_DAYS_MAX
        ? { field: name, op: 'within', days }
        : null;
    }
  }
}

/** One `or` parameter as a group, checked by the contract; null when it does not fit the entity (left out). */
function parseGroup(def: EntityDef, text: string): ListFilterGroup | null {
  const parsed = listQuerySchema(def).safeParse({ or: text });
  return parsed.success ? (parsed.data.groups[0] ?? null) : null;
}

function positiveInt(text: string | null, fallback: number): number {
  const n = Number(text);
  return text !== null && /^\d+$/.test(text) && n >= 1 ? n : fallback;
}

/**
 * The view in the address bar. Lenient: anything that does not fit the entity (a renamed field, a hand-edited
 * value) is left out rather than breaking the page.
 */
export function parseViewState(def: EntityDef, params: URLSearchParams): ViewState {
  const filters: ListFilter[] = [];
  for (const [key, value] of params) {
    const match = FILTER_KEY.exec(key);
    if (!match) continue;
    const filter = parseFilter(def, match[1] as string, match[2] as string, value);
    if (filter && !filters.some((other) => other.field === filter.field && other.op === filter.op))
      filters.push(filter);
  }
  const groups: ListFilterGroup[] = [];
  let conditions = 0;
  for (const text of params.getAll('or')) {
    const group = parseGroup(def, text);
    const size = group ? group.any.reduce((sum, alternative) => sum + alternative.length, 0) : 0;
    if (group && conditions + size <= OR_CONDITIONS_MAX) {
      groups.push(group);
      conditions += size;
    }
  }
  let sort: ListSort = { ...def.defaultSort };
  const sortText = params.get('sort');
  if (sortText) {
    const [name = '', direction = 'asc'] = sortText.split(':');
    if (fieldOf(def, name)?.sortable && (direction === 'asc' || direction === 'desc'))
      sort = { field: name, direction };
  }
  const sizeText = params.get('size');
  const pageSize =
    sizeText !== null && PAGE_SIZES.includes(Number(sizeText)) ? Number(sizeText) : LIST_LIMIT_DEFAULT;
  const hideText = params.get('hide');
  const hidden = hideText
    ? splitList(hideText).filter((name) => def.fields.some((field) => field.name === name))
    : [];
  return {
    q: (params.get('q') ?? '').trim(),
    filters,
    groups,
    sort,
    page: positiveInt(params.get('page'), 1),
    pageSize,
    hidden,
    viewId: params.get('view') || null,
    presetId: params.get('preset') || null,
  };
}

/** The address-bar form of a view; defaults are left out so a plain page has a plain address. */
export function viewStateToSearchParams(def: EntityDef, view: ViewState): URLSearchParams {
  const params = listQueryToSearchParams(def, {
    q: view.q || null,
    filters: view.filters,
    groups: view.groups,
    sort: view.sort,
  });
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== LIST_LIMIT_DEFAULT) params.set('size', String(view.pageSize));
  if (view.hidden.length) params.set('hide', view.hidden.map(escapeListItem).join(','));
  if (view.viewId) params.set('view', view.viewId);
  if (view.presetId) params.set('preset', view.presetId);
  return params;
}

/** The filters' own encoding (OR groups included), for comparing two filter sets regardless of where they came from. */
export function filtersKey(def: EntityDef, filters: ListFilter[], groups: ListFilterGroup[] = []): string {
  const params = listQueryToSearchParams(def, { filters, groups });
  params.sort();
  return params.toString();
}

/** The visible field columns of a view, in the entity's order (what the CSV export writes). */
export function visibleColumns(def: EntityDef, hidden: string[]): string[] {
  const listed = def.fields.some((field) => field.list)
    ? def.fields.filter((field) => field.list)
    : def.fields;
  return listed.map((field) => field.name).filter((name) => !hidden.includes(name));
}

// ---------------------------------------------------------------------------------------------------------------
// FilterBar tree ↔ list filters

/** A list filter as a FilterBar condition. */
function toCondition(filter: ListFilter): FilterCondition {
  switch (filter.op) {
    case 'eq':
      return { op: 'equals', field: filter.field, value: filter.value };
    case 'in':
      return { op: 'in', field: filter.field, values: filter.values };
    case 'range':
      return {
        op: 'range',
        field: filter.field,
        ...(filter.min !== null ? { min: filter.min as number | string } : {}),
        ...(filter.max !== null ? { max: filter.max as number | string } : {}),
      };
    case 'contains':
      return { op: 'contains', field: filter.field, value: filter.value };
    case 'empty':
      return { op: filter.empty ? 'isEmpty' : 'isNotEmpty', field: filter.field };
    case 'within':
      return { op: 'withinLastDays', field: filter.field, days: filter.days };
  }
}

/**
 * The filters as the FilterBar's tree: an AND group of conditions, plus one OR group per `or` group (an
 * alternative of several filters is an AND group inside it). Every list filter has its condition, so nothing the
 * list holds is left out of the bar (before, "is not empty" had none and the bar's first edit dropped it).
 */
export function toFilterGroup(filters: ListFilter[], groups: ListFilterGroup[] = []): FilterGroup {
  const conditions: Array<FilterCondition | FilterGroup> = filters.map(toCondition);
  for (const group of groups) {
    conditions.push({
      match: 'any',
      conditions: group.any.map((alternative) =>
        alternative.length === 1
          ? toCondition(alternative[0]!)
          : { match: 'all', conditions: alternative.map(toCondition) },
      ),
    });
  }
  return { match: 'all', conditions };
}

export interface FromFilterGroup {
  filters: ListFilter[];
  /** OR groups: a preset's alternatives, sent as the list's `or` parameters. */
  groups: ListFilterGroup[];
  /** Conditions that do not fit this list (a field it lacks, an operator its type lacks): shown, not silently dropped. */
  unsupported: number;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const isGroupNode = (node: FilterCondition | FilterGroup): node is FilterGroup => 'conditions' in node;
/** A group that means "all of" (AND): `all`, or `any` with at most one term. */
const actsAsAll = (group: FilterGroup) => group.match === 'all' || group.conditions.length <= 1;

/**
 * The FilterBar's tree as list filters and OR groups. AND terms become `f.` filters; an OR group becomes an
 * `or` group whose alternatives are single conditions or AND groups of conditions (two levels, what the server
 * takes). "Within the last N days" stays relative (`within`), so the list and a saved view keep meaning "the
 * last N days"; types without it (months) fall back to a range from that day.
 */
export function fromFilterGroup(def: EntityDef, group: FilterGroup, now = new Date()): FromFilterGroup {
  const filters: ListFilter[] = [];
  const groups: ListFilterGroup[] = [];
  let unsupported = 0;
  let orConditions = 0;

  /** The conditions of an AND subtree as filters; null when a term cannot be sent (nested OR, unknown field). */
  const flatten = (node: FilterGroup): ListFilter[] | null => {
    const out: ListFilter[] = [];
    for (const term of node.conditions) {
      if (isGroupNode(term)) {
        if (!actsAsAll(term)) return null;
        const inner = flatten(term);
        if (!inner) return null;
        out.push(...inner);
        continue;
      }
      const field = fieldOf(def, term.field);
      const filter = field ? fromCondition(field, term, now) : null;
      if (!filter) return null;
      out.push(filter);
    }
    return out;
  };

  const addOr = (node: FilterGroup) => {
    const any: ListFilter[][] = [];
    for (const term of node.conditions) {
      const alternative = isGroupNode(term)
        ? actsAsAll(term)
          ? flatten(term)
          : null
        : flatten({ match: 'all', conditions: [term] });
      if (!alternative) {
        unsupported += 1;
        return;
      }
      // An empty alternative holds for every row: the whole group filters nothing out.
      if (alternative.length === 0) return;
      any.push(alternative);
    }
    const size = any.reduce((sum, alternative) => sum + alternative.length, 0);
    if (orConditions + size > OR_CONDITIONS_MAX) {
      unsupported += 1;
      return;
    }
    orConditions += size;
    groups.push({ any });
  };

  const addAll = (node: FilterGroup) => {
    for (const term of node.conditions) {
      if (isGroupNode(term)) {
        if (actsAsAll(term)) addAll(term);
        else addOr(term);
        continue;
      }
      const field = fieldOf(def, term.field);
      const filter = field ? fromCondition(field, term, now) : null;
      if (filter) filters.push(filter);
      else unsupported += 1;
    }
  };

  if (actsAsAll(group)) addAll(group);
  else addOr(group);
  return { filters, groups, unsupported };
}

function fromCondition(field: FieldDef, condition: FilterCondition, now: Date): ListFilter | null {
  const allowed = filterOperatorsFor(field);
  const scalar = (value: unknown): FilterScalarValue | null =>
    value === null || value === undefined
      ? null
      : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : null;
  switch (condition.op) {
    case 'equals': {
      if (condition.value === null)
        return allowed.includes('empty') ? { field: field.name, op: 'empty', empty: true } : null;
      if (allowed.includes('eq')) return { field: field.name, op: 'eq', value: condition.value };
      return allowed.includes('in') ? { field: field.name, op: 'in', values: [condition.value] } : null;
    }
    case 'in': {
      const values = condition.values
        .map(scalar)
        .filter((value): value is FilterScalarValue => value !== null);
      if (values.length === 0) return null;
      if (allowed.includes('in')) return { field: field.name, op: 'in', values };
      return values.length === 1 && allowed.includes('eq')
        ? { field: field.name, op: 'eq', value: values[0] as FilterScalarValue }
        : null;
    }
    case 'range': {
      if (!allowed.includes('range')) return null;
      const min = scalar(condition.min);
      const max = scalar(condition.max);
      return min === null && max === null ? null : { field: field.name, op: 'range', min, max };
    }
    case 'contains':
      return allowed.includes('contains') && condition.value.trim()
        ? { field: field.name, op: 'contains', value: condition.value.trim() }
        : null;
    case 'isEmpty':
    case 'isNotEmpty':
      return allowed.includes('empty')
        ? { field: field.name, op: 'empty', empty: condition.op === 'isEmpty' }
        : null;
    case 'withinLastDays': {
      if (
        allowed.includes('within') &&
        Number.isInteger(condition.days) &&
        condition.days >= 1 &&
        condition.days <= WITHIN_DAYS_MAX
      ) {
        return { field: field.name, op: 'within', days: condition.days };
      }
      if (!allowed.includes('range')) return null;
      const from = new Date(now.getTime() - condition.days * 24 * 60 * 60 * 1000);
      return {
        field: field.name,
        op: 'range',
        min: field.type === 'month' ? isoDay(from).slice(0, 7) : isoDay(from),
        max: null,
      };
    }
  }
}

/**
 * Built-in presets every entity gets from its definition: active / inactive rows where it has an `active`
 * switch, one per status value where it has a `status` choice, and rows changed in the last 7 days.
 */
export function builtInPresets(
  def: EntityDef,
  texts: ResourceTexts['presets'] = RESOURCE_TEXTS.en.presets,
): FilterPreset[] {
  const presets: FilterPreset[] = [];
  const preset = (id: string, name: string, condition: FilterCondition): FilterPreset => ({
    id,
    name,
    builtIn: true,
    filter: { match: 'all', conditions: [condition] },
    hiddenColumns: [],
    hiddenRendering: [],
  });
  const active = def.fields.find(
    (field) => field.name === 'active' && field.type === 'boolean' && field.filterable,
  );
  if (active) {
    presets.push(preset('active', texts.active, { op: 'equals', field: 'active', value: true }));
    presets.push(preset('inactive', texts.inactive, { op: 'equals', field: 'active', value: false }));
  }
  const status = def.fields.find(
    (field) => field.name === 'status' && field.type === 'enum' && field.filterable,
  );
  for (const option of status?.options ?? []) {
    presets.push(
      preset(`status-${option.value}`, texts.status(option.label), {
        op: 'in',
        field: 'status',
        values: [option.value],
      }),
    );
  }
  presets.push(preset('recent', texts.recent, { op: 'withinLastDays', field: 'updated_at', days: 7 }));
  return presets;
}
