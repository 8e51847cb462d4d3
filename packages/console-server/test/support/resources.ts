import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { ENTITIES, demoRows, getEntity, type EntityDef, type FieldDef } from '@staff/console-contract';
import type { DatabaseHandle } from '../../src/db/database.js';
import type { Client } from './harness.js';

/** Rows in an entity's table (soft-deleted included): writes that fail must leave this unchanged. */
export async function countRows(database: DatabaseHandle, entity: string): Promise<number> {
  const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(entity)}`.execute(
    database.db,
  );
  return Number(result.rows[0]!.n);
}

/** Ids 1–3 of every entity (the demo seed creates them) for relation fields. */
export const SMALL_REFS = Object.fromEntries(ENTITIES.map((entity) => [entity.name, [1, 2, 3]]));

/**
 * Creates a realistic row (a demo row from another seed than the database's) through the API, skipping
 * candidates that collide with a unique value already stored. Returns the create body and the answer.
 */
export async function createRealistic(
  client: Client,
  token: string,
  def: EntityDef,
  seed = 99,
): Promise<{ body: Record<string, unknown>; response: LightMyRequestResponse }> {
  const candidates = demoRows(def, 20, seed, SMALL_REFS);
  for (let attempt = 0; attempt < 40; attempt += 1) {
    // Small masters (tribes, rooms) draw names from short lists the seed already used: vary the unique values.
    const base = candidates[attempt % candidates.length]!;
    const body = attempt < candidates.length ? base : distinct(def, base, `${seed}${attempt}`);
    const response = await client.request({
      method: 'POST',
      url: `/api/resources/${def.name}`,
      token,
      payload: body,
    });
    if (response.statusCode === 409) continue;
    return { body, response };
  }
  throw new Error(`no non-colliding demo row for ${def.name}`);
}

/** The row with its unique text values made distinct by `tag`, still matching each field's pattern. */
function distinct(def: EntityDef, row: Record<string, unknown>, tag: string): Record<string, unknown> {
  const uniqueNames = new Set([
    ...def.fields.filter((field) => field.unique).map((field) => field.name),
    ...(def.uniqueTogether ?? []).flat(),
  ]);
  const out = { ...row };
  for (const field of def.fields) {
    const value = row[field.name];
    if (uniqueNames.has(field.name) && field.type === 'month') {
      // Months after the demo data's range.
      out[field.name] = `20${30 + (Number(tag) % 60)}-${String((Number(tag) % 12) + 1).padStart(2, '0')}`;
      continue;
    }
    if (!uniqueNames.has(field.name) || field.type !== 'text' || typeof value !== 'string') continue;
    const max = field.maxLength ?? 200;
    const candidates = [
      `${value.slice(0, max - tag.length - 1)} ${tag}`,
      `${value.slice(0, max - tag.length - 1)}-${tag}`,
      `${value.slice(0, max - tag.length)}${tag}`,
    ];
    const pattern = field.pattern ? new RegExp(field.pattern) : null;
    out[field.name] = candidates.find((candidate) => !pattern || pattern.test(candidate)) ?? value;
  }
  return out;
}

/** A field the round trip can change without touching uniques, patterns or rules, and the new value. */
export function editableField(def: EntityDef): { field: FieldDef; value: unknown } {
  const ruled = new Set(
    (def.rules ?? []).flatMap((rule) => [
      rule.field,
      ...('other' in rule ? [rule.other] : []),
      ...('fields' in rule ? rule.fields : []),
      ...('when' in rule ? [rule.when.field] : []),
    ]),
  );
  const plain = (field: FieldDef) =>
    !field.unique &&
    !field.readOnly &&
    !field.pattern &&
    !field.normalize &&
    !ruled.has(field.name) &&
    !(def.uniqueTogether ?? []).some((group) => group.includes(field.name));
  const longtext = def.fields.find((field) => field.type === 'longtext' && plain(field));
  if (longtext) return { field: longtext, value: 'Diperbarui lewat tes: catatan baru untuk tim.' };
  const text = def.fields.find(
    (field) => field.type === 'text' && plain(field) && (field.maxLength ?? 200) >= 30,
  );
  if (text) return { field: text, value: 'Diperbarui lewat tes' };
  const integer = def.fields.find((field) => field.type === 'integer' && plain(field));
  if (integer) return { field: integer, value: Math.min(integer.max ?? 7, Math.max(integer.min ?? 0, 7)) };
  const boolean = def.fields.find((field) => field.type === 'boolean' && plain(field));
  if (boolean) return { field: boolean, value: '__flip__' };
  throw new Error(`no editable field on ${def.name}`);
}

export const entity = (name: string): EntityDef => {
  const def = getEntity(name);
  if (!def) throw new Error(`unknown entity ${name}`);
  return def;
};

/** Parses the CSV the export writes (BOM, quoted cells, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && input[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
