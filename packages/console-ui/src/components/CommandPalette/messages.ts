// The default texts, apart from the component: the console's language sets import them without the component's code.

export interface CommandPaletteMessages {
  /** The dialog's accessible name. */
  title: string;
  /** The search field's accessible name. */
  inputLabel: string;
  placeholder: string;
  pagesGroup: string;
  recordsGroup: string;
  loading: string;
  /** No page and no record matches. */
  empty: (query: string) => string;
  error: string;
  retry: string;
  /** The query is too short for the record search. */
  typeMore: (minLength: string) => string;
}

export const COMMAND_PALETTE_MESSAGES: CommandPaletteMessages = {
  title: 'Command palette',
  inputLabel: 'Search pages and records',
  placeholder: 'Go to a page or find a record…',
  pagesGroup: 'Pages',
  recordsGroup: 'Records',
  loading: 'Searching records…',
  empty: (query) => `Nothing found for “${query}”`,
  error: 'Records could not be searched.',
  retry: 'Try again',
  typeMore: (minLength) => `Type ${minLength} or more characters to find records`,
};
