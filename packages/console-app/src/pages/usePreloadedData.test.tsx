import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePreloadedData } from './usePreloadedData.js';
import { preloadData } from './preload.js';
import { shown } from '../test/shown.js';

afterEach(cleanup);

function Reader({
  load,
  initial,
}: {
  load: () => Promise<string>;
  initial?: ReturnType<typeof preloadData<string>>;
}) {
  const { state } = usePreloadedData(initial, load);
  return <p>{state.status === 'ready' ? state.data : state.status}</p>;
}

/** Suspends its first render: React throws away what it rendered beside it and renders it again later. */
function SuspendsOnce({ until }: { until: { promise: Promise<void>; done: boolean } }) {
  if (!until.done) throw until.promise;
  return null;
}

describe('usePreloadedData', () => {
  it('asks the server once when a render beside it is thrown away and done again', async () => {
    const load = vi.fn(async () => 'team figures');
    let release!: () => void;
    const until = { done: false, promise: new Promise<void>((resolve) => (release = resolve)) };
    until.promise = until.promise.then(() => void (until.done = true));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <SuspendsOnce until={until} />
        <Reader load={load} />
      </Suspense>,
    );
    await act(async () => {
      release();
      await until.promise;
    });
    await shown(screen.findByText('team figures'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows data the route started, without asking again', async () => {
    const load = vi.fn(async () => 'again');
    const initial = preloadData(async () => 'preloaded');
    await initial.promise;
    render(<Reader load={load} initial={initial} />);
    expect(screen.getByText('preloaded')).toBeVisible();
    expect(load).not.toHaveBeenCalled();
  });
});
