// The route walk's denied half (issue 34): every key-checked route of the table, opened in the routed shell for a
// user the server refuses, shows the title and the denial alert and no page; the guard asked the server with the
// route's own key, mode and path. It ran in chromium against the real server, a fresh load of the whole app per
// route; here the shell and each page module load once. The wire (the real server's 403 for a user without keys)
// stays end to end for one route of each page kind in e2e/routes.e2e.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { PAGE_DENIED_MESSAGE, ROUTES } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { renderSignedIn } from '../test/renderSignedIn.js';

const USER: StoredUser = { token: 'token-none', fullname: 'Demo None', last_login: null };

/** Every page but those open to everyone signed in (Usage Statistics: App.test.tsx, e2e/landing). */
const KEY_CHECKED = ROUTES.filter((route) => route.access !== 'signed-in');

// The guard's 0.75 s floor, short as in the e2e flows (E2E_DELAYS): the floor has its own tests in console-ui.
beforeAll(() => {
  window.__CONSOLE_DELAYS__ = { PAGE_GUARD_DELAY: 40 };
});
afterAll(() => {
  delete window.__CONSOLE_DELAYS__;
});
afterEach(cleanup);

/** The routed app at `path` for a user with no keys: every page check is refused (403) and recorded. */
function openDenied(path: string) {
  const checks: Record<string, unknown>[] = [];
  renderSignedIn(path, {
    user: USER,
    permissions: [],
    pageCheck: (params) => {
      checks.push(params);
      return { status: 403, data: { message: PAGE_DENIED_MESSAGE } };
    },
    language: 'en',
  });
  return { checks };
}

describe('every key-checked route, for a user the server refuses', () => {
  it('is every route of the table but Usage Statistics', () => {
    expect(KEY_CHECKED).toHaveLength(ROUTES.length - 1);
    expect(ROUTES.filter((route) => route.access === 'signed-in').map((route) => route.id)).toEqual([
      'usage-statistic',
    ]);
  });

  it.for(KEY_CHECKED.map((route) => [route.id, route] as const))(
    '%s: sets its title, shows the denial alert and no page, and asked for its own key',
    async ([, route]) => {
      const { checks } = openDenied(route.path);
      const message = await screen.findByText(PAGE_DENIED_MESSAGE);
      expect(message.closest('[role="alert"]')).toBeVisible();
      // The title is set by an effect, which may run after the alert is first found.
      await waitFor(() => expect(document.title).toBe(route.title));
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      expect(checks).toEqual([{ key: route.key, mode: 'read', path: route.path }]);
    },
  );
});
