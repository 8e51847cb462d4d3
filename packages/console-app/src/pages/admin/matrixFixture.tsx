import { render } from '@testing-library/react';
import { findRoute } from '@staff/console-contract';
import { NotificationsProvider, ThemeProvider } from '@staff/console-ui';
import { ServicesContext, createConsoleServices } from '../../services.js';
import { fakeAdapter, type FakeAnswer, type FakeRequest } from '../../api/testAdapter.js';
import { memoryStorage } from '../../test/memoryStorage.js';
import { AppLanguageProvider } from '../../i18n.js';
import type { PermissionMatrix } from './adminApi.js';
import UserPermissionsPage from './UserPermissionsPage.js';

/** Tests' fixture: two keys, two sets (one holding a key). */
export const MATRIX: PermissionMatrix = {
  keys: [
    {
      key: 'ad_daily_tracker',
      pages: [{ id: 'adset', path: '/app/reports/adset', title: 'Adset Report', group: 'Reports' }],
      menu_groups: [{ id: 'reports', label: 'Reports' }],
    },
    {
      key: 'statistics',
      pages: [
        {
          id: 'usage-statistic',
          path: '/app/usage-statistic',
          title: 'Usage Statistics',
          group: 'Statistics',
        },
      ],
      menu_groups: [{ id: 'statistics', label: 'Statistics' }],
    },
  ],
  sets: [
    {
      id: 1,
      name: 'Reports',
      description: '',
      version: 3,
      user_count: 2,
      entries: [{ key: 'ad_daily_tracker', read: true, write: false }],
    },
    { id: 2, name: 'Stats', description: '', version: 1, user_count: 0, entries: [] },
  ],
};

/** The permission matrix page alone over a fake server answering MATRIX; `save` answers the PUT. Returns the requests. */
export function renderMatrix(save: (config: FakeRequest) => FakeAnswer) {
  const { adapter, requests } = fakeAdapter((config) =>
    config.method === 'put' ? save(config) : { status: 200, data: MATRIX },
  );
  const services = createConsoleServices({ storage: memoryStorage(), adapter });
  render(
    <ServicesContext.Provider value={services}>
      <AppLanguageProvider>
        <ThemeProvider>
          <NotificationsProvider>
            <UserPermissionsPage route={findRoute('/app/administration/user-permissions/')!} />
          </NotificationsProvider>
        </ThemeProvider>
      </AppLanguageProvider>
    </ServicesContext.Provider>,
  );
  return requests;
}
