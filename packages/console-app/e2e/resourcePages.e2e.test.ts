// The master-data walk's second half (resources.e2e.test.ts has the first, creators in depth and the read-only
// user): one file of 17 tests took 425 s of the e2e project's 661 s span in v38, the longest by far on four workers.
import { describe, it } from 'vitest';
import { setupConsole } from './harness.js';
import { coveringPages } from './masterData.js';
import { WALK_SPLIT, resourceWalk } from './resourcesWalk.js';

const {
  server,
  user: admin,
  page,
} = setupConsole({
  signIn: { username: 'demo-all' },
  page: { viewport: { width: 1440, height: 900 }, logErrors: true, open: '/app/usage-statistic' },
});
const { checkPage } = resourceWalk({ server, page, admin });

describe('every master-data page as an administrator (second half)', () => {
  // One test a page, as in resources.e2e.test.ts: a failure names its page; `-t creators` runs one.
  for (const def of coveringPages().slice(WALK_SPLIT)) {
    it(`lists, filters, sorts, creates, edits and deletes on ${def.name}`, async () => {
      await checkPage(def);
    });
  }
});
