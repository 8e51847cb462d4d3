import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { meetingsEndpoints, type ScheduleResponse } from '@staff/console-contract';
import type { FakeAnswer } from '../api/testAdapter.js';
import { renderPage, routeOf } from '../test/renderPage.js';
import { useEndpoint } from './useEndpoint.js';
import type { FakeRequest } from '../api/testAdapter.js';

afterEach(cleanup);

const route = routeOf('meeting-room-dashboard');
const scheduleWith = (rooms: number): ScheduleResponse => ({
  from: '2026-11-26T00:00:00+07:00',
  to: '2026-11-27T00:00:00+07:00',
  now: '2026-11-26T09:00:00+07:00',
  rooms: Array.from({ length: rooms }, (_, index) => ({
    id: index + 1,
    name: `Room ${index + 1}`,
    location: null,
    capacity: 4,
    facilities: [],
    requires_approval: false,
  })),
  bookings: [],
});

function Schedule() {
  const [from, setFrom] = useState('2026-11-26');
  const { data, error, loading } = useEndpoint(
    meetingsEndpoints.schedule,
    { query: { from } },
    { live: true },
  );
  return (
    <>
      <p role="status">{loading ? 'loading' : error ? `failed: ${error.message}` : 'ready'}</p>
      <p>rooms: {data?.rooms.length ?? '-'}</p>
      <button onClick={() => setFrom('2026-11-27')}>next day</button>
    </>
  );
}

function setup(answer: (config: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  // renderPage's fake adapter awaits the answer: a promise that never settles is a request still in flight.
  const handler = answer as (config: FakeRequest) => FakeAnswer;
  const rendered = renderPage(route, <Schedule />, { keys: [route.key], handler });
  const schedules = () => rendered.requests.filter((request) => request.url === '/api/meetings/schedule');
  return { ...rendered, schedules };
}

describe('useEndpoint', () => {
  it('loads through call() and reloads quietly when its topic is pushed, not for other entities', async () => {
    let rooms = 1;
    const { sockets, schedules } = setup(() => ({ status: 200, data: scheduleWith(rooms) }));
    await screen.findByText('rooms: 1');
    expect(schedules()).toHaveLength(1);

    rooms = 2;
    act(() => sockets[0]!.fire('resource:changed', { entity: 'creators', id: 1, action: 'update' }));
    act(() => sockets[0]!.fire('resource:changed', { entity: 'room_bookings', id: 1, action: 'create' }));
    // Quiet: the rooms shown stay until the new answer replaces them.
    expect(screen.getByRole('status').textContent).toBe('ready');
    await screen.findByText('rooms: 2');
    expect(schedules()).toHaveLength(2);
  });

  it('shows a failure as an ApiError, keeps the last data, and aborts what is in flight on unmount', async () => {
    let failNext = false;
    const { user, schedules, sockets } = setup((config) =>
      config.params?.from === '2026-11-27'
        ? new Promise<FakeAnswer>(() => undefined)
        : failNext
          ? { status: 503, data: { message: 'The server was busy; try again', code: 'RETRY' } }
          : { status: 200, data: scheduleWith(1) },
    );
    await screen.findByText('rooms: 1');
    failNext = true;
    act(() => sockets[0]!.fire('resource:changed', { entity: 'room_bookings', id: 1, action: 'update' }));
    await screen.findByText('failed: The server was busy; try again');
    expect(screen.getByText('rooms: 1')).toBeVisible();

    // A new input: loading, and its request is aborted when the component goes.
    await user.click(screen.getByRole('button', { name: 'next day' }));
    expect(screen.getByRole('status').textContent).toBe('loading');
    const pending = schedules().at(-1)!;
    expect(pending.params).toEqual({ from: '2026-11-27' });
    expect((pending.signal as AbortSignal).aborted).toBe(false);
    cleanup();
    expect((pending.signal as AbortSignal).aborted).toBe(true);
  });

  it('a reload() kept from an earlier render asks for the current input', async () => {
    let kept: (() => void) | undefined;
    function Keeper() {
      const [from, setFrom] = useState('2026-11-26');
      const { data, loading, reload } = useEndpoint(meetingsEndpoints.schedule, { query: { from } });
      return (
        <>
          <p role="status">{loading ? 'loading' : `rooms: ${data?.rooms.length ?? '-'}`}</p>
          <button onClick={() => (kept = reload)}>keep reload</button>
          <button onClick={() => setFrom('2026-11-27')}>next day</button>
        </>
      );
    }
    let rooms = 1;
    const handler = () => ({ status: 200, data: scheduleWith(rooms) });
    const { requests, user } = renderPage(route, <Keeper />, { keys: [route.key], handler });
    await screen.findByText('rooms: 1');
    await user.click(screen.getByRole('button', { name: 'keep reload' }));
    await user.click(screen.getByRole('button', { name: 'next day' }));
    await screen.findByText('rooms: 1');

    // As a save that answers after the person moved on calls the reload of the render it started in.
    rooms = 2;
    act(() => kept!());
    await screen.findByText('rooms: 2');
    const schedules = requests.filter((request) => request.url === '/api/meetings/schedule');
    expect(schedules.map((request) => request.params)).toEqual([
      { from: '2026-11-26' },
      { from: '2026-11-27' },
      { from: '2026-11-27' },
    ]);
  });

  it('asks nothing while not enabled, then loads once enabled', async () => {
    function Waiting() {
      const [ready, setReady] = useState(false);
      const { state } = useEndpoint(
        meetingsEndpoints.schedule,
        { query: { from: '2026-11-26' } },
        { enabled: ready },
      );
      return (
        <>
          <p role="status">{state.status === 'ready' ? `rooms: ${state.data.rooms.length}` : state.status}</p>
          <button onClick={() => setReady(true)}>start</button>
        </>
      );
    }
    const handler = () => ({ status: 200, data: scheduleWith(3) });
    const { requests, user } = renderPage(route, <Waiting />, { keys: [route.key], handler });
    expect(screen.getByRole('status').textContent).toBe('loading');
    const schedules = () => requests.filter((request) => request.url === '/api/meetings/schedule');
    expect(schedules()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'start' }));
    await screen.findByText('rooms: 3');
    expect(schedules()).toHaveLength(1);
  });
});
