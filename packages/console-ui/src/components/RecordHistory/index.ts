export {
  RecordHistory,
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditChange,
  type AuditEntry,
  type RecordHistoryProps,
} from './RecordHistory.js';
