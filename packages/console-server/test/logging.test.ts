import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { redactUrl } from '../src/app.js';
import { openTestDatabase, testServer, type TestDatabase } from './support/harness.js';

describe('request log', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase('pglite');
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await testServer(testDb.database, { logger: { level: 'info', stream } });
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

  it('redacts token, access_token and hub.verify_token, and leaves other parameters', () => {
    expect(redactUrl('/a?token=s&b=2')).toBe('/a?token=[redacted]&b=2');
    expect(redactUrl('/a?b=2&access_token=s')).toBe('/a?b=2&access_token=[redacted]');
    expect(redactUrl('/w?hub.mode=subscribe&hub.verify_token=s&hub.challenge=9')).toBe(
      '/w?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=9',
    );
    expect(redactUrl('/a?tokens=keep')).toBe('/a?tokens=keep');
  });
});
