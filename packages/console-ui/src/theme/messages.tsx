import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ConsoleMessageSets } from '../i18n/messages.js';

/**
 * Per-component overrides of visible strings, keyed by component (`dataTable`, `loginForm`…), each a part of that
 * component's messages: a misspelt key (`dataTabel`) or a text of the wrong type fails typecheck. A complete set
 * (`CONSOLE_MESSAGES_EN`, `consoleMessages('id')`) fits as it is. Each component also takes a `messages` prop;
 * the prop wins over the provider, the provider over the defaults.
 */
export type ConsoleMessagesOverrides = {
  [Key in keyof ConsoleMessageSets]?: Partial<ConsoleMessageSets[Key]>;
};

/** What the context holds: the overrides, looked up by each component's key. */
type MessagesByKey = Partial<Record<string, object>>;

const MessagesContext = createContext<MessagesByKey>({});

export interface ConsoleMessagesProviderProps {
  messages: ConsoleMessagesOverrides;
  children?: ReactNode;
}

/**
 * Replaces visible strings for every console-ui component below it, e.g. an English LoginForm:
 *
 * @example
 * ```tsx
 * <ConsoleMessagesProvider messages={{ loginForm: { intro: 'Please sign in.' }, dataTable: { empty: 'Nothing here' } }}>
 *   <App />
 * </ConsoleMessagesProvider>
 * ```
 */
export function ConsoleMessagesProvider({ messages, children }: ConsoleMessagesProviderProps) {
  const outer = useContext(MessagesContext);
  const merged = useMemo(() => {
    const next: MessagesByKey = { ...outer };
    for (const [key, value] of Object.entries(messages as MessagesByKey))
      next[key] = { ...outer[key], ...value };
    return next;
  }, [outer, messages]);
  return <MessagesContext.Provider value={merged}>{children}</MessagesContext.Provider>;
}

/** The strings a component shows: its defaults, then the provider's overrides for `key`, then the prop's. */
export function useMessages<M extends object>(key: string, defaults: M, overrides?: Partial<M>): M {
  const fromProvider = useContext(MessagesContext)[key] as Partial<M> | undefined;
  return useMemo(() => ({ ...defaults, ...fromProvider, ...overrides }), [defaults, fromProvider, overrides]);
}
