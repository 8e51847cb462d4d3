import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LocationAdapter } from '@staff/console-ui';

/** The router's query string as console-ui's list controller takes it (the library does not import the router). */
export function useRouterLocation(): LocationAdapter {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  return useMemo(
    () => ({
      search,
      setSearch: (next, { replace }) => setSearchParams(new URLSearchParams(next), { replace }),
    }),
    [search, setSearchParams],
  );
}
