import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE, NO_CACHE, negotiateEncoding } from '../src/staticApp.js';
import {
  Client,
  type TestDatabase,
  freshAddress,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';

const INDEX = `<!doctype html><title>Staff Console</title><div id="root"></div>${' '.repeat(600)}`;
const SCRIPT = `export const greeting = ${JSON.stringify('Selamat datang '.repeat(200))};\n`;
const HASHED = 'assets/index-Dk3_x9Qa.js';

/** An app folder as `vite build` + the precompress plugin leave it: each file with its .br and .gz. */
function builtApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-app-wire-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [name, body] of [
    ['index.html', INDEX],
    [HASHED, SCRIPT],
  ] as const) {
    fs.writeFileSync(path.join(dir, name), body);
    fs.writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body));
  }
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

// Headers do not depend on the database engine: one PGlite is enough here.
describe('static app and compression over the wire', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let appDir: string;
  const client = () => new Client(app, freshAddress());
  const get = (url: string, acceptEncoding?: string, token?: string) =>
    client().request({
      method: 'GET',
      url,
      ...(token ? { token } : {}),
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  beforeAll(async () => {
    appDir = builtApp();
    testDb = await openTestDatabase('pglite');
    app = await testServer(testDb.database, { appDir });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
    if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
  });

  it('sends a hashed asset precompressed with brotli, cached for a year as immutable', async () => {
    const response = await get(`/${HASHED}`, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file, still varying on Accept-Encoding', async () => {
    const gzip = await get(`/${HASHED}`, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await get(`/${HASHED}`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves index.html and the app shell routes compressed and no-cache', async () => {
    for (const url of ['/', '/index.html', '/login', '/app/usage-statistic']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], url).toBe(NO_CACHE);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('keeps files outside assets/ no-cache and answers a missing asset 404', async () => {
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe(NO_CACHE);
    expect((await get('/assets/missing-AAAAAAAA.js', 'br')).statusCode).toBe(404);
  });

  it('compresses API answers from 1 KiB and leaves small ones as they are', async () => {
    const username = await userWithKeys(testDb.database, [{ key: 'statistics' }]);
    const token = await client().token(username);
    const openapi = await get('/api/openapi.json', 'gzip, br');
    expect(openapi.statusCode).toBe(200);
    expect(openapi.headers['content-encoding']).toBe('br');
    expect(openapi.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(openapi.rawPayload).toString()).openapi).toMatch(/^3\./);
    expect(Number(openapi.headers['content-length'])).toBe(openapi.rawPayload.length);

    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).openapi).toMatch(/^3\./);

    const none = await get('/api/openapi.json');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().openapi).toMatch(/^3\./);

    const small = await get('/api/a/verify/___ca', 'br, gzip', token);
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/accept-encoding/i);
  });

  it('negotiates brotli, then gzip, honouring q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
