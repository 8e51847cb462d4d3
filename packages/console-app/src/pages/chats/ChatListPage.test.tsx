import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Conversation, Language } from '@staff/console-contract';
import { renderPage, routeOf } from '../../test/renderPage.js';
import ChatListPage from './ChatListPage.js';
import type { FakeAnswer, FakeRequest } from '../../api/testAdapter.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const conversation: Conversation = {
  id: 4,
  wa_registry_id: 1,
  number_name: 'CS 1',
  number_active: true,
  number_phone: '6281100000001',
  customer_wa_id: '6281299990077',
  customer_name: 'Rina',
  customer_id: 7,
  customer_conversations: 1,
  status: 'resolved',
  assigned_to: null,
  assignee_name: null,
  handed_over: false,
  bot_replies: 0,
  unread_count: 2,
  last_message_at: '2026-11-20T03:00:00.000Z',
  last_message_text: 'Paket saya belum sampai',
  last_direction: 'in',
  last_inbound_at: '2026-11-20T03:00:00.000Z',
  window_open: true,
  version: 1,
};
const customer = {
  id: 7,
  phone: '6281299990077',
  name: 'Rina',
  conversations: [
    {
      id: 4,
      wa_registry_id: 1,
      number_name: 'CS 1',
      number_phone: '6281100000001',
      number_active: true,
      status: 'resolved' as const,
      unread_count: 2,
      assignee_name: null,
      last_message_at: '2026-11-20T03:00:00.000Z',
      last_message_text: 'Paket saya belum sampai',
    },
  ],
};
const detail = {
  conversation,
  customer,
  messages: [
    {
      id: 11,
      direction: 'in',
      type: 'text',
      body: 'Paket saya belum sampai',
      status: 'received',
      error: null,
      at: '2026-11-20T03:00:00.000Z',
      sent_by_name: null,
      bot_rule_name: null,
    },
  ],
  purchases: [],
  problems: [],
  packages: [{ id: 1, label: 'INV-1', status: 'Shipping', resi: 'JNE0012345678' }],
};

const unregistered = {
  total: 1,
  numbers: [
    {
      phone_number_id: '6281100009999',
      display_phone: '6281100009999',
      count: 1,
      last_at: '2026-11-20T03:00:00.000Z',
      registered: false,
    },
  ],
  messages: [
    {
      id: 1,
      phone_number_id: '6281100009999',
      display_phone: '6281100009999',
      customer_wa_id: '6281299990088',
      customer_name: 'Dewi',
      type: 'text',
      body: 'Halo, ada yang bisa bantu?',
      at: '2026-11-20T03:00:00.000Z',
    },
  ],
};

/** Rina wrote to a second business number too: one customer, two conversations. */
const onBot: Conversation = {
  ...conversation,
  id: 9,
  wa_registry_id: 2,
  number_name: 'Bot 2',
  number_phone: '6281100000002',
  status: 'open',
  unread_count: 1,
  customer_conversations: 2,
  last_message_text: 'Halo dari nomor bot',
};
const twoNumbers = {
  ...customer,
  conversations: [
    {
      ...customer.conversations[0]!,
      id: 9,
      wa_registry_id: 2,
      number_name: 'Bot 2',
      number_phone: '6281100000002',
      status: 'open' as const,
      unread_count: 1,
      last_message_at: '2026-11-20T04:00:00.000Z',
      last_message_text: 'Halo dari nomor bot',
    },
    customer.conversations[0]!,
  ],
};

