import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { creators, demoRows } from '@staff/console-contract';
import type { ResourceRow } from '../../resource.js';
import { DataTable, type DataTableColumn, type DataTableProps, type SortState } from './index.js';
import { messagesIn } from '../../../../../.storybook/messages.js';
import {
  creatorFields,
  creatorLabel,
  creatorRows,
  fieldsInChosenLanguage,
  fixtureFieldsIn,
  fixtureLabel,
} from './DataTable.fixtures.js';
import { pageSummary } from './model.js';

// Stories use the library's own row type; `DataTable` itself accepts any object type (interfaces too).
const ResourceDataTable = DataTable<ResourceRow>;

const meta = {
  title: 'Data/DataTable',
  component: ResourceDataTable,
  decorators: [fieldsInChosenLanguage],
  args: {
    label: 'Creators',
    fields: creatorFields,
    rows: creatorRows(10),
    total: 1234,
    defaultPageSize: 10,
    pageSizeOptions: [10, 25, 50],
    rowLabel: creatorLabel,
    formatOptions: { timeZone: 'Asia/Jakarta' },
    onSortChange: fn(),
    onPageChange: fn(),
    onPageSizeChange: fn(),
    onSelectedChange: fn(),
    onHiddenColumnsChange: fn(),
    onRowOpen: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof ResourceDataTable>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowActionsIn = (language: unknown) =>
  function RowActions(row: ResourceRow) {
    return (
      <button type="button" className="cui-button">
        {language === 'id' ? 'Ubah' : 'Edit'} <span className="cui-visually-hidden">{String(row.name)}</span>
      </button>
    );
  };
const rowActions = rowActionsIn('en');

/** Columns from the fields marked `list`: money, Yes/No badge, enum label, id-ID date, masked secret. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'dataTable');
    const canvas = within(canvasElement);
    const table = canvas.getByRole('grid', { name: 'Creators' });
    await expect(within(table).getAllByRole('row')).toHaveLength(11);
    await expect(canvas.getByText(pageSummary(1, 10, 10, 1234, false, m.pageSummary))).toBeInTheDocument();
    const first = within(table).getAllByRole('row')[1]!;
    await expect(first).toHaveTextContent('Budi Santoso');
    await expect(first).toHaveTextContent('Rp 500.000');
    await expect(first).toHaveTextContent(m.no);
    await expect(first).toHaveTextContent('1 Jan 2024');
    await expect(first).toHaveTextContent(messagesIn({ globals }, 'values').notSet);
  },
};

/** Sortable headers: click or Enter toggles ascending/descending; `aria-sort` follows. */
export const Sorting: Story = {
  args: { defaultSort: { field: 'name', direction: 'asc' } },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const nameHeader = canvas.getByRole('columnheader', {
      name: new RegExp(fixtureLabel({ globals }, 'name')),
    });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(nameHeader).getByRole('button'));
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ field: 'name', direction: 'desc' });
    const followers = canvas.getByRole('columnheader', {
      name: new RegExp(fixtureLabel({ globals }, 'followers')),
    });
    within(followers).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    await expect(followers).toHaveAttribute('aria-sort', 'ascending');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await expect(
      canvas.getByRole('columnheader', { name: fixtureLabel({ globals }, 'active') }),
    ).not.toHaveAttribute('aria-sort');
  },
};

function ServerDemo(props: DataTableProps & { dataset: number }) {
  const { dataset, ...rest } = props;
  const all = useMemo(() => creatorRows(dataset), [dataset]);
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selected, setSelected] = useState<string[]>([]);
  const sorted = useMemo(() => {
    if (!sort) return all;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...all].sort((a, b) => {
      const x = a[sort.field] as string | number;
      const y = b[sort.field] as string | number;
      return (
        (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * factor
      );
    });
  }, [all, sort]);
  return (
    <DataTable
      {...rest}
      rows={sorted.slice((page - 1) * pageSize, page * pageSize)}
      total={all.length}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        setPage(1);
        rest.onSortChange?.(next);
      }}
      page={page}
      onPageChange={(next) => {
        setPage(next);
        rest.onPageChange?.(next);
      }}
      pageSize={pageSize}
      onPageSizeChange={(next) => {
        setPageSize(next);
        rest.onPageSizeChange?.(next);
      }}
      selected={selected}
      onSelectedChange={(next) => {
        setSelected(next);
        rest.onSelectedChange?.(next);
      }}
    />
  );
}

