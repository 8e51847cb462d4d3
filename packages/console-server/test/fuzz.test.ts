// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
/**
 * A bad-input fuzz test driven by the server's own OpenAPI document: every operation, every path, query and body
 * parameter gets values from a corpus of wrong types, nulls, huge strings, NUL, lone surrogates, right-to-left
 * text, deep nesting, `__proto__`, SQL text, out-of-range and NaN-like numbers (drawn with fast-check from a fixed
 * seed, so a failure replays), plus invalid JSON and wrong content types per body. Asserts: no 5xx, no database or
 * runtime text in an error body, and a refused write changes no row and no audit entry.
 * FUZZ_SEED=<n> draws another sample; FUZZ_CASES_PER_PARAMETER=<n> draws more per parameter.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { findUserByUsername } from '../src/services/users.js';
import { Client, ONE_ENGINE, freshAddress, setupTestApp, userWithKeys } from './support/harness.js';
import { LEAK } from './support/leaks.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const PER_PARAMETER = Number(process.env.FUZZ_CASES_PER_PARAMETER ?? 1);
/** Malformed bodies per operation with a body, rotating through RAW_BODIES (all of them across the document). */
const RAW_PER_BODY = Number(process.env.FUZZ_RAW_BODIES_PER_OPERATION ?? 3);

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema?: Json;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  body?: Json;
  secured: boolean;
}

// --- the corpus ------------------------------------------------------------------------------------------
let deep: unknown = 'leaf';
for (let level = 0; level < 400; level += 1) deep = [deep];
const deepObject = JSON.parse('{"a":'.repeat(300) + '1' + '}'.repeat(300)) as unknown;

/** Values for a JSON body field (any JSON), also sent as text in paths and queries. */
const CORPUS: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -0,
  2_147_483_648,
  -2_147_483_649,
  9_223_372_036_854_775_808,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x10',
  ' 1 ',
  '１２３',
  '2024-02-30',
  '9999-99-99T99:99:99Z',
  'x'.repeat(5_000),
  'é'.repeat(70_000),
  'a\u0000b',
  '\u0000',
  '\uD800',
  'a\uDFFFb',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'שלום',
  '😀👍🏽',
  "' OR 1=1 --",
  "'; drop table users; --",
  '%_\\',
  '$1',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  [],
  [null],
  ['a', 1, null],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
  deep,
  deepObject,
];

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A plausible value for a schema, so that one mutated field is the only wrong thing in a request. */
function plausible(schema: Json | undefined, name: string): unknown {
  if (!schema) return 'fuzz';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options?.length) return plausible(options[0], name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return plausibleObject(schema);
    case 'null':
      return null;
    default:
      if (schema.format === 'date') return '2024-05-01';
      if (schema.format === 'date-time') return '2024-05-01T00:00:00.000Z';
      if (schema.format === 'email') return 'fuzz@example.com';
      return typeof schema.minLength === 'number' && schema.minLength > 4
        ? 'f'.repeat(schema.minLength)
        : `fuzz ${name}`;
  }
}

function plausibleObject(schema: Json): Json {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = (schema.required ?? []) as string[];
  return Object.fromEntries(required.map((key) => [key, plausible(properties[key], key)]));
}

function resolve(doc: Json, schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json)[part], doc) as Json;
}

function operationsOf(doc: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (operation.requestBody as Json | undefined)?.content as
        Record<string, Json> | undefined;
      const body = resolve(doc, content?.['application/json']?.schema as Json | undefined);
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: String(operation.operationId ?? `${method} ${path}`),
        parameters: ((operation.parameters ?? []) as Parameter[]).filter(
          (p) => p.in === 'path' || p.in === 'query',
        ),
        ...(body ? { body } : {}),
        secured: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  return operations;
}

interface FuzzCase {
  operation: Operation;
  /** What was broken, for the failure list. */
  target: string;
  path: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
}

/** Percent-encodes like encodeURIComponent, but a lone surrogate becomes its WTF-8 bytes instead of throwing. */
function encode(text: string): string {
  let out = '';
  for (const part of text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g) ?? []) {
    const unit = part.charCodeAt(0);
    if (part.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(part);
    }
  }
  return out;
}

