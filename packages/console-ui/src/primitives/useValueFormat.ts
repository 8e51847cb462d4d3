import { useMemo } from 'react';
import { FIELD_VALUE_WORDS, type FormatOptions } from '../resource.js';
import { useMessages } from '../theme/messages.js';

/** A component's format options with the words of the console's language (key `values`) unless it gave its own. */
export function useValueFormat(options: FormatOptions | undefined): FormatOptions {
  const words = useMessages('values', FIELD_VALUE_WORDS);
  return useMemo(() => ({ ...options, words: options?.words ?? words }), [options, words]);
}