/** Offset pagination: page size select, previous/next, "11–20 of 1.234". */
export const OffsetPagination: Story = {
  render: (args) => <ServerDemo {...args} dataset={1234} />,
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'dataTable');
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: m.previousPage })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: m.nextPage }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await expect(canvas.getByText(pageSummary(2, 10, 10, 1234, false, m.pageSummary))).toBeInTheDocument();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: m.rowsPerPage }), '25');
    await expect(args.onPageSizeChange).toHaveBeenCalledWith(25);
    await expect(canvas.getByText(pageSummary(1, 25, 25, 1234, false, m.pageSummary))).toBeInTheDocument();
  },
};

/** A huge unfiltered table: the server answers an estimated total, shown as "about". */
export const EstimatedTotal: Story = {
  args: { total: 1_000_000, totalEstimated: true },
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'dataTable');
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(pageSummary(1, 10, 10, 1_000_000, true, m.pageSummary)),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: m.nextPage })).toBeEnabled();
  },
};

/** Keyset pagination: the server hands out next/previous cursors instead of page numbers. */
export const KeysetPagination: Story = {
  args: { keyset: { hasNext: true, hasPrev: false, onNext: fn(), onPrev: fn() }, total: undefined },
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'dataTable');
    const canvas = within(canvasElement);
    await expect(canvas.getByText(m.keysetSummary({ shown: '10', estimated: false }))).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: m.previousPage })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: m.nextPage }));
    await expect(args.keyset!.onNext).toHaveBeenCalled();
  },
};

/** The columns menu hides and shows columns. */
export const ColumnVisibility: Story = {
  args: { defaultHiddenColumns: ['api_key'] },
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'dataTable');
    const city = fixtureLabel({ globals }, 'city');
    const canvas = within(canvasElement);
    await expect(
      canvas.queryByRole('columnheader', { name: fixtureLabel({ globals }, 'api_key') }),
    ).toBeNull();
    await expect(canvas.getByRole('columnheader', { name: new RegExp(city) })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: m.columns }));
    const menu = canvas.getByRole('group', { name: m.visibleColumns });
    await userEvent.click(within(menu).getByRole('checkbox', { name: city }));
    await expect(canvas.queryByRole('columnheader', { name: new RegExp(city) })).toBeNull();
    await expect(args.onHiddenColumnsChange).toHaveBeenLastCalledWith(['api_key', 'city']);
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('group', { name: m.visibleColumns })).toBeNull();
    await expect(canvas.getByRole('button', { name: m.columns })).toHaveFocus();
  },
};

/** Row selection with select-all and a bulk action bar. */
export const Selection: Story = {
  args: {
    rowActions,
    bulkActions: (ids, clear) => (
      <button type="button" className="cui-button" data-kind="danger" onClick={clear}>
        Delete selected ({ids.length})
      </button>
    ),
  },
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'dataTable');
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: m.selectRow('Siti Kusuma') }));
    await expect(canvas.getByRole('status')).toHaveTextContent(m.selected('1'));
    const selectAll = canvas.getByRole('checkbox', { name: m.selectAll });
    await expect((selectAll as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(selectAll);
    await expect(canvas.getByRole('status')).toHaveTextContent(m.selected('10'));
    await expect(args.onSelectedChange).toHaveBeenLastCalledWith(expect.arrayContaining(['c1', 'c10']));
    await userEvent.click(canvas.getByRole('button', { name: 'Delete selected (10)' }));
    await expect(canvas.queryByRole('region', { name: m.bulkActions })).toBeNull();
  },
};

