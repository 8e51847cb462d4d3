import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { HookPicker, type HookPickerProps, useHookPicker } from './HookPicker.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

const HOOKS = [
  { text: 'Capek begadang tiap malam karena si kecil rewel?', formula: 'Problem call-out' },
  { text: 'Stop buang uang untuk popok yang bikin ruam!', formula: 'Problem call-out' },
  { text: '9 dari 10 ibu baru tidak tahu trik ini.', formula: 'Problem call-out' },
];

/** The picker with its own state (useHookPicker), as a page holds it. */
function Stateful(props: Omit<HookPickerProps, 'selection' | 'onSelectionChange'>) {
  const picker = useHookPicker();
  return (
    <div style={{ maxWidth: 560 }}>
      <HookPicker {...props} selection={picker.selection} onSelectionChange={picker.setSelection} />
      <pre data-picked-texts="">{JSON.stringify(picker.texts(props.hooks))}</pre>
    </div>
  );
}

const meta = {
  title: 'Content/HookPicker',
  component: HookPicker,
  args: {
    status: 'done',
    hooks: HOOKS,
    expected: 3,
    selection: { picked: [], edits: {} },
    onSelectionChange: fn(),
  },
} satisfies Meta<typeof HookPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing generated yet: what to do. */
export const Empty: Story = {
  args: { status: 'empty', hooks: [] },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(messagesIn({ globals }, 'hookPicker').empty);
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvasElement.querySelector('.cui-hook-picker')).toHaveAttribute('data-state', 'empty');
  },
};

/** Hooks arriving: two of five so far, the list busy. */
export const Streaming: Story = {
  args: { status: 'streaming', hooks: HOOKS.slice(0, 2), expected: 5 },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'hookPicker').streaming(2, 5),
    );
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(
      canvas.getAllByText(`${messagesIn({ globals }, 'hookPicker').formula}: Problem call-out`),
    ).toHaveLength(2);
  },
};

/** All arrived: pick with the checkbox, edit in place (an edit picks the hook); the picked texts come out edited. */
export const Done: Story = {
  render: (args) => <Stateful status={args.status} hooks={args.hooks} expected={args.expected ?? 3} />,
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'hookPicker').done(3, 0),
    );
    await userEvent.click(
      canvas.getByRole('checkbox', { name: messagesIn({ globals }, 'hookPicker').pick(1) }),
    );
    const third = canvas.getByRole('textbox', { name: messagesIn({ globals }, 'hookPicker').edit(3) });
    await userEvent.clear(third);
    await userEvent.type(third, 'Trik tidur untuk ibu baru');
    await expect(
      canvas.getByRole('checkbox', { name: messagesIn({ globals }, 'hookPicker').pick(3) }),
    ).toBeChecked();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'hookPicker').done(3, 2),
    );
    await expect(canvasElement.querySelector('[data-picked-texts]')).toHaveTextContent(
      JSON.stringify([HOOKS[0]!.text, 'Trik tidur untuk ibu baru']),
    );
    // Keyboard: Space on the focused checkbox unpicks.
    canvas.getByRole('checkbox', { name: messagesIn({ globals }, 'hookPicker').pick(1) }).focus();
    await userEvent.keyboard(' ');
    await expect(
      canvas.getByRole('checkbox', { name: messagesIn({ globals }, 'hookPicker').pick(1) }),
    ).not.toBeChecked();
  },
};

/** Picks being sent: picking and editing are off. */
export const Sending: Story = {
  args: { selection: { picked: [0], edits: {} }, disabled: true },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('checkbox', { name: messagesIn({ globals }, 'hookPicker').pick(1) }),
    ).toBeDisabled();
    await expect(
      canvas.getByRole('textbox', { name: messagesIn({ globals }, 'hookPicker').edit(1) }),
    ).toBeDisabled();
  },
};

/** Failed part way: the reason as an alert, the hooks received so far kept. */
export const ErrorState: Story = {
  args: {
    status: 'error',
    hooks: HOOKS.slice(0, 1),
    expected: 5,
    error: 'The language model stream broke off.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The language model stream broke off.');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

/** Failed before any hook (refused, down, too slow): the reason only. */
export const ErrorBeforeAnyHook: Story = {
  args: {
    status: 'error',
    hooks: [],
    error: 'The language model did not answer in time.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The language model did not answer in time.');
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Every state side by side, for review. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24, maxWidth: 560 }}>
      <HookPicker
        status="empty"
        hooks={[]}
        selection={{ picked: [], edits: {} }}
        onSelectionChange={() => {}}
      />
      <HookPicker
        status="streaming"
        hooks={HOOKS.slice(0, 2)}
        expected={5}
        selection={{ picked: [], edits: {} }}
        onSelectionChange={() => {}}
      />
      <HookPicker
        status="done"
        hooks={HOOKS}
        selection={{ picked: [1], edits: { 1: 'Stop buang uang, Bun!' } }}
        onSelectionChange={() => {}}
      />
      <HookPicker
        status="error"
        hooks={HOOKS.slice(0, 1)}
        error="The language model stream broke off."
        selection={{ picked: [], edits: {} }}
        onSelectionChange={() => {}}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.cui-hook-picker')).toHaveLength(4);
  },
};
