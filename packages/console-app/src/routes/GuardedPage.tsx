import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { RouteDef } from '@staff/console-contract';
import { PermissionGuard, PermissionGuardDenied, type CheckPermissionFn } from '@staff/console-ui';
import { delaysFor } from '../delays.js';
import { pageFor } from '../pages/registry.js';
import { useServices } from '../services.js';
import { AllowedPagesLinks } from './AllowedPagesLinks.js';
import { PageFrame } from './PageFrame.js';
import { useConsoleContext } from './consoleContext.js';
import { navigationStartedAt } from './navigationClock.js';

interface VisitStart {
  data: unknown;
  check: CheckPermissionFn;
  floorFrom: number;
}

/** Starts made by renders not committed yet, by visit (history entry and route). */
const uncommitted = new Map<string, VisitStart>();

/**
 * One route of the table: the guard's server check, the page's code and its first data all start in the same
 * render, and the page itself is mounted covered meanwhile (invisible, inert; laid out, its effects run), so it
 * is complete when the guard's 0.75 s floor ends rather than after it. Its frame (title, toolbar, skeleton) is the
 * cover, rather than a blank spinner.
 */
export function GuardedPage({ route }: { route: RouteDef }) {
  const services = useServices();
  const { permissions, permissionsVersion } = useConsoleContext();
  const page = pageFor(route.id);
  const location = useLocation();
  const visit = `${location.key} ${route.id}`;
  // Started once per visit (the route element is keyed by path), before the guard's check effect runs. A render
  // React throws away (a sibling suspended, a navigation's transition restarted) leaves its start for the next.
  const [started] = useState(() => {
    const pending = uncommitted.get(visit);
    if (pending) return pending;
    void page.preload().catch(() => undefined); // a failed chunk shows through Suspense on render
    // A page open to every signed-in user has nothing to ask the server (its data call still needs the session).
    const check: CheckPermissionFn =
      route.access === 'signed-in' ? async () => true : services.checkPermissionFor(route.path);
    // The floor counts from the link press, not from this mount (see navigationClock).
    const start: VisitStart = {
      data: page.loadData?.(services, location.search),
      check,
      floorFrom: navigationStartedAt(),
    };
    uncommitted.set(visit, start);
    return start;
  });
  // Committed: no render of this or of an abandoned visit needs a kept start now (Back to this entry starts afresh).
  useEffect(() => uncommitted.clear(), []);
  const Component = page.Component;

  return (
    <PermissionGuard
      permissionKey={route.key}
      check={started.check}
      title={route.title}
      recheckToken={permissionsVersion}
      floorFrom={started.floorFrom}
      delays={delaysFor('PAGE_GUARD_DELAY')}
      // Mounted under its frame during the check, so at the floor the frame comes off and nothing else happens.
      prerender="covered"
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
