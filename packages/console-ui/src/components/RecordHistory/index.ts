export {
  RecordHistory,
  AUDIT_ACTION_LABELS,
  RECORD_HISTORY_MESSAGES,
  type AuditAction,
  type AuditChange,
  type AuditEntry,
  type RecordHistoryMessages,
  type RecordHistoryProps,
} from './RecordHistory.js';
