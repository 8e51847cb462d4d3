import type { FilterPreset, FilterSet } from '../machines/filterPresets.machine.js';
import type { SortState } from '../components/DataTable/index.js';

/** One page of a list as the data source answers it. */
export interface ListResult<Row> {
  rows: Row[];
  total: number;
  /** The total is the database's estimate (large unfiltered tables): shown as "of about N". */
  totalEstimated?: boolean;
  /** Keyset paging: the cursor of the page after this one, null on the last page. */
  nextCursor?: string | null;
  /** Whatever else the answer carries for the view (relation labels, …). */
  meta?: unknown;
}

/**
 * The app's data source for lists and records (modelled on react-admin's DataProvider). Only `list` is
 * required; the controller offers what the provider has. `Query` is the provider's own list request.
 */
export interface DataProvider<Row, Query = unknown> {
  list: (resource: string, query: Query, signal: AbortSignal) => Promise<ListResult<Row>>;
  get?: (resource: string, id: string, signal?: AbortSignal) => Promise<Row>;
  create?: (resource: string, values: Record<string, unknown>) => Promise<Row>;
  update?: (resource: string, id: string, values: Record<string, unknown>, version?: number) => Promise<Row>;
  delete?: (resource: string, id: string) => Promise<void>;
  /** A bulk operation (e.g. "delete") on several rows at once. */
  bulk?: (resource: string, action: string, ids: string[]) => Promise<void>;
  /** A named action or state transition on one row. */
  action?: (resource: string, name: string, id: string, input?: Record<string, unknown>) => Promise<Row>;
  aggregate?: (resource: string, query: Query, signal: AbortSignal) => Promise<Record<string, unknown>>;
  /** Calls `onChange` when rows of `resource` change elsewhere; returns the unsubscribe. */
  subscribe?: (resource: string, onChange: () => void) => () => void;
}

/** The address bar as the controller sees it (console-ui does not import a router). */
export interface LocationAdapter {
  /** The current query string, without "?". */
  search: string;
  /** Go to a new query string (without "?"); `replace` for changes that should not add a history entry. */
  setSearch: (search: string, options: { replace: boolean }) => void;
}

/** The parts of a view every list has; the app's view type adds its filters, hidden columns, … */
export interface BaseListView {
  q: string;
  sort: SortState | null;
  /** 1-based (offset paging). */
  page: number;
  pageSize: number;
  /** Keyset paging: the cursor of the page shown, null for the first. */
  cursor?: string | null;
  presetId?: string | null;
  viewId?: string | null;
}

/** How a view is written in the address and read back (lenient: what does not fit is left out). */
export interface ViewCodec<View extends BaseListView> {
  parse: (params: URLSearchParams) => View;
  serialize: (view: View) => URLSearchParams;
}

/** The filterPresets machine's part in a list: built-in presets, the user's own, and the view's filter. */
export interface ListPresetsOptions<View extends BaseListView> {
  listId: string;
  builtIn: FilterPreset[];
  /** Loads / keeps the user's own presets (default: none kept). */
  load?: (listId: string) => Promise<FilterPreset[]>;
  persist?: (listId: string, presets: FilterPreset[]) => Promise<void>;
  /** The view's filter, as the FilterBar and the machine hold it. */
  filterOf: (view: View) => FilterSet;
  /** The view's changes for a filter set in the bar or by a preset (page 1 etc. are added by the controller). */
  viewFor: (filter: FilterSet) => Partial<View>;
  /** Compares two filters by what they send (so a filter read back from the address equals the one set). */
  keyOf: (filter: FilterSet) => string;
  /** The view's changes for the columns a chosen preset hides (default: the columns are left as they are). */
  columnsFor?: (hiddenColumns: string[]) => Partial<View>;
}

/** A saved view as the list knows it (stored on the server by the app). */
export interface StoredListView {
  id: string;
  name: string;
  shared: boolean;
  mine: boolean;
  owner?: string | null;
}

export interface SavedViewsAdapter<Stored extends StoredListView, View extends BaseListView> {
  load: (signal: AbortSignal) => Promise<Stored[]>;
  save: (input: { name: string; shared: boolean; view: View }) => Promise<Stored>;
  share: (id: string, shared: boolean) => Promise<Stored>;
  remove: (id: string) => Promise<void>;
  /** The view changes that open a stored view. */
  viewOf: (stored: Stored) => Partial<View>;
}

/** Rows the route started loading together with the page guard's check. */
export interface PreloadedList<Row> {
  key: string;
  promise: Promise<ListResult<Row>>;
  /** The answer when it is already in: shown in the first render, no loading flash. */
  value?: ListResult<Row>;
}
