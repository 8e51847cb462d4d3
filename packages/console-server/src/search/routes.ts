/**
 * `GET /api/search?q=`: the command palette's record search. Each entity the caller may read is searched with
 * the list's own query machinery (`whereOf`: the trigram-indexed `search_text`, relation and choice labels), a
 * few rows each, so the palette finds what the lists would find and nothing the caller could not list.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ENTITIES,
  SEARCH_ROWS_PER_ENTITY,
  isSearchable,
  maskRow,
  recordPath,
  searchEndpoints,
  type EntityDef,
  type ListQuery,
  type SearchHit,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { RouteRegistrar } from '../http.js';
import type { AuthenticatedSession } from '../auth/sessions.js';
import { userPermissions } from '../services/users.js';
import { implement } from '../pageRoutes.js';
import { listPage, relationLabels } from '../resources/export.js';
import type { AnyDb, Row } from '../resources/query.js';

export interface SearchRoutesOptions {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => AuthenticatedSession;
  db: Kysely<Database>;
  now: () => Date;
}

const titleFieldsOf = (def: EntityDef): readonly string[] => def.titleFields ?? [def.titleField];

/** The row's name as the list shows it: relation labels and choice labels, not stored ids and values. */
function titleOf(def: EntityDef, row: Row, labels: Record<string, Record<string, string>>): string {
  const parts = titleFieldsOf(def).map((name) => {
    const value = row[name];
    if (value === null || value === undefined || value === '') return '';
    const field = def.fields.find((candidate) => candidate.name === name);
    if (field?.type === 'relation') return labels[name]?.[String(value)] ?? String(value);
    if (field?.type === 'enum') return field.options?.find((o) => o.value === value)?.label ?? String(value);
    return Array.isArray(value) ? value.join(', ') : String(value);
  });
  return parts.filter(Boolean).join(' · ') || `${def.label} #${String(row.id)}`;
}

export function registerSearchRoutes(options: SearchRoutesOptions): void {
  const { route, sessionOf, db, now } = options;
  const anyDb = db as unknown as AnyDb;

  implement(route, searchEndpoints.records, async (request, _reply, { query }) => {
    const session = sessionOf(request);
    const readable = new Set(
      (await userPermissions(db, session.userId, { since: request.authSince }))
        .filter((entry) => entry.allow_read === 1)
        .map((entry) => entry.permission_key),
    );
    const canRead = (key: string) => readable.has(key);
    const searched = ENTITIES.filter(
      (def) => canRead(def.permissionKey) && isSearchable(def) && recordPath(def.name, 0, canRead) !== null,
    );
    const at = now();
    const hits: SearchHit[] = [];
    // One entity after another: PGlite serves one query at a time anyway, and a pool is not hogged by one call.
    for (const def of searched) {
      const list: ListQuery = {
        q: query.q,
        filters: [],
        groups: [],
        sort: { ...def.defaultSort },
        limit: SEARCH_ROWS_PER_ENTITY,
        offset: 0,
        cursor: null,
        columns: null,
        deleted: 'exclude',
        format: 'json',
      };
      const rows = (await listPage(anyDb, def, list, at, null, SEARCH_ROWS_PER_ENTITY, 0)).map((row) =>
        maskRow(def, row),
      );
      if (rows.length === 0) continue;
      const labels = await relationLabels(anyDb, def, rows, titleFieldsOf(def));
      for (const row of rows) {
        const id = Number(row.id);
        hits.push({
          entity: def.name,
          entity_label: def.labelPlural,
          id,
          title: titleOf(def, row, labels),
          path: recordPath(def.name, id, canRead)!,
        });
      }
    }
    return { q: query.q, entities: searched.map((def) => def.name), hits };
  });
}
