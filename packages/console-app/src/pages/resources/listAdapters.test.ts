import { describe, expect, it, vi } from 'vitest';
import { n8nCreators } from '@staff/console-contract';
import type { ResourceListRequest } from '../../api/resources.js';
import { preloadData } from '../preload.js';
import { preloadedListOf } from './listAdapters.js';
import { requestFor, requestKey } from './loadList.js';
import { parseViewState } from './viewState.js';

const def = n8nCreators;
const page = (name: string) => ({ rows: [{ id: 1, name }], total: 1, totalEstimated: false, labels: {} });
const keyOf = (search: string) =>
  requestKey(def, requestFor(def, parseViewState(def, new URLSearchParams(search))));

describe("preloadedListOf: the route's rows for the list's first view", () => {
  it('uses the rows the route loaded when they answer the view, without asking again', async () => {
    const data = preloadData(async () => ({ key: keyOf(''), page: page('preloaded') }));
    await data.promise;
    const list = vi.fn();
    const preloaded = preloadedListOf(def, data, '', { list });
    expect(preloaded.value?.rows).toEqual([{ id: 1, name: 'preloaded' }]);
    await expect(preloaded.promise).resolves.toMatchObject({
      rows: [{ id: 1, name: 'preloaded' }],
      total: 1,
    });
    expect(list).not.toHaveBeenCalled();
  });

  it('asks for its own view when the rows answer another (mounted again after the address changed)', async () => {
    // Session 34: this was an error ("The preloaded rows answer another view"), and the list showed no rows.
    const data = preloadData(async () => ({ key: keyOf(''), page: page('preloaded') }));
    await data.promise;
    const list = vi.fn(async (_resource: string, _request: ResourceListRequest, _signal: AbortSignal) => ({
      rows: [{ id: 2 }],
      total: 1,
      totalEstimated: false,
    }));
    const preloaded = preloadedListOf(def, data, '?size=100', { list });
    expect(preloaded.value).toBeUndefined();
    await expect(preloaded.promise).resolves.toMatchObject({ rows: [{ id: 2 }] });
    expect(list).toHaveBeenCalledTimes(1);
    expect(list.mock.calls[0]?.[1]).toMatchObject({ limit: 100 });
  });
});
