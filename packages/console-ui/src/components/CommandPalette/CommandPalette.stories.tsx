import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { messagesIn, type WithGlobals } from '../../../../../.storybook/messages.js';
import { CommandPalette, type CommandPaletteItem, type CommandPaletteProps } from './CommandPalette.js';

const PAGES: CommandPaletteItem[] = [
  { id: '/app/usage-statistic', label: 'Usage Statistics', description: 'Statistics' },
  { id: '/app/admins/creators', label: 'Creators', description: 'Operation Data' },
  { id: '/app/admins/tribes', label: 'Tribe Admin', description: 'Operation Data' },
  { id: '/app/finance/companies/', label: 'Companies', description: 'Finance' },
];

const RECORDS: CommandPaletteItem[] = [
  { id: '/app/admins/tribes?f.id.eq=3', label: 'Tribe Garuda', description: 'Tribes' },
  { id: '/app/admins/creators?f.id.eq=12', label: 'Garuda Putri', description: 'Creators' },
];

const meta = {
  title: 'Navigation/CommandPalette',
  component: CommandPalette,
  args: { open: true, pages: PAGES, onClose: fn(), onSelect: fn() },
} satisfies Meta<typeof CommandPalette>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (canvasElement: HTMLElement, context: WithGlobals) =>
  within(canvasElement).getByRole('combobox', { name: messagesIn(context, 'commandPalette').inputLabel });

/** Just opened: every page, a hint that records need two characters; ↓ ↑ move, Enter opens. */
export const Pages: Story = {
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('dialog', { name: messagesIn({ globals }, 'commandPalette').title }),
    ).toHaveAttribute('aria-modal', 'true');
    const input = field(canvasElement, { globals });
    await waitFor(() => expect(input).toHaveFocus());
    const group = canvas.getByRole('group', { name: messagesIn({ globals }, 'commandPalette').pagesGroup });
    await expect(within(group).getAllByRole('option')).toHaveLength(PAGES.length);
    await expect(
      canvas.getByText(messagesIn({ globals }, 'commandPalette').typeMore('2')),
    ).toBeInTheDocument();
    // The first option is active; ↓ moves, ↑ from the first wraps to the last.
    await expect(canvas.getByRole('option', { name: /Usage Statistics/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{ArrowDown}');
    const creators = canvas.getByRole('option', { name: /Creators/ });
    await expect(creators).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', creators.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(canvas.getByRole('option', { name: /Companies/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(PAGES[3], 'pages');
  },
};

/** Typing filters the pages by every word; a short query searches pages only. */
export const FilteredPages: Story = {
  args: { defaultQuery: 'trib' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tribe AdminOperation Data',
    ]);
    await userEvent.click(canvas.getByRole('option', { name: /Tribe Admin/ }));
    await expect(args.onSelect).toHaveBeenCalledWith(PAGES[2], 'pages');
  },
};

/** The record search is running: the matching pages stay, a status says records are coming. */
export const Loading: Story = {
  args: { defaultQuery: 'garuda', recordsState: 'loading' },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'commandPalette').loading,
    );
    await expect(
      canvas.queryByRole('group', { name: messagesIn({ globals }, 'commandPalette').recordsGroup }),
    ).toBeNull();
  },
};

/** Records found: a second group after the pages; the arrows run through both. */
export const Records: Story = {
  args: { defaultQuery: 'garuda', recordsState: 'ready', records: RECORDS },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: messagesIn({ globals }, 'commandPalette').recordsGroup });
    await expect(within(group).getAllByRole('option')).toHaveLength(2);
    await expect(
      canvas.queryByRole('group', { name: messagesIn({ globals }, 'commandPalette').pagesGroup }),
    ).toBeNull();
    await waitFor(() => expect(field(canvasElement, { globals })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(RECORDS[1], 'records');
  },
};

/** Nothing matches: one status line naming the query, and Enter does nothing. */
export const Empty: Story = {
  args: { defaultQuery: 'zzzz', recordsState: 'ready', records: [] },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'commandPalette').empty('zzzz'),
    );
    await expect(canvas.queryAllByRole('option')).toHaveLength(0);
    await waitFor(() => expect(field(canvasElement, { globals })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** The search failed: an alert with a retry; the pages still work. */
export const SearchError: Story = {
  args: { defaultQuery: 'companies', recordsState: 'error', onRetry: fn() },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      messagesIn({ globals }, 'commandPalette').error,
    );
    await expect(canvas.getByRole('option', { name: /Companies/ })).toBeInTheDocument();
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'commandPalette').retry }),
    );
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Replaced strings (the `messages` prop or `ConsoleMessagesProvider`'s `commandPalette`). */
export const Indonesian: Story = {
  args: {
    messages: {
      title: 'Palet perintah',
      inputLabel: 'Cari halaman dan data',
      pagesGroup: 'Halaman',
      typeMore: (n) => `Ketik ${n} huruf atau lebih untuk mencari data`,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('dialog', { name: 'Palet perintah' })).toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Cari halaman dan data' })).toBeInTheDocument();
    await expect(canvas.getByRole('group', { name: 'Halaman' })).toBeInTheDocument();
    await expect(canvas.getByText('Ketik 2 huruf atau lebih untuk mencari data')).toBeInTheDocument();
  },
};

function WithOpener(args: CommandPaletteProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" onClick={() => setOpen(true)}>
        Search (Ctrl+K)
      </button>
      <CommandPalette
        {...args}
        open={open}
        onClose={() => {
          args.onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

/** Opened from a button: Escape closes it and focus returns to the button. */
export const EscapeReturnsFocus: Story = {
  args: { open: false },
  render: (args) => <WithOpener {...args} />,
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Search (Ctrl+K)' });
    await userEvent.click(opener);
    await waitFor(() => expect(field(canvasElement, { globals })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(opener).toHaveFocus();
  },
};

/** Closed: nothing rendered. */
export const Closed: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('dialog')).toBeNull();
  },
};

const STATES: { name: string; props: Partial<CommandPaletteProps> }[] = [
  { name: 'Pages', props: {} },
  { name: 'Filtered pages', props: { defaultQuery: 'trib' } },
  { name: 'Loading records', props: { defaultQuery: 'garuda', recordsState: 'loading' } },
  { name: 'Records', props: { defaultQuery: 'garuda', recordsState: 'ready', records: RECORDS } },
  { name: 'Nothing found', props: { defaultQuery: 'zzzz', recordsState: 'ready', records: [] } },
  { name: 'Search error', props: { defaultQuery: 'companies', recordsState: 'error', onRetry: fn() } },
];

/**
 * Every state side by side for visual review: each palette sits in its own frame, whose transform makes it the
 * containing block of the palette's fixed backdrop. The whole fits the visual test's 1024 × 768 viewport: a taller
 * story scrolls the page when the last palette takes focus, and the capture comes out shifted.
 */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 16 }}>
      {STATES.map((state) => (
        <section
          key={state.name}
          aria-label={state.name}
          style={{ position: 'relative', height: 330, transform: 'translateZ(0)', overflow: 'clip' }}
        >
          <CommandPalette {...args} {...state.props} />
        </section>
      ))}
    </div>
  ),
  // Named in any language (the visual test shows it in Indonesian too).
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('dialog')).toHaveLength(STATES.length);
  },
};
