import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense, useEffect } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyWithPreload, preloadData } from './preload.js';
import { shown } from '../test/shown.js';

afterEach(cleanup);

describe('lazyWithPreload', () => {
  it('downloads once, however often preload is called, and renders without a fallback once loaded', async () => {
    const factory = vi.fn(async () => ({ default: ({ name }: { name: string }) => <p>Hello {name}</p> }));
    const page = lazyWithPreload(factory);
    await Promise.all([page.preload(), page.preload()]);
    expect(factory).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <page.Component name="Ayu" />
      </Suspense>,
    );
    // Already loaded: the first render shows the page, not the fallback.
    expect(screen.getByText('Hello Ayu')).toBeVisible();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends when rendered before the code arrived, and retries a failed download', async () => {
    let attempt = 0;
    const page = lazyWithPreload(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('chunk failed');
      return { default: () => <p>Loaded</p> };
    });
    await expect(page.preload()).rejects.toThrow('chunk failed');
    render(
      <Suspense fallback={<p>loading</p>}>
        <page.Component />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeVisible();
    await shown(screen.findByText('Loaded'));
    expect(attempt).toBe(2);
  });

  it('keeps the page mounted when its parent renders again after the code arrived (no remount, state kept)', () => {
    // Session 34: in a time-sliced render the chunk can arrive between the wrapper's render (code not in: the lazy
    // component) and its child's (code in: no suspension), so the lazy component is committed. The parent's next
    // render then switched to the loaded component, another type, and React remounted the page: a list lost the
    // rows-per-page change it had just made and asked for its saved views again (list.e2e, 1 run in 8).
    // A thenable that settles synchronously stands for that arrival.
    let mounts = 0;
    function Rows({ size }: { size: number }) {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>Rows {size}</p>;
    }
    const module = { default: Rows };
    type Module = typeof module;
    const settled = <T,>(value: T): PromiseLike<T> => ({
      then: <R,>(onFulfilled?: ((value: T) => R | PromiseLike<R>) | null) =>
        settled(onFulfilled ? (onFulfilled(value) as R) : (value as unknown as R)),
    });
    const page = lazyWithPreload(() => settled(module) as Promise<Module>);
    const { rerender } = render(
      <Suspense fallback={<p>loading</p>}>
        <page.Component size={25} />
      </Suspense>,
    );
    expect(screen.getByText('Rows 25')).toBeVisible();
    rerender(
      <Suspense fallback={<p>loading</p>}>
        <page.Component size={100} />
      </Suspense>,
    );
    expect(screen.getByText('Rows 100')).toBeVisible();
    expect(mounts).toBe(1);
  });
});

describe('preloadData', () => {
  it('starts at once and records the outcome for a synchronous read later', async () => {
    const load = vi.fn(async () => 42);
    const record = preloadData(load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(record.state).toEqual({ status: 'pending' });
    await act(async () => {
      await record.promise;
    });
    expect(record.state).toEqual({ status: 'fulfilled', value: 42 });
  });

  it('records a rejection without leaving it unhandled', async () => {
    const record = preloadData(async () => {
      throw { status: 403 };
    });
    await record.promise.catch(() => undefined);
    expect(record.state).toEqual({ status: 'rejected', error: { status: 403 } });
  });
});
