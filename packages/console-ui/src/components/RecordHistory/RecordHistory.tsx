import { useId } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useMessages } from '../../theme/messages.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { formatDateTime, formatFieldValue, type FormatOptions, type ResourceField } from '../../resource.js';
import { buttonBoxCss } from '../../primitives/Button.js';
import { panelCss, visuallyHiddenCss } from '../../primitives/css.js';
import { useValueFormat } from '../../primitives/useValueFormat.js';
import {
  AUDIT_ACTION_LABELS,
  RECORD_HISTORY_MESSAGES,
  type AuditAction,
  type RecordHistoryMessages,
} from './messages.js';
export {
  AUDIT_ACTION_LABELS,
  RECORD_HISTORY_MESSAGES,
  type AuditAction,
  type RecordHistoryMessages,
} from './messages.js';

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  id?: string;
  /** ISO timestamp. */
  at: string;
  /** Who made the change (name or username). */
  actor: string;
  action: AuditAction;
  changes: AuditChange[];
}

export interface RecordHistoryProps {
  entries: AuditEntry[];
  /** Field definitions, for labels and value formats. */
  fields: ResourceField[];
  title?: string;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  emptyMessage?: string;
  formatOptions?: FormatOptions;
  className?: string;
  messages?: Partial<RecordHistoryMessages>;
}

/**
 * The audit log of one record, newest first as given: who did what and when, and each field's before → after
 * (labels and formats from the field list; secrets only say they changed).
 *
 * @example
 * ```tsx
 * <RecordHistory fields={creators.fields} entries={audit} loading={loading} error={error} onRetry={reload} />
 * ```
 */
export function RecordHistory({
  entries,
  fields,
  title: titleProp,
  loading = false,
  error,
  onRetry,
  emptyMessage: emptyMessageProp,
  formatOptions,
  className,
  messages,
}: RecordHistoryProps) {
  useThemeCheck('RecordHistory');
  const m = useMessages('recordHistory', RECORD_HISTORY_MESSAGES, messages);
  const valueOptions = useValueFormat(formatOptions);
  const title = titleProp ?? m.title;
  const emptyMessage = emptyMessageProp ?? m.empty;
  const headingId = useId();
  const byName = new Map(fields.map((field) => [field.name, field]));
  // Changes in the form's field order (the server's order is its storage's); unknown fields last.
  const position = new Map(fields.map((field, index) => [field.name, index]));
  const inFieldOrder = (changes: AuditChange[]) =>
    [...changes].sort(
      (a, b) => (position.get(a.field) ?? fields.length) - (position.get(b.field) ?? fields.length),
    );
  const state = error ? 'error' : loading ? 'loading' : entries.length === 0 ? 'empty' : 'ready';
  const show = (name: string, value: unknown) => {
    const field = byName.get(name);
    if (!field)
      return value === null || value === undefined || value === ''
        ? '-'
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
    return formatFieldValue(field, value, valueOptions);
  };

  return (
    <Panel
      className={['cui-record-history', className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      aria-busy={loading || undefined}
      data-state={state}
    >
      <h2 id={headingId}>{title}</h2>
      {state === 'loading' ? (
        <>
          <span role="status" className="cui-visually-hidden">
            {m.loading}
          </span>
          <ol aria-hidden="true" className="cui-record-history-skeleton">
            {[0, 1, 2].map((index) => (
              <li key={index}>
                <span className="cui-skeleton" />
                <span className="cui-skeleton" data-short="" />
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {state === 'error' ? (
        <div className="cui-record-history-message">
          <p role="alert">{error}</p>
          {onRetry ? (
            <button type="button" className="cui-button" onClick={onRetry}>
              {m.retry}
            </button>
          ) : null}
        </div>
      ) : null}
      {state === 'empty' ? <p className="cui-record-history-message">{emptyMessage}</p> : null}
      {state === 'ready' ? (
        <ol className="cui-record-history-list">
          {entries.map((entry, index) => (
            <li
              key={entry.id ?? `${entry.at}-${index}`}
              className="cui-record-history-entry"
              data-action={entry.action}
            >
              <p className="cui-record-history-head">
                {m.by(
                  <span className="cui-record-history-action" data-action={entry.action}>
                    {m.actions[entry.action] ?? AUDIT_ACTION_LABELS[entry.action]}
                  </span>,
                  <strong>{entry.actor}</strong>,
                )}
                {' · '}
                <time dateTime={entry.at}>{formatDateTime(entry.at, formatOptions)}</time>
              </p>
              {entry.changes.length > 0 && entry.action !== 'delete' ? (
                <ul className="cui-record-history-changes">
                  {inFieldOrder(entry.changes).map((change) => {
                    const field = byName.get(change.field);
                    const label = field?.label ?? change.field;
                    if (field?.type === 'secret') {
                      return (
                        <li key={change.field}>
                          {m.secretChanged(<span className="cui-record-history-field">{label}</span>)}
                        </li>
                      );
                    }
                    return (
                      <li key={change.field}>
                        <span className="cui-record-history-field">{label}</span>
                        {entry.action === 'create' ? (
                          <>
                            {': '}
                            <span data-kind="after">{show(change.field, change.after)}</span>
                          </>
                        ) : (
                          <>
                            {': '}
                            <del data-kind="before">{show(change.field, change.before)}</del>
                            <span role="img" aria-label={m.changedTo}>
                              {' → '}
                            </span>
                            <ins data-kind="after">{show(change.field, change.after)}</ins>
                          </>
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </Panel>
  );
}

const Panel = styled.section`
  ${panelCss}
  padding: ${t.space4};
  h2 {
    margin: 0 0 ${t.space3};
    font-size: ${t.fontSizeLg};
  }
  ol,
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .cui-record-history-entry {
    padding: ${t.space3} 0;
    border-top: 1px solid ${t.colorBorder};
  }
  .cui-record-history-head {
    margin: 0 0 ${t.space1};
    font-size: ${t.fontSizeSm};
    color: ${t.colorTextMuted};
  }
  .cui-record-history-head strong {
    color: ${t.colorText};
  }
  .cui-record-history-action {
    display: inline-block;
    padding: 0 ${t.space2};
    border-radius: 999px;
    font-weight: 600;
    background: ${t.colorInfoSoft};
    color: ${t.colorInfo};
  }
  .cui-record-history-action[data-action='create'],
  .cui-record-history-action[data-action='restore'] {
    background: ${t.colorSuccessSoft};
    color: ${t.colorSuccess};
  }
  .cui-record-history-action[data-action='delete'] {
    background: ${t.colorDangerSoft};
    color: ${t.colorDanger};
  }
  .cui-record-history-changes li {
    padding: 2px 0;
    overflow-wrap: anywhere;
  }
  .cui-record-history-field {
    font-weight: 600;
  }
  del {
    color: ${t.colorTextMuted};
  }
  ins {
    text-decoration: none;
    background: ${t.colorSuccessSoft};
    color: ${t.colorText};
    padding: 0 2px;
  }
  .cui-record-history-message {
    color: ${t.colorTextMuted};
  }
  .cui-record-history-message [role='alert'] {
    color: ${t.colorDanger};
  }
  .cui-button {
    ${buttonBoxCss}
  }
  .cui-skeleton {
    display: block;
    height: 0.75rem;
    margin: ${t.space2} 0;
    border-radius: ${t.radiusSm};
    background: ${t.colorBorder};
  }
  .cui-skeleton[data-short] {
    width: 60%;
  }
  .cui-visually-hidden {
    ${visuallyHiddenCss}
  }
`;
