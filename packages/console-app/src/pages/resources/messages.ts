import { type EntityDef, type Language, localizeEntity, translateMessage } from '@staff/console-contract';
import { formatFieldValue } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import type { RelationLabels } from '../../api/resources.js';
import { currentLanguage } from '../../i18n.js';
import { RESOURCE_TEXTS, type ResourceTexts } from './texts.js';

/**
 * A failed call (whatever it rejected with, read as an ApiError) in words for the page (list, history, delete),
 * naming the entity where that helps. A page passes its `texts` and the definition as it shows it; without them
 * (outside React) the stored language choice is used for both.
 */
export function errorText(error: unknown, def: EntityDef, texts?: ResourceTexts['errors']): string {
  if (!texts) {
    const language = currentLanguage();
    return errorText(error, localizeEntity(def, language), RESOURCE_TEXTS[language].errors);
  }
  if (error === null || error === undefined) return '';
  const { status, message } = ApiError.from(error);
  if (status === undefined) return texts.unreachable;
  if (status === 403) return texts.forbidden(def.labelPlural);
  if (status === 404) return texts.gone(def.label);
  if (message) return message;
  return texts.status(String(status));
}

/**
 * The server checks a definition's rules and patterns with their English messages: those it answers are shown
 * with the localized definition's (`shown`) texts; any other message goes through the contract's catalogue, told
 * the entity and the field it is about (so a label in it, "Order is required", is this entity's Indonesian).
 */
export function definitionMessages(
  def: EntityDef,
  shown: EntityDef,
  language: Language = currentLanguage(),
): (message: string, field?: string) => string {
  if (def === shown) return (message) => message;
  const known = new Map<string, string>();
  def.rules?.forEach((rule, index) => known.set(rule.message, shown.rules?.[index]?.message ?? rule.message));
  def.fields.forEach((field, index) => {
    const local = shown.fields[index]?.patternMessage;
    if (field.patternMessage && local) known.set(field.patternMessage, local);
  });
  return (message, field) =>
    known.get(message) ??
    translateMessage(message, language, { entity: def.name, ...(field !== undefined ? { field } : {}) });
}

/**
 * The text that names a row: its title fields' shown values ("Desember 2026 · Tribe Alpha", relations by the
 * list's labels), else its title field, else its id.
 */
export function rowTitle(
  def: EntityDef,
  row: Record<string, unknown> | null | undefined,
  labels: RelationLabels = {},
): string {
  if (row && def.titleFields?.length) {
    const parts = def.titleFields.flatMap((name) => {
      const field = def.fields.find((candidate) => candidate.name === name);
      const value = row[name];
      if (!field || value === null || value === undefined || String(value).trim() === '') return [];
      if (field.type === 'relation')
        return [labels[name]?.[String(value)] ?? `${field.label} #${String(value)}`];
      return [formatFieldValue(field, value)];
    });
    if (parts.length) return parts.join(' · ');
  }
  const value = row?.[def.titleField];
  if (value !== null && value !== undefined && String(value).trim() !== '') return String(value);
  return `#${String(row?.id ?? '')}`;
}
