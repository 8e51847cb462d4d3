import { useId, useMemo, useRef, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useMessages } from '../../theme/messages.js';
import { DeltaChip } from '../DeltaChip/DeltaChip.js';
import { formatMeasure, type MeasureFormat, type MeasureTrend } from '../DeltaChip/formatMeasure.js';
import { useControllableState } from '../../primitives/useControllableState.js';
import { useVirtualRows } from '../DataTable/useVirtualRows.js';
import { panelCss, focusRingCss, focusRingWideCss } from '../../primitives/css.js';
import { REPORT_TABLE_MESSAGES, type ReportTableMessages } from './messages.js';
export { REPORT_TABLE_MESSAGES, type ReportTableMessages } from './messages.js';

export type ReportValue = string | number | null;

export interface ReportTableColumn {
  key: string;
  label: string;
  /** Dimensions are text; measures are numbers, right-aligned, sortable and compared. */
  kind: 'dimension' | 'measure';
  format?: MeasureFormat;
  /** Whether a rise is good news; colours the delta chips. */
  trend?: MeasureTrend;
  /** Measures sort by default; set false to refuse. */
  sortable?: boolean;
  /** A short note on the formula or denominator, shown as the header's description. */
  description?: string;
}

export interface ReportTableRow {
  /** Stable key of the row, unique among its siblings. */
  key: string;
  values: Record<string, ReportValue>;
  /** Change against the previous period per measure, in percent. */
  deltas?: Record<string, number | null>;
  /** Whether the row can be expanded to the next level of the drill path. */
  drillable?: boolean;
  /** The next level's rows once known (undefined while not loaded). */
  children?: ReportTableRow[];
  /** Children are being loaded. */
  childrenLoading?: boolean;
  /** The next level could not be loaded: why, shown under the row with a Retry that drills again. */
  childrenError?: string;
}

export interface ReportSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ReportTableProps {
  /** Accessible name of the table (its caption). */
  label: string;
  columns: ReportTableColumn[];
  rows: ReportTableRow[];
  /** The totals row, computed from sums by the server (never a sum of ratios). */
  totals?: ReportTableRow['values'];
  totalsDeltas?: Record<string, number | null>;
  /** Show delta chips under the measures (when comparing to the previous period). */
  showDeltas?: boolean;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Shown when there are no rows, e.g. "No data for 1–7 Nov 2026". */
  emptyMessage?: string;
  sort?: ReportSort | null;
  defaultSort?: ReportSort | null;
  onSortChange?: (sort: ReportSort | null) => void;
  /** Keys of expanded rows (path keys joined with "/"). */
  expanded?: string[];
  defaultExpanded?: string[];
  onExpandedChange?: (expanded: string[]) => void;
  /** Called when a drillable row without children is expanded, so the page can load the next level. */
  onDrill?: (path: string[], row: ReportTableRow) => void;
  /** Render only the rows in view above this many rows. */
  virtualizeAbove?: number;
  rowHeight?: number;
  /** Height of the scroll area when virtualised, px. */
  maxHeight?: number;
  /** Totals row label. */
  totalsLabel?: string;
  renderDimension?: (column: ReportTableColumn, row: ReportTableRow) => ReactNode;
  className?: string;
  messages?: Partial<ReportTableMessages>;
}

interface FlatRow {
  row: ReportTableRow;
  path: string[];
  depth: number;
  /** A placeholder row while children load, when there are none, or when they could not be loaded. */
  placeholder?: 'loading' | 'empty' | 'error';
}

function compareValues(a: ReportValue, b: ReportValue): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && a !== '' && b !== '') return na - nb;
  return String(a).localeCompare(String(b), 'id-ID');
}

/** Sorts rows (and their children) by one field; nulls last whatever the direction. */
export function sortReportRows(rows: ReportTableRow[], sort: ReportSort | null): ReportTableRow[] {
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows]
    .map((row) => (row.children ? { ...row, children: sortReportRows(row.children, sort) } : row))
    .sort((x, y) => {
      const a = x.values[sort.field] ?? null;
      const b = y.values[sort.field] ?? null;
      if (a === null || b === null) return compareValues(a, b);
      return sign * compareValues(a, b);
    });
}

