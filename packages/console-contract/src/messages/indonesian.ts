import type * as IndonesianTexts from './translateId.js';

let loaded: typeof IndonesianTexts | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the Indonesian error catalogue (errorTexts.ts with the entity labels it fills in, ~60 KB minified): a
 * separate chunk in the browser, fetched only for Indonesian (issue 33, ADR 043). Until it resolves,
 * `translateMessage(text, 'id')` gives texts back as sent, so the app applies Indonesian only once it has
 * resolved (`AppLanguageProvider`, `renderConsole`). Once is enough; a failed load is tried again on the next call.
 */
export function loadIndonesianTexts(): Promise<void> {
  loading ??= import('./translateId.js').then(
    (module) => {
      loaded = module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether `loadIndonesianTexts` has resolved: `translateMessage(text, 'id')` translates from now on. */
export const indonesianTextsLoaded = (): boolean => loaded !== null;

/** The Indonesian half of `translateMessage`, once loaded. */
export const indonesianTexts = (): typeof IndonesianTexts | null => loaded;
