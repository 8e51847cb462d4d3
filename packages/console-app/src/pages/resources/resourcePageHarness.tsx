// Test harness: a master-data route's page inside the shell's providers, against a fake server.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import type { InternalAxiosRequestConfig } from 'axios';
import { ROUTES, STORED_USER_KEY, type Language } from '@staff/console-contract';
import { NotificationsProvider, ThemeProvider, type PermissionEntry } from '@staff/console-ui';
import { fakeAdapter, type FakeAnswer } from '../../api/testAdapter.js';
import { AppLanguageProvider, LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { createConsoleServices, ServicesContext } from '../../services.js';
import { fakeIo } from '../../test/fakeSocket.js';
import { createConsoleSocket } from '../../realtime/socket.js';
import { memoryStorage } from '../../test/memoryStorage.js';
import ResourcePage from './ResourcePage.js';

function Where() {
  return <output data-testid="location">{useLocation().search}</output>;
}

/**
 * Renders the route's ResourcePage with the shell's socket and `permissions` in the outlet context (as
 * ConsoleLayout hands them), at the route's path plus `search`. `answer` plays the server (undefined: 404);
 * `language` is stored as the user's choice first (English when left out).
 */
export function renderResourcePage(options: {
  routeId: string;
  permissions: PermissionEntry[];
  answer: (config: InternalAxiosRequestConfig) => FakeAnswer | undefined;
  search?: string;
  language?: Language;
  /** Rendered beside the page inside the providers (e.g. a control that changes the language). */
  beside?: ReactNode;
}) {
  const route = ROUTES.find((candidate) => candidate.id === options.routeId)!;
  if (options.language) globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, options.language);
  else globalThis.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  const { adapter, requests } = fakeAdapter(
    (config) => options.answer(config) ?? { status: 404, data: { message: 'not here' } },
  );
  const storage = memoryStorage({
    [STORED_USER_KEY]: JSON.stringify({ token: 'tok', fullname: 'Ayu', last_login: null }),
  });
  const { io, sockets } = fakeIo();
  const services = createConsoleServices({ storage, adapter, io });
  const socket = createConsoleSocket({ getToken: services.token, io });
  const { permissions } = options;
  render(
    <AppLanguageProvider>
      <ThemeProvider>
        <ServicesContext.Provider value={services}>
          <NotificationsProvider>
            <MemoryRouter initialEntries={[`${route.path}${options.search ?? ''}`]}>
              <Routes>
                <Route
                  path="/app"
                  element={<Outlet context={{ permissions, permissionsVersion: 1, socket }} />}
                >
                  <Route
                    path={route.path.slice('/app/'.length)}
                    element={
                      <>
                        <ResourcePage route={route} />
                        <Where />
                        {options.beside}
                      </>
                    }
                  />
                </Route>
              </Routes>
            </MemoryRouter>
          </NotificationsProvider>
        </ServicesContext.Provider>
      </ThemeProvider>
    </AppLanguageProvider>,
  );
  return { route, requests, sockets, user: userEvent.setup() };
}
