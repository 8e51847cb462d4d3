/**
 * The spec's named delays (section 9) as the app hands them to console-ui's machines. Unset, every machine keeps
 * its spec value. A test harness may shorten them by setting `window.__CONSOLE_DELAYS__` before the app's scripts
 * run (the e2e files do, except those that check the delays themselves), so a flow is not spent waiting out
 * 0.75 s floors and 2 s holds. It changes only the timing of the page it is set in, never what the server allows.
 */
export interface ConsoleDelays {
  /** Page guard's display floor (0.75 s). */
  PAGE_GUARD_DELAY?: number;
  /** Login button's success hold (2 s). */
  LOGIN_SUCCESS_HOLD?: number;
  /** Start screen's redirect delay (0.5 s). */
  START_REDIRECT?: number;
  /** Permission refresh spinner's floor (1 s). */
  REFRESH_SPINNER?: number;
}

declare global {
  interface Window {
    __CONSOLE_DELAYS__?: ConsoleDelays;
  }
}

/** The last object read and what came of it: the same overrides give the same objects (stable props). */
let cache: { given: unknown; picked: Map<string, Partial<ConsoleDelays> | undefined> } | undefined;

/**
 * The overrides for one machine, or undefined when none is set (so the component keeps its spec values). Only
 * finite, non-negative numbers count.
 */
export function delaysFor<K extends keyof ConsoleDelays>(
  ...names: K[]
): Partial<Record<K, number>> | undefined {
  const given = typeof window === 'undefined' ? undefined : window.__CONSOLE_DELAYS__;
  if (!cache || cache.given !== given) cache = { given, picked: new Map() };
  const key = names.join(',');
  if (!cache.picked.has(key)) {
    const picked: Partial<Record<K, number>> = {};
    for (const name of names) {
      const value = given && typeof given === 'object' ? given[name] : undefined;
      if (typeof value === 'number' && Number.isFinite(value) && value >= 0) picked[name] = value;
    }
    cache.picked.set(key, Object.keys(picked).length > 0 ? picked : undefined);
  }
  return cache.picked.get(key) as Partial<Record<K, number>> | undefined;
}