/** Selected rows given by the parent (controlled). */
export const WithSelectedRows: Story = {
  args: {
    selected: ['c2', 'c3'],
    rowActions,
    bulkActions: () => (
      <button type="button" className="cui-button" data-kind="danger">
        Delete selected
      </button>
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'dataTable');
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: m.bulkActions })).toHaveTextContent(m.selected('2'));
    await expect(canvas.getByRole('checkbox', { name: m.selectRow('Siti Kusuma') })).toBeChecked();
  },
};

/** Read-only users: no selection, no bulk or row actions. */
export const ReadOnly: Story = {
  args: { readOnly: true, rowActions, bulkActions: () => null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Edit/ })).toBeNull();
    await expect(canvas.getByRole('grid')).toHaveAttribute('aria-readonly', 'true');
  },
};

/** Loading: skeleton rows and `aria-busy`. */
export const Loading: Story = {
  args: { loading: true, rows: [] },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'dataTable').loading('Creators'),
    );
    await expect(canvasElement.querySelectorAll('.cui-data-table-skeleton').length).toBeGreaterThan(0);
  },
};

/** No rows: a message and an optional action. */
export const Empty: Story = {
  args: {
    rows: [],
    total: 0,
    emptyMessage: 'No creators match these filters',
    emptyAction: (
      <button type="button" className="cui-button">
        Clear filters
      </button>
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No creators match these filters')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    await expect(
      canvas.getByText(pageSummary(1, 10, 0, 0, false, messagesIn({ globals }, 'dataTable').pageSummary)),
    ).toBeInTheDocument();
  },
};

/** The list failed to load: the reason and Retry. */
export const ErrorState: Story = {
  name: 'Error',
  args: { rows: [], error: 'Could not load creators: the server did not answer.' },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('the server did not answer');
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'dataTable').retry }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Arrow keys move between rows, Enter opens the row, Space selects it. */
export const KeyboardNavigation: Story = {
  args: { rowActions, bulkActions: () => null },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const rows = within(canvas.getByRole('grid')).getAllByRole('row').slice(1);
    rows[0]!.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(rows[1]).toHaveFocus();
    await expect(rows[1]).toHaveAttribute('tabindex', '0');
    await expect(rows[0]).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'c2' }));
    await userEvent.keyboard(' ');
    await expect(rows[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    await expect(rows[9]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(rows[8]).toHaveFocus();
  },
};

// Built once per session: 100 000 rows are the story's data, not something each render should redo.
let hundredThousand: ResourceRow[] | undefined;
const rows100k = () => (hundredThousand ??= creatorRows(100_000));

/**
 * The big-data story: 100 000 rows on one page. Only the rows in view are in the DOM, End reaches the last row,
 * scrolling renders the rows then in view, and the header sticks.
 */
export const Virtualized: Story = {
  args: {
    rows: [],
    total: 100_000,
    defaultPageSize: 100_000,
    pageSizeOptions: [100_000],
    height: 400,
    bulkActions: () => null,
  },
  render: (args) => <DataTable<ResourceRow> {...args} rows={rows100k()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid');
    await expect(grid).toHaveAttribute('aria-rowcount', '100001');
    const rendered = grid.querySelectorAll('tbody tr[data-index]').length;
    await expect(rendered).toBeLessThan(60);
    const first = grid.querySelector<HTMLElement>('tbody tr[data-index="0"]')!;
    first.focus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(grid.querySelector('tbody tr[data-index="99999"]')).toHaveFocus());
    await expect(grid.querySelector('tbody tr[data-index="0"]')).toBeNull();
    await expect(grid.querySelectorAll('tbody tr[data-index]').length).toBeLessThan(60);
    await userEvent.keyboard('{ArrowUp}');
    await expect(grid.querySelector('tbody tr[data-index="99998"]')).toHaveFocus();
    // Scrolling renders the rows now in view; the header stays at the top of the scroll area.
    const scroller = canvasElement.querySelector<HTMLElement>('.cui-data-table-scroll')!;
    scroller.scrollTop = 50_000 * 40;
    scroller.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(grid.querySelector('tbody tr[data-index="50000"]')).not.toBeNull());
    await expect(grid.querySelectorAll('tbody tr[data-index]').length).toBeLessThan(60);
    const header = canvas.getAllByRole('columnheader')[1]!;
    await expect(
      Math.abs(header.getBoundingClientRect().top - scroller.getBoundingClientRect().top),
    ).toBeLessThan(2);
  },
};

