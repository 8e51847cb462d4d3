import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useMessages } from '../../theme/messages.js';
import { useValueFormat } from '../../primitives/useValueFormat.js';
import {
  formatFieldValue,
  formatGrouped,
  type FormatOptions,
  type ResourceField,
  type ResourceRow,
} from '../../resource.js';
import { useNarrow } from '../../primitives/useNarrow.js';
import { ColumnsMenu } from './ColumnsMenu.js';
import { DATA_TABLE_MESSAGES, cellValue, type DataTableProps } from './model.js';
import { Pagination } from './Pagination.js';
import { useDataTable } from './useDataTable.js';
import { useVirtualRows } from './useVirtualRows.js';
import { Root, Toolbar, BulkBar, Scroll, Badge } from './DataTable.styles.js';

/** The default cell for a field: formatted text, a Yes/No badge for booleans. */
export function renderFieldCell(
  field: ResourceField,
  value: unknown,
  options?: FormatOptions,
  labels: { yes: string; no: string } = DATA_TABLE_MESSAGES,
): ReactNode {
  if (field.type === 'boolean') {
    if (value === null || value === undefined) return '-';
    const yes = value === true || value === 'true' || value === 1;
    return (
      <Badge className="cui-badge" data-tone={yes ? 'success' : 'neutral'}>
        {yes ? labels.yes : labels.no}
      </Badge>
    );
  }
  if (field.type === 'secret') {
    return <span className="cui-data-table-secret">{formatFieldValue(field, value, options)}</span>;
  }
  return formatFieldValue(field, value, options);
}

/**
 * A data table driven by field definitions: sortable headers, offset or keyset pagination, column visibility,
 * selection with bulk actions, sticky header, windowed rows for long pages, loading/empty/error states and
 * keyboard navigation (arrows move between rows, Enter opens, Space selects).
 *
 * @example
 * ```tsx
 * <DataTable label="Creators" fields={creatorEntity.fields} rows={rows} total={1234}
 *   sort={sort} onSortChange={setSort} page={page} onPageChange={setPage}
 *   rowActions={(row) => <button onClick={() => edit(row)}>Edit</button>} />
 * ```
 */
