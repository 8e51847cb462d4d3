import { useContext, useMemo, type ReactNode } from 'react';
import type { ConsoleMessageSets } from '../i18n/messages.js';
import { MessagesContext, type MessagesByKey } from './messagesContext.js';

export { useMessages } from './messagesContext.js';

/**
 * Per-component overrides of visible strings, keyed by component (`dataTable`, `loginForm`…), each a part of that
 * component's messages: a misspelt key (`dataTabel`) or a text of the wrong type fails typecheck. A complete set
 * (`CONSOLE_MESSAGES_EN`, `consoleMessages('id')`) fits as it is. Each component also takes a `messages` prop;
 * the prop wins over the provider, the provider over the defaults.
 */
export type ConsoleMessagesOverrides = {
  [Key in keyof ConsoleMessageSets]?: Partial<ConsoleMessageSets[Key]>;
};

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
