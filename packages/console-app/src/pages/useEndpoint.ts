import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AnyEndpoint, EndpointInput, EndpointResponse } from '@staff/console-contract';
import { ApiError } from '../api/apiError.js';
import { type ConsoleOutletContext, useConsoleContext } from '../routes/consoleContext.js';
import { useServices } from '../services.js';
import type { ConsoleSocket } from '../realtime/socket.js';
import type { Preloaded } from './preload.js';
import { subscribeToChanges } from './resources/useResourceChanges.js';

/** One load as a value: what `LoadState` shows (a status line, an error with retry, or the data). */
export type DataState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

export interface UseEndpointOptions<T> {
  /** The route's start of this very call (GuardedPage's `data`): its answer is shown instead of asking again. */
  preloaded?: Preloaded<T> | undefined;
  /** Reload quietly when the endpoint's `topic` is pushed, and after the socket reconnects. */
  live?: boolean;
  /** False: nothing to load yet (a choice the page still waits for); nothing is asked and the state is loading. */
  enabled?: boolean;
}

export interface EndpointData<T> {
  /** The latest answer; kept while a new input or a reload is on its way. */
  data: T | undefined;
  /** The latest failure for the current input, cleared by the next answer. */
  error: ApiError | null;
  /** No answer for the current input yet (or a retry after a failure). A quiet reload does not count. */
  loading: boolean;
  /**
   * Asks again for the current input: shown as loading after a failure, quietly over data already shown. Stable
   * across renders; one kept from an earlier render still asks for the latest input.
   */
  reload: () => void;
  /** The same as one value, for `LoadState`. */
  state: DataState<T>;
}

interface Snapshot<T> {
  data: T | undefined;
  error: ApiError | null;
  /** The input whose answer (data or error) is shown. */
  shownKey: string | null;
  /** A retry the user asked for after a failure. */
  retrying: boolean;
}

type UntypedCall = (
  endpoint: AnyEndpoint,
  input: unknown,
  options: { signal: AbortSignal },
) => Promise<unknown>;

/**
 * What the endpoint loaders (`useEndpoint`, `useEndpointPages`) work with: `call()` for any endpoint (each hook
 * types its answer), and the shell's socket, none outside the signed-in shell (no outlet context: nothing is live).
 */
export function useEndpointServices(): { call: UntypedCall; socket: ConsoleSocket | undefined } {
  const call = useServices().call as unknown as UntypedCall;
  const socket = (useConsoleContext() as ConsoleOutletContext | undefined)?.socket;
  return { call, socket };
}

function fromPreloaded<T>(record: Preloaded<T> | undefined, key: string): Snapshot<T> {
  const state = record?.state;
  if (state?.status === 'fulfilled')
    return { data: state.value, error: null, shownKey: key, retrying: false };
  if (state?.status === 'rejected')
    return { data: undefined, error: ApiError.from(state.error), shownKey: key, retrying: false };
  return { data: undefined, error: null, shownKey: null, retrying: false };
}

/**
 * Loads one contract endpoint for a page (docs/adr/050-endpoints-and-one-client.md): through `call()`, so the answer
 * is parsed and a failure is an ApiError; aborted when the page unmounts or the input changes; reloaded quietly
 * when the endpoint's realtime topic is pushed (`live`). The load starts once the component is committed: a render
 * React throws away never asks the server.
 * @example
 * const { data, error, loading } = useEndpoint(meetingsEndpoints.schedule, { query: { from, days } }, { live: true });
 */
export function useEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: UseEndpointOptions<EndpointResponse<E>> = {},
): EndpointData<EndpointResponse<E>> {
  type T = EndpointResponse<E>;
  const { call, socket } = useEndpointServices();
  // The input by value: callers pass a fresh object each render.
  const key = JSON.stringify(input ?? {});
  const request = useMemo(() => JSON.parse(key) as unknown, [key]);
  const [snapshot, setSnapshot] = useState<Snapshot<T>>(() => fromPreloaded(options.preloaded, key));
  // The route's start answers the input it was started for, until the page asks again.
  const preload = useRef(options.preloaded ? { key, record: options.preloaded } : null);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(
    (fromRoute: Preloaded<T> | null) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const answer = fromRoute ? fromRoute.promise : (call(endpoint, request, controller) as Promise<T>);
      answer.then(
        (data) => {
          if (controller.signal.aborted) return;
          setSnapshot((previous) =>
            previous.shownKey === key && previous.data === data && !previous.error && !previous.retrying
              ? previous
              : { data, error: null, shownKey: key, retrying: false },
          );
        },
        (failure: unknown) => {
          const error = ApiError.from(failure);
          if (controller.signal.aborted || error.aborted) return;
          setSnapshot((previous) => ({ ...previous, error, shownKey: key, retrying: false }));
        },
      );
      return controller;
    },
    [call, endpoint, request, key],
  );

  const enabled = options.enabled ?? true;
  useEffect(() => {
    if (!enabled) return undefined;
    const fromRoute = preload.current?.key === key ? preload.current.record : null;
    if (!fromRoute) preload.current = null;
    const controller = load(fromRoute);
    return () => controller.abort();
  }, [load, key, enabled]);

  // The latest render's load: a reload() kept from an earlier render (called after an await, when the input may
  // have changed) asks for the current input, not the one of its render, whose answer would be dropped.
  const latest = useRef({ load, enabled });
  useEffect(() => {
    latest.current = { load, enabled };
  }, [load, enabled]);

  const quietReload = useCallback(() => {
    if (!latest.current.enabled) return;
    preload.current = null;
    latest.current.load(null);
  }, []);

  const reload = useCallback(() => {
    setSnapshot((previous) => (previous.error ? { ...previous, retrying: true } : previous));
    quietReload();
  }, [quietReload]);

  const live = options.live ?? false;
  const topic = endpoint.topic;
  useEffect(
    () => (live && topic && socket ? subscribeToChanges(socket, topic, quietReload) : undefined),
    [live, topic, socket, quietReload],
  );

  const loading = !enabled || snapshot.shownKey !== key || snapshot.retrying;
  const { data, error } = snapshot;
  const state: DataState<T> = loading
    ? { status: 'loading' }
    : error
      ? { status: 'error', error }
      : { status: 'ready', data: data as T };
  return { data, error, loading, reload, state };
}
