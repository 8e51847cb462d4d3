import type { StorageAdapter } from '@staff/console-ui';

/** A `Storage`-like map for tests. */
export function memoryStorage(
  initial: Record<string, string> = {},
): StorageAdapter & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
