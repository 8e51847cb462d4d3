// Issue 13: "Pull from Meta" on Master Ad Campaign — an ad account added with its token, "pull now" queued, the
// server's worker pulls from the fake Graph (async job, pages) and the run shows as succeeded with its rows.
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import { startFakeGraph } from '../../console-server/test/fakes/graph.js';
import { ADMIN_USERNAME, openSignedIn, setupConsole } from './harness.js';

const TOKEN = 'EAAG-e2e-pull-token-123';

const {
  server,
  user: admin,
  page,
  fakes: { graph },
} = setupConsole({
  fakes: { graph: () => startFakeGraph({ accessToken: TOKEN }) },
  server: ({ graph }) => ({
    intake: {
      workers: true,
      metaGraphUrl: graph.url,
      reconcileEveryMinutes: false,
      metaPullEveryMs: 3_600_000,
      metaPull: { pollMs: 1, backoffBaseMs: 1 },
    },
  }),
  signIn: { username: ADMIN_USERNAME, password: DEMO_ADMIN_PASSWORD },
  page: {},
});

describe('Pull from Meta', () => {
  it('adds an ad account, pulls now and shows the run with its rows', async () => {
    await openSignedIn(page, server, admin, '/app/admins/ad-campaigns');
    await page.getByRole('button', { name: 'Pull from Meta' }).click();
    const panel = page.getByRole('region', { name: 'Pull from Meta' });
    await panel.getByText(/No ad account is set up/).waitFor();
    const form = panel.getByRole('form', { name: 'Add an ad account' });
    await form.getByLabel('Name').fill('E2E account');
    await form.getByLabel('Ad account id').fill('act_5647382910');
    await form.getByLabel('Access token').fill(TOKEN);
    await form.getByRole('button', { name: 'Add ad account' }).click();
    await panel.getByText(/Ad account saved/).waitFor();
    await panel.getByRole('button', { name: 'Pull now' }).click();
    const table = panel.getByRole('table', { name: 'Recent pulls from Meta' });
    // The panel reads the runs again while one is queued or running.
    const row = table.getByRole('row').filter({ hasText: 'act_5647382910' }).first();
    await row.getByText('Succeeded').waitFor();
    expect(await row.textContent()).toContain('12 / 12');
    expect(graph.insights.jobs.map((job) => job.account)).toEqual(['act_5647382910']);
  });
});
