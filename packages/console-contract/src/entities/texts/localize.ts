import type { Language } from '../../preferences.js';
import type { EntityDef, EntityRule, FieldDef } from '../types.js';
import { ENTITY_TEXTS_ID } from './id/index.js';
import type { EntityTexts, FieldTexts } from './types.js';

/** The key of a rule in an entity's texts: its kind and the field its message is attached to. */
export const ruleKey = (rule: Pick<EntityRule, 'kind' | 'field'>) => `${rule.kind}:${rule.field}`;

const TEXTS: Readonly<Record<Exclude<Language, 'en'>, Readonly<Record<string, EntityTexts>>>> = {
  id: ENTITY_TEXTS_ID,
};

function localizeField(field: FieldDef, texts: FieldTexts | undefined): FieldDef {
  if (!texts) return field;
  const localized: FieldDef = { ...field, label: texts.label };
  if (field.help !== undefined && texts.help !== undefined) localized.help = texts.help;
  if (field.placeholder !== undefined && texts.placeholder !== undefined)
    localized.placeholder = texts.placeholder;
  if (field.patternMessage !== undefined && texts.patternMessage !== undefined)
    localized.patternMessage = texts.patternMessage;
  if (field.options && texts.options) {
    const labels = texts.options;
    localized.options = field.options.map((option) => ({
      ...option,
      label: labels[option.value] ?? option.label,
    }));
  }
  return localized;
}

function translate(def: EntityDef, texts: EntityTexts): EntityDef {
  const localized: EntityDef = {
    ...def,
    label: texts.label,
    labelPlural: texts.labelPlural ?? texts.label,
    fields: def.fields.map((field) => localizeField(field, texts.fields[field.name])),
  };
  if (def.description !== undefined && texts.description !== undefined)
    localized.description = texts.description;
  if (def.rules)
    localized.rules = def.rules.map((rule) => ({
      ...rule,
      message: texts.rules?.[ruleKey(rule)] ?? rule.message,
    }));
  if (def.actions)
    localized.actions = def.actions.map((action) => ({
      ...action,
      label: texts.actions?.[action.name] ?? action.label,
    }));
  return localized;
}

const cache: Record<Exclude<Language, 'en'>, WeakMap<EntityDef, EntityDef>> = { id: new WeakMap() };

/**
 * The definition with its texts (labels, description, help, choice labels, pattern and rule messages, action
 * labels) in `language`; names, types, options' values and rules' logic are the definition's own. English is
 * the definition as it is; a text without a translation stays English. Memoized per definition and language,
 * so a page can call it on every render.
 * @example localizeEntity(tribes, 'id').labelPlural // 'Tribe'
 */
export function localizeEntity(def: EntityDef, language: Language): EntityDef {
  if (language === 'en') return def;
  const texts = TEXTS[language][def.name];
  if (!texts) return def;
  const known = cache[language].get(def);
  if (known) return known;
  const localized = translate(def, texts);
  cache[language].set(def, localized);
  return localized;
}

/** The entity texts of a language other than English (the completeness test reads them). */
export const entityTexts = (language: Exclude<Language, 'en'>) => TEXTS[language];