/** The next sort after a click on a measure header: descending first (largest spend on top), then ascending, then none. */
export function nextReportSort(current: ReportSort | null, field: string): ReportSort | null {
  if (!current || current.field !== field) return { field, direction: 'desc' };
  if (current.direction === 'desc') return { field, direction: 'asc' };
  return null;
}

function flatten(rows: ReportTableRow[], expanded: Set<string>, parent: string[] = [], depth = 0): FlatRow[] {
  const out: FlatRow[] = [];
  for (const row of rows) {
    const path = [...parent, row.key];
    out.push({ row, path, depth });
    if (row.drillable && expanded.has(path.join('/'))) {
      if (row.children && row.children.length > 0)
        out.push(...flatten(row.children, expanded, path, depth + 1));
      else if (row.children) out.push({ row, path, depth: depth + 1, placeholder: 'empty' });
      else if (row.childrenError !== undefined && !row.childrenLoading)
        out.push({ row, path, depth: depth + 1, placeholder: 'error' });
      else out.push({ row, path, depth: depth + 1, placeholder: 'loading' });
    }
  }
  return out;
}

/**
 * A report table: the first column pinned while scrolling sideways, a totals row, sortable measures formatted
 * as IDR, counts or percentages (id-ID), delta chips against the previous period, rows that expand to the next
 * level of the drill path (campaign → ad set → ad), and windowed rendering for long reports.
 *
 * @example
 * ```tsx
 * <ReportTable label="Ads X Mayar" columns={columns} rows={rows} totals={totals} onDrill={load} />
 * ```
 */
