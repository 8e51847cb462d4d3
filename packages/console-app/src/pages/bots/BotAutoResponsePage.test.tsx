import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { BotRule, BotSettings, Language } from '@staff/console-contract';
import { renderPage, routeOf } from '../../test/renderPage.js';
import BotAutoResponsePage from './BotAutoResponsePage.js';
import { invalidBody, type FakeRequest } from '../../api/testAdapter.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  globalThis.localStorage.clear();
});

/** The one WhatsApp number the fake server lists. */
const CS_NUMBER = {
  id: 1,
  name: 'CS 1',
  phone: '6281200000001',
  purpose: 'cs',
  active_rules: 1,
  bot_status: 'connected',
};

/** A connected customer-care number of the fake server's list. */
const number = (id: number, name: string) => ({
  id,
  name,
  phone: `62812000000${id}`,
  purpose: 'cs',
  active_rules: 1,
  bot_status: 'connected',
});

const rule: BotRule = {
  id: 5,
  wa_registry_id: 1,
  name: 'Ongkir',
  priority: 10,
  match_type: 'contains',
  pattern: 'ongkir',
  action: 'reply',
  reply_text: 'Ongkir dihitung saat checkout',
  hours: 'business',
  frequency: 'once_per_conversation',
  cooldown_minutes: 30,
  active: true,
  version: 1,
};
const settings: BotSettings = {
  enabled: true,
  business_days: [1, 2, 3, 4, 5],
  opens_at: '08:00',
  closes_at: '17:00',
  lowercase: true,
  collapse_spaces: true,
  strip_punctuation: false,
  strip_accents: false,
};

function setup(language: Language) {
  const route = routeOf('bot-auto-response');
  return renderPage(route, <BotAutoResponsePage route={route} />, {
    language,
    keys: ['ad_daily_tracker'],
    handler: (config: FakeRequest) => {
      const url = config.url ?? '';
      if (url === '/api/bots/numbers')
        return {
          status: 200,
          data: {
            data: [CS_NUMBER],
          },
        };
      if (url === '/api/bots/1/rules') return { status: 200, data: { data: { rules: [rule], settings } } };
      if (url === '/api/bots/1/answers') return { status: 200, data: { data: [] } };
      if (url === '/api/bots/rules/5' && config.method === 'put')
        return invalidBody({ pattern: ['Isi pola atau kata kunci'] });
      if (url === '/api/bots/1/test' && String(config.data).includes('"text":"tolak"'))
        return invalidBody({ at: ['Bukan waktu'] });
      if (url === '/api/bots/1/test')
        return {
          status: 200,
          data: {
            data: {
              normalised: 'nomor resi saya berapa?',
              within_business_hours: true,
              rule: { ...rule, name: 'Resi', pattern: 'resi, nomor resi' },
              keyword: 'nomor resi',
              action: 'reply',
              reply: 'Resi JNE0123456789',
            },
          },
        };
      return undefined;
    },
  });
}

