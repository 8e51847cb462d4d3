import { INDONESIAN_ERROR_TEXTS, SPEC_ERROR_TEXTS } from './englishTexts.js';
import { ERROR_TEXTS_ID } from './errorTexts.js';
import { type LabelHint, entityLabelId, fieldLabelId } from './labels.js';
import { PLACEHOLDER, compile, fieldName, valuesOf, type Template } from './template.js';

// The Indonesian half of `translateMessage`: the catalogue, its templates and the entity labels they fill in. A
// separate chunk in the browser, loaded by `loadIndonesianTexts` (indonesian.ts) for Indonesian only (issue 33).

const KEPT = new Set(SPEC_ERROR_TEXTS);
const keptTemplates = INDONESIAN_ERROR_TEXTS.map((text) => compile(text, text));

let templates: Template[] | null = null;
/** Built on first use: most of the app's life never sees an error. */
function allTemplates(): Template[] {
  templates ??= Object.entries(ERROR_TEXTS_ID)
    .filter(([source]) => source.search(PLACEHOLDER) >= 0)
    .map(([source, target]) => compile(source, target))
    .sort((a, b) => b.weight - a.weight);
  return templates;
}

/** Placeholders that hold an entity's English label (`another creator`, `No ad set with id 4`). */
const ENTITY_PLACEHOLDERS = new Set(['entity', 'plural']);
/**
 * Placeholders that hold field labels. `{field}` is a label only when capitalised: elsewhere it is a path
 * (`Invalid body: phone (…)`), and paths are lower case.
 */
const LABEL_PLACEHOLDERS = new Set(['label', 'labels', 'field']);

function fill(template: Template, match: RegExpExecArray, hint: LabelHint): string {
  const values = valuesOf(template, match);
  for (const name of ENTITY_PLACEHOLDERS) {
    const named = values.get(name);
    const entity = named === undefined ? undefined : entityLabelId(named);
    if (entity) hint = { ...hint, entity: entity.entity };
  }
  return template.target.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values.get(name);
    if (value === undefined) return whole;
    if (name.startsWith('message')) return toIndonesian(value, hint);
    if (ENTITY_PLACEHOLDERS.has(name)) return entityLabelId(value)?.label ?? value;
    if (name === 'labels')
      return value
        .split(', ')
        .map((label) => fieldLabelId(label, hint))
        .join(', ');
    if (LABEL_PLACEHOLDERS.has(name) && (name !== 'field' || /^\p{Lu}/u.test(value)))
      return fieldLabelId(value, hint);
    return value;
  });
}

/**
 * Whether the catalogue knows `text`: translated, or kept as it is (a spec string, or already Indonesian).
 * @example isCatalogued('Not found') // true
 */
export function isCatalogued(text: string): boolean {
  return (
    KEPT.has(text) ||
    text in ERROR_TEXTS_ID ||
    keptTemplates.some((template) => template.pattern.test(text)) ||
    summaryParts(text) !== null ||
    allTemplates().some((template) => template.pattern.test(text))
  );
}

/**
 * The validation summary `formatValidationError` writes: "2 fields are invalid: name (Name is required), phone
 * (Must be …) and 1 more". Paths are field names (letters, digits, `_`, `.`, `-`).
 */
const SUMMARY = /^(1 field is invalid|\d+ fields are invalid): (.+?)( and \d+ more)?$/;
const SUMMARY_ITEM = /([\w.-]+) \(([\s\S]*?)\)(?=, [\w.-]+ \(|$)/g;

function summaryParts(text: string): { count: string; items: [string, string][]; more: string } | null {
  const match = SUMMARY.exec(text);
  if (!match) return null;
  const [, count = '', list = '', more = ''] = match;
  const items = [...list.matchAll(SUMMARY_ITEM)].map((item) => [item[1]!, item[2]!] as [string, string]);
  // Every character of the list must belong to an item, else it is some other text that happens to start alike.
  const rebuilt = items.map(([path, message]) => `${path} (${message})`).join(', ');
  return rebuilt === list ? { count, items, more } : null;
}

/** `translateMessage(text, 'id', hint)`: see there. */
export function toIndonesian(text: string, hint: LabelHint = {}): string {
  if (KEPT.has(text)) return text;
  const exact = ERROR_TEXTS_ID[text];
  if (exact !== undefined) return exact;
  const summary = summaryParts(text);
  if (summary) {
    const items = summary.items.map(
      ([path, message]) => `${path} (${toIndonesian(message, { ...hint, field: fieldName(path) })})`,
    );
    const more = summary.more ? toIndonesian(summary.more) : '';
    return `${toIndonesian(summary.count)}: ${items.join(', ')}${more}`;
  }
  if (keptTemplates.some((template) => template.pattern.test(text))) return text;
  for (const template of allTemplates()) {
    const match = template.pattern.exec(text);
    if (match) return fill(template, match, hint);
  }
  return text;
}
