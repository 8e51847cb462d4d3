// The list page's view (search, filters, sort, page, hidden columns, saved view) and its two encodings: the
// address bar (so a view opens by link) and the FilterBar's filter tree (the filterPresets machine's format).
import {
  SYSTEM_FIELDS,
  filterOperatorsFor,
  listQueryToSearchParams,
  splitList,
  escapeListItem,
  LIST_LIMIT_DEFAULT,
  type EntityDef,
  type FieldDef,
  type FilterOperator,
  type FilterScalarValue,
  type ListFilter,
  type ListSort,
} from '@staff/console-contract';
import type { FilterCondition, FilterGroup, FilterPreset } from '@staff/console-ui';

export interface ViewState {
  q: string;
  filters: ListFilter[];
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
const OPERATORS: readonly FilterOperator[] = ['eq', 'in', 'range', 'contains', 'empty'];
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
  }
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
    if (filter && !filters.some((other) => other.field === filter.field && other.op === filter.op)) filters.push(filter);
  }
  let sort: ListSort = { ...def.defaultSort };
  const sortText = params.get('sort');
  if (sortText) {
    const [name = '', direction = 'asc'] = sortText.split(':');
    if (fieldOf(def, name)?.sortable && (direction === 'asc' || direction === 'desc')) sort = { field: name, direction };
  }
  const sizeText = params.get('size');
  const pageSize = sizeText !== null && PAGE_SIZES.includes(Number(sizeText)) ? Number(sizeText) : LIST_LIMIT_DEFAULT;
  const hideText = params.get('hide');
  const hidden = hideText ? splitList(hideText).filter((name) => def.fields.some((field) => field.name === name)) : [];
  return {
    q: (params.get('q') ?? '').trim(),
    filters,
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
  const params = listQueryToSearchParams(def, { q: view.q || null, filters: view.filters, sort: view.sort });
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== LIST_LIMIT_DEFAULT) params.set('size', String(view.pageSize));
  if (view.hidden.length) params.set('hide', view.hidden.map(escapeListItem).join(','));
  if (view.viewId) params.set('view', view.viewId);
  if (view.presetId) params.set('preset', view.presetId);
  return params;
}

/** The filters' own encoding, for comparing two filter lists regardless of where they came from. */
export function filtersKey(def: EntityDef, filters: ListFilter[]): string {
  const params = listQueryToSearchParams(def, { filters });
  params.sort();
  return params.toString();
}

/** The visible field columns of a view, in the entity's order (what the CSV export writes). */
export function visibleColumns(def: EntityDef, hidden: string[]): string[] {
  const listed = def.fields.some((field) => field.list) ? def.fields.filter((field) => field.list) : def.fields;
  return listed.map((field) => field.name).filter((name) => !hidden.includes(name));
}

// ---------------------------------------------------------------------------------------------------------------
// FilterBar tree ↔ list filters

/** The filters as the FilterBar's tree: one AND group of conditions. "Is not empty" has no chip and stays out. */
export function toFilterGroup(filters: ListFilter[]): FilterGroup {
  const conditions: FilterCondition[] = [];
  for (const filter of filters) {
    switch (filter.op) {
      case 'eq':
        conditions.push({ op: 'equals', field: filter.field, value: filter.value });
        break;
      case 'in':
        conditions.push({ op: 'in', field: filter.field, values: filter.values });
        break;
      case 'range':
        conditions.push({
          op: 'range',
          field: filter.field,
          ...(filter.min !== null ? { min: filter.min as number | string } : {}),
          ...(filter.max !== null ? { max: filter.max as number | string } : {}),
        });
        break;
      case 'contains':
        conditions.push({ op: 'contains', field: filter.field, value: filter.value });
        break;
      case 'empty':
        if (filter.empty) conditions.push({ op: 'isEmpty', field: filter.field });
        break;
    }
  }
  return { match: 'all', conditions };
}

