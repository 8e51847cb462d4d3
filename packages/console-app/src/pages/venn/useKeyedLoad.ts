import { useCallback, useEffect, useState } from 'react';

export type KeyedLoad<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

/**
 * Loads whenever `key` changes (null: nothing to load) and keeps only the answer to the newest key; `retry`
 * loads the same key again. The state is derived from the key, so a stale answer never shows.
 */
export function useKeyedLoad<T>(
  key: string | null,
  load: () => Promise<T>,
  describe: (error: unknown) => string,
): { state: KeyedLoad<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; attempt: number; state: KeyedLoad<T> } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (data) => live && setResult({ key, attempt, state: { status: 'ready', data } }),
      (error: unknown) =>
        live && setResult({ key, attempt, state: { status: 'error', message: describe(error) } }),
    );
    return () => {
      live = false;
    };
    // `load` and `describe` belong to the key: a new closure for the same key is not a new request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: KeyedLoad<T> =
    key === null
      ? { status: 'idle' }
      : result && result.key === key && result.attempt === attempt
        ? result.state
        : { status: 'loading' };
  return { state, retry };
}
