import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import { forwardingRule, intakeFixture } from '../../console-server/test/support/intake.js';
import { ADMIN_USERNAME, apiLogin, openSignedIn, reusedTabs, setupConsole } from './harness.js';

const { server, browser } = setupConsole();
/** Each test's own tab, in one context the file reuses (a new one cost chromium about 2.4 CPU-s). */
const newTab = reusedTabs(browser);

/** A failed delivery of a fresh forwarding rule (no worker runs in these servers: a replayed one stays pending). */
async function failedDelivery(): Promise<{ id: number; rule: string }> {
  const fixture = await intakeFixture(server.database);
  const ruleId = await forwardingRule(server.database, fixture, {
    destination: 'http',
    url: 'http://127.0.0.1:9/hook',
  });
  const db = server.database.db;
  const rule = await sql<{ name: string }>`select name from webhook_forwarders where id = ${ruleId}`.execute(
    db,
  );
  const row = await sql<{ id: string }>`
    insert into forwarder_deliveries
      (forwarder_id, source_key, destination, payload, event_time, status, attempts, last_error)
    values (${ruleId}, ${`e2e-${Date.now()}`}, 'http', '{}', now(), 'dead', 5, 'connect ECONNREFUSED 127.0.0.1:9')
    returning id`.execute(db);
  return { id: Number(row.rows[0]!.id), rule: rule.rows[0]!.name };
}

describe('Operations and Audit Log', () => {
  it('the administrator opens Operations from the menu, finds a failed delivery and replays it', async () => {
    const delivery = await failedDelivery();
    const user = await apiLogin(server, ADMIN_USERNAME, DEMO_ADMIN_PASSWORD);
    const page = await newTab({ width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/administration/users/');
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Operations' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Operations' }).waitFor();
      const outboxes = page.getByRole('grid', { name: 'Outboxes' });
      const forwarder = outboxes.getByRole('row').filter({ hasText: 'Webhook forwarder' });
      await forwarder.getByRole('button', { name: /^Show .* failed$/ }).click();
      const failed = page.getByRole('grid', { name: 'Failed items: Webhook forwarder (Meta CAPI, HTTP)' });
      const item = failed.getByRole('row').filter({ hasText: `#${delivery.id}` });
      await item.filter({ hasText: 'ECONNREFUSED' }).waitFor();
      expect(await item.textContent()).toContain(delivery.rule);
      await item.getByRole('button', { name: `Replay item #${delivery.id}` }).click();
      await page.getByText(`Item #${delivery.id} is queued again.`).waitFor();
      await item.waitFor({ state: 'detached' });
      const row = await sql<{ status: string; attempts: number }>`
        select status, attempts from forwarder_deliveries where id = ${delivery.id}`.execute(
        server.database.db,
      );
      expect(row.rows[0]).toEqual({ status: 'pending', attempts: 0 });
      // The rest of the running console is on the page too.
      await page.getByRole('grid', { name: 'Jobs' }).waitFor();
      await page.getByRole('grid', { name: 'Webhook intake, last 24 hours' }).waitFor();
    } finally {
      await page.close();
    }
  });

  it('the administrator finds the replay in the Audit Log, opens its change and exports the view', async () => {
    const delivery = await failedDelivery();
    const admin = await apiLogin(server, ADMIN_USERNAME, DEMO_ADMIN_PASSWORD);
    const replay = await fetch(`${server.baseURL}/api/operations/outboxes/forwarder/${delivery.id}/replay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(replay.status).toBe(200);
    const page = await newTab({ width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, admin, '/app/administration/audit-log/');
      await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
      const filters = page.getByRole('form', { name: 'Filters' });
      await filters.getByRole('option', { name: 'replay', exact: true }).waitFor({ state: 'attached' });
      await filters.getByLabel('Action').selectOption('replay');
      await filters.getByLabel('Entity').selectOption('forwarder_deliveries');
      const grid = page.getByRole('grid', { name: 'Audit log entries' });
      const entry = grid
        .getByRole('row')
        .filter({ hasText: 'forwarder_deliveries' })
        .filter({
          hasText: String(delivery.id),
        });
      await entry.first().waitFor();
      await entry
        .first()
        .getByRole('button', { name: /^Show the changes of entry #/ })
        .click();
      const diff = page.getByRole('table', { name: /^Entry #/ });
      const status = diff.getByRole('row').filter({ hasText: 'status' });
      expect((await status.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([
        'dead',
        'pending',
      ]);
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await (await downloading).path();
      const csv = await readFile(file, 'utf8');
      expect(csv.split('\r\n')[0]).toBe(
        '\uFEFFTime (WIB),User,Username,Action,Entity,Record,Field,Before,After,IP',
      );
      expect(csv).toContain(`replay,forwarder_deliveries,${delivery.id},status,dead,pending`);
    } finally {
      await page.close();
    }
  });
});
