// The overrides' context and the hook every component reads its strings with. Apart from the provider, whose
// props are typed by every component's message set: a component's messages module imports this one, so the
// language sets (i18n/messages.tsx) never import a module that imports them back.
import { createContext, useContext, useMemo } from 'react';

/** What the context holds: the overrides, looked up by each component's key. */
export type MessagesByKey = Partial<Record<string, object>>;

export const MessagesContext = createContext<MessagesByKey>({});

/** The strings a component shows: its defaults, then the provider's overrides for `key`, then the prop's. */
export function useMessages<M extends object>(key: string, defaults: M, overrides?: Partial<M>): M {
  const fromProvider = useContext(MessagesContext)[key] as Partial<M> | undefined;
  return useMemo(() => ({ ...defaults, ...fromProvider, ...overrides }), [defaults, fromProvider, overrides]);
}
