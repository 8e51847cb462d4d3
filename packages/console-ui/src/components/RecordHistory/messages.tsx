// The default texts, apart from the component: the console's language sets import them without the component's code.
import type { ReactNode } from 'react';

/** What an audit entry records. */
export type AuditAction = 'create' | 'update' | 'delete' | 'restore';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
};

/** Every visible string of RecordHistory (key `recordHistory` in `ConsoleMessagesProvider`). */
export interface RecordHistoryMessages {
  /** Heading (the `title` prop wins). */
  title: string;
  /** Shown when there are no entries (the `emptyMessage` prop wins). */
  empty: string;
  loading: string;
  retry: string;
  actions: Record<AuditAction, string>;
  /** An entry's head: receives the action's label and the actor (rendered bold). */
  by: (action: ReactNode, actor: ReactNode) => ReactNode;
  /** A secret field's change; receives the field's label. */
  secretChanged: (field: ReactNode) => ReactNode;
  /** Read for the arrow between before and after. */
  changedTo: string;
}

export const RECORD_HISTORY_MESSAGES: RecordHistoryMessages = {
  title: 'History',
  empty: 'No changes recorded yet',
  loading: 'Loading history…',
  retry: 'Retry',
  actions: AUDIT_ACTION_LABELS,
  by: (action, actor) => (
    <>
      {action} by {actor}
    </>
  ),
  secretChanged: (field) => <>{field} changed</>,
  changedTo: 'changed to',
};
