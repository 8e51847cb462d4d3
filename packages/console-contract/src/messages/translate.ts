import type { Language } from '../preferences.js';
import { INDONESIAN_ERROR_TEXTS_EN, SPEC_ERROR_TEXTS } from './englishTexts.js';
import { indonesianTexts } from './indonesian.js';
import type { LabelHint } from './labels.js';
import { PLACEHOLDER, compile, fieldName, valuesOf, type Template } from './template.js';

// The English half of the error texts. The Indonesian half (translateId.ts, with the catalogue errorTexts.ts) is a
// separate chunk loaded by `loadIndonesianTexts` (issue 33): English users never download it.

const KEPT = new Set(SPEC_ERROR_TEXTS);
/** The server's Indonesian texts with figures or names, towards English. */
const englishTemplates = Object.entries(INDONESIAN_ERROR_TEXTS_EN)
  .filter(([source]) => source.search(PLACEHOLDER) >= 0)
  .map(([source, target]) => compile(source, target));

function fillEnglish(template: Template, match: RegExpExecArray): string {
  const values = valuesOf(template, match);
  return template.target.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values.get(name);
    if (value === undefined) return whole;
    return name.startsWith('message') ? translateMessage(value, 'en') : value;
  });
}

/** English for a text the server writes in Indonesian; other texts are English already. */
function toEnglish(text: string): string {
  const exact = INDONESIAN_ERROR_TEXTS_EN[text];
  if (exact !== undefined) return exact;
  for (const template of englishTemplates) {
    const match = template.pattern.exec(text);
    if (match) return fillEnglish(template, match);
  }
  return text;
}

/**
 * An error text from the server (or the contract's validation run in the browser) in the chosen language.
 * Spec strings and texts the catalogue does not know come back unchanged; in English, English texts too, and the
 * texts the server writes in Indonesian get their English.
 * Figures, names and ids inside a text are kept as sent; a nested text (`{message}`) is translated too, and so
 * are the field and entity labels the server filled in (`{label}`, `{entity}`: labels.ts). `hint` says which
 * entity or field the text is about, for an English label with two Indonesian ones.
 * Indonesian needs `loadIndonesianTexts()` to have resolved first (before, the text comes back as sent).
 *
 * @example
 * translateMessage('Must be at most 200 characters', 'id') // 'Maksimal 200 karakter'
 * translateMessage('Must be at most 200 characters', 'en') // 'Must be at most 200 characters'
 * translateMessage('City is required', 'id') // 'Kota wajib diisi'
 */
export function translateMessage(text: string, language: Language, hint: LabelHint = {}): string {
  if (KEPT.has(text)) return text;
  if (language !== 'id') return toEnglish(text);
  return indonesianTexts()?.toIndonesian(text, hint) ?? text;
}

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
