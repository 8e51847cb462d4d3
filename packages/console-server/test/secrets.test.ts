import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRows, maskSecret } from '@staff/console-contract';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { seed } from '../src/seed.js';
import { totpCode } from '../src/auth/totp.js';
import {
  SecretError,
  activeSecretKeyring,
  defaultKeyFile,
  generateSecretKey,
  isSealed,
  keyringOf,
  loadSecretKeyring,
  openSecret,
  readStoredSecret,
  resealSecrets,
  sealSecret,
  sealedKeyId,
  secretDisplay,
  setSecretKeyring,
} from '../src/secrets/index.js';
import {
  Client,
  TEST_PASSWORD,
  type TestDataForProcess,
  copyTestData,
  freshAddress,
  testServer,
} from './support/harness.js';
import { findPgBin } from './support/postgres.js';
import { createEmptyPostgres, testRunDir } from './support/templates.js';
import { SMALL_REFS, entity } from './support/resources.js';

describe('sealSecret / openSecret', () => {
  const keyring = keyringOf(generateSecretKey());

  it('round-trips, draws a fresh IV each time and names the key', () => {
    const a = sealSecret('sk_live_9f8e7d6cab12', keyring);
    const b = sealSecret('sk_live_9f8e7d6cab12', keyring);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^sealed:v1:[0-9a-f]{16}:[A-Za-z0-9_-]*:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('sk_live');
    expect(sealedKeyId(a)).toBe(keyring.current.id);
    expect(openSecret(a, keyring)).toBe('sk_live_9f8e7d6cab12');
    expect(openSecret(sealSecret('ünïcødé 🔑', keyring), keyring)).toBe('ünïcødé 🔑');
  });

  it('shows the same mask as the contract without opening', () => {
    for (const value of ['sk_live_9f8e7d6cab12', 'short', '12345678'])
      expect(secretDisplay(sealSecret(value, keyring))).toBe(maskSecret(value));
    expect(secretDisplay('clear-legacy-value')).toBe(maskSecret('clear-legacy-value'));
    expect(secretDisplay(null)).toBeNull();
  });

  it('refuses altered envelopes, unknown keys and clear values', () => {
    const sealed = sealSecret('webhook-token-123456', keyring);
    const parts = sealed.split(':');
    const flipped = parts[5]!.startsWith('A') ? `B${parts[5]!.slice(1)}` : `A${parts[5]!.slice(1)}`;
    expect(() => openSecret([...parts.slice(0, 5), flipped].join(':'), keyring)).toThrow(SecretError);
    // The hint is authenticated too: changing what the list shows is detected.
    expect(() => openSecret([...parts.slice(0, 3), 'eHh4eA', ...parts.slice(4)].join(':'), keyring)).toThrow(
      SecretError,
    );
    expect(() => openSecret(sealed, keyringOf(generateSecretKey()))).toThrow(/not loaded/);
    expect(() => openSecret('clear text', keyring)).toThrow(/not a sealed secret/);
  });

  it('opens values of a previous key while sealing under the current one', () => {
    const old = generateSecretKey();
    const sealedOld = sealSecret('pixel-capi-token-abc', keyringOf(old));
    const rotated = keyringOf(generateSecretKey(), [old]);
    expect(openSecret(sealedOld, rotated)).toBe('pixel-capi-token-abc');
    expect(sealedKeyId(sealSecret('x', rotated))).toBe(rotated.current.id);
  });
});

