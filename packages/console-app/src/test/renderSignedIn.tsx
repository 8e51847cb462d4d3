import { render } from '@testing-library/react';
import { STORED_USER_KEY } from '@staff/console-contract';
import type { PermissionEntry, StoredUser } from '@staff/console-ui';
import { App } from '../App.js';
import { createConsoleServices } from '../services.js';
import { fakeAdapter, type FakeAnswer, type FakeRequest } from '../api/testAdapter.js';
import { fakeIo } from './fakeSocket.js';
import { memoryStorage } from './memoryStorage.js';

export interface SignedInBackend {
  user: StoredUser;
  /** The `___ca` answer's permissions. */
  permissions: PermissionEntry[];
  /** The `___pc` answer, given the check's query (key, mode, path). */
  pageCheck: (params: Record<string, unknown>) => FakeAnswer;
  language: 'en' | 'id';
}

/**
 * The routed app at `path` for a stored session, against a server double that answers the session's permissions,
 * the page check and the preferences; any other call (a page's own data) gets a 404.
 */
export function renderSignedIn(path: string, backend: SignedInBackend): void {
  const { adapter } = fakeAdapter((config: FakeRequest) => {
    const url = config.url ?? '';
    if (url === '/api/a/verify/___ca') return { status: 200, data: { permissions: backend.permissions } };
    if (url === '/api/a/verify/___pc')
      return backend.pageCheck({ ...(config.params as Record<string, unknown>) });
    if (url === '/api/me/preferences')
      return { status: 200, data: { language: backend.language, theme: 'system' } };
    return { status: 404, data: { message: `no ${url}` } };
  });
  const storage = memoryStorage({ [STORED_USER_KEY]: JSON.stringify(backend.user) });
  render(
    <App services={createConsoleServices({ storage, adapter, io: fakeIo().io })} initialEntries={[path]} />,
  );
}
