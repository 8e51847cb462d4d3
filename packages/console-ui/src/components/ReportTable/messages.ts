// The default texts, apart from the component: the console's language sets import them without the component's code.
/** Every visible string of ReportTable (key `reportTable` in `ConsoleMessagesProvider`). */
export interface ReportTableMessages {
  /** Shown when there are no rows (the `emptyMessage` prop wins). */
  empty: string;
  /** Label of the totals row (the `totalsLabel` prop wins). */
  totals: string;
  retry: string;
  /** Receives the table's label. */
  loading: (label: string) => string;
  loadingLevel: string;
  emptyLevel: string;
  /** The next level of a row could not be loaded; receives why. */
  levelFailed: (reason: string) => string;
  /** Toggle of a drillable row; receives the row's first value. */
  expand: (name: string) => string;
  collapse: (name: string) => string;
}

export const REPORT_TABLE_MESSAGES: ReportTableMessages = {
  empty: 'No data for this range.',
  totals: 'Total',
  retry: 'Retry',
  loading: (label) => `Loading ${label}…`,
  loadingLevel: 'Loading the next level…',
  emptyLevel: 'No rows at this level.',
  levelFailed: (reason) => `The next level could not be loaded: ${reason}`,
  expand: (name) => `Expand ${name}`,
  collapse: (name) => `Collapse ${name}`,
};
