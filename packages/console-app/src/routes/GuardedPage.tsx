import { Suspense, useState } from 'react';
import type { RouteDef } from '@staff/console-contract';
import {
  PAGE_GUARD_DELAYS,
  PermissionGuard,
  PermissionGuardDenied,
  type CheckPermissionFn,
} from '@staff/console-ui';
import { pageFor } from '../pages/registry.js';
import { useServices } from '../services.js';
import { AllowedPagesLinks } from './AllowedPagesLinks.js';
import { PageFrame } from './PageFrame.js';
import { useConsoleContext } from './consoleContext.js';
import { navigationAge } from './navigationClock.js';

/**
 * One route of the table: the guard's server check, the page's code and its first data all start in the same
 * render, and the page itself renders hidden meanwhile, so it is complete when the guard's 0.75 s floor ends
 * rather than after it. Meanwhile the page's frame (title, toolbar, skeleton) stands in for it rather than a
 * blank spinner.
 */
export function GuardedPage({ route }: { route: RouteDef }) {
  const services = useServices();
  const { permissions, permissionsVersion } = useConsoleContext();
  const page = pageFor(route.id);
  // Started once per visit (the route element is keyed by path), before the guard's check effect runs.
  const [started] = useState(() => {
    void page.preload().catch(() => undefined); // a failed chunk shows through Suspense on render
    // A page open to every signed-in user has nothing to ask the server (its data call still needs the session).
    const check: CheckPermissionFn =
      route.access === 'signed-in' ? async () => true : services.checkPermissionFor(route.path);
    // The floor counts from the link press, not from this mount (see navigationClock).
    const floor = Math.max(0, PAGE_GUARD_DELAYS.PAGE_GUARD_DELAY - navigationAge());
    return { data: page.loadData?.(services), check, delays: { PAGE_GUARD_DELAY: floor } };
  });
  const Component = page.Component;

  return (
    <PermissionGuard
      permissionKey={route.key}
      check={started.check}
      title={route.title}
      recheckToken={permissionsVersion}
      delays={started.delays}
      // Rendered hidden during the check, so at the floor the page is revealed rather than rendered.
      prerender
      loading={<PageFrame route={route} />}
      denied={
        <>
          <PermissionGuardDenied />
          <AllowedPagesLinks permissions={permissions} exceptPath={route.path} />
        </>
      }
    >
      <Suspense fallback={<PageFrame route={route} />}>
        <Component route={route} data={started.data as never} />
      </Suspense>
    </PermissionGuard>
  );
}