function setup(
  language: Language,
  options: {
    inactive?: boolean;
    admin?: boolean;
    twoNumbers?: boolean;
    requested?: string[];
    search?: string;
    queries?: unknown[];
    problemOptions?: () => FakeAnswer;
    /** The first page says there are older conversations; the page after it answers this. */
    olderPage?: () => FakeAnswer;
  } = {},
) {
  const route = routeOf('customer-chats');
  const shownConversation = {
    ...conversation,
    number_active: !options.inactive,
    customer_conversations: options.twoNumbers ? 2 : 1,
  };
  const shownCustomer = options.twoNumbers ? twoNumbers : customer;
  const problemOnBot = {
    id: 31,
    status: 'open' as const,
    description: 'Paket belum sampai (dari nomor bot)',
    opened_at: '2026-11-20T04:00:00.000Z',
    conversation_id: 9,
    message_id: 90,
  };
  return renderPage(route, <ChatListPage route={route} />, {
    language,
    ...(options.search ? { search: options.search } : {}),
    keys: [
      'statistics',
      'ad_daily_tracker',
      ...(options.admin ? (['databank_whatsapp_notifications'] as const) : []),
    ],
    handler: (config: FakeRequest) => {
      const url = config.url ?? '';
      options.requested?.push(url);
      if (url === '/api/chats/conversations') options.queries?.push(config.params);
      if (url === '/api/chats/conversations' && options.olderPage && config.params?.cursor === 'older')
        return options.olderPage();
      if (url === '/api/chats/conversations')
        return {
          status: 200,
          data: {
            data: options.twoNumbers ? [onBot, shownConversation] : [shownConversation],
            next_cursor: options.olderPage ? 'older' : null,
            total_unread: 2,
          },
        };
      if (url === '/api/chats/conversations/4')
        return {
          status: 200,
          data: {
            data: {
              ...detail,
              conversation: shownConversation,
              customer: shownCustomer,
              problems: options.twoNumbers ? [problemOnBot] : [],
            },
          },
        };
      if (url === '/api/chats/conversations/9' && options.twoNumbers)
        return {
          status: 200,
          data: {
            data: {
              ...detail,
              conversation: onBot,
              customer: twoNumbers,
              messages: [{ ...detail.messages[0]!, id: 90, body: 'Halo dari nomor bot' }],
              problems: [problemOnBot],
            },
          },
        };
      if (url === '/api/chats/conversations/9/read') return { status: 200, data: { data: onBot } };
      if (url === '/api/chats/unregistered')
        return options.admin ? { status: 200, data: { data: unregistered } } : { status: 403, data: {} };
      if (url === '/api/chats/assignees') return { status: 200, data: { data: [] } };
      if (url === '/api/problems/options' && options.problemOptions) return options.problemOptions();
      if (url === '/api/chats/conversations/4/read') return { status: 200, data: { data: conversation } };
      return undefined;
    },
  });
}

