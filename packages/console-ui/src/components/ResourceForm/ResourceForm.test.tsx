import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import { fn, userEvent } from 'storybook/test';
import { describe, expect, it } from 'vitest';
import { buildValues, fromDraft, toDrafts } from './formValues.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { RESOURCE_FORM_MESSAGES } from './messages.js';
import { CONSOLE_MESSAGES_ID } from '../../i18n/messages.js';
import { groupDigits } from './MoneyInput.js';
import { allTypeFields, storedRecord } from './ResourceForm.fixtures.js';
import * as stories from './ResourceForm.stories.js';

const {
  Create,
  Edit,
  View,
  ServerErrors,
  ClientValidation,
  Conflict,
  FormError,
  Submitting,
  RelationSearch,
  SecretReplace,
  Tags,
  EnterSubmits,
} = composeStories(stories);

describe('form values', () => {
  it('round-trips a stored record without changes', () => {
    const { values, errors } = buildValues(allTypeFields, toDrafts(allTypeFields, storedRecord));
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      name: 'Budi Santoso',
      followers: 125000,
      engagement: 4.5,
      rate_fee: 2500000,
      tribe_id: 't2',
      active: true,
      contract: { from: '2025-01-01', to: '2025-06-30' },
      tags: ['kuliner', 'travel'],
      settings: { notify: true },
      last_contact: '2025-01-10T03:30:00.000Z',
    });
    expect(values).not.toHaveProperty('api_key');
    expect(values).not.toHaveProperty('created_at');
  });

  it('checks numbers, ranges, JSON and date ranges', () => {
    const field = (name: string) => allTypeFields.find((f) => f.name === name)!;
    expect(fromDraft(field('rating'), '4,5')).toEqual({ ok: true, value: 4.5, include: true });
    expect(fromDraft(field('rating'), '7')).toEqual({ ok: false, error: 'Must be at most 5' });
    expect(fromDraft(field('settings'), '{bad')).toEqual({ ok: false, error: 'Enter valid JSON' });
    expect(fromDraft(field('contract'), { from: '2025-02-01', to: '2025-01-01' })).toEqual({
      ok: false,
      error: 'The end is before the start',
    });
    expect(fromDraft(field('name'), 'x'.repeat(61))).toEqual({
      ok: false,
      error: 'Use at most 60 characters',
    });
    expect(fromDraft({ name: 't', label: 'T', type: 'tags', itemMaxLength: 3 }, ['abcd'])).toEqual({
      ok: false,
      error: 'Each tag at most 3 characters',
    });
    expect(groupDigits('1234567')).toBe('1.234.567');
    expect(groupDigits('-5000')).toBe('-5.000');
  });
});