const customColumns: DataTableColumn[] = [
  {
    id: 'name',
    header: 'Creator',
    sortable: true,
    field: creatorFields[0],
    cell: (row) => <strong>{String(row.name)}</strong>,
  },
  { id: 'city', header: 'City', field: creatorFields[6] },
  { id: 'rate_fee', header: 'Rate', field: creatorFields[3], align: 'end' },
  {
    id: 'reach',
    header: 'Reach',
    align: 'end',
    cell: (row) =>
      Number(row.followers) >= 1_000_000 ? 'Mega' : Number(row.followers) >= 100_000 ? 'Macro' : 'Micro',
  },
  { id: 'updated_at', header: 'Updated', field: creatorFields[9], hideable: false },
];

/** Explicit column definitions with cell renderers; `hiddenRendering` keeps a header but blanks its cells. */
export const CustomColumns: Story = {
  args: { columns: customColumns, fields: undefined, hiddenRendering: ['city'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: 'Reach' })).toBeInTheDocument();
    const first = within(canvas.getByRole('grid')).getAllByRole('row')[1]!;
    await expect(first).not.toHaveTextContent('Jakarta');
    await expect(first).toHaveTextContent('1 Jan 2025, 07.30');
  },
};

// Five rows: the point is the entity's own columns and texts, not the number of rows (axe checks every cell).
const contractRows = demoRows(creators, 5, 7).map((row, index) => ({ id: index + 1, ...row }));

/** A real entity definition from console-contract, passed straight in, with its demo data. */
export const ContractEntity: Story = {
  args: {
    label: creators.labelPlural,
    fields: creators.fields,
    rows: contractRows,
    total: contractRows.length,
    defaultPageSize: 25,
    pageSizeOptions: [25],
    rowLabel: (row) => String(row[creators.titleField]),
    defaultSort: creators.defaultSort,
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const listed = fixtureFieldsIn(creators.fields, globals.language)
      .filter((field) => field.list)
      .map((field) => field.label);
    const headers = canvas
      .getAllByRole('columnheader')
      .slice(1)
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    await expect(headers).toEqual(listed);
    await expect(within(canvas.getByRole('grid')).getAllByRole('row')).toHaveLength(6);
    await expect(
      canvas.getByText(pageSummary(1, 25, 5, 5, false, messagesIn({ globals }, 'dataTable').pageSummary)),
    ).toBeInTheDocument();
  },
};

/** Every state for visual review. */
export const AllStates: Story = {
  render: (args, { globals }) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <DataTable
        {...args}
        label="Ready"
        rowActions={rowActionsIn(globals.language)}
        bulkActions={() => null}
        defaultSelected={['c2']}
        defaultSort={{ field: 'name', direction: 'asc' }}
      />
      <DataTable {...args} label="Read only" readOnly rows={creatorRows(3)} />
      <DataTable {...args} label="Loading" loading rows={[]} />
      <DataTable {...args} label="Empty" rows={[]} total={0} />
      <DataTable
        {...args}
        label="Error"
        rows={[]}
        error={globals.language === 'id' ? 'Kreator tidak dapat dimuat.' : 'Could not load creators.'}
      />
      <DataTable
        {...args}
        label="Keyset"
        rows={creatorRows(3)}
        total={undefined}
        keyset={{ hasNext: true, hasPrev: true, onNext: () => {}, onPrev: () => {} }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('grid')).toHaveLength(6);
  },
};

