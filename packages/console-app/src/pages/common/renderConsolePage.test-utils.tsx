import type { ReactElement } from 'react';
import type { PermissionEntry } from '@staff/console-ui';
import type { FakeAnswer } from '../../api/testAdapter.js';
import { renderPage } from '../../test/renderPage.js';
import type { FakeRequest } from '../../api/testAdapter.js';

/**
 * Renders a page inside what the signed-in shell gives it at `path` (under /app), with exact `permissions`:
 * `renderPage` with a path instead of a route. For the pages' unit tests.
 */
export function renderConsolePage(
  page: ReactElement,
  options: {
    path: string;
    /** The address's query, e.g. `?from=2026-11-01`. */
    search?: string;
    permissions: PermissionEntry[];
    language?: 'en' | 'id';
    answer: (config: FakeRequest) => FakeAnswer;
  },
) {
  return renderPage({ path: `/app${options.path}` }, page, {
    ...(options.language ? { language: options.language } : {}),
    permissions: options.permissions,
    ...(options.search ? { search: options.search } : {}),
    handler: options.answer,
  });
}
