// The resource page's extension points, form values, save errors and list columns (plain functions over the entity
// definition).
import type { ReactNode } from 'react';
import { type EntityDef } from '@staff/console-contract';
import {
  columnsFromFields,
  renderFieldCell,
  type DataTableColumn,
  type FieldErrors,
  type FormValues,
  type ResourceRow,
} from '@staff/console-ui';
import type { ApiError } from '../../api/apiError.js';
import type { RelationLabels } from '../../api/resources.js';
import { definitionMessages, errorText } from './messages.js';
import { type ResourceTexts } from './texts.js';

/**
 * What a page built on this list adds (the logistics page: transitions, receipts, labels): controls per row,
 * per selection and in the toolbar. `reload` reloads the list after a change.
 */
export interface ResourceListExtensions {
  rowActions?: (row: ResourceRow, reload: () => void) => ReactNode;
  bulkActions?: (selected: {
    ids: string[];
    rows: ResourceRow[];
    clear: () => void;
    reload: () => void;
  }) => ReactNode;
  toolbar?: (reload: () => void) => ReactNode;
  /** Shown above the list (e.g. messages that failed). */
  notices?: ReactNode;
  /** More in a row's panel. */
  panel?: (row: ResourceRow) => ReactNode;
  /** The list's columns as the page wants them (e.g. a picture column first); keep the function stable. */
  columns?: (columns: DataTableColumn[]) => DataTableColumn[];
}

export type SaveError = { fields?: FieldErrors; message?: string; conflict?: ResourceRow };

export function defaultsOf(def: EntityDef): FormValues {
  const values: FormValues = {};
  for (const field of def.fields)
    if (field.defaultValue !== undefined) values[field.name] = field.defaultValue;
  return values;
}

/** The form keeps relation ids as text (select values); the API takes row ids as numbers. */
export function toRequestBody(def: EntityDef, values: FormValues): FormValues {
  const body: FormValues = { ...values };
  for (const field of def.fields) {
    const value = body[field.name];
    if (field.type === 'relation' && typeof value === 'string' && /^\d+$/.test(value))
      body[field.name] = Number(value);
  }
  return body;
}

/** Only the changed fields go into an update (plus the version), so a concurrent edit of others is not undone. */
export function pick(values: FormValues, names: string[]): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => names.includes(name)));
}

/**
 * A failed save for the form: `def` as the server knows it, `shown` as the page shows it (localized). The field
 * messages are translated from the server's own words (`serverFields`), told the entity and its localized rules.
 */
export function saveErrorOf(
  error: ApiError,
  def: EntityDef,
  shown: EntityDef,
  texts: ResourceTexts,
): SaveError {
  if (error.status === 409 && error.code === 'conflict' && error.current) return { conflict: error.current };
  const known = new Set(def.fields.map((field) => field.name));
  const local = definitionMessages(def, shown);
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(error.serverFields ?? error.fields ?? {})) {
    if (known.has(name)) fields[name] = messages.map((message) => local(message, name));
    else other.push(...messages.map((message) => local(message)));
  }
  const hasFields = Object.keys(fields).length > 0;
  if (error.status === 403) return { message: texts.noPermissionToChange(shown.labelPlural) };
  const message = other.length
    ? other.join(' ')
    : hasFields
      ? undefined
      : errorText(error, shown, texts.errors) || texts.notSaved;
  return { ...(hasFields ? { fields } : {}), ...(message ? { message } : {}) };
}

/** The list's columns: relation cells show the related row's label the list answer carries, not its id. */
export function columnsFor(def: EntityDef, labels: RelationLabels): DataTableColumn[] {
  return columnsFromFields(def.fields).map((column) =>
    column.field?.type === 'relation'
      ? {
          ...column,
          cell: (row: ResourceRow) => {
            const id = row[column.id];
            if (id === null || id === undefined) return '-';
            return labels[column.id]?.[String(id)] ?? renderFieldCell(column.field!, id);
          },
        }
      : column,
  );
}

/** Labels of a row's relation values, for the form's relation selects. */
export function relationLabelsOf(
  def: EntityDef,
  row: ResourceRow,
  labels: RelationLabels,
): Record<string, string> {
  const known: Record<string, string> = {};
  for (const field of def.fields) {
    const label = field.type === 'relation' ? labels[field.name]?.[String(row[field.name])] : undefined;
    if (label !== undefined) known[field.name] = label;
  }
  return known;
}
