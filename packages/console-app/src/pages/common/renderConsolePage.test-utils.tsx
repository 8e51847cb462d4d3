import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { STORED_USER_KEY } from '@staff/console-contract';
import { ThemeProvider, type PermissionEntry } from '@staff/console-ui';
import { type FakeAnswer, fakeAdapter } from '../../api/testAdapter.js';
import { AppLanguageProvider, LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { createConsoleSocket } from '../../realtime/socket.js';
import { createConsoleServices, ServicesContext } from '../../services.js';
import { fakeIo } from '../../test/fakeSocket.js';
import { memoryStorage } from '../../test/memoryStorage.js';

/**
 * Renders a page inside what the signed-in shell gives it (services over a fake HTTP adapter, the outlet context
 * with `permissions`, the chosen language) at `path`. For the pages' unit tests.
 */
export function renderConsolePage(
  page: ReactElement,
  options: {
    path: string;
    /** The address's query, e.g. `?from=2026-11-01`. */
    search?: string;
    permissions: PermissionEntry[];
    language?: 'en' | 'id';
    answer: (config: InternalAxiosRequestConfig) => FakeAnswer;
  },
) {
  if (options.language) localStorage.setItem(LANGUAGE_STORAGE_KEY, options.language);
  const { adapter, requests } = fakeAdapter(options.answer);
  const storage = memoryStorage({
    [STORED_USER_KEY]: JSON.stringify({ token: 'tok', fullname: 'Ayu', last_login: null }),
  });
  const { io } = fakeIo();
  const services = createConsoleServices({ storage, adapter, io });
  const socket = createConsoleSocket({ getToken: services.token, io });
  const context = { permissions: options.permissions, permissionsVersion: 1, socket };
  render(
    <ThemeProvider>
      <AppLanguageProvider>
        <ServicesContext.Provider value={services}>
          <MemoryRouter initialEntries={[`/app${options.path}${options.search ?? ''}`]}>
            <Routes>
              <Route path="/app" element={<Outlet context={context} />}>
                <Route path={options.path.slice(1)} element={page} />
              </Route>
            </Routes>
          </MemoryRouter>
        </ServicesContext.Provider>
      </AppLanguageProvider>
    </ThemeProvider>,
  );
  return { requests, user: userEvent.setup() };
}
