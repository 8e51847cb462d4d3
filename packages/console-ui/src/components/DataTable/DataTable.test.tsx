import { composeStories } from '@storybook/react-vite';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { fn, userEvent } from 'storybook/test';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../resource.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { DataTable, nextSort, pageSummary, useDataTable } from './index.js';
import { creatorRows } from './DataTable.fixtures.js';
import * as stories from './DataTable.stories.js';

const {
  Default,
  Sorting,
  OffsetPagination,
  KeysetPagination,
  ColumnVisibility,
  Selection,
  ReadOnly,
  Loading,
  Empty,
  ErrorState,
  KeyboardNavigation,
  Virtualized,
  CustomColumns,
} = composeStories(stories);

const bodyRows = () => within(screen.getByRole('grid')).getAllByRole('row').slice(1);

describe('DataTable formatting helpers', () => {
  it('formats money, page summaries and sort cycling', () => {
    expect(formatMoney(1234567)).toBe('Rp\u00a01.234.567');
    expect(formatMoney('1500000')).toBe('Rp\u00a01.500.000');
    expect(pageSummary(1, 50, 50, 1234)).toBe('1–50 of 1.234');
    expect(pageSummary(25, 50, 34, 1234)).toBe('1.201–1.234 of 1.234');
    expect(pageSummary(1, 50, 50, 1_000_000, true)).toBe('1–50 of about 1.000.000');
    expect(nextSort(null, 'name')).toEqual({ field: 'name', direction: 'asc' });
    expect(nextSort({ field: 'name', direction: 'asc' }, 'name')).toEqual({
      field: 'name',
      direction: 'desc',
    });
    expect(nextSort({ field: 'name', direction: 'desc' }, 'city')).toEqual({
      field: 'city',
      direction: 'asc',
    });
  });
});

