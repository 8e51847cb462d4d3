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
 * Data that already arrived shows in the first render.
 */
export function usePreloadedData<T>(initial: Preloaded<T> | undefined, load: () => Promise<T>) {
  const [record, setRecord] = useState<Preloaded<T>>(() => initial ?? preloadData(load));
  // Bumped when the current record settles after mounting, to re-read it.
  const [, setSettledCount] = useState(0);

  useEffect(() => {
    // Also when it settled already: a page prerendered hidden (GuardedPage) rendered it pending, and being
    // revealed does not render it again.
    let live = true;
    const rerender = () => {
      if (live) setSettledCount((n) => n + 1);
    };
    record.promise.then(rerender, rerender);
    return () => {
      live = false;
    };
  }, [record]);

  const reload = useCallback(() => setRecord(preloadData(load)), [load]);
  return { state: fromRecord(record), reload };
}
