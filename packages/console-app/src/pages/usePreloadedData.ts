import { useCallback, useEffect, useState } from 'react';
import { preloadData, type Preloaded } from './preload.js';

export type DataState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

function fromRecord<T>(record: Preloaded<T>): DataState<T> {
  if (record.state.status === 'fulfilled') return { status: 'ready', data: record.state.value };
  if (record.state.status === 'rejected') return { status: 'error', error: record.state.error };
  return { status: 'loading' };
}

/**
 * Reads data a route started loading before the page mounted (see GuardedPage), and reloads on demand.
 * Data that already arrived shows in the first render. Without a start from the route, the load starts once the
 * component is committed: a render React throws away (a sibling that suspended, an interrupted transition) must
 * not ask the server.
 */
export function usePreloadedData<T>(initial: Preloaded<T> | undefined, load: () => Promise<T>) {
  const [record, setRecord] = useState<Preloaded<T> | null>(initial ?? null);
  // Bumped when the current record settles after mounting, to re-read it.
  const [, setSettledCount] = useState(0);

  useEffect(() => {
    let live = true;
    if (!record) {
      // Shown once it has settled; until then the state is loading either way.
      const started = preloadData(load);
      const show = () => {
        if (live) setRecord(started);
      };
      started.promise.then(show, show);
    } else {
      // Also when it settled already: a page prerendered hidden (GuardedPage) rendered it pending, and being
      // revealed does not render it again.
      const rerender = () => {
        if (live) setSettledCount((n) => n + 1);
      };
      record.promise.then(rerender, rerender);
    }
    return () => {
      live = false;
    };
  }, [record, load]);

  const reload = useCallback(() => setRecord(preloadData(load)), [load]);
  return { state: record ? fromRecord(record) : LOADING, reload };
}

const LOADING: DataState<never> = { status: 'loading' };
