// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../src/auth/messages.js';
import { totpCode } from '../src/auth/totp.js';
import { CHALLENGE_TTL_MS, TWO_FACTOR_MESSAGES } from '../src/auth/twoFactor.js';
import { findUserByUsername } from '../src/services/users.js';
import {
  Client,
  ONE_ENGINE,
  TEST_PASSWORD,
  freshAddress,
  setupTestApp,
  testClock,
  userWithKeys,
} from './support/harness.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A 6-digit code that none of the accepted steps (now-1 … now+1) produces. */
function wrongCode(secret: string, now: Date): string {
  const valid = [-1, 0, 1].map((offset) => totpCode(secret, now.getTime() + offset * 30_000));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

describe.each(ONE_ENGINE)('two-step sign-in on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine, { server: () => ({ clock: clock.now }) });
  const clock = testClock();
  // Inside a 30 s step, far from its edges, so "the same step" in a test stays the same step.
  const midStep = () => {
    const intoStep = clock.now().getTime() % 30_000;
    if (intoStep > 20_000) clock.advance(30_000 - intoStep + 5_000);
  };

  afterEach(() => clock.reset());

  const post = (c: Client, url: string, payload?: unknown, token?: string) =>
    c.request({
      method: 'POST',
      url,
      ...(token ? { token } : {}),
      ...(payload !== undefined ? { payload: payload as Json } : {}),
    });
  const db = () => testDb.database.db;
  const audit = (userId: number, action: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(userId))
      .where('action', '=', action)
      .execute();

  /** A user with two-step sign-in on; the clock is then moved to the next step (the enabling code is spent). */
  async function enrolled() {
    const username = await userWithKeys(testDb.database, [{ key: 'statistics' }]);
    const c = new Client(app, freshAddress());
    const token = await c.token(username);
    midStep();
    const setup = (await post(c, '/api/auth/2fa/setup', undefined, token)).json() as {
      secret: string;
      otpauth_uri: string;
    };
    const enabled = await post(
      c,
      '/api/auth/2fa/enable',
      { code: totpCode(setup.secret, clock.now()) },
      token,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    clock.advance(30_000);
    const user = (await findUserByUsername(db(), username))!;
    return {
      username,
      id: user.id,
      c,
      token,
      secret: setup.secret,
      recoveryCodes: (enabled.json() as Json).recovery_codes as string[],
    };
  }

  async function challengeFor(c: Client, username: string): Promise<string> {
    const response = await c.login(username);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Json;
    expect(body).toEqual({
      data: { otp_required: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    return body.data.challenge;
  }

  const otp = (c: Client, challenge: string, code: string) =>
    post(c, '/api/auth/login/otp', { challenge, code });

  it('leaves the login contract unchanged for a user without it', async () => {
    const username = await userWithKeys(testDb.database, []);
    const c = new Client(app, freshAddress());
    const response = await c.login(username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        fullname: `Full ${username}`,
        last_login: null,
      },
    });
    const token = response.json().data.token as string;
    expect((await c.get('/api/auth/2fa', token)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    // A setup that was started but never confirmed changes nothing at sign-in.
    expect((await post(c, '/api/auth/2fa/setup', undefined, token)).statusCode).toBe(200);
    expect((await c.login(username)).json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('enrols: a secret and its otpauth URI, a wrong then a right code, ten recovery codes stored hashed, all audited', async () => {
    const username = await userWithKeys(testDb.database, []);
    const c = new Client(app, freshAddress());
    const token = await c.token(username);
    const { id } = (await findUserByUsername(db(), username))!;
    midStep();

    const setup = await post(c, '/api/auth/2fa/setup', undefined, token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri } = setup.json() as { secret: string; otpauth_uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Staff%20Console:${encodeURIComponent(username)}?secret=${secret}&issuer=Staff%20Console`,
    );

    const wrong = await post(c, '/api/auth/2fa/enable', { code: wrongCode(secret, clock.now()) }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ 'body.code': [TWO_FACTOR_MESSAGES.wrongSetupCode] });
    const malformed = await post(c, '/api/auth/2fa/enable', { code: '12ab' }, token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields['body.code']).toEqual([
      'Enter the 6-digit code from your authenticator app.',
    ]);
    expect((await c.get('/api/auth/2fa', token)).json().enabled).toBe(false);

    const right = await post(c, '/api/auth/2fa/enable', { code: totpCode(secret, clock.now()) }, token);
    expect(right.statusCode, right.body).toBe(200);
    const codes = right.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);

    const status = (await c.get('/api/auth/2fa', token)).json();
    expect(status).toEqual({ enabled: true, enabled_at: expect.any(String), recovery_codes_left: 10 });
    expect(JSON.stringify(status)).not.toContain(secret);
    // Stored: the secret server-side, the recovery codes only as hashes.
    const stored = await db()
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', id)
      .execute();
    const hashes = codes.map((code) => createHash('sha256').update(code.replace(/-/g, '')).digest('hex'));
    expect(stored.map((row) => row.code_hash).sort()).toEqual(hashes.sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    // Set up again while on: refused; the secret is never answered again.
    const again = await post(c, '/api/auth/2fa/setup', undefined, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_ENABLED');

    expect(await audit(id, '2fa-setup')).toHaveLength(1);
    expect(await audit(id, '2fa-enable')).toHaveLength(1);
    const allAudit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', String(id))
      .execute();
    expect(JSON.stringify(allAudit)).not.toContain(secret);
    expect(JSON.stringify(allAudit)).not.toContain(codes[0]);
  });

  it('signs in with password, then a challenge, then the code; the code that enabled it and a replayed one are refused', async () => {
    const user = await enrolled();
    const sessionsBefore = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();

    // The code of the step that confirmed the setup is spent.
    const spent = await otp(
      user.c,
      await challengeFor(user.c, user.username),
      totpCode(user.secret, clock.now().getTime() - 30_000),
    );
    expect(spent.statusCode).toBe(403);
    expect(spent.json()).toMatchObject({ code: 'REPLAYED_CODE', message: TWO_FACTOR_MESSAGES.replayedCode });

    midStep();
    const challenge = await challengeFor(user.c, user.username);
    // The password step opened no session.
    expect(
      await db().selectFrom('sessions').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(sessionsBefore.length);
    const code = totpCode(user.secret, clock.now());
    const signedIn = await otp(user.c, challenge, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({
      data: {
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        fullname: `Full ${user.username}`,
        last_login: expect.any(String),
      },
    });
    expect((await user.c.get('/api/a/verify/___ca', signedIn.json().data.token)).statusCode).toBe(200);

    // Same code, same step, fresh challenge: replay.
    const replay = await otp(user.c, await challengeFor(user.c, user.username), code);
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toMatchObject({ code: 'REPLAYED_CODE', message: TWO_FACTOR_MESSAGES.replayedCode });

    // A used challenge cannot be redeemed again, even with the next valid code.
    clock.advance(30_000);
    const reused = await otp(user.c, challenge, totpCode(user.secret, clock.now()));
    expect(reused.statusCode).toBe(403);
    expect(reused.json()).toMatchObject({
      code: 'CHALLENGE_INVALID',
      message: TWO_FACTOR_MESSAGES.challengeInvalid,
    });
    // Next step, fresh challenge: fine.
    expect(
      (await otp(user.c, await challengeFor(user.c, user.username), totpCode(user.secret, clock.now())))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired challenge and a forged one', async () => {
    const user = await enrolled();
    const challenge = await challengeFor(user.c, user.username);
    clock.advance(CHALLENGE_TTL_MS + 1_000);
    midStep();
    const expired = await otp(user.c, challenge, totpCode(user.secret, clock.now()));
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('CHALLENGE_INVALID');
    for (const forged of ['A'.repeat(43), 'not-a-token']) {
      const response = await otp(user.c, forged, totpCode(user.secret, clock.now()));
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CHALLENGE_INVALID');
    }
  });

  it('accepts a recovery code once (case and dashes do not matter)', async () => {
    const user = await enrolled();
    const recovery = user.recoveryCodes[3]!;
    const typed = recovery.toLowerCase().replace(/-/g, ' ');
    const first = await otp(user.c, await challengeFor(user.c, user.username), typed);
    expect(first.statusCode, first.body).toBe(200);
    const token = first.json().data.token as string;
    expect((await user.c.get('/api/auth/2fa', token)).json().recovery_codes_left).toBe(9);

    const second = await otp(user.c, await challengeFor(user.c, user.username), recovery);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'INVALID_CODE', message: TWO_FACTOR_MESSAGES.invalidCode });
    expect(
      (await otp(user.c, await challengeFor(user.c, user.username), user.recoveryCodes[4]!)).statusCode,
    ).toBe(200);
  });

  it('counts wrong codes toward the account lockout, together with wrong passwords', async () => {
    const user = await enrolled();
    midStep();
    // Two wrong passwords, then a right one: the right password does not reset the count.
    for (let index = 0; index < 2; index += 1)
      expect((await user.c.login(user.username, 'wrong-password')).statusCode).toBe(403);
    let challenge = await challengeFor(user.c, user.username);
    const answers: string[] = [];
    for (let index = 0; index < 2; index += 1)
      answers.push((await otp(user.c, challenge, wrongCode(user.secret, clock.now()))).json().message);
    challenge = await challengeFor(user.c, user.username);
    answers.push((await otp(user.c, challenge, 'ABCD-EFGH-JKLM-NPQR')).json().message);
    expect(answers).toEqual([
      TWO_FACTOR_MESSAGES.invalidCode,
      TWO_FACTOR_MESSAGES.invalidCode,
      AUTH_MESSAGES.locked(15),
    ]);

    // Locked: the right code is refused, and so is the password.
    const locked = await otp(user.c, challenge, totpCode(user.secret, clock.now()));
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: 'LOCKED', message: AUTH_MESSAGES.locked(15) });
    expect((await user.c.login(user.username)).json().message).toBe(AUTH_MESSAGES.locked(15));

    // After the lock: password, challenge, code.
    clock.advance(15 * 60_000 + 1_000);
    midStep();
    const after = await otp(
      user.c,
      await challengeFor(user.c, user.username),
      totpCode(user.secret, clock.now()),
    );
    expect(after.statusCode, after.body).toBe(200);
    const events = await db()
      .selectFrom('login_events')
      .select('reason')
      .where('user_id', '=', user.id)
      .execute();
    expect(events.filter((event) => event.reason === 'invalid_code')).toHaveLength(3);
  });

  it('counts wrong codes toward the address block', async () => {
    const c = new Client(app, freshAddress());
    const users = [await enrolled(), await enrolled(), await enrolled(), await enrolled(), await enrolled()];
    const answers: string[] = [];
    // 20 failures from one address, spread over five accounts (four each: none of them locks).
    for (const user of users) {
      const challenge = await challengeFor(c, user.username);
      for (let index = 0; index < 4; index += 1)
        answers.push((await otp(c, challenge, wrongCode(user.secret, clock.now()))).json().message);
    }
    expect(answers.slice(0, 19).every((message) => message === TWO_FACTOR_MESSAGES.invalidCode)).toBe(true);
    expect(answers[19]).toBe(AUTH_MESSAGES.addressBlocked(15));
  });

  it('lets an administrator reset it (audited); the user then signs in with the password alone', async () => {
    const user = await enrolled();
    const pending = await challengeFor(user.c, user.username);
    const adminClient = new Client(app, freshAddress());
    const adminToken = await adminClient.token('admin');
    const reset = await post(adminClient, `/api/admin/users/${user.id}/2fa/reset`, undefined, adminToken);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ ok: true, was_enabled: true });
    const admin = (await findUserByUsername(db(), 'admin'))!;
    const [entry] = await audit(user.id, '2fa-reset');
    expect(entry).toMatchObject({ actor_id: admin.id, before: { enabled: true }, after: { enabled: false } });

    // The challenge issued before the reset is void; the password alone now signs in.
    midStep();
    expect((await otp(user.c, pending, totpCode(user.secret, clock.now()))).json().code).toBe(
      'CHALLENGE_INVALID',
    );
    const login = await user.c.login(user.username);
    expect(login.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      await db().selectFrom('totp_recovery_codes').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);

    expect(
      (await post(adminClient, `/api/admin/users/${user.id}/2fa/reset`, undefined, adminToken)).json(),
    ).toEqual({ ok: true, was_enabled: false });
    expect(
      (await post(adminClient, '/api/admin/users/99999999/2fa/reset', undefined, adminToken)).statusCode,
    ).toBe(404);
    expect(
      (await post(adminClient, '/api/admin/users/abc/2fa/reset', undefined, adminToken)).statusCode,
    ).toBe(400);
  });

  it('lets the user turn it off with their password', async () => {
    const user = await enrolled();
    const session = await otp(
      user.c,
      await challengeFor(user.c, user.username),
      totpCode(user.secret, clock.now()),
    );
    const token = session.json().data.token as string;
    const wrong = await post(user.c, '/api/auth/2fa/disable', { password: 'not-my-password' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ 'body.password': [TWO_FACTOR_MESSAGES.wrongPassword] });
    const empty = await post(user.c, '/api/auth/2fa/disable', {}, token);
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toEqual(['body.password']);
    expect((await post(user.c, '/api/auth/2fa/disable', { password: TEST_PASSWORD }, token)).json()).toEqual({
      ok: true,
    });
    expect(await audit(user.id, '2fa-disable')).toHaveLength(1);
    expect((await user.c.login(user.username)).json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await post(user.c, '/api/auth/2fa/disable', { password: TEST_PASSWORD }, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_ENABLED');
  });

  it('refuses the code step for a user disabled after the password step', async () => {
    const user = await enrolled();
    const challenge = await challengeFor(user.c, user.username);
    await db().updateTable('users').set({ active: false }).where('id', '=', user.id).execute();
    const response = await otp(user.c, challenge, totpCode(user.secret, clock.now()));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'DISABLED', message: AUTH_MESSAGES.disabled });
  });

  it('answers 400 with field messages on bad input and 401 without a token', async () => {
    const c = new Client(app, freshAddress());
    const missing = await post(c, '/api/auth/login/otp', {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['body.challenge', 'body.code']);
    const blank = await post(c, '/api/auth/login/otp', { challenge: 'x', code: '   ' });
    expect(blank.json().fields).toEqual({ 'body.code': ['Enter the code.'] });
    for (const url of ['/api/auth/2fa/setup', '/api/auth/2fa/enable', '/api/auth/2fa/disable']) {
      expect((await post(c, url, {})).statusCode, url).toBe(401);
    }
    expect((await c.get('/api/auth/2fa')).statusCode).toBe(401);
    const username = await userWithKeys(testDb.database, []);
    const token = await c.token(username);
    const noSetup = await post(c, '/api/auth/2fa/enable', { code: '123456' }, token);
    expect(noSetup.statusCode).toBe(409);
    expect(noSetup.json().code).toBe('SETUP_NOT_STARTED');
  });

  it('lists every route in the OpenAPI document', async () => {
    const document = (await new Client(app).get('/api/openapi.json')).json() as Json;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login/otp',
        '/api/auth/2fa',
        '/api/auth/2fa/setup',
        '/api/auth/2fa/enable',
        '/api/auth/2fa/disable',
        '/api/admin/users/{id}/2fa/reset',
      ]),
    );
    const login = document.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(login)).toContain('otp_required');
  });
});
