import type { EntityDef, FieldDef } from './types.js';

/** Field types whose shown value is not the stored text: search matches what the table shows. */
const SHOWN_TYPES: ReadonlySet<string> = new Set(['relation', 'enum', 'month']);

/**
 * The fields a list's search (`q`) looks in: the fields marked searchable, plus the listed relation, choice and
 * month fields, matched by what the table shows (the related row's label, the choice's label, the month's name).
 */
export function searchFields(def: EntityDef): FieldDef[] {
  return def.fields.filter(
    (field) => field.searchable || (field.list === true && SHOWN_TYPES.has(field.type)),
  );
}

/** Whether a list of this entity can be searched at all. */
export const isSearchable = (def: EntityDef): boolean => searchFields(def).length > 0;

const MONTHS: readonly (readonly string[])[] = [
  ['januari', 'january'],
  ['februari', 'february'],
  ['maret', 'march'],
  ['april'],
  ['mei', 'may'],
  ['juni', 'june'],
  ['juli', 'july'],
  ['agustus', 'august'],
  ['september'],
  ['oktober', 'october'],
  ['november'],
  ['desember', 'december'],
];

/**
 * The months (1–12) whose Indonesian or English name starts with a search word of at least three letters
 * ("des", "Desember", "dec"), so a month shown as "Desember 2026" is found by its name.
 */
export function monthsNamed(word: string): number[] {
  const w = word.toLowerCase();
  if (w.length < 3 || !/^\p{L}+$/u.test(w)) return [];
  const out: number[] = [];
  MONTHS.forEach((names, index) => {
    if (names.some((name) => name.startsWith(w))) out.push(index + 1);
  });
  return out;
}
