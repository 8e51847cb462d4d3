import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { authEndpoints } from '@staff/console-contract';
import { defineRoute, type RouteRegistrar } from '../src/http.js';
import { implement } from '../src/pageRoutes.js';
import { redactUrl } from '../src/app.js';
import { openTestDatabase, testServer, type TestDatabase } from './support/harness.js';

describe('request log', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = chunk.toString();
      lines.push(line);
      for (const wait of waiting.filter((w) => w.pattern.test(line))) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(line);
      }
      done();
    },
  });
  /** The next log line that matches, whenever it is written. */
  const nextLine = (pattern: RegExp) => new Promise<string>((resolve) => waiting.push({ pattern, resolve }));

  beforeAll(async () => {
    testDb = await openTestDatabase('pglite');
    app = await testServer(testDb.database, { logger: { level: 'info', stream: logStream } });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });

  it('never writes a secret carried in the address (the Mayar webhook token)', async () => {
    const secret = 'mayar-secret-4f1c2b';
    const response = await app.inject({
      method: 'POST',
      url: `/api/webhooks/mayar/00000000-0000-4000-8000-000000000000?token=${secret}&x=1`,
      payload: { event: 'testing', data: {} },
    });
    expect(response.statusCode).toBeLessThan(500);
    const log = lines.join('');
    expect(log).toContain('/api/webhooks/mayar/00000000-0000-4000-8000-000000000000?token=[redacted]&x=1');
    expect(log).not.toContain(secret);
  });

  it('logs an answer that does not fit its endpoint, and still sends it as it is', async () => {
    const misfit = Fastify({ logger: { level: 'warn', stream: logStream } });
    const route: RouteRegistrar = (spec, handler) =>
      defineRoute(misfit, [], { guard: async () => undefined }, spec, handler);
    implement(route, authEndpoints.login, async () => ({ token: 42 }));
    try {
      const logged = nextLine(/answer does not fit the endpoint response schema/);
      const response = await misfit.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'someone', password: 'secret-password' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ token: 42 });
      expect(JSON.parse(await logged)).toMatchObject({ level: 40, endpoint: 'POST /api/auth/login' });
    } finally {
      await misfit.close();
    }
  });

  it('redacts token, access_token and hub.verify_token, and leaves other parameters', () => {
    expect(redactUrl('/a?token=s&b=2')).toBe('/a?token=[redacted]&b=2');
    expect(redactUrl('/a?b=2&access_token=s')).toBe('/a?b=2&access_token=[redacted]');
    expect(redactUrl('/w?hub.mode=subscribe&hub.verify_token=s&hub.challenge=9')).toBe(
      '/w?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=9',
    );
    expect(redactUrl('/a?tokens=keep')).toBe('/a?tokens=keep');
  });
});
