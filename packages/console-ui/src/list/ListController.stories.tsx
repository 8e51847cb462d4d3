import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { messagesIn, type WithGlobals } from '../../../../.storybook/messages.js';
import { DataTable } from '../components/DataTable/DataTable.js';
import { pageSummary } from '../components/DataTable/model.js';
import { creatorFields, creatorLabel, creatorRows } from '../components/DataTable/DataTable.fixtures.js';
import { FilterBar } from '../components/FilterBar/index.js';
import type { FilterPreset, FilterSet } from '../machines/filterPresets.machine.js';
import type { ResourceRow } from '../resource.js';
import { createSearchParamsCodec } from './searchParamsCodec.js';
import type { BaseListView, DataProvider, ListResult, StoredListView } from './types.js';
import { useListController } from './useListController.js';

// A list over an in-memory data source: every state of the controller, driven through its view.

interface DemoView extends BaseListView {
  platform: string | null;
}

const ALL = creatorRows(120);

interface SourceOptions {
  /** never: the first answer never comes; fail-once: the first answer is an error, the retry works. */
  mode?: 'ok' | 'never' | 'fail-once' | 'empty';
  estimated?: boolean;
  keyset?: boolean;
}

interface DemoQuery {
  q: string;
  platform: string | null;
  sort: DemoView['sort'];
  limit: number;
  offset: number;
  cursor: string | null;
}

