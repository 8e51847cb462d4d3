import type { ResourceField } from '@staff/console-ui';

/** A user's own fields, as the create and edit forms show them (the server checks the same limits). */
export const USER_NAME_FIELDS: ResourceField[] = [
  {
    name: 'username',
    label: 'Username',
    type: 'text',
    required: true,
    maxLength: 64,
    help: '3–64 letters, digits, dots, dashes or underscores.',
  },
  { name: 'full_name', label: 'Full name', type: 'text', required: true, maxLength: 200 },
];
