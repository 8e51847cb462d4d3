import { localizeEntity, type EntityDef } from '@staff/console-contract';
import { useLanguage } from '../../i18n.js';

/**
 * The definition with its texts (labels, help, choices, messages) in the chosen language; the same object
 * while the language stays (memoized in the contract), so it can feed memos and effects.
 */
export function useEntityDef(def: EntityDef): EntityDef;
export function useEntityDef(def: EntityDef | undefined): EntityDef | undefined;
export function useEntityDef(def: EntityDef | undefined): EntityDef | undefined {
  const { language } = useLanguage();
  return def && localizeEntity(def, language);
}
