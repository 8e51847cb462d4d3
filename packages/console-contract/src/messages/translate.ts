import type { Language } from '../preferences.js';
import {
  ERROR_TEXTS_ID,
  INDONESIAN_ERROR_TEXTS,
  INDONESIAN_ERROR_TEXTS_EN,
  SPEC_ERROR_TEXTS,
} from './errorTexts.js';
import { type LabelHint, entityLabelId, fieldLabelId } from './labels.js';

const PLACEHOLDER = /\{([A-Za-z]\w*)\}/g;

interface Template {
  names: string[];
  pattern: RegExp;
  target: string;
  /** Characters outside placeholders: the more, the more specific ("at most {n} characters" before "at most {n}"). */
  weight: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(source: string, target: string): Template {
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    pattern += escapeRegExp(source.slice(last, match.index)) + '([\\s\\S]*?)';
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  pattern += escapeRegExp(source.slice(last));
  const weight = source.replace(PLACEHOLDER, '').length;
  return { names, pattern: new RegExp(`^${pattern}$`), target, weight };
}

let templates: Template[] | null = null;
/** Built on first use: most of the app's life never sees an error. */
function allTemplates(): Template[] {
  templates ??= Object.entries(ERROR_TEXTS_ID)
    .filter(([source]) => source.search(PLACEHOLDER) >= 0)
    .map(([source, target]) => compile(source, target))
    .sort((a, b) => b.weight - a.weight);
  return templates;
}

const KEPT = new Set(SPEC_ERROR_TEXTS);
const keptTemplates = INDONESIAN_ERROR_TEXTS.map((text) => compile(text, text));
/** The server's Indonesian texts with figures or names, towards English. */
const englishTemplates = Object.entries(INDONESIAN_ERROR_TEXTS_EN)
  .filter(([source]) => source.search(PLACEHOLDER) >= 0)
  .map(([source, target]) => compile(source, target));

/** Placeholders that hold an entity's English label (`another creator`, `No ad set with id 4`). */
const ENTITY_PLACEHOLDERS = new Set(['entity', 'plural']);
/**
 * Placeholders that hold field labels. `{field}` is a label only when capitalised: elsewhere it is a path
 * (`Invalid body: phone (…)`), and paths are lower case.
 */
const LABEL_PLACEHOLDERS = new Set(['label', 'labels', 'field']);

function fill(template: Template, match: RegExpExecArray, language: Language, hint: LabelHint): string {
  const values = new Map(template.names.map((name, index) => [name, match[index + 1] ?? '']));
  if (language === 'id')
    for (const name of ENTITY_PLACEHOLDERS) {
      const named = values.get(name);
      const entity = named === undefined ? undefined : entityLabelId(named);
      if (entity) hint = { ...hint, entity: entity.entity };
    }
  return template.target.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values.get(name);
    if (value === undefined) return whole;
    if (name.startsWith('message')) return translateMessage(value, language, hint);
    if (language !== 'id') return value;
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

/** English for a text the server writes in Indonesian; other texts are English already. */
function toEnglish(text: string): string {
  const exact = INDONESIAN_ERROR_TEXTS_EN[text];
  if (exact !== undefined) return exact;
  for (const template of englishTemplates) {
    const match = template.pattern.exec(text);
    if (match) return fill(template, match, 'en', {});
  }
  return text;
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

/**
 * An error text from the server (or the contract's validation run in the browser) in the chosen language.
 * Spec strings and texts the catalogue does not know come back unchanged; in English, English texts too, and the
 * texts the server writes in Indonesian get their English.
 * Figures, names and ids inside a text are kept as sent; a nested text (`{message}`) is translated too, and so
 * are the field and entity labels the server filled in (`{label}`, `{entity}`: labels.ts). `hint` says which
 * entity or field the text is about, for an English label with two Indonesian ones.
 *
 * @example
 * translateMessage('Must be at most 200 characters', 'id') // 'Maksimal 200 karakter'
 * translateMessage('Must be at most 200 characters', 'en') // 'Must be at most 200 characters'
 * translateMessage('City is required', 'id') // 'Kota wajib diisi'
 */
export function translateMessage(text: string, language: Language, hint: LabelHint = {}): string {
  if (KEPT.has(text)) return text;
  if (language !== 'id') return toEnglish(text);
  const exact = ERROR_TEXTS_ID[text];
  if (exact !== undefined) return exact;
  const summary = summaryParts(text);
  if (summary) {
    const items = summary.items.map(
      ([path, message]) =>
        `${path} (${translateMessage(message, language, { ...hint, field: fieldName(path) })})`,
    );
    const more = summary.more ? translateMessage(summary.more, language) : '';
    return `${translateMessage(summary.count, language)}: ${items.join(', ')}${more}`;
  }
  if (keptTemplates.some((template) => template.pattern.test(text))) return text;
  for (const template of allTemplates()) {
    const match = template.pattern.exec(text);
    if (match) return fill(template, match, language, hint);
  }
  return text;
}

/** The field a message is on, from its key (`body.handle`, `rows.3.handle` → `handle`). */
const fieldName = (path: string) => path.split('.').at(-1) ?? path;

/**
 * Every message of an API error body's `fields` in the chosen language.
 * @example translateFieldMessages({ 'body.name': ['Name is required'] }, 'id') // { 'body.name': ['Nama wajib diisi'] }
 */
export function translateFieldMessages(
  fields: Record<string, string[]>,
  language: Language,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      Array.isArray(messages)
        ? messages.map((message) => translateMessage(String(message), language, { field: fieldName(field) }))
        : messages,
    ]),
  );
}
