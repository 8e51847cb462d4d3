import type { SortState } from '../components/DataTable/index.js';
import type { BaseListView, ViewCodec } from './types.js';

export interface SearchParamsCodecOptions<View extends BaseListView> {
  /** The view of a bare address. */
  defaults: View;
  /** Page sizes the list offers; another `size` in the address falls back to the default. */
  pageSizes: readonly number[];
  /** Fields the list may sort on; another `sort` falls back to the default. */
  sortable?: readonly string[];
  /** The view's own parts (filters, …) from the address, and back; defaults are left out of the address. */
  parseExtra?: (params: URLSearchParams) => Partial<View>;
  serializeExtra?: (view: View, params: URLSearchParams) => void;
}

const positiveInt = (text: string | null): number | null =>
  text !== null && /^\d+$/.test(text) && Number(text) >= 1 ? Number(text) : null;

/**
 * A view in the address as `q`, `sort=field:asc`, `page`, `size`, `cursor`, `preset` and `view`, plus what
 * `parseExtra`/`serializeExtra` add. Defaults are left out, so a plain list has a plain address.
 */
export function createSearchParamsCodec<View extends BaseListView>(
  options: SearchParamsCodecOptions<View>,
): ViewCodec<View> {
  const { defaults, pageSizes, sortable } = options;
  return {
    parse(params) {
      let sort: SortState | null = defaults.sort;
      const sortText = params.get('sort');
      if (sortText) {
        const [field = '', direction = ''] = sortText.split(':');
        if ((!sortable || sortable.includes(field)) && (direction === 'asc' || direction === 'desc'))
          sort = { field, direction };
      }
      const size = positiveInt(params.get('size'));
      return {
        ...defaults,
        ...options.parseExtra?.(params),
        q: (params.get('q') ?? '').trim(),
        sort,
        page: positiveInt(params.get('page')) ?? 1,
        pageSize: size !== null && pageSizes.includes(size) ? size : defaults.pageSize,
        cursor: params.get('cursor') || null,
        presetId: params.get('preset') || null,
        viewId: params.get('view') || null,
      };
    },
    serialize(view) {
      const params = new URLSearchParams();
      if (view.q) params.set('q', view.q);
      options.serializeExtra?.(view, params);
      const sameSort =
        view.sort?.field === defaults.sort?.field && view.sort?.direction === defaults.sort?.direction;
      if (view.sort && !sameSort) params.set('sort', `${view.sort.field}:${view.sort.direction}`);
      if (view.page > 1) params.set('page', String(view.page));
      if (view.pageSize !== defaults.pageSize) params.set('size', String(view.pageSize));
      if (view.cursor) params.set('cursor', view.cursor);
      if (view.presetId) params.set('preset', view.presetId);
      if (view.viewId) params.set('view', view.viewId);
      return params;
    },
  };
}
