import type { ResourceField } from '@staff/console-ui';
import type { AdminTexts } from './texts.js';

/** A user's own fields, as the create and edit forms show them (the server checks the same limits). */
export const userNameFields = (texts: AdminTexts['fields']): ResourceField[] => [
  {
    name: 'username',
    label: texts.username,
    type: 'text',
    required: true,
    maxLength: 64,
    help: texts.usernameHelp,
  },
  { name: 'full_name', label: texts.fullName, type: 'text', required: true, maxLength: 200 },
];

/** useEndpointForm's messages as ResourceForm takes them (a list per field); undefined when there are none. */
export function resourceFormErrors(
  errors: Partial<Record<string, string>>,
): Record<string, string[]> | undefined {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => !!entry[1]);
  return entries.length > 0 ? Object.fromEntries(entries.map(([name, text]) => [name, [text]])) : undefined;
}
