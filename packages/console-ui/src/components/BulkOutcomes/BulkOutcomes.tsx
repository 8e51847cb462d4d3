import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useMessages } from '../../theme/messages.js';
import { formatNumber } from '../NumberText/formatNumber.js';
import { plainListCss } from '../../primitives/css.js';
import { BULK_OUTCOMES_MESSAGES, type BulkOutcomesMessages } from './messages.js';

export type BulkOutcomeStatus = 'working' | 'done' | 'failed';

/** One row of a bulk action and how it went. */
export interface BulkOutcomeItem {
  id: string;
  /** The row as people know it, e.g. "Budi Santoso (budi@example.com)". */
  label: string;
  status: BulkOutcomeStatus;
  /** What happened: "3 purchases moved", or why it was refused. */
  detail?: string | null;
}

export interface BulkOutcomesProps {
  /** The heading, also the region's name, e.g. "Approved 3 requests". */
  title: string;
  items: readonly BulkOutcomeItem[];
  /** Shows a close button. */
  onDismiss?: () => void;
  className?: string;
  messages?: Partial<BulkOutcomesMessages>;
}

/** The counts of a bulk action's outcomes. */
export function countOutcomes(items: readonly BulkOutcomeItem[]): Record<BulkOutcomeStatus, number> {
  const counts: Record<BulkOutcomeStatus, number> = { working: 0, done: 0, failed: 0 };
  for (const item of items) counts[item.status] += 1;
  return counts;
}

const Region = styled.section`
  display: grid;
  gap: ${t.space2};
  padding: ${t.space3};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
  background: ${t.colorSurface};
  color: ${t.colorText};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeSm};
  &[data-state='failed'] {
    border-color: ${t.colorDanger};
  }
`;

const Head = styled.div`
  display: flex;
  align-items: baseline;
  gap: ${t.space3};
  h2 {
    margin: 0;
    font-size: ${t.fontSizeMd};
  }
  button {
    margin-inline-start: auto;
  }
`;

const Summary = styled.p`
  margin: 0;
`;

const List = styled.ul`
  ${plainListCss}
  display: grid;
  gap: ${t.space1};
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: 6.5rem 1fr;
  gap: ${t.space2};
  align-items: baseline;
  & > span:first-child {
    font-weight: 600;
  }
  &[data-status='done'] > span:first-child {
    color: ${t.colorSuccess};
  }
  &[data-status='failed'] > span:first-child {
    color: ${t.colorDanger};
  }
  &[data-status='working'] > span:first-child {
    color: ${t.colorTextMuted};
  }
  small {
    display: block;
    color: ${t.colorTextMuted};
  }
`;

const Dismiss = styled.button`
  padding: ${t.space1} ${t.space2};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
  background: none;
  color: ${t.colorText};
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 1px;
  }
`;

/**
 * The outcome of an action run on several rows, row by row: which went through, which were refused and why, which
 * are still running. The summary line is a polite live region, so screen readers hear the counts as they change;
 * each status is a word, not only a colour.
 *
 * @example
 * ```tsx
 * <BulkOutcomes title="Approved 2 of 3" items={[
 *   { id: '1', label: 'Budi (budi@example.com)', status: 'done', detail: '3 purchases moved' },
 *   { id: '2', label: 'Ayu (ayu@example.com)', status: 'failed', detail: 'Already rejected' },
 * ]} onDismiss={close} />
 * ```
 */
export function BulkOutcomes({ title, items, onDismiss, className, messages }: BulkOutcomesProps) {
  const m = useMessages('bulkOutcomes', BULK_OUTCOMES_MESSAGES, messages);
  const counts = countOutcomes(items);
  const state = counts.working > 0 ? 'working' : counts.failed > 0 ? 'failed' : 'done';
  return (
    <Region
      aria-label={title}
      className={['cui-bulk-outcomes', className].filter(Boolean).join(' ')}
      data-state={items.length === 0 ? 'empty' : state}
      aria-busy={counts.working > 0 || undefined}
    >
      <Head>
        <h2>{title}</h2>
        {onDismiss ? (
          <Dismiss type="button" onClick={onDismiss}>
            {m.dismiss}
          </Dismiss>
        ) : null}
      </Head>
      <Summary role="status" aria-live="polite">
        {items.length === 0
          ? m.empty
          : m.summary(formatNumber(counts.done), formatNumber(counts.failed), formatNumber(counts.working))}
      </Summary>
      {items.length > 0 ? (
        <List>
          {items.map((item) => (
            <Row key={item.id} data-status={item.status}>
              <span>{m.status[item.status]}</span>
              <span>
                {item.label}
                {item.detail ? <small>{item.detail}</small> : null}
              </span>
            </Row>
          ))}
        </List>
      ) : null}
    </Region>
  );
}