describe('DataTable', () => {
  it('builds columns from list fields with typed cells', () => {
    render(<Default />);
    const headers = screen
      .getAllByRole('columnheader')
      .slice(1)
      .map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual([
      'Name',
      'Platform',
      'Followers',
      'Rate per post',
      'Active',
      'Joined',
      'City',
      'API key',
    ]);
    const [first, second] = bodyRows();
    expect(first).toHaveTextContent('Budi Santoso');
    expect(first).toHaveTextContent('Instagram');
    expect(first).toHaveTextContent('Rp 500.000');
    expect(within(first!).getByText('No')).toHaveAttribute('data-tone', 'neutral');
    expect(within(second!).getByText('Yes')).toHaveAttribute('data-tone', 'success');
    expect(second).toHaveTextContent('TikTok');
    expect(second).toHaveTextContent('••••');
    expect(screen.getByText('1–10 of 1.234')).toBeInTheDocument();
  });

  it('toggles sort from headers by click and keyboard', async () => {
    const onSortChange = fn();
    render(<Sorting onSortChange={onSortChange} />);
    const name = screen.getByRole('columnheader', { name: /Name/ });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(name).getByRole('button'));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', direction: 'desc' });
    within(screen.getByRole('columnheader', { name: /City/ }))
      .getByRole('button')
      .focus();
    await userEvent.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'city', direction: 'asc' });
    expect(name).toHaveAttribute('aria-sort', 'none');
  });

  it('pages with offset pagination and changes page size', async () => {
    const onPageChange = fn();
    render(<OffsetPagination onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(screen.getByText('11–20 of 1.234')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent(creatorRows(11)[10]!.name as string);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(screen.getByText('1–50 of 1.234')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(50);
  });

  it('uses cursors with keyset pagination', async () => {
    const keyset = { hasNext: false, hasPrev: true, onNext: fn(), onPrev: fn() };
    render(<KeysetPagination keyset={keyset} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(keyset.onPrev).toHaveBeenCalled();
  });

  it('hides and shows columns from the columns menu', async () => {
    const onHidden = fn();
    render(<ColumnVisibility onHiddenColumnsChange={onHidden} />);
    const button = screen.getByRole('button', { name: 'Columns' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'API key' }));
    expect(onHidden).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('columnheader', { name: 'API key' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Platform' }));
    expect(screen.queryByRole('columnheader', { name: /Platform/ })).toBeNull();
    await userEvent.click(document.body);
    expect(screen.queryByRole('group', { name: 'Visible columns' })).toBeNull();
  });

  it('selects rows, selects all on the page and runs bulk actions', async () => {
    const onSelected = fn();
    render(<Selection onSelectedChange={onSelected} />);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row Budi Santoso' }));
    expect(onSelected).toHaveBeenLastCalledWith(['c1']);
    const selectAll = screen.getByRole('checkbox', {
      name: 'Select all rows on this page',
    }) as HTMLInputElement;
    expect(selectAll.indeterminate).toBe(true);
    await userEvent.click(selectAll);
    expect(onSelected.mock.lastCall?.[0]).toHaveLength(10);
    expect(selectAll.checked).toBe(true);
    await userEvent.click(selectAll);
    expect(onSelected).toHaveBeenLastCalledWith([]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row Budi Santoso' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    expect(onSelected).toHaveBeenLastCalledWith([]);
  });

  it('read-only hides selection and row actions', () => {
    render(<ReadOnly />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('shows loading, empty and error states', async () => {
    const { unmount } = render(<Loading />);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading Creators…');
    unmount();
    const empty = render(<Empty />);
    expect(screen.getByText('No creators match these filters')).toBeInTheDocument();
    empty.unmount();
    const onRetry = fn();
    render(<ErrorState onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load creators');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('navigates rows with the keyboard: arrows, Enter opens, Space selects', async () => {
    const onRowOpen = fn();
    const onSelected = fn();
    render(<KeyboardNavigation onRowOpen={onRowOpen} onSelectedChange={onSelected} />);
    const rows = bodyRows();
    expect(rows[0]).toHaveAttribute('tabindex', '0');
    await userEvent.tab(); // Columns button
    await userEvent.tab(); // first header sort button
    rows[0]!.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(rows[2]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'c3' }));
    await userEvent.keyboard(' ');
    expect(onSelected).toHaveBeenLastCalledWith(['c3']);
    await userEvent.keyboard('{Home}');
    expect(rows[0]).toHaveFocus();
    await userEvent.click(rows[3]!.querySelector('td.cui-data-table-select')!);
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    await userEvent.click(rows[4]!.querySelectorAll('td')[1]!);
    expect(onRowOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'c5' }));
  });

  it('renders only a window of rows when virtualised', async () => {
    render(<Virtualized />);
    const grid = screen.getByRole('grid');
    expect(grid).toHaveAttribute('aria-rowcount', '100001');
    const rendered = grid.querySelectorAll('tbody tr[data-index]');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    (rendered[0] as HTMLElement).focus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(grid.querySelector('tr[data-index="99999"]')).toHaveFocus());
    expect(grid.querySelector('tr[data-index="99999"]')).toHaveAttribute('aria-rowindex', '100001');
  });

  it('supports explicit columns with cell renderers and hidden rendering', () => {
    render(<CustomColumns />);
    expect(
      screen
        .getAllByRole('columnheader')
        .slice(1)
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Creator', 'City', 'Rate', 'Reach', 'Updated']);
    const first = bodyRows()[0]!;
    expect(within(first).getByText('Budi Santoso').tagName).toBe('STRONG');
    expect(first).not.toHaveTextContent('Jakarta');
  });
});

describe('DataTable embedding', () => {
  interface Creator {
    id: string;
    name: string;
    followers: number | null;
  }
  const rows: Creator[] = [
    { id: 'a', name: 'Budi', followers: 300 },
    { id: 'b', name: 'ani', followers: null },
    { id: 'c', name: 'Citra', followers: 50 },
  ];
  const names = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

  it('sorts client-side when no onSortChange is given (interface rows, blanks last, id-ID collation)', async () => {
    const user = userEvent.setup();
    render(
      <DataTable<Creator>
        label="Creators"
        rows={rows}
        columns={[
          { id: 'name', header: 'Name', sortable: true },
          { id: 'followers', header: 'Followers', sortable: true },
        ]}
      />,
    );
    expect(names()).toEqual(['Budi', 'ani', 'Citra']);
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['ani', 'Budi', 'Citra']);
    await user.click(screen.getByRole('button', { name: /Followers/ }));
    expect(names()).toEqual(['Citra', 'Budi', 'ani']);
    await user.click(screen.getByRole('button', { name: /Followers/ }));
    expect(names()).toEqual(['Budi', 'Citra', 'ani']);
    expect(screen.getByRole('columnheader', { name: /Followers/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('leaves the order to the host when onSortChange is given', async () => {
    const user = userEvent.setup();
    const onSortChange = fn();
    render(
      <DataTable<Creator>
        label="Creators"
        rows={rows}
        onSortChange={onSortChange}
        columns={[{ id: 'name', header: 'Name', sortable: true }]}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenCalledWith({ field: 'name', direction: 'asc' });
    expect(names()).toEqual(['Budi', 'ani', 'Citra']);
  });

  it('takes its strings from the messages prop over the provider, and titles text cells', () => {
    render(
      <ConsoleMessagesProvider messages={{ dataTable: { empty: 'Tidak ada data', columns: 'Kolom' } }}>
        <DataTable<Creator> label="Creators" rows={[]} columns={[{ id: 'name', header: 'Name' }]} />
        <DataTable<Creator>
          label="Others"
          rows={rows}
          total={3}
          messages={{ nextPage: 'Berikutnya' }}
          columns={[{ id: 'name', header: 'Name' }]}
        />
      </ConsoleMessagesProvider>,
    );
    expect(screen.getByText('Tidak ada data')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Kolom' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Berikutnya' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Budi' })).toHaveAttribute('title', 'Budi');
  });
});

describe('useDataTable paging the rows it was given (pageMode client)', () => {
  const rows = creatorRows(1_003);

  it('slices the sorted rows into pages; the last page holds the rest and a page past it shows the last', () => {
    const { result, rerender } = renderHook((props: { page?: number }) =>
      useDataTable({ rows, columns: [], defaultPageSize: 100, ...props }),
    );
    expect(result.current.pageMode).toBe('client');
    expect(result.current.paged).toBe(true);
    expect(result.current.rows.map((row) => row.id)).toEqual(rows.slice(0, 100).map((row) => row.id));
    act(() => result.current.setPage(11));
    expect(result.current.rows.map((row) => row.id)).toEqual(['c1001', 'c1002', 'c1003']);
    rerender({ page: 50 });
    expect(result.current.page).toBe(11);
    expect(result.current.rows).toHaveLength(3);
  });

  it('leaves paging to the host when it reports pages or counts them', () => {
    for (const props of [{ onPageChange: () => undefined }, { total: 5_000 }]) {
      const { result } = renderHook(() =>
        useDataTable({ rows, columns: [], defaultPageSize: 100, ...props }),
      );
      expect(result.current.pageMode).toBe('server');
      expect(result.current.rows).toHaveLength(1_003);
    }
  });

  it('shows no pager for rows that fit one page when no page size was asked for, and one when they do not', () => {
    const { rerender } = render(<DataTable label="Few" rows={creatorRows(3)} columns={[]} />);
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    rerender(<DataTable label="Many" rows={creatorRows(51)} columns={[]} />);
    expect(screen.getByText('1–50 of 51')).toBeVisible();
    expect(bodyRows()).toHaveLength(50);
  });
});