function buildUrl(operation: Operation, path: Record<string, string>, query: Record<string, string>) {
  const url = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encode(path[name] ?? '1'));
  const search = Object.entries(query)
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  return search ? `${url}?${search}` : url;
}

const RAW_BODIES: readonly [string, string, string][] = [
  ['invalid JSON', '{"a":', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  ['JSON array', '[1,2]', 'application/json'],
  ['JSON text', '"text"', 'application/json'],
  ['__proto__ key', '{"__proto__":{"admin":true},"name":"x"}', 'application/json'],
  ['constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}', 'application/json'],
  ['number too big for JSON', '{"id":1e999,"version":1e999}', 'application/json'],
  ['empty body', '', 'application/json'],
  ['text/plain', 'name=x', 'text/plain'],
  ['form', 'name=x', 'application/x-www-form-urlencoded'],
  ['xml', '<a>1</a>', 'application/xml'],
  ['multipart', '--b\r\n\r\nx\r\n--b--', 'multipart/form-data; boundary=b'],
  ['utf-16 JSON', '{"name":"x"}', 'application/json; charset=utf-16'],
];
let rawCursor = 0;

/** Every parameter broken with values drawn from the corpus; bodies also as invalid JSON and other content types. */
function casesOf(operation: Operation, defaults: (operation: Operation, name: string) => string): FuzzCase[] {
  const pathDefaults = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, defaults(operation, p.name)]),
  );
  const baseBody = operation.body ? plausibleObject(operation.body) : undefined;
  const draw = (salt: number) =>
    fc.sample(
      fc.oneof(fc.constantFrom(...CORPUS), fc.string({ unit: 'binary', maxLength: 40 }), fc.jsonValue()),
      {
        numRuns: PER_PARAMETER,
        seed: SEED + salt,
      },
    );
  const cases: FuzzCase[] = [];
  let salt = operation.operationId.length * 7919;
  for (const parameter of operation.parameters) {
    for (const value of draw((salt += 1))) {
      const text = asText(value);
      cases.push({
        operation,
        target: `${parameter.in}.${parameter.name}`,
        path: parameter.in === 'path' ? { ...pathDefaults, [parameter.name]: text } : pathDefaults,
        query: parameter.in === 'query' ? { [parameter.name]: text } : {},
        ...(baseBody ? { body: baseBody } : {}),
      });
    }
  }
  if (operation.body) {
    const properties = Object.keys((operation.body.properties ?? {}) as Json);
    for (const property of properties) {
      for (const value of draw((salt += 1))) {
        cases.push({
          operation,
          target: `body.${property}`,
          path: pathDefaults,
          query: {},
          body: { ...baseBody, [property]: value },
        });
      }
    }
    for (let i = 0; i < Math.min(RAW_PER_BODY, RAW_BODIES.length); i += 1) {
      const [target, rawBody, contentType] = RAW_BODIES[(rawCursor += 1) % RAW_BODIES.length]!;
      cases.push({
        operation,
        target: `body (${target})`,
        path: pathDefaults,
        query: {},
        rawBody,
        contentType,
      });
    }
  }
  if (cases.length === 0) cases.push({ operation, target: '(no parameters)', path: pathDefaults, query: {} });
  return cases;
}

/** Error answers must not carry database, SQL or stack text. */
const leaks = (status: number, body: string) =>
  status >= 400 && (LEAK.test(body) || /"stack"|\.ts:\d+|\.js:\d+/.test(body));

/** Statuses that mean "your input was refused": such a request must have written nothing. */
const REFUSED = new Set([400, 404, 409, 413, 415, 422]);

