import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { drainAll } from '../../console-server/src/intake/forwarder/worker.js';
import { forwardingRule, intakeFixture } from '../../console-server/test/support/intake.js';
import { mayarPayment } from '../../console-server/test/fakes/mayar.js';
import { startFakeServer } from '../../console-server/test/fakes/http.js';
import { apiLogin, newPage, openSignedIn, setupConsole } from './harness.js';

const { server, browser } = setupConsole();

describe('Webhook Forwarder', () => {
  it('a failed delivery replayed from the Webhook Forwarder page; a retrying one shows its next attempt, seconds away', async () => {
    // The rule's receiver: down (500) at first, then back.
    let answer = 500;
    const received: string[] = [];
    const receiver = await startFakeServer(async (request) => {
      received.push(request.body);
      return { status: answer, body: answer === 200 ? { ok: true } : { error: 'down for maintenance' } };
    });
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    try {
      const db = server.database.db;
      const fixture = await intakeFixture(server.database);
      const ruleId = await forwardingRule(server.database, fixture, {
        destination: 'http',
        url: `${receiver.url}/hook`,
        maxAttempts: 1,
      });
      const rule = await sql<{
        name: string;
      }>`select name from webhook_forwarders where id = ${ruleId}`.execute(db);
      const name = rule.rows[0]!.name;

      const body = mayarPayment({ productId: fixture.mayarProductId, createdAt: new Date().toISOString() });
      const webhook = await fetch(
        `${server.baseURL}/api/webhooks/mayar/${fixture.accountId}?token=${encodeURIComponent(fixture.token)}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
      expect(webhook.status).toBe(200);
      // One drain, as the worker would: the receiver answers 500 on the only attempt allowed.
      expect(await drainAll(db, { now: () => new Date() })).toMatchObject({ claimed: 1, delivered: 0 });
      expect(received).toHaveLength(1);

      const user = await apiLogin(server, 'demo-all');
      await openSignedIn(page, server, user, `/app/admins/webhook-forwarder?q=${encodeURIComponent(name)}`);
      await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
      const deliveries = page.getByRole('region', { name: 'Deliveries' });
      const sourceKey = `payment.received:${body.data.id}`;
      const row = deliveries.getByRole('row').filter({ hasText: sourceKey });
      await row.waitFor();
      const status = row.locator('[data-status]');
      expect(await status.getAttribute('data-status')).toMatch(/^(failed|dead)$/);
      expect(await row.textContent()).toContain('500');

      answer = 200;
      await row.getByRole('button', { name: `Replay delivery ${sourceKey}` }).click();
      await deliveries.getByRole('status').filter({ hasText: '1 delivery queued again.' }).waitFor();
      await page.waitForFunction(
        (selector) => document.querySelector(selector)?.getAttribute('data-status') === 'pending',
        `[data-delivery] [data-status]`,
      );
      // The audit log names who replayed it.
      const audit = await sql<{ username: string }>`
        select u.username from audit_log a join users u on u.id = a.actor_id
        where a.entity = 'forwarder_deliveries' and a.action = 'replay' order by a.id desc limit 1`.execute(
        db,
      );
      expect(audit.rows).toEqual([{ username: 'demo-all' }]);

      expect(await drainAll(db, { now: () => new Date() })).toMatchObject({ claimed: 1, delivered: 1 });
      await deliveries.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForFunction(
        (selector) => document.querySelector(selector)?.getAttribute('data-status') === 'delivered',
        `[data-delivery] [data-status]`,
      );
      expect(await row.getByRole('button', { name: /^Replay delivery/ }).count()).toBe(0);
      expect(received).toHaveLength(2);
      expect(JSON.parse(received[1]!)).toMatchObject({
        event: 'payment.received',
        data: { id: body.data.id },
      });

      // A rule with retries left: the first retry comes after seconds, and the page says when.
      answer = 500;
      const retrying = await forwardingRule(server.database, fixture, {
        destination: 'http',
        url: `${receiver.url}/hook`,
        maxAttempts: 5,
      });
      const retryName = (
        await sql<{ name: string }>`select name from webhook_forwarders where id = ${retrying}`.execute(db)
      ).rows[0]!.name;
      const second = mayarPayment({ productId: fixture.mayarProductId, createdAt: new Date().toISOString() });
      const posted = await fetch(
        `${server.baseURL}/api/webhooks/mayar/${fixture.accountId}?token=${encodeURIComponent(fixture.token)}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(second) },
      );
      expect(posted.status).toBe(200);
      const before = Date.now();
      expect(await drainAll(db, { now: () => new Date() })).toMatchObject({ retrying: 1 });
      const after = Date.now();
      await page.goto(`${server.baseURL}/app/admins/webhook-forwarder?q=${encodeURIComponent(retryName)}`);
      await page.getByRole('button', { name: `Edit ${retryName}`, exact: true }).click();
      const pendingRow = page
        .getByRole('region', { name: 'Deliveries' })
        .getByRole('row')
        .filter({ hasText: `payment.received:${second.data.id}` });
      const next = pendingRow.locator('time[data-next-attempt]');
      await next.waitFor();
      expect(await next.textContent()).toMatch(/^next attempt .+ WIB$/);
      const nextAt = Date.parse((await next.getAttribute('datetime'))!);
      expect(nextAt - before).toBeGreaterThanOrEqual(10_000);
      expect(nextAt - after).toBeLessThanOrEqual(12_000);
    } finally {
      await context.close();
      await receiver.close();
    }
  });
});
