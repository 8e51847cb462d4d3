import { useMessages } from '../../theme/messagesContext.js';

/**
 * Every visible string of ResourceForm and its inputs (MoneyInput, SecretInput, TagsInput, RelationSelect),
 * replaceable through a `messages` prop or `ConsoleMessagesProvider` under the key `resourceForm`. Messages with
 * a number or a name receive it already formatted.
 */
export interface ResourceFormMessages {
  create: string;
  save: string;
  saving: string;
  cancel: string;
  unsavedChanges: string;
  /** The banner when the record changed since the form opened (a conflict without its own message). */
  conflict: string;
  reload: string;
  /** The placeholder option of a required select. */
  select: string;
  from: string;
  to: string;
  // Client-side checks.
  required: string;
  atLeastCharacters: (count: string) => string;
  atMostCharacters: (count: string) => string;
  atLeast: (min: string) => string;
  atMost: (max: string) => string;
  wholeNumber: string;
  number: string;
  atMostTags: (count: string) => string;
  tagAtMostCharacters: (count: string) => string;
  endBeforeStart: string;
  json: string;
  dateTime: string;
  email: string;
  url: string;
  invalidFormat: string;
  // Inputs.
  currency: string;
  secretSet: (mask: string) => string;
  replace: string;
  replaceField: (field: string) => string;
  keepCurrent: string;
  tags: string;
  removeTag: (tag: string) => string;
  clearField: (field: string) => string;
  /** The relation picker's placeholder, with the field's label. */
  searchField: (field: string) => string;
  searching: string;
  loadFailed: string;
  noMatches: string;
}

export const RESOURCE_FORM_MESSAGES: ResourceFormMessages = {
  create: 'Create',
  save: 'Save changes',
  saving: 'Saving…',
  cancel: 'Cancel',
  unsavedChanges: 'Unsaved changes',
  conflict: 'This record was changed by someone else',
  reload: 'Reload',
  select: 'Select…',
  from: 'From',
  to: 'To',
  required: 'Required',
  atLeastCharacters: (count) => `Use at least ${count} characters`,
  atMostCharacters: (count) => `Use at most ${count} characters`,
  atLeast: (min) => `Must be at least ${min}`,
  atMost: (max) => `Must be at most ${max}`,
  wholeNumber: 'Enter a whole number',
  number: 'Enter a number',
  atMostTags: (count) => `At most ${count} tags`,
  tagAtMostCharacters: (count) => `Each tag at most ${count} characters`,
  endBeforeStart: 'The end is before the start',
  json: 'Enter valid JSON',
  dateTime: 'Enter a date and time',
  email: 'Enter an email address',
  url: 'Enter a URL starting with http:// or https://',
  invalidFormat: 'Invalid format',
  currency: 'Rp',
  secretSet: (mask) => `${mask} (set)`,
  replace: 'Replace',
  replaceField: (field) => `Replace ${field}`,
  keepCurrent: 'Keep current',
  tags: 'Tags',
  removeTag: (tag) => `Remove ${tag}`,
  clearField: (field) => `Clear ${field}`,
  searchField: (field) => `Search ${field.toLowerCase()}…`,
  searching: 'Searching…',
  loadFailed: 'Could not load options',
  noMatches: 'No matches',
};

/** The strings of ResourceForm and its inputs: defaults, then the provider's `resourceForm`, then the prop. */
export function useResourceFormMessages(overrides?: Partial<ResourceFormMessages>): ResourceFormMessages {
  return useMessages('resourceForm', RESOURCE_FORM_MESSAGES, overrides);
}
