/** BulkOutcomes' own words (key `bulkOutcomes` in `ConsoleMessagesProvider`). */
export interface BulkOutcomesMessages {
  /** The line under the title, with the counts already formatted ("2", "1"). */
  summary: (done: string, failed: string, working: string) => string;
  status: { working: string; done: string; failed: string };
  empty: string;
  dismiss: string;
}

export const BULK_OUTCOMES_MESSAGES: BulkOutcomesMessages = {
  summary: (done, failed, working) =>
    `${done} done, ${failed} failed${working === '0' ? '' : `, ${working} still working`}`,
  status: { working: 'Working…', done: 'Done', failed: 'Failed' },
  empty: 'Nothing was selected',
  dismiss: 'Close',
};
