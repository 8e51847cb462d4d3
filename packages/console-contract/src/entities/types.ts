import type { PermissionKey } from '../permissions.js';
import type { ListFilter } from './listFilter.js';

import type { ResourceField, ResourceFieldOption, ResourceFieldType } from '@staff/console-ui';

/**
 * One entity definition drives the table and migration, the server's validation and checks, the list and the
 * form. A field is console-ui's `ResourceField` (imported type-only from the library's public API, nothing of
 * console-ui at runtime), so these
 * definitions are handed to DataTable / ResourceForm / FilterBar as they are and cannot drift from them.
 */
export type FieldType = ResourceFieldType;
export type FieldOption = ResourceFieldOption;
export type FieldDef = ResourceField;

/** `within`: within the last N days (dates, datetimes), evaluated by the server when the list is read. */
export type FilterOperator = ListFilter['op'];

/**
 * A rule across fields, plain data so the form can show it beside the field and the server can check the
 * merged row on update. The message is attached to `field`.
 */
export type EntityRule =
  /** `field` is required when `when.field` has one of `when.in`. */
  | { kind: 'requiredWhen'; field: string; when: { field: string; in: string[] }; message: string }
  /** `field` must stay empty unless `when.field` has one of `when.in`. */
  | { kind: 'onlyWhen'; field: string; when: { field: string; in: string[] }; message: string }
  /** At most one of `fields` is set; the message goes on the last one set. */
  | { kind: 'atMostOne'; field: string; fields: string[]; message: string }
  /** `field` (date, month, datetime or number) is not before / below `other` when both are set. */
  | { kind: 'notBefore'; field: string; other: string; message: string }
  /** `field` differs from `other` (case-insensitive) when both are set. */
  | { kind: 'differentFrom'; field: string; other: string; message: string }
  /**
   * `field`, when set, has the form the choice in `by` expects (a receipt number per courier): `problem` names
   * the form that was expected, or answers null.
   */
  | {
      kind: 'formatBy';
      field: string;
      by: string;
      problem: (choice: string, value: string) => string | null;
      message: string;
    };

export interface EntityDef {
  /** Entity name, also the REST path segment (`/api/resources/<name>`) and the table name. */
  name: string;
  label: string;
  labelPlural: string;
  /** Reading needs read on this key; changing needs write. */
  permissionKey: PermissionKey;
  /** The field that names a row in relations, confirmations and history. */
  titleField: string;
  /**
   * When one field does not name a row a person recognises (a month shared by hundreds of targets): the fields
   * whose shown values, joined with " · ", name it instead ("Desember 2026 · Tribe Alpha"). Empty ones are left
   * out; relations show the related row's title.
   */
  titleFields?: readonly string[];
  fields: FieldDef[];
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /** Deleted rows are kept (deleted_at) where history matters. */
  softDelete: boolean;
  /** Unique across several fields, e.g. one target per tribe and month. */
  uniqueTogether?: string[][];
  description?: string;
  /** Rules across fields (checked on create, and on the merged row on update). */
  rules?: EntityRule[];
  /**
   * Values the server sets from others on every create and update (a creator's tier from followers), so a
   * stored row never contradicts what the field's help promises. Gets the merged row; returns only what it sets.
   */
  derive?: (row: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /** Also writable by automation (n8n) with an API key an admin creates; those writes are audited as the key. */
  apiKeyWritable?: boolean;
  /**
   * Who makes the table: 'generated' (the default) — migrations are generated from this definition
   * (`npm run migration:generate`); 'migration' — a hand-written migration owns it (e.g. rows a webhook
   * writes), the generator skips it and the resource API still reads it with the same list query language.
   */
  storage?: 'generated' | 'migration';
  /**
   * 'read-only' (logs, rows the system writes): list, get, CSV export, history and declared actions only; every
   * create, update, upsert, delete, bulk delete and restore answers 405 `{ code: 'READ_ONLY' }`, after the 401
   * and 404 checks and before the permission check. Default 'read-write'.
   */
  access?: 'read-write' | 'read-only';
  /** Named actions and state transitions (`POST /api/resources/<name>/<id>/actions/<action>`). */
  actions?: EntityAction[];
  /** Named list views a route descriptor can open the list with (`preset`). */
  views?: EntityView[];
}

/**
 * A named action on rows: a state transition and/or fields it sets. Runs in one transaction with its audit
 * entry (audit action = the action's name), bumps the version and is pushed as `resource:changed`.
 */
export interface EntityAction {
  /** Path segment, lower-case with dashes: `/actions/<name>`. */
  name: string;
  /** Button text, e.g. "Mark as shipped". */
  label: string;
  /** The mode of the entity's permission key the caller needs. */
  mode: 'read' | 'write';
  /** Allowed only when `field` has one of `from`; sets it to `to`. The field cannot be changed by PATCH. */
  transition?: { field: string; from: string[]; to: string };
  /** Fields set too: a value, or '$now' (datetime: the time of the call) / '$today' (date, Asia/Jakarta). */
  set?: Record<string, unknown>;
  /** Offered on a selection as well: `POST /api/resources/<name>/actions/<action>` with `{ ids }`. */
  bulk?: boolean;
}

/** A list view a route can open with: filters (AND), alternatives (OR), columns and renderings to hide. */
export interface EntityView {
  id: string;
  label: string;
  /** Alternatives: a row shows when all conditions of one alternative hold (the `or=` list parameter). */
  any?: ListFilter[][];
  hiddenColumns?: string[];
  /** Columns shown without their cell rendering (plain value), e.g. the receipt link. */
  hiddenRenderings?: string[];
}
