/**
 * The field description shared by console-ui and the console's entity definitions: DataTable, FilterBar,
 * ResourceForm and RecordHistory render it, and console-contract's `FieldDef` is this type (imported type-only,
 * so it also drives the server's tables and validation). Types only and no imports: console-ui, the published
 * library, depends on nothing of the console, and the contract takes nothing of console-ui at runtime.
 */

export type ResourceFieldType =
  | 'text'
  | 'longtext' // textarea with counter
  | 'email'
  | 'url'
  | 'phone' // normalised 08… → 628…
  | 'integer'
  | 'number' // decimal
  | 'money' // IDR, whole rupiah, bigint
  | 'percent'
  | 'enum'
  | 'relation' // id of a row of another entity
  | 'boolean'
  | 'date' // YYYY-MM-DD
  | 'month' // YYYY-MM (periods)
  | 'datetime' // ISO timestamp
  | 'daterange' // { from, to } dates
  | 'tags' // list of short strings
  | 'json'
  | 'secret'; // write-only: never sent back in full, shown masked

export interface ResourceFieldOption {
  value: string;
  label: string;
}

export interface ResourceField {
  name: string;
  label: string;
  type: ResourceFieldType;
  required?: boolean;
  /** Max characters (text-like) or items (tags). */
  maxLength?: number;
  /** Max characters of each item (tags). */
  itemMaxLength?: number;
  minLength?: number;
  min?: number;
  max?: number;
  pattern?: string;
  patternMessage?: string;
  options?: ResourceFieldOption[];
  relation?: { entity: string; labelField: string };
  unique?: boolean;
  /** Shown in the list by default. */
  list?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  /** Part of the full-text search. */
  searchable?: boolean;
  /** Set by the server; not editable, not in create/update bodies. */
  readOnly?: boolean;
  /** Default value for new rows. */
  defaultValue?: unknown;
  help?: string;
  placeholder?: string;
  /**
   * Applied to text before validation (and to filter values): 'upper' for codes, 'lower', 'handle' drops a
   * leading @ and lower-cases.
   */
  normalize?: 'upper' | 'lower' | 'handle';
}
