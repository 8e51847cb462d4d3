// One engine (ADR 055): the stop's order does not depend on the engine. A real second process: signals and exit codes.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { type Socket, io as connectSocket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestDatabase, openTestDatabase } from './support/harness.js';
import { freePort } from './support/postgres.js';
import { entryArgs } from './support/process.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Requests held in flight when SIGTERM arrives (the figure). */
const IN_FLIGHT = 20;

interface LogLine {
  msg?: string;
  req?: { url?: string };
  inFlight?: number;
  [key: string]: unknown;
}

/** The server's pino lines, and a wait for the first (from now on or already seen) that matches. */
function watchLog(child: ChildProcess) {
  const lines: LogLine[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    for (const text of complete) {
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        continue;
      }
      lines.push(line);
      for (const waiter of waiters)
        if (waiter.match(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
    }
  });
  return {
    lines,
    waitFor: (what: string, match: (line: LogLine) => boolean, timeoutMs = 240_000) =>
      new Promise<LogLine>((resolve, reject) => {
        const seen = lines.find(match);
        if (seen) return resolve(seen);
        // A hang guard, not a timing: the line normally comes in well under a second.
        const timer = setTimeout(() => reject(new Error(`no log line: ${what}`)), timeoutMs);
        waiters.add({
          match,
          resolve: (line) => {
            clearTimeout(timer);
            resolve(line);
          },
        });
      }),
  };
}

/** A login whose body is sent in two parts: in flight from its first part until `finish`. */
function heldLogin(port: number) {
  const body = JSON.stringify({ username: 'admin', password: TEST_PASSWORD });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/login',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { answered, finish: () => request.end(body.slice(10)) };
}

describe('SIGTERM with requests in flight (a real server process on PostgreSQL)', () => {
  let testDb: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  let socket: Socket | undefined;

  afterAll(async () => {
    socket?.close();
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await testDb?.close();
  });

  it('goes unready at once, answers every request in flight, drops sockets to reconnect, exits 0', async () => {
    testDb = await openTestDatabase('postgres');
    const port = await freePort();
    const metricsPort = await freePort();
    child = spawn(process.execPath, entryArgs('main'), {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: testDb.database.connectionString!,
        CONSOLE_DEMO: '0',
        CONSOLE_ADMIN_PASSWORD: TEST_PASSWORD,
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
        CONSOLE_LOGIN_RATE_LIMIT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const log = watchLog(child);
    await Promise.race([
      log.waitFor('listening', (line) => /^listening on /.test(line.msg ?? '')),
      exited.then((code) => {
        throw new Error(`server exited (${code}) during start: ${stderr}`);
      }),
    ]);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    // A signed-in socket, and the metrics of the real process (loopback, a port of its own).
    const signedIn = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD }),
    });
    const { token } = ((await signedIn.json()) as { data: { token: string } }).data;
    socket = connectSocket(base, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scraped).toMatch(/^console_sockets_connected 1$/m);
    expect(scraped).toMatch(
      /^console_http_request_duration_seconds_count\{method="GET",route="\/api\/ready",status="200"\} 1$/m,
    );
    expect(scraped).toMatch(/^console_outbox_depth\{outbox="whatsapp"\} 0$/m);
    const disconnected = new Promise<string>((resolve) => socket!.once('disconnect', resolve));

    // IN_FLIGHT logins, each waiting for the rest of its body when the signal comes.
    const loginsSeen = () => log.lines.filter((line) => line.req?.url === '/api/auth/login').length;
    const before = loginsSeen();
    const held = Array.from({ length: IN_FLIGHT }, () => heldLogin(port));
    await log.waitFor(`${IN_FLIGHT} logins in flight`, () => loginsSeen() >= before + IN_FLIGHT);

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const draining = await log.waitFor('draining', (line) => /^draining/.test(line.msg ?? ''));
    expect(draining.inFlight).toBe(IN_FLIGHT);

    // Meanwhile: not ready, saying why; any other new request turned away; alive; the socket told to reconnect.
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not_ready', draining: true, reasons: [/^draining/] });
    const turnedAway = await fetch(`${base}/api/openapi.json`);
    expect(turnedAway.status).toBe(503);
    expect(await turnedAway.json()).toMatchObject({ code: 'DRAINING' });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    // A lost transport, not "io server disconnect" (after which a socket.io client never reconnects).
    expect(await disconnected).toBe('transport close');
    expect(child.exitCode).toBeNull();

    for (const request of held) request.finish();
    const answers = await Promise.all(held.map((request) => request.answered));
    expect(answers.map((answer) => answer.status)).toEqual(Array(IN_FLIGHT).fill(200));
    for (const answer of answers)
      expect(JSON.parse(answer.body)).toMatchObject({ data: { token: expect.any(String) } });

    expect(await exited).toBe(0);
    const stoppedIn = Date.now() - signalledAt;
    expect(log.lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['requests in flight answered; stopping workers', 'stopped']),
    );
    // No lease outlives the process: another node takes the jobs and rows at once.
    const leases = await sql<{ n: number }>`
      select (select count(*) from job_leases where lease_until is not null)
           + (select count(*) from forwarder_deliveries where locked_by is not null)
           + (select count(*) from wa_messages where locked_by is not null)
           + (select count(*) from package_notifications where locked_by is not null) as n`.execute(
      testDb.database.db,
    );
    expect(Number(leases.rows[0]!.n)).toBe(0);
    console.log(
      `SIGTERM with ${IN_FLIGHT} requests in flight: ${IN_FLIGHT} answered 200, exit 0 after ${stoppedIn} ms`,
    );
  }, 600_000);
});