export function ReportTable(props: ReportTableProps) {
  const {
    label,
    columns,
    rows,
    totals,
    totalsDeltas,
    showDeltas = false,
    loading = false,
    error = null,
    onRetry,
    emptyMessage: emptyMessageProp,
    onDrill,
    virtualizeAbove = 200,
    rowHeight = 40,
    maxHeight = 560,
    totalsLabel: totalsLabelProp,
    renderDimension,
    className,
  } = props;
  const m = useMessages('reportTable', REPORT_TABLE_MESSAGES, props.messages);
  const emptyMessage = emptyMessageProp ?? m.empty;
  const totalsLabel = totalsLabelProp ?? m.totals;
  const id = useId();
  const [sort, setSort] = useControllableState(props.sort, props.defaultSort ?? null, props.onSortChange);
  const [expandedList, setExpanded] = useControllableState(
    props.expanded,
    props.defaultExpanded ?? [],
    props.onExpandedChange,
  );
  const expanded = useMemo(() => new Set(expandedList), [expandedList]);
  const sorted = useMemo(
    () => (props.sort === undefined ? sortReportRows(rows, sort) : rows),
    [rows, sort, props.sort],
  );
  const flat = useMemo(() => flatten(sorted, expanded), [sorted, expanded]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = flat.length > virtualizeAbove;
  const win = useVirtualRows(scroller, {
    count: flat.length,
    rowHeight,
    overscan: 8,
    fallbackViewport: maxHeight,
    enabled: virtual,
  });
  const [first, ...rest] = columns;

  const toggle = (item: FlatRow) => {
    const key = item.path.join('/');
    if (expanded.has(key)) {
      setExpanded(expandedList.filter((k) => k !== key && !k.startsWith(`${key}/`)));
    } else {
      setExpanded([...expandedList, key]);
      if (!item.row.children && !item.row.childrenLoading) onDrill?.(item.path, item.row);
    }
  };

  const cell = (
    column: ReportTableColumn,
    values: ReportTableRow['values'],
    deltas?: Record<string, number | null>,
  ) => {
    const value = values[column.key] ?? null;
    if (column.kind === 'dimension') return value === null ? '-' : String(value);
    return (
      <span className="cui-report-table__measure">
        <span>{formatMeasure(value, column.format)}</span>
        {showDeltas ? <DeltaChip delta={deltas?.[column.key]} trend={column.trend} /> : null}
      </span>
    );
  };

  const state = error ? 'error' : loading ? 'loading' : rows.length === 0 ? 'empty' : 'ready';
  const colSpan = columns.length;
  const visible = flat.slice(win.start, win.end);

  return (
    <Root
      className={['cui-report-table', className].filter(Boolean).join(' ')}
      data-state={state}
      aria-busy={loading}
    >
      <div
        ref={scroller}
        className="cui-report-table__scroll"
        style={virtual ? { maxHeight } : undefined}
        onScroll={win.onScroll}
        // The scroll area is focusable so keyboard users can scroll a wide table sideways.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-labelledby={`${id}-caption`}
      >
        <table aria-rowcount={virtual ? flat.length + 2 : undefined}>
          <caption id={`${id}-caption`} className="cui-report-table__caption">
            {label}
          </caption>
          <thead>
            <tr>
              {columns.map((column, index) => {
                const sortable = column.kind === 'measure' && column.sortable !== false;
                const active = sort?.field === column.key ? sort.direction : null;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    data-kind={column.kind}
                    data-pinned={index === 0 || undefined}
                    aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
                    title={column.description}
                  >
                    {sortable ? (
                      <button type="button" onClick={() => setSort(nextReportSort(sort, column.key))}>
                        {column.label}
                        <span aria-hidden="true">
                          {active === 'asc' ? ' ▲' : active === 'desc' ? ' ▼' : ' ↕'}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {state === 'error' ? (
              <tr>
                <td colSpan={colSpan} className="cui-report-table__message">
                  <span role="alert">{error}</span>{' '}
                  {onRetry ? (
                    <button type="button" onClick={onRetry}>
                      {m.retry}
                    </button>
                  ) : null}
                </td>
              </tr>
            ) : state === 'loading' ? (
              <tr>
                <td colSpan={colSpan} className="cui-report-table__message">
                  <span role="status">{m.loading(label)}</span>
                </td>
              </tr>
            ) : state === 'empty' ? (
              <tr>
                <td colSpan={colSpan} className="cui-report-table__message">
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              <>
                {win.padTop > 0 ? <tr aria-hidden="true" style={{ height: win.padTop }} /> : null}
                {visible.map((item, offset) => {
                  const key = `${item.path.join('/')}${item.placeholder ? `#${item.placeholder}` : ''}`;
                  if (item.placeholder) {
                    return (
                      <tr key={key} data-depth={item.depth} className="cui-report-table__placeholder">
                        <td colSpan={colSpan} style={{ paddingInlineStart: 12 + item.depth * 20 }}>
                          {item.placeholder === 'loading' ? (
                            <span role="status">{m.loadingLevel}</span>
                          ) : item.placeholder === 'error' ? (
                            <>
                              <span role="alert">{m.levelFailed(item.row.childrenError ?? '')}</span>{' '}
                              <button type="button" onClick={() => onDrill?.(item.path, item.row)}>
                                {m.retry}
                              </button>
                            </>
                          ) : (
                            m.emptyLevel
                          )}
                        </td>
                      </tr>
                    );
                  }
                  const open = expanded.has(item.path.join('/'));
                  return (
                    <tr
                      key={key}
                      data-depth={item.depth}
                      aria-rowindex={virtual ? win.start + offset + 2 : undefined}
                      style={virtual ? { height: rowHeight } : undefined}
                    >
                      {first ? (
                        <th
                          scope="row"
                          data-pinned="true"
                          style={{ paddingInlineStart: 12 + item.depth * 20 }}
                        >
                          <span className="cui-report-table__first">
                            {item.row.drillable ? (
                              <button
                                type="button"
                                className="cui-report-table__toggle"
                                aria-expanded={open}
                                aria-label={(open ? m.collapse : m.expand)(
                                  String(item.row.values[first.key] ?? ''),
                                )}
                                onClick={() => toggle(item)}
                              >
                                <span aria-hidden="true">{open ? '▾' : '▸'}</span>
                              </button>
                            ) : null}
                            <span>
                              {renderDimension
                                ? renderDimension(first, item.row)
                                : cell(first, item.row.values)}
                            </span>
                          </span>
                        </th>
                      ) : null}
                      {rest.map((column) => (
                        <td key={column.key} data-kind={column.kind}>
                          {column.kind === 'dimension' && renderDimension
                            ? renderDimension(column, item.row)
                            : cell(column, item.row.values, item.row.deltas)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
                {win.padBottom > 0 ? <tr aria-hidden="true" style={{ height: win.padBottom }} /> : null}
              </>
            )}
          </tbody>
          {totals && state === 'ready' ? (
            <tfoot>
              <tr className="cui-report-table__totals">
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.key} scope="row" data-pinned="true">
                      {totalsLabel}
                    </th>
                  ) : (
                    <td key={column.key} data-kind={column.kind}>
                      {column.kind === 'measure' ? cell(column, totals, totalsDeltas) : ''}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </Root>
  );
}

const Root = styled.div`
  ${panelCss}
  max-width: 100%;
  /* In a grid or flex parent the table scrolls inside its box instead of widening the page. */
  min-width: 0;

  .cui-report-table__scroll {
    overflow: auto;
    max-width: 100%;
    min-width: 0;
    /* The containing block of the delta chips' screen-reader text (position: absolute): without it that text
       is placed against the page and widens it (a 375 px page measured 672 px wide). */
    position: relative;
  }
  .cui-report-table__scroll:focus-visible {
    ${focusRingWideCss}
  }
  table {
    border-collapse: separate;
    border-spacing: 0;
    min-width: 100%;
    font-size: ${t.fontSizeSm};
    font-variant-numeric: tabular-nums;
  }
  .cui-report-table__caption {
    text-align: start;
    padding: ${t.space2} ${t.space3};
    font-weight: 600;
    font-size: ${t.fontSizeMd};
  }
  th,
  td {
    padding: ${t.space2} ${t.space3};
    border-bottom: 1px solid ${t.colorBorder};
    text-align: start;
    white-space: nowrap;
    background: ${t.colorSurface};
  }
  [data-kind='measure'] {
    text-align: end;
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 2;
    font-weight: 600;
    color: ${t.colorTextMuted};
    background: ${t.colorSurfaceRaised};
  }
  thead th button {
    font: inherit;
    color: inherit;
    background: none;
    border: 0;
    padding: 0;
    cursor: pointer;
  }
  [data-pinned] {
    position: sticky;
    inset-inline-start: 0;
    z-index: 1;
    max-width: 22rem;
    white-space: normal;
    box-shadow: 1px 0 0 ${t.colorBorder};
  }
  thead [data-pinned] {
    z-index: 3;
  }
  tbody th {
    font-weight: 400;
  }
  .cui-report-table__first {
    display: inline-flex;
    align-items: flex-start;
    gap: ${t.space1};
  }
  .cui-report-table__toggle {
    font: inherit;
    color: ${t.colorPrimary};
    background: none;
    border: 1px solid transparent;
    border-radius: ${t.radiusSm};
    min-width: 24px;
    min-height: 24px;
    cursor: pointer;
  }
  .cui-report-table__measure {
    display: inline-flex;
    flex-direction: column;
    align-items: flex-end;
    gap: 2px;
  }
  tfoot th,
  tfoot td {
    position: sticky;
    bottom: 0;
    font-weight: 700;
    background: ${t.colorSurfaceRaised};
    border-top: 2px solid ${t.colorBorder};
  }
  tfoot [data-pinned] {
    z-index: 3;
  }
  .cui-report-table__message {
    padding: ${t.space6} ${t.space3};
    text-align: center;
    color: ${t.colorTextMuted};
    white-space: normal;
  }
  .cui-report-table__message button,
  .cui-report-table__placeholder button {
    font: inherit;
    color: ${t.colorPrimary};
    background: none;
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    padding: 2px 8px;
    cursor: pointer;
  }
  .cui-report-table__placeholder td {
    color: ${t.colorTextMuted};
    text-align: start;
  }
  button:focus-visible {
    ${focusRingCss}
  }
`;