/** The data source: filters, sorts and pages the fixture rows; its `changed` lets a story push a live change. */
function createSource({ mode = 'ok', estimated = false, keyset = false }: SourceOptions) {
  let rows = mode === 'empty' ? [] : [...ALL];
  let calls = 0;
  const listeners = new Set<() => void>();
  const provider: DataProvider<ResourceRow, DemoQuery> = {
    list: async (_resource, query) => {
      calls += 1;
      if (mode === 'never') return new Promise<ListResult<ResourceRow>>(() => undefined);
      if (mode === 'fail-once' && calls === 1) throw new Error('The server did not answer');
      const words = query.q.toLowerCase();
      let found = rows.filter(
        (row) =>
          (!words || String(row.name).toLowerCase().includes(words)) &&
          (!query.platform || row.platform === query.platform),
      );
      if (query.sort) {
        const { field, direction } = query.sort;
        found = [...found].sort(
          (a, b) => String(a[field]).localeCompare(String(b[field])) * (direction === 'asc' ? 1 : -1),
        );
      }
      const start = keyset ? Number(query.cursor ?? 0) : query.offset;
      const page = found.slice(start, start + query.limit);
      const next = start + query.limit < found.length ? String(start + query.limit) : null;
      return {
        rows: page,
        total: estimated ? 1_000_000 : found.length,
        totalEstimated: estimated,
        ...(keyset ? { nextCursor: next } : {}),
      };
    },
    delete: async (_resource, id) => {
      rows = rows.filter((row) => String(row.id) !== id);
    },
    bulk: async (_resource, action, ids) => {
      if (action === 'delete') rows = rows.filter((row) => !ids.includes(String(row.id)));
    },
    subscribe: (_resource, onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  const changeElsewhere = () => {
    rows = rows.slice(1);
    listeners.forEach((listener) => listener());
  };
  return { provider, changeElsewhere };
}

const DEFAULTS: DemoView = {
  q: '',
  platform: null,
  sort: { field: 'name', direction: 'asc' },
  page: 1,
  pageSize: 10,
  cursor: null,
  presetId: null,
  viewId: null,
};

const codec = createSearchParamsCodec<DemoView>({
  defaults: DEFAULTS,
  pageSizes: [10, 25, 100],
  sortable: ['name', 'followers'],
  parseExtra: (params) => ({ platform: params.get('f.platform') || null }),
  serializeExtra: (view, params) => {
    if (view.platform) params.set('f.platform', view.platform);
  },
});

const queryOf = (view: DemoView): DemoQuery => ({
  q: view.q,
  platform: view.platform,
  sort: view.sort,
  limit: view.pageSize,
  offset: (view.page - 1) * view.pageSize,
  cursor: view.cursor ?? null,
});

const ONLY_TIKTOK: FilterPreset = {
  id: 'tiktok',
  name: 'TikTok only',
  builtIn: true,
  filter: { filters: [{ op: 'eq', field: 'platform', value: 'tiktok' }], groups: [] },
  hiddenColumns: [],
  hiddenRendering: [],
};

const platformOf = (filter: FilterSet): string | null => {
  const condition = filter.filters.find((term) => term.field === 'platform');
  if (!condition) return null;
  if (condition.op === 'eq') return String(condition.value);
  if (condition.op === 'in' && condition.values.length === 1) return String(condition.values[0]);
  return null;
};

interface DemoProps extends SourceOptions {
  initialSearch?: string;
  withPresets?: boolean;
  withViews?: boolean;
  preloaded?: boolean;
}

function ListDemo({ initialSearch = '', withPresets, withViews, preloaded, ...source }: DemoProps) {
  const [{ provider, changeElsewhere }] = useState(() => createSource(source));
  const [search, setSearch] = useState(initialSearch);
  const [history, setHistory] = useState(0);
  const location = useMemo(
    () => ({
      search,
      setSearch: (next: string, { replace }: { replace: boolean }) => {
        setSearch(next);
        if (!replace) setHistory((n) => n + 1);
      },
    }),
    [search],
  );
  const [preload] = useState(() => {
    if (!preloaded) return undefined;
    const view = codec.parse(new URLSearchParams(initialSearch));
    const query = queryOf(view);
    const value: ListResult<ResourceRow> = { rows: ALL.slice(0, 10), total: ALL.length };
    return { key: `creators:${JSON.stringify(query)}`, promise: Promise.resolve(value), value };
  });
  const [views] = useState<StoredListView[]>([
    { id: 'v1', name: 'TikTok by name', shared: true, mine: true },
  ]);
  const list = useListController<ResourceRow, DemoQuery, DemoView>({
    resource: 'creators',
    dataProvider: provider,
    location,
    codec,
    queryOf,
    ...(preload ? { preloaded: preload } : {}),
    ...(withPresets
      ? {
          presets: {
            listId: 'story.creators',
            builtIn: [ONLY_TIKTOK],
            filterOf: (view: DemoView): FilterSet => ({
              filters: view.platform ? [{ op: 'eq', field: 'platform', value: view.platform }] : [],
              groups: [],
            }),
            viewFor: (filter: FilterSet) => ({ platform: platformOf(filter) }),
            keyOf: (filter: FilterSet) => platformOf(filter) ?? '',
          },
        }
      : {}),
    ...(withViews
      ? {
          savedViews: {
            load: async () => views,
            save: async ({ name, shared }) => ({ id: 'v2', name, shared, mine: true }),
            share: async (id, shared) => ({ ...views.find((view) => view.id === id)!, shared }),
            remove: async () => undefined,
            viewOf: () => ({ platform: 'tiktok', q: '' }),
          },
        }
      : {}),
    liveReloadMs: 20,
  });
  return (
    <div>
      <p>
        Address: <output aria-label="Address">?{search}</output> · history entries:{' '}
        <output aria-label="History entries">{history}</output> · status:{' '}
        <output aria-label="Status">{list.status}</output>
      </p>
      <FilterBar
        label="Filter creators"
        fields={creatorFields}
        search={list.view.q}
        onSearchChange={list.setQ}
        {...(list.presets ? { presets: list.presets } : {})}
        {...(list.savedViews
          ? {
              savedViews: list.savedViews.views.map(({ id, name, shared, mine }) => ({
                id,
                name,
                shared,
                mine,
              })),
              activeViewId: list.view.viewId ?? null,
              onSelectView: (view: { id: string }) => list.savedViews?.apply(view.id),
              onSaveView: ({ name, shared }: { name: string; shared: boolean }) =>
                void list.savedViews?.save(name, shared),
            }
          : {})}
      />
      <button type="button" onClick={changeElsewhere}>
        Change a row elsewhere
      </button>
      <DataTable
        label="Creators"
        fields={creatorFields}
        rows={list.rows}
        total={list.totalKnown ? list.total : undefined}
        totalEstimated={list.totalEstimated}
        rowLabel={creatorLabel}
        sort={list.view.sort}
        onSortChange={list.setSort}
        page={list.view.page}
        onPageChange={list.setPage}
        pageSize={list.view.pageSize}
        pageSizeOptions={[10, 25, 100]}
        onPageSizeChange={list.setPageSize}
        {...(source.keyset
          ? {
              keyset: {
                hasNext: list.keyset.hasNext,
                hasPrev: list.keyset.hasPrevious,
                onNext: list.keyset.next,
                onPrev: list.keyset.previous,
              },
            }
          : {})}
        selected={list.selection.selected}
        onSelectedChange={list.selection.setSelected}
        bulkActions={(ids) => (
          <button type="button" className="cui-button" onClick={() => void list.bulk('delete', ids)}>
            Delete selected ({ids.length})
          </button>
        )}
        loading={list.loading}
        error={list.status === 'error' ? 'Could not load creators. The server did not answer' : null}
        onRetry={list.reload}
      />
    </div>
  );
}

const meta = {
  title: 'Data/useListController',
  component: ListDemo,
} satisfies Meta<typeof ListDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = (canvasElement: HTMLElement) => within(canvasElement).getByLabelText('Status');
const address = (canvasElement: HTMLElement) => within(canvasElement).getByLabelText('Address');
const grid = (canvasElement: HTMLElement) => within(canvasElement).getByRole('grid', { name: 'Creators' });
/** The table's "1–10 of 120" in the language in force, for the first page of `size` rows. */
const firstPage = (context: WithGlobals, total: number, size = 10, estimated = false) =>
  pageSummary(1, size, Math.min(size, total), total, estimated, messagesIn(context, 'dataTable').pageSummary);

/** The first answer has not come: the table shows its skeleton, no "0 of 0". */
export const Loading: Story = {
  args: { mode: 'never' },
  play: async ({ canvasElement, globals }) => {
    await expect(status(canvasElement)).toHaveTextContent('loading');
    await expect(within(canvasElement).queryByText(firstPage({ globals }, 0))).toBeNull();
  },
};

/** Rows of the view in the address, with the total. */
export const Ready: Story = {
  play: async ({ canvasElement, globals }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('ready'));
    await expect(within(canvasElement).getByText(firstPage({ globals }, 120))).toBeInTheDocument();
  },
};

/** Nothing to show. */
export const Empty: Story = {
  args: { mode: 'empty' },
  play: async ({ canvasElement, globals }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('ready'));
    await expect(
      within(grid(canvasElement)).getByText(messagesIn({ globals }, 'dataTable').empty),
    ).toBeInTheDocument();
  },
};

