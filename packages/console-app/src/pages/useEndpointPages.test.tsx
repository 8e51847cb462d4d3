import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { chatsEndpoints, type Conversation } from '@staff/console-contract';
import type { FakeAnswer, FakeRequest } from '../api/testAdapter.js';
import { renderPage, routeOf } from '../test/renderPage.js';
import { useEndpointPages } from './useEndpointPages.js';

afterEach(cleanup);

const route = routeOf('customer-chats');
const row = (id: number, text = `message ${id}`): Conversation => ({
  id,
  wa_registry_id: 1,
  number_name: 'CS 1',
  number_active: true,
  number_phone: '6281100000001',
  customer_wa_id: `62812999900${id}`,
  customer_name: `Customer ${id}`,
  customer_id: id,
  customer_conversations: 1,
  status: 'open',
  assigned_to: null,
  assignee_name: null,
  handed_over: false,
  bot_replies: 0,
  unread_count: 0,
  last_message_at: '2026-11-20T03:00:00.000Z',
  last_message_text: text,
  last_direction: 'in',
  last_inbound_at: '2026-11-20T03:00:00.000Z',
  window_open: true,
  version: 1,
});
const page = (rows: Conversation[], next: string | null) => ({
  status: 200,
  data: { data: rows, next_cursor: next, total_unread: rows.length },
});

function Conversations() {
  const [filter, setFilter] = useState<'all' | 'mine'>('all');
  const pages = useEndpointPages(
    chatsEndpoints.list,
    { query: { filter, limit: 2 } },
    {
      rowsOf: (answer) => answer.data,
      cursorOf: (answer) => answer.next_cursor,
      withCursor: (input, cursor) => ({ query: { ...input.query, cursor } }),
      idOf: (conversation) => conversation.id,
      live: true,
    },
  );
  const { state } = pages;
  return (
    <>
      <p role="status">
        {state.status === 'loading'
          ? 'loading'
          : state.status === 'error'
            ? `failed: ${state.error.message}`
            : `rows: ${state.rows.map((r) => `${r.id}:${r.last_message_text}`).join(', ')}${state.hasMore ? ' …' : ''}${state.moreError ? ` (more failed: ${state.moreError.message})` : ''}`}
      </p>
      <button onClick={() => void pages.loadMore()}>more</button>
      <button onClick={pages.retry}>retry</button>
      <button onClick={() => setFilter('mine')}>mine</button>
    </>
  );
}

function setup(answer: (config: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const handler = answer as (config: FakeRequest) => FakeAnswer;
  const rendered = renderPage(route, <Conversations />, { keys: [route.key], handler });
  const lists = () => rendered.requests.filter((request) => request.url === '/api/chats/conversations');
  return { ...rendered, lists };
}
const status = () => screen.getByRole('status').textContent;

describe('useEndpointPages', () => {
  it('pages in on loadMore, and a live refresh keeps what was paged in beyond the first page', async () => {
    let firstText = 'hello';
    const { user, sockets, lists } = setup((config) =>
      config.params?.cursor === 'c2' ? page([row(3), row(4)], null) : page([row(1, firstText), row(2)], 'c2'),
    );
    await screen.findByText('rows: 1:hello, 2:message 2 …');
    await user.click(screen.getByRole('button', { name: 'more' }));
    await screen.findByText('rows: 1:hello, 2:message 2, 3:message 3, 4:message 4');
    expect(lists().map((request) => request.params?.cursor)).toEqual([undefined, 'c2']);

    // The first page changed: refreshed, with the rows paged in after it kept.
    firstText = 'new';
    const refreshed = lists().length;
    act(() => {
      sockets[0]!.fire('resource:changed', { entity: 'wa_conversations', id: 1, action: 'update' });
      sockets[0]!.fire('resource:changed', { entity: 'wa_conversations', id: 2, action: 'update' });
    });
    await screen.findByText('rows: 1:new, 2:message 2, 3:message 3, 4:message 4');
    // A burst of pushes, one refresh.
    expect(lists()).toHaveLength(refreshed + 1);
  });

  it('drops rows the refreshed first page now holds from those paged in after it', async () => {
    let moved = false;
    const { user, sockets } = setup((config) =>
      config.params?.cursor === 'c2'
        ? page([row(3), row(4)], null)
        : page(moved ? [row(3, 'moved up'), row(1)] : [row(1), row(2)], 'c2'),
    );
    await screen.findByText('rows: 1:message 1, 2:message 2 …');
    await user.click(screen.getByRole('button', { name: 'more' }));
    await screen.findByText('rows: 1:message 1, 2:message 2, 3:message 3, 4:message 4');
    moved = true;
    act(() => sockets[0]!.fire('resource:changed', { entity: 'wa_conversations', id: 3, action: 'update' }));
    await screen.findByText('rows: 3:moved up, 1:message 1, 4:message 4');
  });

  it('says when the next page failed, keeps the rows, and loads it when asked again', async () => {
    let failMore = true;
    const { user } = setup((config) =>
      config.params?.cursor === 'c2'
        ? failMore
          ? { status: 502, data: { message: 'The gateway did not answer' } }
          : page([row(3)], null)
        : page([row(1), row(2)], 'c2'),
    );
    await screen.findByText('rows: 1:message 1, 2:message 2 …');
    await user.click(screen.getByRole('button', { name: 'more' }));
    await screen.findByText('rows: 1:message 1, 2:message 2 … (more failed: The gateway did not answer)');
    failMore = false;
    await user.click(screen.getByRole('button', { name: 'more' }));
    await screen.findByText('rows: 1:message 1, 2:message 2, 3:message 3');
  });

  it('shows a failed first page with a retry; a failed refresh leaves the list as it was', async () => {
    let fail = true;
    const { user, sockets, lists } = setup(() =>
      fail
        ? { status: 503, data: { message: 'The server was busy; try again', code: 'RETRY' } }
        : page([row(1)], null),
    );
    await screen.findByText('failed: The server was busy; try again');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'retry' }));
    await screen.findByText('rows: 1:message 1');

    fail = true;
    const before = lists().length;
    act(() => sockets[0]!.fire('resource:changed', { entity: 'wa_conversations', id: 1, action: 'update' }));
    await waitFor(() => expect(lists()).toHaveLength(before + 1));
    // The failed answer settles in microtasks after the request: flushed, nothing changed.
    await act(async () => undefined);
    expect(status()).toBe('rows: 1:message 1');
  });

  it('a new input shows loading until its own first page answers; a late answer for the old one is dropped', async () => {
    const held: Array<() => void> = [];
    const { user } = setup(
      (config) =>
        new Promise<FakeAnswer>((resolve) =>
          held.push(() => resolve(page([row(config.params?.filter === 'mine' ? 9 : 1)], null))),
        ),
    );
    expect(status()).toBe('loading');
    await user.click(screen.getByRole('button', { name: 'mine' }));
    // The mine answer first, then the late all answer (aborted, dropped).
    await act(async () => held[1]!());
    await screen.findByText('rows: 9:message 9');
    await act(async () => held[0]!());
    expect(status()).toBe('rows: 9:message 9');
  });
});
