// Pure helpers between a list filter (the filterPresets machine's and the list API's format) and the FilterBar's chips.
import {
  EMPTY_FILTER,
  type FilterCondition,
  type FilterOrGroup,
  type FilterScalar,
  type FilterSet,
} from '../../machines/filterPresets.machine.js';
import {
  DATE_FIELD_TYPES,
  NUMERIC_FIELD_TYPES,
  formatDate,
  formatFieldValue,
  formatMonth,
  optionLabel,
  type ResourceField,
} from '../../resource.js';
import { FILTER_CHIP_TEXTS, type FilterChipTexts } from './messages.js';

/** The words of a chip, with the Yes / No of a boolean; English by default. */
export type ChipTexts = FilterChipTexts & { yes: string; no: string };
const CHIP_TEXTS_EN: ChipTexts = { ...FILTER_CHIP_TEXTS, yes: 'Yes', no: 'No' };

/** One chip: a condition on one field, or an OR group (as presets use, shown as a summary). */
export type FilterTerm = FilterCondition | FilterOrGroup;

export function isFilterGroup(term: FilterTerm): term is FilterOrGroup {
  return 'any' in term;
}

/**
 * The AND-ed terms of a filter: its conditions, then its OR groups. An OR group stays one term: it cannot be
 * split into independent chips without changing its meaning.
 */
export function filterTerms(filter: FilterSet): FilterTerm[] {
  return [...filter.filters, ...filter.groups];
}

function fromTerms(terms: FilterTerm[]): FilterSet {
  if (terms.length === 0) return EMPTY_FILTER;
  const filters: FilterCondition[] = [];
  const groups: FilterOrGroup[] = [];
  for (const term of terms) {
    if (isFilterGroup(term)) groups.push(term);
    else filters.push(term);
  }
  return { filters, groups };
}

/** The filter with `field`'s own condition replaced (or removed when `condition` is null). */
export function setFieldCondition(
  filter: FilterSet,
  field: string,
  condition: FilterCondition | null,
): FilterSet {
  const terms = filterTerms(filter);
  const index = terms.findIndex((term) => !isFilterGroup(term) && term.field === field);
  const next = [...terms];
  if (index === -1) {
    if (condition) next.push(condition);
  } else if (condition) next[index] = condition;
  else next.splice(index, 1);
  return fromTerms(next);
}

export function removeTerm(filter: FilterSet, index: number): FilterSet {
  return fromTerms(filterTerms(filter).filter((_, i) => i !== index));
}

/** The condition on one field among the top-level terms, if any. */
export function fieldCondition(filter: FilterSet, field: string): FilterCondition | undefined {
  return filter.filters.find((term) => term.field === field);
}

/** Which editor a field gets. */
export type FilterKind = 'in' | 'eq' | 'range' | 'contains' | 'relation';

export function filterKind(field: ResourceField): FilterKind | null {
  if (field.type === 'enum') return 'in';
  if (field.type === 'relation') return 'relation';
  if (field.type === 'boolean') return 'eq';
  if (NUMERIC_FIELD_TYPES.includes(field.type) || DATE_FIELD_TYPES.includes(field.type)) return 'range';
  if (['text', 'longtext', 'email', 'url', 'phone', 'tags'].includes(field.type)) return 'contains';
  // JSON, secrets and date ranges are filtered by the page, not from chips.
  return null;
}

/**
 * Fields that get a chip editor. Relation fields need a way to search the other entity, so they are only
 * offered when `relations` is true (FilterBar passes whether it has `loadOptions`).
 */
export function filterableFields(
  fields: ResourceField[],
  options: { relations?: boolean } = {},
): ResourceField[] {
  return fields.filter((field) => {
    const kind = field.filterable ? filterKind(field) : null;
    return kind !== null && (kind !== 'relation' || options.relations === true);
  });
}

/** Known labels of relation values, by field name then id (FilterBar remembers the ones picked). */
export type RelationLabels = Record<string, Record<string, string>>;

function bound(field: ResourceField | undefined, value: FilterScalar): string {
  if (!field) return String(value);
  if (field.type === 'date' || field.type === 'datetime') return formatDate(String(value));
  if (field.type === 'month') return formatMonth(String(value));
  return formatFieldValue(field, value);
}

const scalar = (
  field: ResourceField | undefined,
  value: FilterScalar,
  texts: ChipTexts,
  labels?: RelationLabels,
) =>
  field?.type === 'relation'
    ? (labels?.[field.name]?.[String(value)] ?? String(value))
    : field?.type === 'enum'
      ? optionLabel(field, value)
      : field?.type === 'boolean'
        ? value === true || value === 'true'
          ? texts.yes
          : texts.no
        : String(value);

/**
 * A chip's text, in `texts`' words (the FilterBar gives its messages'; English by default).
 *
 * @example
 * ```tsx
 * describeTerm({ op: 'in', field: 'platform', values: ['tiktok'] }, fields) // "Platform: TikTok"
 * ```
 */
export function describeTerm(
  term: FilterTerm,
  fields: ResourceField[],
  labels?: RelationLabels,
  texts: ChipTexts = CHIP_TEXTS_EN,
): string {
  if (isFilterGroup(term))
    return term.any
      .map((all) => all.map((condition) => describeTerm(condition, fields, labels, texts)).join(texts.and))
      .join(texts.or);
  const field = fields.find((candidate) => candidate.name === term.field);
  const label = field?.label ?? term.field;
  switch (term.op) {
    case 'in':
      return `${label}: ${term.values.map((value) => scalar(field, value, texts, labels)).join(', ')}`;
    case 'eq':
      return `${label}: ${scalar(field, term.value, texts, labels)}`;
    case 'contains':
      return texts.contains(label, term.value);
    case 'empty':
      return term.empty ? texts.isEmpty(label) : texts.isNotEmpty(label);
    case 'within':
      return texts.withinLastDays(label, term.days);
    case 'range':
      if (term.min !== null && term.max !== null)
        return `${label}: ${bound(field, term.min)} – ${bound(field, term.max)}`;
      if (term.min !== null) return `${label} ≥ ${bound(field, term.min)}`;
      if (term.max !== null) return `${label} ≤ ${bound(field, term.max)}`;
      return label;
  }
}

/** The term's field label, for the chip buttons' names. */
export function termLabel(
  term: FilterTerm,
  fields: ResourceField[],
  texts: Pick<FilterChipTexts, 'presetConditions'> = CHIP_TEXTS_EN,
): string {
  if (isFilterGroup(term)) return texts.presetConditions;
  return fields.find((field) => field.name === term.field)?.label ?? term.field;
}