describe('the secrets key', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-keys-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is created beside the data folder, owner-only, and read back the same', () => {
    const dataDir = path.join(root, 'data');
    const first = loadSecretKeyring({ dataDir });
    expect(first.source).toEqual({ kind: 'file', path: path.join(root, 'data-secrets.key'), created: true });
    expect(defaultKeyFile(dataDir)).toBe(path.join(root, 'data-secrets.key'));
    expect(fs.statSync(path.join(root, 'data-secrets.key')).mode & 0o777).toBe(0o600);
    expect(first.warnings).toEqual([]);
    const again = loadSecretKeyring({ dataDir });
    expect(again.source).toMatchObject({ created: false });
    expect(again.keyring.current.id).toBe(first.keyring.current.id);
  });

  it('warns when the key file sits inside the folder it protects or others may read it', () => {
    const dataDir = path.join(root, 'inside');
    fs.mkdirSync(dataDir);
    const keyFile = path.join(dataDir, 'secrets.key');
    fs.writeFileSync(keyFile, `${generateSecretKey().key.toString('base64')}\n`, { mode: 0o644 });
    fs.chmodSync(keyFile, 0o644);
    const loaded = loadSecretKeyring({ dataDir, keyFile });
    expect(loaded.warnings.join('\n')).toMatch(/inside the data folder it protects/);
    expect(loaded.warnings.join('\n')).toMatch(/chmod 600/);
  });

  it('takes CONSOLE_SECRETS_KEY (base64 or hex) and says what a bad one should look like', () => {
    const key = generateSecretKey();
    const loaded = loadSecretKeyring({ dataDir: path.join(root, 'env'), key: key.key.toString('hex') });
    expect(loaded.source).toEqual({ kind: 'env' });
    expect(loaded.keyring.current.id).toBe(key.id);
    expect(fs.existsSync(path.join(root, 'env-secrets.key'))).toBe(false);
    expect(() => loadSecretKeyring({ dataDir: root, key: 'hunter2' })).toThrow(/32-byte key/);
    expect(() => loadSecretKeyring({ dataDir: root, keyFile: path.join(root, 'missing.key') })).toThrow(
      /does not exist/,
    );
  });
});

/** Every `secret` field of the master data, each given a value no demo row can hold. */
const SECRET_FIELDS: readonly { entity: string; field: string }[] = [
  { entity: 'mayar_accounts', field: 'api_key' },
  { entity: 'mayar_accounts', field: 'webhook_token' },
  { entity: 'pixel_registries', field: 'capi_access_token' },
  { entity: 'wa_registries', field: 'provider_token' },
  { entity: 'webhook_forwarders', field: 'secret_header' },
];
const clearValue = (entityName: string, field: string, tag: string) =>
  `Rahasia-${entityName}-${field}-${tag}-7Qx9`;

type Json = Record<string, unknown>;

/** Creates one row per entity with its secrets set through the API; answers entity → id. */
async function createSecretRows(client: Client, token: string, tag: string): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const name of [...new Set(SECRET_FIELDS.map((entry) => entry.entity))]) {
    const def = entity(name);
    const secrets = Object.fromEntries(
      SECRET_FIELDS.filter((entry) => entry.entity === name).map((entry) => [
        entry.field,
        clearValue(name, entry.field, tag),
      ]),
    );
    let created: Json | null = null;
    let last = '';
    // Another seed than the demo data's, so some candidates do not collide with seeded unique values.
    for (const candidate of demoRows(def, 40, tag === 'pgl' ? 4242 : 4343, SMALL_REFS)) {
      const body = { ...candidate, ...secrets } as Json;
      const response = await client.request({
        method: 'POST',
        url: `/api/resources/${name}`,
        token,
        payload: body,
      });
      last = response.body;
      if (response.statusCode === 201) {
        created = response.json() as Json;
        break;
      }
    }
    if (!created) throw new Error(`could not create a ${name} row: ${last}`);
    for (const [field, value] of Object.entries(secrets)) expect(created[field]).toBe(maskSecret(value));
    ids[name] = created.id as number;
  }
  return ids;
}