describe('Chat List in both languages', () => {
  it('speaks Indonesian: filters, the list, the thread and the customer beside it', async () => {
    const { user } = setup('id');
    const list = await screen.findByRole('listbox', { name: 'Percakapan' });
    expect(screen.getByRole('tablist', { name: 'Saring percakapan' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Ditangani bot' })).toBeVisible();
    expect(screen.getByText('pesan belum dibaca', { exact: false })).toBeVisible();
    expect(within(list).getByLabelText('2 belum dibaca')).toBeVisible();
    expect(screen.getByText('Pilih percakapan untuk membaca dan membalas.')).toBeVisible();
    // The spec's page title stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Chat List' })).toBeVisible();

    await user.click(within(list).getByRole('option', { name: /Rina/ }));
    expect(await screen.findByRole('list', { name: 'Pesan dengan Rina' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Buka lagi' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Buat masalah: Paket saya belum sampai' })).toBeVisible();
    const customer = screen.getByRole('complementary', { name: 'Data pelanggan' });
    expect(within(customer).getByText('Belum ada pembelian dengan nomor ini.')).toBeVisible();
    expect(within(customer).getByText(/resi JNE0012345678/)).toBeVisible();
  });

  it('speaks English in English, the thread included (it was Indonesian)', async () => {
    const { user } = setup('en');
    const list = await screen.findByRole('listbox', { name: 'Conversations' });
    expect(screen.getByRole('tab', { name: 'Handled by the bot' })).toBeVisible();
    expect(within(list).getByLabelText('2 unread')).toBeVisible();
    await user.click(within(list).getByRole('option', { name: /Rina/ }));
    expect(await screen.findByRole('list', { name: 'Messages with Rina' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Write a reply…' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create problem: Paket saya belum sampai' })).toBeVisible();
    const customer = screen.getByRole('complementary', { name: 'Customer data' });
    expect(within(customer).getByText(/receipt JNE0012345678/)).toBeVisible();
  });

  it('an inactive number closes the composer and says why before typing; administrators get a link and the kept messages', async () => {
    const { user } = setup('en', { inactive: true, admin: true });
    const notice = await screen.findByRole('region', { name: 'Messages to unregistered numbers' });
    expect(within(notice).getByText(/message to an unregistered number/)).toBeVisible();
    await user.click(within(notice).getByText(/message to an unregistered number/));
    expect(within(notice).getByText('Halo, ada yang bisa bantu?')).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Add it in WA Registries' })).toBeVisible();
    const list = screen.getByRole('listbox', { name: 'Conversations' });
    // Said in the list already, before the conversation is opened.
    expect(within(list).getByRole('option', { name: /Rina/ })).toHaveTextContent('Inactive number');
    await user.click(within(list).getByRole('option', { name: /Rina/ }));
    const closed = await screen.findByRole('note', { name: 'Replies cannot be sent from this conversation' });
    expect(closed).toHaveTextContent('The number CS 1 is inactive in WA Registries');
    expect(within(closed).getByRole('link', { name: 'Open CS 1 in WA Registries' })).toHaveAttribute(
      'href',
      '/app/admins/waregistries?q=CS%201',
    );
    expect(screen.queryByRole('textbox', { name: 'Write a reply…' })).toBeNull();
  });

  it('one customer on two numbers: each row names its number, the thread lists the other and jumps to it', async () => {
    const requested: string[] = [];
    const { user } = setup('en', { twoNumbers: true, requested });
    const list = await screen.findByRole('listbox', { name: 'Conversations' });
    const cs = within(list).getByRole('option', { name: /Paket saya belum sampai/ });
    expect(cs).toHaveTextContent('CS 1');
    expect(within(cs).getByTitle('The customer also writes to 1 other number')).toHaveTextContent(
      '+1 number',
    );
    expect(within(list).getByRole('option', { name: /Halo dari nomor bot/ })).toHaveTextContent('Bot 2');

    await user.click(cs);
    const others = await screen.findByRole('navigation', { name: "This customer's conversations" });
    expect(
      within(others).getByRole('link', {
        name: 'Open the conversation on CS 1 (this one, 2 unread, resolved)',
      }),
    ).toHaveAttribute('aria-current', 'true');
    const customerPanel = screen.getByRole('complementary', { name: 'Customer data' });
    expect(within(customerPanel).getByText('Writes to 2 of our numbers.')).toBeVisible();
    // The problem filed from the other number's message says where it came from.
    expect(within(customerPanel).getByRole('link', { name: 'its message on Bot 2' })).toHaveAttribute(
      'href',
      '/app/customer-chats?conversation=9&message=90',
    );

    await user.click(
      within(others).getByRole('link', { name: /Open the conversation on Bot 2 \(1 unread\)/ }),
    );
    const after = await screen.findByRole('link', { name: /on Bot 2 \(this one/ });
    expect(after).toHaveAttribute('aria-current', 'true');
    expect(requested).toContain('/api/chats/conversations/9');
    const thread = screen.getByRole('list', { name: 'Messages with Rina' });
    expect(within(thread).getByText('Halo dari nomor bot')).toBeVisible();
  });

  it('says in Indonesian which numbers the customer writes to', async () => {
    const { user } = setup('id', { twoNumbers: true });
    const list = await screen.findByRole('listbox', { name: 'Percakapan' });
    expect(within(list).getAllByTitle('Pelanggan juga menulis ke 1 nomor lain')).toHaveLength(2);
    expect(within(list).getByTitle('Masuk lewat Bot 2')).toHaveTextContent('Bot 2');
    await user.click(within(list).getByRole('option', { name: /Paket saya belum sampai/ }));
    const others = await screen.findByRole('navigation', { name: 'Percakapan pelanggan ini' });
    expect(
      within(others).getByRole('link', { name: /Buka percakapan di Bot 2 \(1 belum dibaca\)/ }),
    ).toBeVisible();
    expect(screen.getByText('Menulis ke 2 nomor kita.')).toBeVisible();
  });

  it("a link with a customer's number opens the list searching it (a problem filed by phone links here)", async () => {
    const queries: unknown[] = [];
    setup('en', { search: '?q=081299990077', queries });
    await screen.findByRole('listbox', { name: 'Conversations' });
    expect(screen.getByRole('searchbox', { name: 'Search name or number' })).toHaveValue('081299990077');
    expect(queries[0]).toMatchObject({ q: '081299990077' });
  });

  it('a customer on one number shows no jump list and says so', async () => {
    const { user } = setup('en');
    const list = await screen.findByRole('listbox', { name: 'Conversations' });
    expect(within(list).queryByText(/\+1 number/)).toBeNull();
    await user.click(within(list).getByRole('option', { name: /Rina/ }));
    await screen.findByRole('list', { name: 'Messages with Rina' });
    expect(screen.queryByRole('navigation', { name: "This customer's conversations" })).toBeNull();
    expect(screen.getByText('Writes only to this number.')).toBeVisible();
  });

  it('tells an agent without WA Registries rights who can fix an inactive number, in Indonesian', async () => {
    const { user } = setup('id', { inactive: true });
    const list = await screen.findByRole('listbox', { name: 'Percakapan' });
    await user.click(within(list).getByRole('option', { name: /Rina/ }));
    const closed = await screen.findByRole('note', {
      name: 'Balasan tidak bisa dikirim dari percakapan ini',
    });
    expect(closed).toHaveTextContent('Nomor CS 1 tidak aktif di WA Registries');
    expect(closed).toHaveTextContent('Administrator dapat mengaktifkannya.');
    expect(within(closed).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Pesan ke nomor yang tidak terdaftar' })).toBeNull();
  });
});

describe('Chat List, a problem from a message', () => {
  it("says why the problem's categories could not be loaded, and Try again loads them", async () => {
    let fail = true;
    const { user } = setup('en', {
      problemOptions: () =>
        fail
          ? { status: 500, data: { message: 'Database busy' } }
          : {
              status: 200,
              data: {
                categories: [{ id: 1, name: 'Pembayaran' }],
                subcategories: [],
                assignees: [{ id: 3, name: 'Ayu' }],
              },
            },
    });
    const list = await screen.findByRole('listbox', { name: 'Conversations' });
    await user.click(within(list).getByRole('option', { name: /Rina/ }));
    await user.click(await screen.findByRole('button', { name: 'Create problem: Paket saya belum sampai' }));
    const alert = await screen.findByText(/Categories and assignees could not be loaded: Database busy/);
    expect(alert).toBeVisible();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: 'Pembayaran' })).toBeInTheDocument();
    expect(screen.queryByText(/Categories and assignees could not be loaded/)).toBeNull();
    expect(screen.queryByText('Loading categories…')).toBeNull();
  });

  it('says in Indonesian when older conversations could not be loaded, and Try again loads them', async () => {
    let fail = true;
    const { user } = setup('id', {
      olderPage: () =>
        fail
          ? { status: 503, data: { message: 'Server sibuk' } }
          : {
              status: 200,
              data: {
                data: [{ ...conversation, id: 12, customer_name: 'Budi', customer_wa_id: '6281211112222' }],
                next_cursor: null,
                total_unread: 0,
              },
            },
    });
    const list = await screen.findByRole('listbox', { name: 'Percakapan' });
    // Scrolled to its end (jsdom lays nothing out: every scroll is at the end).
    fireEvent.scroll(list);
    const alert = await screen.findByText(/Percakapan lama tidak dapat dimuat: Server sibuk/);
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    fail = false;
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Coba lagi' }));
    expect(await within(list).findByRole('option', { name: /Budi/ })).toBeInTheDocument();
    expect(screen.queryByText(/Percakapan lama tidak dapat dimuat/)).toBeNull();
  });
});
