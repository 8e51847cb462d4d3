export {
  BulkOutcomes,
  countOutcomes,
  type BulkOutcomeItem,
  type BulkOutcomeStatus,
  type BulkOutcomesProps,
} from './BulkOutcomes.js';
export { BULK_OUTCOMES_MESSAGES, type BulkOutcomesMessages } from './messages.js';