describe('Bot Auto Response, choosing a number', () => {
  it("shows the chosen number's rules when the first number's answer arrives after them", async () => {
    // The first number's rules are held until the second number's have answered: a late answer must not win.
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let secondAnswered: () => void = () => undefined;
    const secondDone = new Promise<void>((resolve) => (secondAnswered = resolve));
    const route = routeOf('bot-auto-response');
    const { user } = renderPage(route, <BotAutoResponsePage route={route} />, {
      language: 'en',
      keys: ['ad_daily_tracker'],
      handler: async (config: FakeRequest) => {
        const url = config.url ?? '';
        if (url === '/api/bots/numbers')
          return { status: 200, data: { data: [number(1, 'CS 1'), number(2, 'CS 2')] } };
        if (url === '/api/bots/1/rules') {
          await firstHeld;
          return { status: 200, data: { data: { rules: [rule], settings } } };
        }
        if (url === '/api/bots/2/rules') {
          secondAnswered();
          const second = {
            ...rule,
            id: 6,
            wa_registry_id: 2,
            name: 'Nomor resi',
            pattern: 'resi',
            reply_text: 'Resi Kakak',
          };
          return { status: 200, data: { data: { rules: [second], settings } } };
        }
        if (url === '/api/bots/1/answers' || url === '/api/bots/2/answers')
          return { status: 200, data: { data: [] } };
        return undefined;
      },
    });
    const choice = await screen.findByRole('combobox', { name: 'Number' });
    await screen.findByRole('option', { name: /^CS 2/ });
    await user.selectOptions(choice, '2');
    await secondDone;
    const rules = await screen.findByRole('region', { name: /^Rules \(in priority order/ });
    expect(within(rules).getByRole('row', { name: /Nomor resi/ })).toBeVisible();
    // Let the first number's answer go. The fake server, the client and the page pass it on in microtasks only, so
    // once one macrotask has run the page has taken it in (or dropped it).
    await act(async () => {
      releaseFirst();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // Dropped: the second number's rules are still the ones shown, not a page waiting for ever.
    const shown = screen.getByRole('region', { name: /^Rules \(in priority order/ });
    expect(within(shown).getByRole('row', { name: /Nomor resi/ })).toBeVisible();
    expect(within(shown).queryByRole('row', { name: /Ongkir/ })).toBeNull();
  });
});

describe('Bot Auto Response, a delete answering after another number was chosen', () => {
  it('reloads the number now shown, not the one the delete came from', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let releaseDelete: () => void = () => undefined;
    const deleteHeld = new Promise<void>((resolve) => (releaseDelete = resolve));
    let secondAsked = 0;
    const second = { ...rule, id: 6, wa_registry_id: 2, name: 'Nomor resi', pattern: 'resi' };
    const route = routeOf('bot-auto-response');
    const { user } = renderPage(route, <BotAutoResponsePage route={route} />, {
      language: 'en',
      keys: ['ad_daily_tracker'],
      handler: async (config: FakeRequest) => {
        const url = config.url ?? '';
        if (url === '/api/bots/numbers')
          return { status: 200, data: { data: [number(1, 'CS 1'), number(2, 'CS 2')] } };
        if (url === '/api/bots/rules/5' && config.method === 'delete') {
          await deleteHeld;
          return { status: 200, data: { data: { id: 5 } } };
        }
        if (url === '/api/bots/1/rules') return { status: 200, data: { data: { rules: [rule], settings } } };
        if (url === '/api/bots/2/rules') {
          secondAsked += 1;
          return { status: 200, data: { data: { rules: [second], settings } } };
        }
        if (url === '/api/bots/1/answers' || url === '/api/bots/2/answers')
          return { status: 200, data: { data: [] } };
        return undefined;
      },
    });
    const rules = await screen.findByRole('region', { name: /^Rules \(in priority order/ });
    await user.click(
      within(within(rules).getByRole('row', { name: /Ongkir/ })).getByRole('button', { name: 'Delete' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number' }), '2');
    const shown = await screen.findByRole('region', { name: /^Rules \(in priority order/ });
    expect(await within(shown).findByRole('row', { name: /Nomor resi/ })).toBeVisible();
    releaseDelete();
    expect(await screen.findByText('Rule deleted')).toBeVisible();
    // The reload starts with the notice and is answered in microtasks: one macrotask later it is in.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const after = screen.getByRole('region', { name: /^Rules \(in priority order/ });
    expect(within(after).getByRole('row', { name: /Nomor resi/ })).toBeVisible();
    expect(screen.queryByText('Loading rules…')).toBeNull();
    expect(secondAsked).toBe(2);
  });
});

describe('Bot Auto Response, loading and reloading a number', () => {
  const numbers = {
    status: 200,
    data: {
      data: [CS_NUMBER],
    },
  };

  it("loads the number's rules again after a delete: the rule is gone", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let rules = [rule];
    const route = routeOf('bot-auto-response');
    const { user } = renderPage(route, <BotAutoResponsePage route={route} />, {
      language: 'en',
      keys: ['ad_daily_tracker'],
      handler: (config: FakeRequest) => {
        const url = config.url ?? '';
        if (url === '/api/bots/numbers') return numbers;
        if (url === '/api/bots/rules/5' && config.method === 'delete') {
          rules = [];
          return { status: 200, data: { data: { id: 5 } } };
        }
        if (url === '/api/bots/1/rules') return { status: 200, data: { data: { rules, settings } } };
        if (url === '/api/bots/1/answers') return { status: 200, data: { data: [] } };
        return undefined;
      },
    });
    const region = await screen.findByRole('region', { name: /^Rules \(in priority order/ });
    await user.click(
      within(within(region).getByRole('row', { name: /Ongkir/ })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Rule deleted')).toBeVisible();
    expect(
      await within(region).findByText('No rules yet: the bot does not answer this number.'),
    ).toBeVisible();
    expect(within(region).queryByRole('row', { name: /Ongkir/ })).toBeNull();
  });

  it("shows the server's message when the rules fail, and Try again loads them", async () => {
    let fail = true;
    const route = routeOf('bot-auto-response');
    const { user } = renderPage(route, <BotAutoResponsePage route={route} />, {
      language: 'en',
      keys: ['ad_daily_tracker'],
      handler: (config: FakeRequest) => {
        const url = config.url ?? '';
        if (url === '/api/bots/numbers') return numbers;
        if (url === '/api/bots/1/rules')
          return fail
            ? { status: 500, data: { message: 'Database busy' } }
            : { status: 200, data: { data: { rules: [rule], settings } } };
        if (url === '/api/bots/1/answers') return { status: 200, data: { data: [] } };
        return undefined;
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The rules could not be loaded: Database busy');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const region = await screen.findByRole('region', { name: /^Rules \(in priority order/ });
    expect(within(region).getByRole('row', { name: /Ongkir/ })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Bot Auto Response in both languages', () => {
  it('speaks Indonesian: the rules, the tester and the business hours', async () => {
    setup('id');
    const rules = await screen.findByRole('region', { name: /^Aturan \(urut prioritas/ });
    const row = within(rules).getByRole('row', { name: /Ongkir/ });
    expect(row.textContent).toContain('Mengandung');
    expect(row.textContent).toContain('Jam kerja');
    expect(row.textContent).toContain('Sekali per percakapan · jeda 30 menit');
    expect(screen.getByRole('option', { name: 'CS 1 (6281200000001) · 1 aturan aktif' })).toBeVisible();
    const hours = screen.getByRole('region', { name: 'Jam kerja (WIB) dan normalisasi' });
    expect(within(hours).getByRole('checkbox', { name: 'Sen' })).toBeVisible();
    expect(within(hours).getByRole('button', { name: 'Simpan pengaturan' })).toBeVisible();
    expect(screen.getByText('Bot belum menjawab di nomor ini.')).toBeVisible();
    // The spec's page title stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Bot Auto Response' })).toBeVisible();
  });

  it('speaks English in English (it was Indonesian)', async () => {
    setup('en');
    const rules = await screen.findByRole('region', { name: /^Rules \(in priority order/ });
    const row = within(rules).getByRole('row', { name: /Ongkir/ });
    expect(row.textContent).toContain('Contains');
    expect(row.textContent).toContain('Business hours');
    expect(row.textContent).toContain('Once per conversation · pause 30 min');
    const hours = screen.getByRole('region', { name: 'Business hours (WIB) and normalisation' });
    expect(within(hours).getByRole('checkbox', { name: 'Mon' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add rule' })).toBeVisible();
  });

  it('the tester names the keyword that matched, in both languages', async () => {
    const { user } = setup('en');
    await screen.findByRole('region', { name: /^Rules \(in priority order/ });
    await user.type(screen.getByLabelText('Customer message'), 'NOMOR RESI saya berapa?');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Matched keyword: "nomor resi"')).toBeVisible();
    cleanup();
    const again = setup('id');
    await screen.findByRole('region', { name: /^Aturan \(urut prioritas/ });
    await again.user.type(screen.getByLabelText('Pesan pelanggan'), 'NOMOR RESI saya berapa?');
    await again.user.click(screen.getByRole('button', { name: 'Uji' }));
    expect(await screen.findByText('Kata kunci yang cocok: "nomor resi"')).toBeVisible();
  });

  it("shows the server's 400 message under the field it names: the pattern, in English in English", async () => {
    const { user } = setup('en');
    const rules = await screen.findByRole('region', { name: /^Rules \(in priority order/ });
    await user.click(
      within(within(rules).getByRole('row', { name: /Ongkir/ })).getByRole('button', { name: 'Edit' }),
    );
    const form = screen.getByRole('region', { name: 'Edit rule' });
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    // Under the pattern's input, describing it; the input is marked invalid and has focus.
    const pattern = within(form).getByLabelText(/^Pattern \/ keywords/);
    await waitFor(() => expect(pattern).toHaveAccessibleDescription('Enter a pattern or keywords'));
    expect(pattern).toHaveValue('ongkir');
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).toBeNull();
    // The focus moves in an effect after the messages render: wait for it.
    await waitFor(() => expect(pattern).toHaveFocus());
  });

  it("the tester: the server's 400 about the time shows under the time's input", async () => {
    const { user } = setup('en');
    const tester = await screen.findByRole('region', { name: 'What would the bot answer?' });
    await user.type(within(tester).getByLabelText('Customer message'), 'tolak');
    await user.click(within(tester).getByRole('button', { name: 'Test' }));
    const at = within(tester).getByLabelText(/^Time/);
    await waitFor(() => expect(at).toHaveAccessibleDescription('Bukan waktu'));
    expect(at).toHaveAttribute('aria-invalid', 'true');
    expect(at).toHaveFocus();
  });
});