/** The answer failed: the error and Retry; the retry loads. */
export const ErrorAndRetry: Story = {
  args: { mode: 'fail-once' },
  play: async ({ canvasElement, globals }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('error'));
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: messagesIn({ globals }, 'dataTable').retry }),
    );
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('ready'));
  },
};

/** Rows per page and the page reset to 1 in one event: both land in the address, in one history entry. */
export const PageSizeInTheAddress: Story = {
  args: { initialSearch: 'page=3' },
  play: async ({ canvasElement, globals }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('ready'));
    await userEvent.selectOptions(
      within(canvasElement).getByLabelText(messagesIn({ globals }, 'dataTable').rowsPerPage),
      '25',
    );
    await waitFor(() => expect(address(canvasElement)).toHaveTextContent('?size=25'));
    await expect(within(canvasElement).getByLabelText('History entries')).toHaveTextContent('1');
    await waitFor(() =>
      expect(within(canvasElement).getByText(firstPage({ globals }, 120, 25))).toBeInTheDocument(),
    );
  },
};

/** Search and sort go to the address (page back to 1). */
export const SearchAndSort: Story = {
  args: { initialSearch: 'page=2' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('ready'));
    await userEvent.click(within(grid(canvasElement)).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(address(canvasElement)).toHaveTextContent('?sort=name%3Adesc'));
    await userEvent.type(within(canvasElement).getByRole('searchbox'), 'Budi');
    await waitFor(() => expect(address(canvasElement)).toHaveTextContent('?q=Budi&sort=name%3Adesc'));
  },
};