export function DataTable<Row extends object = ResourceRow>(props: DataTableProps<Row>) {
  useThemeCheck('DataTable');
  const {
    label,
    rowLabel,
    total,
    totalEstimated = false,
    keyset,
    pageSizeOptions,
    hiddenRendering = [],
    bulkActions,
    rowActions,
    onRowOpen,
    readOnly = false,
    loading = false,
    error,
    onRetry,
    emptyMessage,
    emptyAction,
    virtualize = 'auto',
    virtualizeFrom = 100,
    rowHeight = 40,
    overscan = 8,
    height = 560,
    cardsBelow = 600,
    toolbar,
    formatOptions,
    className,
  } = props;

  const id = useId();
  const m = useMessages('dataTable', DATA_TABLE_MESSAGES, props.messages);
  const valueOptions = useValueFormat(formatOptions);
  const table = useDataTable<Row>({
    ...props,
    selectable:
      props.onSelectedChange !== undefined || props.selected !== undefined || bulkActions !== undefined,
  });
  const { rows, ids, columns, allColumns, sort, page, pageSize, hidden, selected, selectable } = table;
  // Client page mode counts the rows itself; a single page it was not asked to page shows no pager.
  const pagerTotal = table.pageMode === 'client' ? (table.paged ? table.allRows.length : undefined) : total;
  const { setPage, setPageSize, allSelected, someSelected, toggleRow, toggleAll, clearSelection } = table;
  const showActions = !readOnly && rowActions !== undefined;
  const colCount = columns.length + (selectable ? 1 : 0) + (showActions ? 1 : 0);

  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const theadRef = useRef<HTMLTableSectionElement>(null);
  const cards = useNarrow(rootRef, cardsBelow);
  const virtual = useVirtualRows(scrollRef, {
    count: rows.length,
    rowHeight,
    overscan,
    fallbackViewport: height,
    // Cards have their own heights and the page scrolls them: every row is rendered.
    enabled:
      !cards &&
      !loading &&
      !error &&
      (virtualize === true || (virtualize === 'auto' && rows.length >= virtualizeFrom)),
  });
  const windowed = virtual.padTop > 0 || virtual.padBottom > 0 || virtual.end - virtual.start < rows.length;

  // Roving focus: one row is in the tab order; arrows move it.
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingFocus = useRef(false);
  const safeActive = Math.min(activeIndex, Math.max(rows.length - 1, 0));
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${safeActive}"]`);
    if (row) {
      pendingFocus.current = false;
      row.focus({ preventScroll: windowed });
    }
  });

  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    pendingFocus.current = true;
    setActiveIndex(next);
    virtual.ensureVisible(next, theadRef.current?.offsetHeight ?? rowHeight);
  };
  const pageRows = Math.max(1, Math.floor(height / rowHeight) - 1);

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const rowElement = target.closest<HTMLElement>('tr[data-index]');
    if (
      !rowElement ||
      (/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && target.getAttribute('type') !== 'checkbox')
    )
      return;
    const index = Number(rowElement.dataset.index);
    const onRow = target === rowElement;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveTo(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveTo(index - 1);
        break;
      case 'PageDown':
        event.preventDefault();
        moveTo(index + pageRows);
        break;
      case 'PageUp':
        event.preventDefault();
        moveTo(index - pageRows);
        break;
      case 'Home':
        if (!onRow) return;
        event.preventDefault();
        moveTo(0);
        break;
      case 'End':
        if (!onRow) return;
        event.preventDefault();
        moveTo(rows.length - 1);
        break;
      case 'Enter':
        if (!onRow || !onRowOpen) return;
        event.preventDefault();
        onRowOpen(rows[index]!);
        break;
      case ' ':
        if (!onRow || !selectable) return;
        event.preventDefault();
        toggleRow(ids[index]!);
        break;
    }
  };

  const state = error ? 'error' : loading ? 'loading' : rows.length === 0 ? 'empty' : 'ready';

  let body: ReactNode;
  if (state === 'loading') {
    body = Array.from({ length: Math.min(pageSize, 8) }, (_, index) => (
      <tr key={index} className="cui-data-table-skeleton" aria-hidden="true">
        {Array.from({ length: colCount }, (_, cell) => (
          <td key={cell}>
            <span className="cui-skeleton" />
          </td>
        ))}
      </tr>
    ));
  } else if (state === 'error') {
    body = (
      <tr>
        <td colSpan={colCount} className="cui-data-table-message" data-tone="error">
          <div role="alert">{error}</div>
          {onRetry ? (
            <button type="button" className="cui-button" onClick={onRetry}>
              {m.retry}
            </button>
          ) : null}
        </td>
      </tr>
    );
  } else if (state === 'empty') {
    body = (
      <tr>
        <td colSpan={colCount} className="cui-data-table-message">
          <p>{emptyMessage ?? m.empty}</p>
          {emptyAction}
        </td>
      </tr>
    );
  } else {
    body = (
      <>
        {virtual.padTop > 0 ? (
          <tr aria-hidden="true" className="cui-data-table-spacer" style={{ height: virtual.padTop }}>
            <td colSpan={colCount} />
          </tr>
        ) : null}
        {rows.slice(virtual.start, virtual.end).map((row, offset) => {
          const index = virtual.start + offset;
          const rowId = ids[index]!;
          const isSelected = selected.includes(rowId);
          const name = rowLabel ? rowLabel(row) : rowId;
          return (
            <tr
              key={rowId}
              data-index={index}
              data-state={isSelected ? 'selected' : undefined}
              data-openable={onRowOpen ? '' : undefined}
              aria-rowindex={index + 2}
              aria-selected={selectable ? isSelected : undefined}
              tabIndex={index === safeActive ? 0 : -1}
              onFocus={(event) => {
                if (event.target === event.currentTarget) setActiveIndex(index);
              }}
              onClick={(event) => {
                // Controls, and the selection/actions cells around them, never open the row.
                const target = event.target as HTMLElement;
                if (
                  target.closest(
                    'button, a, input, select, label, textarea, .cui-data-table-select, .cui-data-table-actions',
                  )
                )
                  return;
                setActiveIndex(index);
                onRowOpen?.(row);
              }}
            >
              {selectable ? (
                <td className="cui-data-table-select">
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={m.selectRow(name)}
                    checked={isSelected}
                    onChange={() => toggleRow(rowId)}
                  />
                </td>
              ) : null}
              {columns.map((column) => {
                if (hiddenRendering.includes(column.id))
                  return <td key={column.id} data-align={column.align ?? 'start'} />;
                const content = column.cell
                  ? column.cell(row)
                  : column.field
                    ? renderFieldCell(column.field, cellValue(row, column.field.name), valueOptions, m)
                    : String(cellValue(row, column.id) ?? '');
                // A cut-off cell shows its full text on hover (and to assistive tech, through title).
                const title =
                  column.title?.(row) ??
                  (typeof content === 'string' || typeof content === 'number' ? String(content) : undefined);
                return (
                  <td
                    key={column.id}
                    data-align={column.align ?? 'start'}
                    data-label={typeof column.header === 'string' ? column.header : undefined}
                    title={title || undefined}
                  >
                    {content}
                  </td>
                );
              })}
              {showActions ? <td className="cui-data-table-actions">{rowActions(row)}</td> : null}
            </tr>
          );
        })}
        {virtual.padBottom > 0 ? (
          <tr aria-hidden="true" className="cui-data-table-spacer" style={{ height: virtual.padBottom }}>
            <td colSpan={colCount} />
          </tr>
        ) : null}
      </>
    );
  }

  const hideableColumns = allColumns.filter((column) => column.hideable !== false);

  return (
    <Root
      ref={rootRef}
      className={['cui-data-table', className].filter(Boolean).join(' ')}
      data-state={state}
      data-virtualized={windowed ? '' : undefined}
      data-layout={cards ? 'cards' : windowed ? 'fixed' : undefined}
      style={{ '--cui-dt-row-height': `${rowHeight}px` } as CSSProperties}
    >
      <Toolbar className="cui-data-table-toolbar">
        <div className="cui-data-table-toolbar-slot">{toolbar}</div>
        {hideableColumns.length > 0 ? (
          <ColumnsMenu
            columns={hideableColumns}
            hidden={hidden}
            messages={m}
            onToggle={(column) => table.toggleColumn(column)}
          />
        ) : null}
      </Toolbar>
      {selectable && selected.length > 0 ? (
        <BulkBar className="cui-data-table-bulk" role="region" aria-label={m.bulkActions}>
          <span role="status">{m.selected(formatGrouped(selected.length))}</span>
          {bulkActions?.(selected, clearSelection)}
          <button type="button" className="cui-button" data-kind="ghost" onClick={clearSelection}>
            {m.clearSelection}
          </button>
        </BulkBar>
      ) : null}
      <Scroll
        ref={scrollRef}
        className="cui-data-table-scroll"
        style={cards ? undefined : { maxHeight: height }}
        onScroll={virtual.onScroll}
      >
        <table
          role="grid"
          aria-labelledby={`${id}-caption`}
          aria-busy={loading || undefined}
          aria-rowcount={windowed ? rows.length + 1 : undefined}
          aria-multiselectable={selectable || undefined}
          aria-readonly={readOnly || undefined}
          onKeyDown={onGridKeyDown}
        >
          <caption id={`${id}-caption`} className="cui-visually-hidden">
            {label}
          </caption>
          <thead ref={theadRef}>
            <tr aria-rowindex={windowed ? 1 : undefined}>
              {selectable ? (
                <th scope="col" className="cui-data-table-select">
                  <input
                    ref={selectAllRef}
                    type="checkbox"
                    aria-label={m.selectAll}
                    checked={allSelected}
                    disabled={rows.length === 0 || loading}
                    onChange={toggleAll}
                  />
                </th>
              ) : null}
              {columns.map((column) => {
                const direction = sort?.field === column.id ? sort.direction : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    data-align={column.align ?? 'start'}
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={
                      column.sortable
                        ? direction === 'asc'
                          ? 'ascending'
                          : direction === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="cui-data-table-sort"
                        onClick={() => table.toggleSort(column.id)}
                      >
                        {column.header}
                        <span
                          aria-hidden="true"
                          className="cui-data-table-sort-icon"
                          data-direction={direction ?? 'none'}
                        >
                          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {showActions ? (
                <th scope="col" className="cui-data-table-actions">
                  <span className="cui-visually-hidden">{m.actions}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </Scroll>
      {loading ? (
        <span role="status" className="cui-visually-hidden">
          {m.loading(label)}
        </span>
      ) : null}
      <Pagination
        count={rows.length}
        total={pagerTotal}
        totalEstimated={totalEstimated}
        keyset={keyset}
        page={page}
        pageSize={pageSize}
        pageSizeOptions={pageSizeOptions}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        loading={loading}
        failed={Boolean(error)}
        messages={m}
      />
    </Root>
  );
}
