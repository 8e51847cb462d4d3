import { composeStories } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import { fn, userEvent } from 'storybook/test';
import { describe, expect, it } from 'vitest';
import { CONSOLE_MESSAGES_ID } from '../../i18n/messages.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { RecordHistory } from './RecordHistory.js';
import * as stories from './RecordHistory.stories.js';

const { Default, Loading, Empty, ErrorState } = composeStories(stories);

describe('RecordHistory', () => {
  it('lists entries with actions, actors, times and labelled before → after', () => {
    render(<Default />);
    const list = screen.getByRole('region', { name: 'History' }).querySelector('ol')!;
    const entries = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(entries.map((entry) => entry.getAttribute('data-action'))).toEqual([
      'update',
      'restore',
      'delete',
      'create',
    ]);
    expect(entries[0]).toHaveTextContent('Active: No → Yes');
    expect(within(entries[0]!).getByText('Rp 3.000.000').tagName).toBe('INS');
    expect(within(entries[0]!).getByText('Rp 2.500.000').tagName).toBe('DEL');
    expect(entries[0]).not.toHaveTextContent('ab12');
    expect(entries[2]).toHaveTextContent('Deleted by Agus Pratama');
    expect(entries[3]).toHaveTextContent('Joined: 5 Jan 2025');
    expect(entries[0]!.querySelector('time')).toHaveAttribute('datetime', '2025-02-03T07:15:00.000Z');
  });

  it('shows a boolean in the console language: Ya / Tidak under the Indonesian messages', () => {
    render(
      <ConsoleMessagesProvider messages={CONSOLE_MESSAGES_ID}>
        <Default />
      </ConsoleMessagesProvider>,
    );
    const list = screen.getByRole('region', { name: 'Riwayat' }).querySelector('ol')!;
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Active: Tidak → Ya');
  });

  it("lists a created record's fields in the entity's field order, whatever order the server sent", () => {
    const fields = [
      { name: 'name', label: 'Name', type: 'text' as const },
      { name: 'budget', label: 'Budget', type: 'money' as const },
      { name: 'active', label: 'Active', type: 'boolean' as const },
    ];
    render(
      <RecordHistory
        fields={fields}
        entries={[
          {
            id: '1',
            action: 'create',
            actor: 'Agus Pratama',
            at: '2025-02-03T07:15:00.000Z',
            changes: [
              { field: 'extra', before: null, after: 'x' },
              { field: 'active', before: null, after: true },
              { field: 'name', before: null, after: 'Rina' },
              { field: 'budget', before: null, after: 1000 },
            ],
          },
        ]}
      />,
    );
    const items = screen.getByRole('region', { name: 'History' }).querySelectorAll('ol ol > li, ul > li');
    expect([...items].map((item) => item.textContent?.split(':')[0])).toEqual([
      'Name',
      'Budget',
      'Active',
      'extra',
    ]);
  });

  it('shows loading, empty and error states', async () => {
    const { unmount } = render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading history…');
    unmount();
    const empty = render(<Empty />);
    expect(screen.getByText('No changes recorded yet')).toBeInTheDocument();
    empty.unmount();
    const onRetry = fn();
    render(<ErrorState onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
