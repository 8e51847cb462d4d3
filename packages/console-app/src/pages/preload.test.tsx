import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
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
