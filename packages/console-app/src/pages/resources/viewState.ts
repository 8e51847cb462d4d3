// The list page's view (search, filters, sort, page, hidden columns, saved view) and its address-bar encoding (so a
// view opens by link). Its filters are console-ui's FilterBar's own data (ADR 067): no translation between them.
import {
  SYSTEM_FIELDS,
  filterOperatorsFor,
  listQueryToSearchParams,
  splitList,
  escapeListItem,
  listQuerySchema,
  LIST_LIMIT_DEFAULT,
  OR_CONDITIONS_MAX,
  isWithinDays,
  type EntityDef,
  type FieldDef,
  type FilterOperator,
  type FilterScalarValue,
  type ListFilter,
  type ListFilterGroup,
  type ListSort,
} from '@staff/console-contract';
import type { FilterCondition, FilterPreset, FilterSet } from '@staff/console-ui';
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
      return /^\d+$/.test(value) && isWithinDays(days) ? { field: name, op: 'within', days } : null;
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
// The FilterBar's filter set, fitted to an entity

/** The view's filters as the FilterBar holds them (the same data, ADR 067). */
export function filterSetOf(view: Pick<ViewState, 'filters' | 'groups'>): FilterSet {
  return { filters: view.filters, groups: view.groups };
}

export interface FittedFilters {
  filters: ListFilter[];
  /** OR groups: a preset's alternatives, sent as the list's `or` parameters. */
  groups: ListFilterGroup[];
  /** Conditions that do not fit this list (a field it lacks, an operator its type lacks): shown, not silently dropped. */
  unsupported: number;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A filter set from the bar, a preset or a stored view, fitted to the entity: values typed by their field (a
 * relation id picked as text becomes its number), what the list cannot send left out and counted. "Within the
 * last N days" stays relative (`within`); types without it (months) fall back to a range from that day.
 */
export function fitFilters(def: EntityDef, set: FilterSet, now = new Date()): FittedFilters {
  let unsupported = 0;
  let orConditions = 0;
  const fit = (condition: FilterCondition) => {
    const field = fieldOf(def, condition.field);
    return field?.filterable ? fitCondition(field, condition, now) : null;
  };
  const filters: ListFilter[] = [];
  for (const condition of set.filters) {
    const fitted = fit(condition);
    if (fitted) filters.push(fitted);
    else unsupported += 1;
  }
  const groups: ListFilterGroup[] = [];
  for (const group of set.groups) {
    const any = group.any.map((all) => all.map(fit));
    const size = any.reduce((sum, all) => sum + all.length, 0);
    if (any.some((all) => all.some((filter) => filter === null)) || orConditions + size > OR_CONDITIONS_MAX) {
      unsupported += 1;
      continue;
    }
    // An empty alternative holds for every row: the whole group filters nothing out.
    if (any.length === 0 || any.some((all) => all.length === 0)) continue;
    orConditions += size;
    groups.push({ any: any as ListFilter[][] });
  }
  return { filters, groups, unsupported };
}

function fitCondition(field: FieldDef, condition: FilterCondition, now: Date): ListFilter | null {
  const allowed = filterOperatorsFor(field);
  const value = (scalar: FilterScalarValue) => typed(field, String(scalar));
  switch (condition.op) {
    case 'eq': {
      const parsed = value(condition.value);
      if (parsed === null) return null;
      if (allowed.includes('eq')) return { field: field.name, op: 'eq', value: parsed };
      return allowed.includes('in') ? { field: field.name, op: 'in', values: [parsed] } : null;
    }
    case 'in': {
      const values = condition.values.map(value);
      if (values.length === 0 || values.some((item) => item === null)) return null;
      if (allowed.includes('in'))
        return { field: field.name, op: 'in', values: values as FilterScalarValue[] };
      return values.length === 1 && allowed.includes('eq')
        ? { field: field.name, op: 'eq', value: values[0] as FilterScalarValue }
        : null;
    }
    case 'range': {
      if (!allowed.includes('range')) return null;
      const min = condition.min === null ? null : value(condition.min);
      const max = condition.max === null ? null : value(condition.max);
      if ((min === null && condition.min !== null) || (max === null && condition.max !== null)) return null;
      return min === null && max === null ? null : { field: field.name, op: 'range', min, max };
    }
    case 'contains':
      return allowed.includes('contains') && condition.value.trim()
        ? { field: field.name, op: 'contains', value: condition.value.trim() }
        : null;
    case 'empty':
      return allowed.includes('empty') ? { field: field.name, op: 'empty', empty: condition.empty } : null;
    case 'within': {
      if (allowed.includes('within') && isWithinDays(condition.days))
        return { field: field.name, op: 'within', days: condition.days };
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
    filter: { filters: [condition], groups: [] },
    hiddenColumns: [],
    hiddenRendering: [],
  });
  const active = def.fields.find(
    (field) => field.name === 'active' && field.type === 'boolean' && field.filterable,
  );
  if (active) {
    presets.push(preset('active', texts.active, { op: 'eq', field: 'active', value: true }));
    presets.push(preset('inactive', texts.inactive, { op: 'eq', field: 'active', value: false }));
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
  presets.push(preset('recent', texts.recent, { op: 'within', field: 'updated_at', days: 7 }));
  return presets;
}
