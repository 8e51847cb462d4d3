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
