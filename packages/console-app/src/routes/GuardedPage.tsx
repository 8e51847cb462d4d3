import { Suspense, useState } from 'react';
import type { RouteDef } from '@staff/console-contract';
import { PermissionGuard, PermissionGuardDenied, PermissionGuardLoading } from '@staff/console-ui';
import { pageFor } from '../pages/registry.js';
import { useServices } from '../services.js';
import { AllowedPagesLinks } from './AllowedPagesLinks.js';
import { useConsoleContext } from './consoleContext.js';

/**
 * One route of the table: the guard's server check, the page's code and its first data all start in the same
 * render, so the page is complete when the guard's 0.75 s floor ends rather than after it.
 */
export function GuardedPage({ route }: { route: RouteDef }) {
  const services = useServices();
  const { permissions, permissionsVersion } = useConsoleContext();
  const page = pageFor(route.id);
  // Started once per visit (the route element is keyed by path), before the guard's check effect runs.
  const [started] = useState(() => {
    void page.preload().catch(() => undefined); // a failed chunk shows through Suspense on render
    return { data: page.loadData?.(services), check: services.checkPermissionFor(route.path) };
  });
  const Component = page.Component;

  return (
    <PermissionGuard
      permissionKey={route.key}
      check={started.check}
      title={route.title}
      recheckToken={permissionsVersion}
      denied={
        <>
          <PermissionGuardDenied />
          <AllowedPagesLinks permissions={permissions} exceptPath={route.path} />
        </>
      }
    >
      <Suspense fallback={<PermissionGuardLoading label="Loading page…" />}>
        <Component route={route} data={started.data as never} />
      </Suspense>
    </PermissionGuard>
  );
}
