/**
 * A dynamic import made once and shared by every caller; a failed one (the network went away) is forgotten,
 * so the next call tries again.
 *
 * @example
 * ```tsx
 * const loadCharts = cachedImport(() => import('./charts.js'));
 * ```
 */
export function cachedImport<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