/** The same states on the dark tokens (axe checks contrast there too). */
export const AllStatesDark: Story = {
  ...AllStates,
  globals: { theme: 'dark' },
  play: async (context) => {
    await expect(context.canvasElement.querySelector('[data-theme]')).toHaveAttribute('data-theme', 'dark');
    await AllStates.play?.(context);
  },
};

let tenThousand: ResourceRow[] | undefined;
const rows10k = () => (tenThousand ??= creatorRows(10_000));

/**
 * Paged here, as it sorts here: 10 000 rows handed in with only `defaultPageSize` (no `total`, no `onPageChange`),
 * so the table slices them into pages itself. Next, Previous, the page size and a sort all work on the whole set.
 * Pages of 10 and 20: the number of rows on a page is not the point here (axe checks every cell of the last page).
 */
export const ClientPaging10k: Story = {
  args: {
    rows: [],
    total: undefined,
    onPageChange: undefined,
    onSortChange: undefined,
    defaultPageSize: 10,
    pageSizeOptions: [10, 20, 50],
  },
  render: (args) => <DataTable<ResourceRow> {...args} rows={rows10k()} />,
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'dataTable');
    const summaryOf = (page: number, size: number) =>
      pageSummary(page, size, size, 10_000, false, m.pageSummary);
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid');
    const bodyRows = () => grid.querySelectorAll('tbody tr[data-index]');
    const firstFollowers = () =>
      grid.querySelector(
        `tbody tr[data-index="0"] td[data-label="${fixtureLabel({ globals }, 'followers')}"]`,
      )?.textContent;
    const summary = canvasElement.querySelector('.cui-data-table-summary')!;
    await expect(summary).toHaveTextContent(summaryOf(1, 10));
    await expect(bodyRows()).toHaveLength(10);
    const pageOne = firstFollowers();

    await userEvent.click(canvas.getByRole('button', { name: m.nextPage }));
    await expect(summary).toHaveTextContent(summaryOf(2, 10));
    await expect(bodyRows()).toHaveLength(10);
    await expect(firstFollowers()).not.toBe(pageOne);
    await userEvent.click(canvas.getByRole('button', { name: m.previousPage }));
    await expect(summary).toHaveTextContent(summaryOf(1, 10));
    await expect(firstFollowers()).toBe(pageOne);

    await userEvent.selectOptions(canvas.getByRole('combobox', { name: m.rowsPerPage }), '20');
    await expect(args.onPageSizeChange).toHaveBeenLastCalledWith(20);
    await expect(summary).toHaveTextContent(summaryOf(1, 20));

    // The sort orders all 10 000 rows, not the page: the fewest followers (1.200, the first row made) come first.
    await userEvent.click(canvas.getByRole('button', { name: m.nextPage }));
    await expect(summary).toHaveTextContent(summaryOf(2, 20));
    const followers = canvas.getByRole('columnheader', {
      name: new RegExp(fixtureLabel({ globals }, 'followers')),
    });
    await userEvent.click(within(followers).getByRole('button'));
    await expect(followers).toHaveAttribute('aria-sort', 'ascending');
    await expect(summary).toHaveTextContent(summaryOf(1, 20));
    await expect(firstFollowers()).toBe('1.200');
  },
};

/** Right to left (`dir="rtl"` on a parent): columns, pagination and the columns menu mirror. */
export const RightToLeft: Story = {
  globals: { direction: 'rtl' },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid');
    await expect(getComputedStyle(grid).direction).toBe('rtl');
    const [first, second] = within(grid).getAllByRole('columnheader');
    // The first column is on the right.
    await expect(first!.getBoundingClientRect().left).toBeGreaterThan(second!.getBoundingClientRect().left);
  },
};