describe.each(ONE_ENGINE)('OpenAPI-driven bad-input fuzz on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine);
  let adminToken: string;
  let victimId: number;
  let fingerprintQuery: ReturnType<typeof sql.raw>;

  beforeAll(async () => {
    adminToken = await new Client(app, freshAddress()).token('admin');
    const victim = await userWithKeys(testDb.database, [{ key: 'statistics' }]);
    victimId = (await findUserByUsername(testDb.database.db, victim))!.id;
    // Every table's row count and newest row version (xmin changes on insert and update), except the ones a
    // request writes by design whatever its answer: sessions (last use), page checks (statistics), sign-in
    // attempts (lockout counting), the migration ledger, and job leases (the sheet-report tick takes its lease
    // every 60 s whatever the requests do: a run longer than that saw it as a change).
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('sessions', 'page_checks', 'login_attempts', 'schema_migrations', 'job_leases')
      order by table_name`.execute(testDb.database.db);
    fingerprintQuery = sql.raw(
      tables.rows
        .map(
          (table) =>
            `select '${table.name}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as f from "${table.name}"`,
        )
        .join(' union all '),
    );
  });

  const fingerprint = async () => {
    const result = await fingerprintQuery.execute(testDb.database.db);
    return Object.fromEntries((result.rows as { t: string; f: string }[]).map((row) => [row.t, row.f]));
  };

  const nextXid = async () =>
    (
      await sql<{ x: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as x`.execute(
        testDb.database.db,
      )
    ).rows[0]!.x;

  it('answers every operation without a 5xx, without leaking internals, and writes nothing it refuses', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Json;
    const operations = operationsOf(doc);
    const defaults = (operation: Operation, name: string) =>
      /\/users\/|view-as/.test(operation.path) && /^(id|userId)$/.test(name) ? String(victimId) : '1';
    const failures: string[] = [];
    let cases = 0;
    let serverErrors = 0;
    let leaked = 0;
    let refusedWrites = 0;
    let changedByRefused = 0;
    let last = await fingerprint();
    let lastXid = await nextXid();
    const started = performance.now();

    for (const operation of operations) {
      for (const fuzz of casesOf(operation, defaults)) {
        cases += 1;
        // Logging out would end the admin's token for the cases after it: it gets a token of its own.
        const token =
          operation.path === '/api/auth/logout'
            ? await new Client(app, freshAddress()).token('admin')
            : adminToken;
        const headers: Record<string, string> = {};
        if (operation.secured) headers.authorization = `Bearer ${token}`;
        let payload: string | undefined;
        if (fuzz.rawBody !== undefined) {
          payload = fuzz.rawBody;
          headers['content-type'] = fuzz.contentType ?? 'application/json';
        } else if (fuzz.body !== undefined) {
          payload = JSON.stringify(fuzz.body);
          headers['content-type'] = 'application/json';
        }
        const request: InjectOptions = {
          method: operation.method as 'GET',
          url: buildUrl(operation, fuzz.path, fuzz.query),
          remoteAddress: freshAddress(),
          headers,
          ...(payload !== undefined ? { payload } : {}),
        };
        const isWrite = operation.method !== 'GET';
        const response = await app.inject(request);
        const label = `${operation.method} ${operation.path} ${fuzz.target}`;
        // A 503 that says what to configure (no language model endpoint in this server) is an answer, not a fault.
        const notConfigured =
          response.statusCode === 503 && response.body.includes('"code":"NOT_CONFIGURED"');
        if (response.statusCode >= 500 && !notConfigured) {
          serverErrors += 1;
          failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
        if (leaks(response.statusCode, response.body)) {
          leaked += 1;
          failures.push(`${label}: leaked ${response.body.slice(0, 200)}`);
        }
        if (isWrite) {
          // The next transaction id moves only when something wrote (or tried to): only then is the full
          // per-table fingerprint taken and compared with the last one (GETs write only the excluded tables).
          const xid = await nextXid();
          const refused = REFUSED.has(response.statusCode);
          if (refused) refusedWrites += 1;
          if (xid !== lastXid) {
            const after = await fingerprint();
            // A wrong password at re-authentication counts toward the account's lockout (users.failed_attempts)
            // by design, as sign-in does: that write is the refusal itself.
            const countsFailure = operation.path === '/api/auth/reauth';
            const changed = Object.keys(after).filter(
              (table) => after[table] !== last[table] && !(countsFailure && table === 'users'),
            );
            if (refused && changed.length > 0) {
              changedByRefused += 1;
              failures.push(`${label}: ${response.statusCode} but changed ${changed.join(', ')}`);
            }
            last = after;
            lastXid = xid;
          }
        }
      }
    }

    console.log(
      `fuzz on ${engine}: ${operations.length} operations, ${cases} cases, ${serverErrors} × 5xx, ` +
        `${leaked} leaks, ${refusedWrites} refused writes checked, ${changedByRefused} changed rows, ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`,
    );
    expect(operations.length).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});
