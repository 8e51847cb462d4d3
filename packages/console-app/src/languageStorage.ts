import type { Language } from '@staff/console-contract';

/** The last choice, cached so the first paint after a reload is already in it (the server's value wins once read). */
export const LANGUAGE_STORAGE_KEY = 'console-language';

/**
 * The language stored in this browser, null when none is (or storage is closed). Kept apart from i18n.tsx so the
 * entry (main.tsx) can read it without the texts: it starts an Indonesian user's error catalogue beside the console.
 */
export function storedLanguageChoice(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'id' || value === 'en' ? value : null;
  } catch {
    return null;
  }
}