/** A total the database estimates: "of about". */
export const EstimatedTotal: Story = {
  args: { estimated: true },
  play: async ({ canvasElement, globals }) => {
    await waitFor(() =>
      expect(
        within(canvasElement).getByText(firstPage({ globals }, 1_000_000, 10, true)),
      ).toBeInTheDocument(),
    );
  },
};

/** Keyset paging: Next page follows the answer's cursor, Previous page goes back. */
export const KeysetPaging: Story = {
  args: { keyset: true },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('ready'));
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'dataTable').nextPage }),
    );
    await waitFor(() => expect(address(canvasElement)).toHaveTextContent('cursor=10'));
    await waitFor(() =>
      expect(
        canvas.getByRole('button', { name: messagesIn({ globals }, 'dataTable').previousPage }),
      ).toBeEnabled(),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'dataTable').previousPage }),
    );
    await waitFor(() => expect(address(canvasElement)).not.toHaveTextContent('cursor'));
  },
};

/** Select two rows, delete them in bulk: the list reloads without them and the selection clears. */
export const SelectionAndBulk: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('ready'));
    const boxes = within(grid(canvasElement)).getAllByRole('checkbox');
    await userEvent.click(boxes[1]!);
    await userEvent.click(boxes[2]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete selected (2)' }));
    await waitFor(() => expect(canvas.getByText(firstPage({ globals }, 118))).toBeInTheDocument());
    await expect(
      canvas.queryByRole('region', { name: messagesIn({ globals }, 'dataTable').bulkActions }),
    ).toBeNull();
  },
};

/** A change elsewhere (pushed by the data source) reloads the list. */
export const LiveReload: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText(firstPage({ globals }, 120))).toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: 'Change a row elsewhere' }));
    await waitFor(() => expect(canvas.getByText(firstPage({ globals }, 119))).toBeInTheDocument());
  },
};

/** Rows the route preloaded with the page guard are there in the first render. */
export const Preloaded: Story = {
  args: { preloaded: true },
  play: async ({ canvasElement, globals }) => {
    await expect(status(canvasElement)).toHaveTextContent('ready');
    await expect(within(canvasElement).getByText(firstPage({ globals }, 120))).toBeInTheDocument();
  },
};

/** A preset sets the filter and names itself in the address; the address sets the chips back. */
export const Presets: Story = {
  args: { withPresets: true },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('ready'));
    const preset = await canvas.findByRole('combobox', { name: messagesIn({ globals }, 'filterBar').preset });
    await waitFor(() => expect(preset).toBeEnabled());
    await userEvent.selectOptions(preset, 'tiktok');
    await waitFor(() => expect(address(canvasElement)).toHaveTextContent('f.platform=tiktok'));
    await waitFor(() => expect(address(canvasElement)).toHaveTextContent('preset=tiktok'));
  },
};

/** A saved view opened from the list sets its filter and names itself in the address. */
export const SavedViews: Story = {
  args: { withViews: true },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('ready'));
    await userEvent.click(
      await canvas.findByRole('button', { name: messagesIn({ globals }, 'filterBar').savedViews }),
    );
    const menu = canvas.getByRole('dialog', { name: messagesIn({ globals }, 'filterBar').savedViews });
    await userEvent.click(within(menu).getByRole('button', { name: /TikTok by name/ }));
    await waitFor(() => expect(address(canvasElement)).toHaveTextContent('view=v1'));
    await expect(address(canvasElement)).toHaveTextContent('f.platform=tiktok');
  },
};
