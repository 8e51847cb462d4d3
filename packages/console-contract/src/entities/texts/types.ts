/** The Indonesian texts of one field: what the form, list, filters and history show for it. */
export interface FieldTexts {
  label: string;
  help?: string;
  /** Example values that read differently in Indonesian; most placeholders are data and stay. */
  placeholder?: string;
  patternMessage?: string;
  /** Choice labels by value. */
  options?: Readonly<Record<string, string>>;
}

/**
 * An entity's texts in one language beside its definition (the definition itself stays English, the frozen
 * schema is built from it). Rules are keyed `kind:field` (e.g. `requiredWhen:product_id`), actions by name.
 */
export interface EntityTexts {
  label: string;
  /** Left out when it is the label: Indonesian nouns do not inflect for the plural. */
  labelPlural?: string;
  description?: string;
  fields: Readonly<Record<string, FieldTexts>>;
  rules?: Readonly<Record<string, string>>;
  actions?: Readonly<Record<string, string>>;
}

export type EntityTextSet = Readonly<Record<string, EntityTexts>>;
