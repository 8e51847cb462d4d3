import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { ROUTES, STORED_USER_KEY, type Language, type RouteDef } from '@staff/console-contract';
import { NotificationsProvider, ThemeProvider, type PermissionEntry } from '@staff/console-ui';
import { fakeAdapter, type FakeAnswer, type FakeRequest } from '../api/testAdapter.js';
import { AppLanguageProvider, LANGUAGE_STORAGE_KEY } from '../i18n.js';
import { createConsoleSocket } from '../realtime/socket.js';
import { createConsoleServices, ServicesContext } from '../services.js';
import { fakeIo } from './fakeSocket.js';
import { memoryStorage } from './memoryStorage.js';

/** A route of the route table by id. */
export const routeOf = (id: string): RouteDef => ROUTES.find((candidate) => candidate.id === id)!;

/**
 * One page under the shell's providers (language, theme, services, notifications, the outlet context with
 * read and write permission on `keys`) against a fake server answering `handler`; 404 for the rest.
 */
export function renderPage(
  route: Pick<RouteDef, 'path'>,
  page: ReactElement,
  {
    language,
    keys = [],
    permissions: entries,
    search = '',
    handler,
  }: {
    /** Stored as the chosen language before rendering (absent: the one stored already). */
    language?: Language;
    keys?: string[];
    /** Exact permission entries instead of read and write on `keys`. */
    permissions?: PermissionEntry[];
    /** The address's query, e.g. `?from=2026-11-01`. */
    search?: string;
    /** An answer, or a promise of one (to hold a request back until the test lets it go). */
    handler: (config: FakeRequest) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;
  },
) {
  if (language) globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const { adapter, requests } = fakeAdapter(
    async (config) => (await handler(config)) ?? { status: 404, data: { message: `no ${config.url ?? ''}` } },
  );
  const storage = memoryStorage({
    [STORED_USER_KEY]: JSON.stringify({ token: 'tok', fullname: 'Ayu', last_login: null }),
  });
  const { io, sockets } = fakeIo();
  const services = createConsoleServices({ storage, adapter, io });
  const socket = createConsoleSocket({ getToken: services.token, io });
  const permissions: PermissionEntry[] =
    entries ?? keys.map((permission_key) => ({ permission_key, allow_read: 1, allow_write: 1 }));
  render(
    <AppLanguageProvider>
      <ThemeProvider>
        <ServicesContext.Provider value={services}>
          <NotificationsProvider>
            <MemoryRouter initialEntries={[`${route.path}${search}`]}>
              <Routes>
                <Route
                  path="/app"
                  element={<Outlet context={{ permissions, permissionsVersion: 1, socket }} />}
                >
                  <Route path={route.path.slice('/app/'.length)} element={page} />
                </Route>
              </Routes>
            </MemoryRouter>
          </NotificationsProvider>
        </ServicesContext.Provider>
      </ThemeProvider>
    </AppLanguageProvider>,
  );
  return { requests, sockets, user: userEvent.setup() };
}
