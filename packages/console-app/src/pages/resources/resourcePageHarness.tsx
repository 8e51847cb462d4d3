// Test harness: a master-data route's page inside the shell's providers, against a fake server.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Language } from '@staff/console-contract';
import type { PermissionEntry } from '@staff/console-ui';
import type { FakeAnswer } from '../../api/testAdapter.js';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { renderPage, routeOf } from '../../test/renderPage.js';
import ResourcePage from './ResourcePage.js';
import type { FakeRequest } from '../../api/testAdapter.js';

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
  answer: (config: FakeRequest) => FakeAnswer | undefined;
  search?: string;
  language?: Language;
  /** Rendered beside the page inside the providers (e.g. a control that changes the language). */
  beside?: ReactNode;
}) {
  const route = routeOf(options.routeId);
  if (!options.language) globalThis.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  const rendered = renderPage(
    route,
    <>
      <ResourcePage route={route} />
      <Where />
      {options.beside}
    </>,
    {
      ...(options.language ? { language: options.language } : {}),
      permissions: options.permissions,
      ...(options.search ? { search: options.search } : {}),
      handler: options.answer,
    },
  );
  return { route, ...rendered };
}