/**
 * 375 px wide inside a grid parent: the table scrolls sideways instead of widening the page (min-width 0),
 * and the footer wraps to at most two lines.
 */
export const Narrow375: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr', width: 375 }}>
      <DataTable<ResourceRow> {...args} />
    </div>
  ),
  play: async ({ canvasElement, globals }) => {
    const root = canvasElement.querySelector<HTMLElement>('.cui-data-table')!;
    await expect(root.getBoundingClientRect().width).toBeLessThanOrEqual(375);
    const footer = canvasElement.querySelector<HTMLElement>('.cui-data-table-footer')!;
    const button = within(footer).getByRole('button', {
      name: messagesIn({ globals }, 'dataTable').nextPage,
    });
    // Two rows of controls at most (three would be over three button heights).
    await expect(footer.getBoundingClientRect().height).toBeLessThan(
      button.getBoundingClientRect().height * 3,
    );
  },
};

/**
 * A phone card with many actions (a package's transitions) and a long status: the actions take a line of their
 * own under the title, which keeps its room; the status wraps instead of being cut off.
 */
export const CardsWithManyActions: Story = {
  args: {
    rows: creatorRows(3).map((row, index) => ({
      ...row,
      name: index === 0 ? 'INV-2026-11-000123' : row.name,
      // Shown as stored (no option has it), as a long status text would be.
      platform: index === 0 ? 'Menunggu konfirmasi penerimaan oleh pelanggan' : row.platform,
    })),
    rowActions: (row: ResourceRow) => (
      <>
        {['Ship', 'Confirm receipt', 'Problem', 'Track', 'Notify'].map((action) => (
          <button key={action} type="button" aria-label={`${action}: ${String(row.name)}`}>
            {action}
          </button>
        ))}
      </>
    ),
  },
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr', width: 375 }}>
      <DataTable<ResourceRow> {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector<HTMLElement>('.cui-data-table')!;
    await expect(root.dataset.layout).toBe('cards');
    const card = canvasElement.querySelector<HTMLElement>('tbody tr[data-index]')!;
    const cardBox = card.getBoundingClientRect();
    const title = within(card).getByText('INV-2026-11-000123');
    // The title is shown whole (not squeezed to an ellipsis by the buttons).
    await expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth);
    for (const button of within(card).getAllByRole('button', { name: /: INV-2026-11-000123$/ })) {
      const box = button.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(cardBox.left);
      await expect(box.right).toBeLessThanOrEqual(cardBox.right);
      await expect(box.top).toBeGreaterThan(title.getBoundingClientRect().top);
    }
    // The status wraps inside the card, nothing cut off.
    const status = within(card).getByText('Menunggu konfirmasi penerimaan oleh pelanggan');
    const cell = status.closest('td')!;
    await expect(cell.scrollWidth).toBeLessThanOrEqual(cell.clientWidth);
    await expect(status.getBoundingClientRect().right).toBeLessThanOrEqual(cardBox.right);
  },
};

/** Long Indonesian text in cells: cut off with an ellipsis, the full text in the cell's title. */
export const LongIndonesianText: Story = {
  args: {
    rows: creatorRows(3).map((row, index) => ({
      ...row,
      name:
        index === 0
          ? 'Pusat Pelatihan Kewirausahaan dan Pemberdayaan Masyarakat Kabupaten Kepulauan Seribu Utara'
          : row.name,
    })),
  },
  play: async ({ canvasElement }) => {
    const long = 'Pusat Pelatihan Kewirausahaan dan Pemberdayaan Masyarakat Kabupaten Kepulauan Seribu Utara';
    await expect(within(canvasElement).getByTitle(long)).toBeInTheDocument();
  },
};