/** Turns two-step sign-in on for the admin through the API; answers the TOTP secret it was shown. */
async function enrolTotp(client: Client, token: string): Promise<string> {
  const setup = await client.request({ method: 'POST', url: '/api/auth/2fa/setup', token });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = (setup.json() as { secret: string }).secret;
  const enabled = await client.request({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    token,
    payload: { code: totpCode(secret, new Date()) },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return secret;
}

/** Every clear value the test stored. */
const clearValues = (tag: string, totpSecret: string) => [
  ...SECRET_FIELDS.map((entry) => clearValue(entry.entity, entry.field, tag)),
  totpSecret,
];

/** Files under `folder` that contain `needle` (bytes). */
function filesContaining(folder: string, needle: string): string[] {
  const hits: string[] = [];
  const bytes = Buffer.from(needle, 'utf8');
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file).includes(bytes)) hits.push(file);
  }
  return hits;
}

async function proveInUse(
  app: FastifyInstance,
  database: DatabaseHandle,
  ids: Record<string, number>,
  tag: string,
  totpSecret: string,
) {
  // The product opens them where used: each stored secret reads back exactly (what an outgoing call sends) …
  for (const entry of SECRET_FIELDS) {
    expect(await readStoredSecret(database.db, entry.entity, ids[entry.entity]!, entry.field)).toBe(
      clearValue(entry.entity, entry.field, tag),
    );
  }
  // … and the sealed TOTP secret still checks sign-in codes (the password step, then a code from the secret).
  const client = new Client(app, freshAddress());
  const step = await client.login('admin');
  const challenge = (step.json() as { data: { challenge: string } }).data.challenge;
  const signedIn = await client.request({
    method: 'POST',
    url: '/api/auth/login/otp',
    payload: { challenge, code: totpCode(totpSecret, new Date(Date.now() + 30_000)) },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
}

describe('secrets at rest on PGlite: no clear value in the data folder', () => {
  let data: TestDataForProcess;
  let dataDir: string;
  beforeAll(async () => {
    // A copy of the run's template seeded with a tenth of the demo rows (as resources.test's PGlite database):
    // what is checked is what the seed and the product write, not a first start.
    data = await copyTestData('pglite', { demoRows: 0.1 });
    dataDir = data.dataDir!;
  });
  afterAll(() => data?.close());

  it('seals every kind of secret; the folder files hold none in clear; the product still uses them', async () => {
    const database = await openDatabase({ dataDir });
    const tag = 'pgl';
    let totpSecret = '';
    let app: FastifyInstance | undefined;
    try {
      app = await testServer(database);
      const client = new Client(app, freshAddress());
      const token = await client.token('admin');
      const ids = await createSecretRows(client, token, tag);
      totpSecret = await enrolTotp(client, token);
      // Raw rows: sealed envelopes only.
      for (const entry of SECRET_FIELDS) {
        const raw = await sql<{ value: string }>`select ${sql.ref(entry.field)} as value from ${sql.table(
          entry.entity,
        )} where id = ${ids[entry.entity]}`.execute(database.db);
        expect(isSealed(raw.rows[0]!.value)).toBe(true);
      }
      const user = await database.db
        .selectFrom('users')
        .select('totp_secret')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(isSealed(user.totp_secret)).toBe(true);
      // Demo rows seeded straight into the tables are sealed too.
      const demo = await sql<{ n: string }>`select count(*) as n from mayar_accounts
        where api_key not like 'sealed:v1:%'`.execute(database.db);
      expect(Number(demo.rows[0]!.n)).toBe(0);
      await proveInUse(app, database, ids, tag, totpSecret);
    } finally {
      await app?.close();
      await database.close();
    }
    for (const value of clearValues(tag, totpSecret)) expect(filesContaining(dataDir, value)).toEqual([]);
  }, 300_000);
});

describe('secrets at rest on PostgreSQL: no clear value in a pg_dump', () => {
  let pg: { url: string; drop: () => Promise<void> };
  let database: DatabaseHandle;
  beforeAll(async () => {
    // Seeded here, not copied from the run's template: the rotation below must open every stored secret, and a
    // template built by another worker sealed its demo rows under that worker's throwaway key.
    const runDir = testRunDir();
    if (!runDir) throw new Error('this test needs the server project global setup (the shared PostgreSQL)');
    pg = await createEmptyPostgres(runDir);
    database = await openDatabase({ databaseUrl: pg.url });
    await seed(database.db, {
      adminUsername: 'admin',
      adminPassword: TEST_PASSWORD,
      demo: true,
      demoRows: 0.1,
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await database?.close();
    await pg?.drop();
  });

  it('seals every kind of secret; the dump holds none in clear; the product still uses them', async () => {
    const app = await testServer(database);
    try {
      const tag = 'pgs';
      const client = new Client(app, freshAddress());
      const token = await client.token('admin');
      const ids = await createSecretRows(client, token, tag);
      const totpSecret = await enrolTotp(client, token);
      const dump = execFileSync(path.join(findPgBin(), 'pg_dump'), ['--no-owner', pg.url], {
        maxBuffer: 512 * 1024 * 1024,
      }).toString('utf8');
      expect(dump).toContain('sealed:v1:');
      for (const value of clearValues(tag, totpSecret)) expect(dump).not.toContain(value);
      await proveInUse(app, database, ids, tag, totpSecret);
    } finally {
      await app.close();
    }
  });

  it('rotation re-seals every secret under a new key in one transaction; the old key is no longer needed', async () => {
    const before = activeSecretKeyring();
    const next = keyringOf(generateSecretKey(), [before.current, ...before.previous]);
    const result = await resealSecrets(database.db, next);
    expect(result.total).toBeGreaterThan(SECRET_FIELDS.length);
    const newOnly = keyringOf(next.current);
    try {
      setSecretKeyring(newOnly);
      for (const entry of [...SECRET_FIELDS, { entity: 'users', field: 'totp_secret' }]) {
        const raw = await sql<{ value: string }>`select ${sql.ref(entry.field)} as value from ${sql.table(
          entry.entity,
        )} where ${sql.ref(entry.field)} is not null`.execute(database.db);
        expect(raw.rows.length).toBeGreaterThan(0);
        for (const row of raw.rows) {
          expect(sealedKeyId(row.value)).toBe(newOnly.current.id);
          expect(() => openSecret(row.value, newOnly)).not.toThrow();
          expect(() => openSecret(row.value, keyringOf(before.current))).toThrow(SecretError);
        }
      }
      const mayar = await readStoredSecret(database.db, 'mayar_accounts', 1, 'api_key');
      expect(mayar).toEqual(expect.any(String));
      // A rotation that cannot open a value changes nothing (one transaction).
      await sql`update mayar_accounts set notes = 'x', api_key = ${sealSecret('orphan-value-123', keyringOf(generateSecretKey()))} where id = 2`.execute(
        database.db,
      );
      const snapshot = await sql`select id, api_key from mayar_accounts order by id`.execute(database.db);
      await expect(
        resealSecrets(database.db, keyringOf(generateSecretKey(), [newOnly.current])),
      ).rejects.toThrow(SecretError);
      expect(
        (await sql`select id, api_key from mayar_accounts order by id`.execute(database.db)).rows,
      ).toEqual(snapshot.rows);
    } finally {
      setSecretKeyring(before);
    }
  });
});

describe('migration 320: clear secrets of the previous release are sealed on first start', () => {
  // Copies of the run's migrated template: each test takes 320 back out by hand, so a fresh folder migrated
  // from nothing (PGlite's initdb and every migration, 15–30 CPU-s) would add nothing.
  const copies: TestDataForProcess[] = [];
  let dataDir: string;
  beforeAll(async () => {
    const data = await copyTestData('pglite');
    copies.push(data);
    dataDir = data.dataDir!;
  });
  afterAll(async () => {
    for (const copy of copies) await copy.close();
  });

  it('seals clear values in place, keeps every row, and a second run changes nothing', async () => {
    const keyring = keyringOf(generateSecretKey());
    const before = activeSecretKeyring();
    // The previous release: its schema, rows with secrets in clear.
    let database = await openDatabase({ dataDir });
    try {
      // As if 320 had never run: the schema and rows of the release before it.
      await sql`delete from schema_migrations where version = 320`.execute(database.db);
      const demo = entity('mayar_accounts');
      const [row] = demoRows(demo, 1, 3, SMALL_REFS);
      await sql`insert into mayar_accounts (name, merchant_id, merchant_email, env, api_key, webhook_token, active)
        values (${String(row!.name)}, 'M-1', 'a@b.co', 'production', 'clear-api-key-0001', 'clear-hook-token-0002', true)`.execute(
        database.db,
      );
      await seed(database.db, {
        adminUsername: 'admin',
        adminPassword: TEST_PASSWORD,
        demo: false,
        log: () => undefined,
      });
      await database.db
        .updateTable('users')
        .set({ totp_secret: 'JBSWY3DPEHPK3PXP', totp_pending_secret: 'KRSXG5CTMVRXEZLU' })
        .where('username', '=', 'admin')
        .execute();
    } finally {
      await database.close();
    }

    // First start of this release, with its key: migration 320 runs.
    setSecretKeyring(keyring);
    try {
      database = await openDatabase({ dataDir });
      const accounts = await sql<{
        api_key: string;
        webhook_token: string;
      }>`select api_key, webhook_token from mayar_accounts`.execute(database.db);
      expect(accounts.rows).toHaveLength(1);
      expect(openSecret(accounts.rows[0]!.api_key, keyring)).toBe('clear-api-key-0001');
      expect(openSecret(accounts.rows[0]!.webhook_token, keyring)).toBe('clear-hook-token-0002');
      const admin = await database.db
        .selectFrom('users')
        .select(['totp_secret', 'totp_pending_secret'])
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(openSecret(admin.totp_secret!, keyring)).toBe('JBSWY3DPEHPK3PXP');
      expect(openSecret(admin.totp_pending_secret!, keyring)).toBe('KRSXG5CTMVRXEZLU');
      const applied = await database.db
        .selectFrom('schema_migrations')
        .select('version')
        .where('version', '=', 320)
        .execute();
      expect(applied).toHaveLength(1);
      // Idempotent: sealing again leaves sealed values alone.
      const { sealClearSecrets } = await import('../src/secrets/stored.js');
      expect((await sealClearSecrets(database.db, keyring)).total).toBe(0);
      await database.close();
    } finally {
      setSecretKeyring(before);
    }
  });

  it('refuses to seal under a throwaway key: the start fails and nothing changes', async () => {
    const data = await copyTestData('pglite');
    copies.push(data);
    const folder = data.dataDir!;
    try {
      let database = await openDatabase({ dataDir: folder });
      await sql`delete from schema_migrations where version = 320`.execute(database.db);
      await sql`insert into mayar_accounts (name, merchant_id, merchant_email, env, api_key, webhook_token, active)
        values ('Akun', 'M-2', 'c@d.co', 'sandbox', 'clear-api-key-0003', 'clear-hook-token-0004', true)`.execute(
        database.db,
      );
      await database.close();
      const before = activeSecretKeyring();
      const keyring = keyringOf(generateSecretKey());
      try {
        setSecretKeyring({ ...keyringOf(generateSecretKey()), ephemeral: true });
        await expect(openDatabase({ dataDir: folder })).rejects.toThrow(/no secrets key is configured/);
        // With a key the next start seals: the failed one left the clear value and no migration record.
        setSecretKeyring(keyring);
        database = await openDatabase({ dataDir: folder });
        const row = await sql<{ api_key: string }>`select api_key from mayar_accounts`.execute(database.db);
        expect(openSecret(row.rows[0]!.api_key, keyring)).toBe('clear-api-key-0003');
        await database.close();
      } finally {
        setSecretKeyring(before);
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