export interface FromFilterGroup {
  filters: ListFilter[];
  /** Conditions the server cannot apply (OR groups): shown to the user rather than silently dropped. */
  unsupported: number;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The FilterBar's tree as list filters. All conditions must hold on the server, so only AND groups (or groups
 * of one condition) translate; "within the last N days" becomes a range from that day on.
 */
export function fromFilterGroup(def: EntityDef, group: FilterGroup, now = new Date()): FromFilterGroup {
  const filters: ListFilter[] = [];
  let unsupported = 0;
  const visit = (node: FilterGroup) => {
    if (node.match === 'any' && node.conditions.length > 1) {
      unsupported += 1;
      return;
    }
    for (const term of node.conditions) {
      if ('conditions' in term) {
        visit(term);
        continue;
      }
      const field = fieldOf(def, term.field);
      if (!field) {
        unsupported += 1;
        continue;
      }
      const filter = fromCondition(field, term, now);
      if (filter) filters.push(filter);
      else unsupported += 1;
    }
  };
  visit(group);
  return { filters, unsupported };
}

function fromCondition(field: FieldDef, condition: FilterCondition, now: Date): ListFilter | null {
  const allowed = filterOperatorsFor(field);
  const scalar = (value: unknown): FilterScalarValue | null =>
    value === null || value === undefined ? null : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
  switch (condition.op) {
    case 'equals': {
      if (condition.value === null) return allowed.includes('empty') ? { field: field.name, op: 'empty', empty: true } : null;
      if (allowed.includes('eq')) return { field: field.name, op: 'eq', value: condition.value };
      return allowed.includes('in') ? { field: field.name, op: 'in', values: [condition.value] } : null;
    }
    case 'in': {
      const values = condition.values.map(scalar).filter((value): value is FilterScalarValue => value !== null);
      if (values.length === 0) return null;
      if (allowed.includes('in')) return { field: field.name, op: 'in', values };
      return values.length === 1 && allowed.includes('eq') ? { field: field.name, op: 'eq', value: values[0] as FilterScalarValue } : null;
    }
    case 'range': {
      if (!allowed.includes('range')) return null;
      const min = scalar(condition.min);
      const max = scalar(condition.max);
      return min === null && max === null ? null : { field: field.name, op: 'range', min, max };
    }
    case 'contains':
      return allowed.includes('contains') && condition.value.trim() ? { field: field.name, op: 'contains', value: condition.value.trim() } : null;
    case 'isEmpty':
      return allowed.includes('empty') ? { field: field.name, op: 'empty', empty: true } : null;
    case 'withinLastDays': {
      if (!allowed.includes('range')) return null;
      const from = new Date(now.getTime() - condition.days * 24 * 60 * 60 * 1000);
      return { field: field.name, op: 'range', min: field.type === 'month' ? isoDay(from).slice(0, 7) : isoDay(from), max: null };
    }
  }
}

/**
 * Built-in presets every entity gets from its definition: active / inactive rows where it has an `active`
 * switch, one per status value where it has a `status` choice, and rows changed in the last 7 days.
 */
export function builtInPresets(def: EntityDef): FilterPreset[] {
  const presets: FilterPreset[] = [];
  const preset = (id: string, name: string, condition: FilterCondition): FilterPreset => ({
    id,
    name,
    builtIn: true,
    filter: { match: 'all', conditions: [condition] },
    hiddenColumns: [],
    hiddenRendering: [],
  });
  const active = def.fields.find((field) => field.name === 'active' && field.type === 'boolean' && field.filterable);
  if (active) {
    presets.push(preset('active', 'Active', { op: 'equals', field: 'active', value: true }));
    presets.push(preset('inactive', 'Inactive', { op: 'equals', field: 'active', value: false }));
  }
  const status = def.fields.find((field) => field.name === 'status' && field.type === 'enum' && field.filterable);
  for (const option of status?.options ?? []) {
    presets.push(preset(`status-${option.value}`, `Status: ${option.label}`, { op: 'in', field: 'status', values: [option.value] }));
  }
  presets.push(preset('recent', 'Changed in the last 7 days', { op: 'withinLastDays', field: 'updated_at', days: 7 }));
  return presets;
}