describe('ResourceForm', () => {
  it('creates: money groups thousands and is sent as an integer', async () => {
    const onSubmit = fn();
    render(<Create onSubmit={onSubmit} />);
    expect(screen.queryByText('Created')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Siti');
    const money = screen.getByRole('textbox', { name: /Rate per post/ });
    await userEvent.type(money, '1234567');
    expect(money).toHaveValue('1.234.567');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Platform/ }), 'youtube');
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.lastCall![0]).toMatchObject({
      name: 'Siti',
      rate_fee: 1234567,
      platform: 'youtube',
      active: true,
    });
  });

  it('keeps a typed minus in a money field that cannot be negative and says so instead of saving', async () => {
    const onSubmit = fn();
    render(<Create onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Siti');
    const money = screen.getByRole('textbox', { name: /Rate per post/ });
    await userEvent.type(money, '-1500');
    expect(money).toHaveValue('-1.500');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Platform/ }), 'youtube');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(money).toHaveAccessibleDescription('Must be at least 0 Whole rupiah.');
  });

  it('edits: dirty tracking, only changed names, Cancel', async () => {
    const onSubmit = fn();
    const onCancel = fn();
    const onDirtyChange = fn();
    render(<Edit onSubmit={onSubmit} onCancel={onCancel} onDirtyChange={onDirtyChange} />);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /Followers/ }), '0');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit.mock.lastCall![0]).toMatchObject({ followers: 1250000 });
    expect(onSubmit.mock.lastCall![1]).toEqual({ changed: ['followers'] });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('views read-only with id-ID formats', () => {
    render(<View />);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByRole('group', { name: 'Creator' })).toBeInTheDocument();
    expect(screen.getByText('Rp 2.500.000')).toBeInTheDocument();
    expect(screen.getByText('15 Mar 2024')).toBeInTheDocument();
    expect(screen.getByText('Januari 2025')).toBeInTheDocument();
    expect(screen.getByText('kuliner, travel')).toBeInTheDocument();
  });

  it('shows server errors beside fields and focuses the first invalid one', async () => {
    render(<ServerErrors />);
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('A creator with this name already exists');
    await userEvent.type(name, '!');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: /Rate per post/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses to submit on client errors and focuses the first', async () => {
    const onSubmit = fn();
    render(<ClientValidation onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Rate per post/ })).toHaveAccessibleDescription(
      'Required Whole rupiah.',
    );
    expect(screen.getByRole('combobox', { name: /Platform/ })).toHaveAccessibleDescription('Required');
  });

  it('shows the conflict banner with Reload, and a form error', async () => {
    const onReload = fn();
    const { unmount } = render(<Conflict conflict={{ onReload }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This record was changed by someone else');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalled();
    unmount();
    render(<FormError />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
  });

  it('says the conflict in the chosen language when the app gives no message of its own', () => {
    render(
      <ConsoleMessagesProvider messages={CONSOLE_MESSAGES_ID}>
        <Conflict conflict={{ onReload: fn() }} />
      </ConsoleMessagesProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Data ini sudah diubah orang lain');
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeInTheDocument();
  });

  it('resets to new initial values (after Reload)', async () => {
    const { rerender } = render(<Edit />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), ' Jr');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    rerender(<Edit initialValues={{ ...storedRecord, name: 'Budi Santoso (updated)' }} />);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Budi Santoso (updated)');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('disables actions while submitting', async () => {
    const onSubmit = fn();
    render(<Submitting onSubmit={onSubmit} />);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('searches relations and picks with the keyboard', async () => {
    const onSubmit = fn();
    render(<RelationSearch onSubmit={onSubmit} />);
    const tribe = screen.getByRole('combobox', { name: 'Tribe' });
    await userEvent.clear(tribe);
    await userEvent.type(tribe, 'm');
    const listbox = screen.getByRole('listbox', { name: 'Tribe' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2));
    await userEvent.keyboard('{ArrowDown}');
    expect(tribe).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getByRole('option', { name: 'Tribe Komodo' }).id,
    );
    await userEvent.keyboard('{Enter}');
    expect(tribe).toHaveValue('Tribe Komodo');
    await userEvent.click(screen.getByRole('button', { name: 'Clear Tribe' }));
    expect(tribe).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit.mock.lastCall![0]).toMatchObject({ tribe_id: null });
  });

  it('keeps a secret unless replaced', async () => {
    const onSubmit = fn();
    render(<SecretReplace onSubmit={onSubmit} />);
    expect(screen.getByText('••••ab12 (set)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Replace API key' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep current' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit.mock.lastCall![0]).toEqual({ name: 'Budi Santoso' });
    await userEvent.click(screen.getByRole('button', { name: 'Replace API key' }));
    await userEvent.type(screen.getByLabelText('API key'), 'new-secret{Enter}');
    expect(onSubmit.mock.lastCall![0]).toEqual({ name: 'Budi Santoso', api_key: 'new-secret' });
  });

  it('adds and removes tags', async () => {
    const onSubmit = fn();
    render(<Tags onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: 'Tags' });
    await userEvent.type(input, 'promo,');
    await userEvent.type(input, '{Backspace}');
    const list = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace('×', '')),
    ).toEqual(['kuliner', 'travel']);
  });

  it('submits with Enter from a single-line field', async () => {
    const onSubmit = fn();
    render(<EnterSubmits onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('ResourceForm messages', () => {
  const indonesian = {
    create: 'Buat',
    required: 'Wajib diisi',
    currency: 'IDR',
    removeTag: (tag: string) => `Hapus ${tag}`,
  };

  it('replaces buttons, checks and the inputs’ texts through the messages prop', async () => {
    const onSubmit = fn();
    render(<ClientValidation onSubmit={onSubmit} messages={indonesian} />);
    await userEvent.click(screen.getByRole('button', { name: 'Buat' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: /Platform/ })).toHaveAccessibleDescription('Wajib diisi');
    expect(screen.getAllByText('IDR').length).toBeGreaterThan(0);
  });

  it('takes the provider’s overrides, and the prop wins over them', async () => {
    render(
      <ConsoleMessagesProvider
        messages={{ resourceForm: { create: 'Simpan baru', required: 'Harus diisi' } }}
      >
        <ClientValidation messages={{ create: 'Buat' }} />
      </ConsoleMessagesProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buat' }));
    expect(screen.getByRole('combobox', { name: /Platform/ })).toHaveAccessibleDescription('Harus diisi');
  });

  it('gives the checks their texts without React too', () => {
    const name = allTypeFields.find((f) => f.name === 'name')!;
    expect(fromDraft(name, '', { ...RESOURCE_FORM_MESSAGES, required: 'Wajib diisi' })).toEqual({
      ok: false,
      error: 'Wajib diisi',
    });
  });
});
