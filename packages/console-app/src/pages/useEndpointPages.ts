import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnyEndpoint, EndpointInput, EndpointResponse } from '@staff/console-contract';
import { ApiError } from '../api/apiError.js';
import { subscribeToChanges } from './resources/useResourceChanges.js';
import { useEndpointServices } from './useEndpoint.js';

export interface UseEndpointPagesOptions<P, Row, I> {
  /** The rows of one page of the answer. */
  rowsOf: (page: P) => Row[];
  /** The cursor of the page after this one; null on the last. */
  cursorOf: (page: P) => string | null;
  /** The input that asks for the page at `cursor`. */
  withCursor: (input: I, cursor: string) => I;
  /** A row's identity: a refreshed first page replaces the rows it holds among those paged in after it. */
  idOf: (row: Row) => string | number;
  /**
   * Refresh the first page quietly when the endpoint's `topic` is pushed (a burst of pushes refreshes once) and
   * after the socket reconnects.
   */
  live?: boolean;
}

/** The pages of the current input: loading, failed (with a retry), or the rows paged in so far. */
export type PagesState<P, Row> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | {
      status: 'ready';
      rows: Row[];
      first: P;
      hasMore: boolean;
      /** The last `loadMore()` failed (cleared when one answers): the page says so and offers it again. */
      moreError: ApiError | null;
    };

export interface EndpointPages<P, Row> {
  state: PagesState<P, Row>;
  /** Asks for the next page and appends its rows (nothing when there is none or one is on its way). */
  loadMore: () => Promise<void>;
  /**
   * Asks for the first page again, quietly: the rows paged in after it stay (less those it now holds), and a
   * failure leaves the screen as it was. Stable across renders; asks for the latest input.
   */
  refresh: () => Promise<void>;
  /** After a failure: shown as loading, asks again. */
  retry: () => void;
}

type Loaded<P, Row> =
  | { key: string; status: 'error'; error: ApiError }
  | {
      key: string;
      status: 'ready';
      first: P;
      rows: Row[];
      firstCount: number;
      next: string | null;
      moreError: ApiError | null;
    };

/**
 * A keyset-paged endpoint for a page (docs/adr/050-endpoints-and-one-client.md), the paged companion of
 * `useEndpoint`: the first page of the input through `call()` (parsed, failures are ApiErrors, aborted when the
 * input changes or the page unmounts), later pages appended on `loadMore()` (a failure is `moreError`, for the page
 * to say and offer again), and quiet refreshes of the first page (live pushes, after a write) that keep what was
 * paged in beyond it.
 * @example
 * const pages = useEndpointPages(chatsEndpoints.list, { query: { filter, limit: 200 } }, {
 *   rowsOf: (page) => page.data, cursorOf: (page) => page.next_cursor, idOf: (row) => row.id,
 *   withCursor: (input, cursor) => ({ query: { ...input.query, cursor } }), live: true,
 * });
 */
export function useEndpointPages<E extends AnyEndpoint, Row>(
  endpoint: E,
  input: EndpointInput<E>,
  options: UseEndpointPagesOptions<EndpointResponse<E>, Row, EndpointInput<E>>,
): EndpointPages<EndpointResponse<E>, Row> {
  type P = EndpointResponse<E>;
  const { call, socket } = useEndpointServices();
  const [attempt, setAttempt] = useState(0);
  // The input by value (callers pass a fresh object each render), and the retry that asks for it again.
  const inputKey = JSON.stringify(input ?? {});
  const key = `${attempt}:${inputKey}`;
  const [loaded, setLoaded] = useState<Loaded<P, Row> | null>(null);
  const shape = useRef(options);
  useEffect(() => {
    shape.current = options;
  });

  const fetchFirst = useCallback(
    async (refresh: boolean, signal: AbortSignal) => {
      try {
        const page = (await call(endpoint, JSON.parse(inputKey), { signal })) as P;
        if (signal.aborted) return;
        const { rowsOf, cursorOf, idOf } = shape.current;
        const fresh = rowsOf(page);
        setLoaded((current) => {
          // A refresh answering after the input changed is not this input's.
          if (refresh && current?.key !== key) return current;
          const same = current?.key === key && current.status === 'ready' ? current : null;
          const ids = new Set(fresh.map(idOf));
          const older =
            refresh && same ? same.rows.slice(same.firstCount).filter((row) => !ids.has(idOf(row))) : [];
          return {
            key,
            status: 'ready',
            first: page,
            rows: [...fresh, ...older],
            firstCount: fresh.length,
            next: older.length > 0 && same ? same.next : cursorOf(page),
            moreError: same?.moreError ?? null,
          };
        });
      } catch (failure) {
        const error = ApiError.from(failure);
        if (signal.aborted || error.aborted || refresh) return;
        setLoaded({ key, status: 'error', error });
      }
    },
    [call, endpoint, inputKey, key],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchFirst(false, controller.signal);
    return () => controller.abort();
  }, [fetchFirst]);

  // The latest render's fetch: a refresh kept from an earlier render (a socket handler, after an await) asks for
  // the current input.
  const latest = useRef(fetchFirst);
  useEffect(() => {
    latest.current = fetchFirst;
  }, [fetchFirst]);
  const refresh = useCallback(() => latest.current(true, new AbortController().signal), []);

  const live = options.live ?? false;
  const topic = endpoint.topic;
  useEffect(() => {
    if (!live || !topic || !socket) return undefined;
    let pending = false;
    return subscribeToChanges(socket, topic, () => {
      // Bursts (a bot answering many customers) coalesce into one refresh.
      if (pending) return;
      pending = true;
      queueMicrotask(() => {
        pending = false;
        void refresh();
      });
    });
  }, [live, topic, socket, refresh]);

  const shown = loaded?.key === key ? loaded : null;
  const paging = useRef(false);
  const loadMore = useCallback(async () => {
    if (!shown || shown.status !== 'ready' || !shown.next || paging.current) return;
    paging.current = true;
    const { withCursor, rowsOf, cursorOf } = shape.current;
    try {
      const page = (await call(endpoint, withCursor(JSON.parse(inputKey), shown.next), {
        signal: new AbortController().signal,
      })) as P;
      setLoaded((current) =>
        current?.key === key && current.status === 'ready'
          ? { ...current, rows: [...current.rows, ...rowsOf(page)], next: cursorOf(page), moreError: null }
          : current,
      );
    } catch (failure) {
      const error = ApiError.from(failure);
      setLoaded((current) =>
        current?.key === key && current.status === 'ready' ? { ...current, moreError: error } : current,
      );
    } finally {
      paging.current = false;
    }
  }, [call, endpoint, inputKey, key, shown]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: PagesState<P, Row> = !shown
    ? { status: 'loading' }
    : shown.status === 'error'
      ? { status: 'error', error: shown.error }
      : {
          status: 'ready',
          rows: shown.rows,
          first: shown.first,
          hasMore: shown.next !== null,
          moreError: shown.moreError,
        };
  return { state, loadMore, refresh, retry };
}
