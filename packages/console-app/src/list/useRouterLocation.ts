import { useContext, useMemo } from 'react';
import { UNSAFE_NavigationContext, useLocation, useSearchParams } from 'react-router-dom';
import type { LocationAdapter } from '@staff/console-ui';

/**
 * The router's query string as console-ui's list controller takes it (the library does not import the router).
 *
 * A write is dropped once the history has moved to another path: react-router applies a new address in a
 * transition, so between a link press (or back/forward) and the next page's render the list page is still
 * mounted, and a write of its own (its preset or default view, written when its presets or saved views come in)
 * would resolve `?…` against its own path and take the person back to the page they left; the next page's guard
 * never ran (issue 34: the in-app route walk's visit that never saw its page check, e2e/routes.e2e.test.ts).
 */
export function useRouterLocation(): LocationAdapter {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  // The history itself (browser or memory): its location is the latest asked for, ahead of the render.
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const search = searchParams.toString();
  return useMemo(
    () => ({
      search,
      setSearch: (next, { replace }) => {
        const current = (navigator as { location?: { pathname?: string } }).location?.pathname;
        if (current !== undefined && current !== pathname) return;
        setSearchParams(new URLSearchParams(next), { replace });
      },
    }),
    [search, pathname, navigator, setSearchParams],
  );
}
