import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { t } from '@staff/console-ui';
import { Button, Notice, Toolbar } from '../resources/ui.js';
import { srOnlyCss, tableCss } from './styles.js';
import { type ColumnHeading, TableHead } from './TableHead.js';
import { useTextsOf } from '../../i18n.js';
import { COMMON_TEXTS } from './texts.js';

/** A panel's load whose failure is already a sentence; `ready` carries the panel's own data. */
export type PanelLoad = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready' };

/**
 * The three faces of a panel's load: `loading` as a status notice, the error's message as an alert with "Retry",
 * or `children(state)` once ready.
 */
export function PanelLoadState<S extends PanelLoad>({
  state,
  loading,
  onRetry,
  children,
}: {
  state: S;
  loading: ReactNode;
  onRetry: () => void;
  children: (ready: Extract<S, { kind: 'ready' }>) => ReactNode;
}) {
  const load: PanelLoad = state;
  const texts = useTextsOf(COMMON_TEXTS);
  if (load.kind === 'loading') return <Notice role="status">{loading}</Notice>;
  if (load.kind === 'error') {
    return (
      <Toolbar>
        <Notice role="alert" data-tone="warning">
          {load.message}
        </Notice>
        <Button type="button" onClick={onRetry}>
          {texts.retry}
        </Button>
      </Toolbar>
    );
  }
  return <>{children(state as Extract<S, { kind: 'ready' }>)}</>;
}

/**
 * A table of background runs or deliveries: ruled rows aligned to the top, a `td[data-status]` of `failed` or
 * `dead` in the danger colour.
 */
export const RunTable = styled.table`
  ${tableCss}
  th,
  td {
    vertical-align: top;
  }
  td[data-status='failed'],
  td[data-status='dead'] {
    color: ${t.colorDanger};
  }
`;

/** A wide table's frame: it scrolls sideways instead of widening the page. */
export const ScrollX = styled.div`
  overflow-x: auto;
`;

const Caption = styled.caption`
  ${srOnlyCss}
`;

/**
 * A list of runs or deliveries: `empty` as a note when there are none, else a sideways-scrolling RunTable with
 * the headings and one `row(item)` each. Name it by `caption` (read by screen readers, not shown) or `label`.
 */
export function RunList<T>({
  rows,
  empty,
  columns,
  caption,
  label,
  row,
}: {
  rows: readonly T[];
  empty: ReactNode;
  columns: readonly ColumnHeading[];
  caption?: string;
  label?: string;
  row: (item: T) => ReactNode;
}) {
  if (rows.length === 0) return <Notice role="note">{empty}</Notice>;
  return (
    <ScrollX>
      <RunTable aria-label={label}>
        {caption ? <Caption>{caption}</Caption> : null}
        <TableHead columns={columns} />
        <tbody>{rows.map(row)}</tbody>
      </RunTable>
    </ScrollX>
  );
}
