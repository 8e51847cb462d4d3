import { useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './Button.js';
import { CheckboxOptions } from './CheckboxOptions.js';
import { VisuallyHidden } from './VisuallyHidden.js';
import { useDismissable } from './useDismissable.js';
import { useFocusTrap } from './useFocusTrap.js';

const meta = {
  title: 'Foundations/Primitives',
  component: Button,
  args: { children: 'Save', onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind, enabled and disabled. */
export const Kinds: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button {...args}>Default</Button>
      <Button {...args} kind="primary">
        Primary
      </Button>
      <Button {...args} kind="danger">
        Danger
      </Button>
      <Button {...args} kind="ghost">
        Ghost
      </Button>
      <Button {...args} disabled>
        Disabled
      </Button>
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Primary' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Disabled' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Primary' })).toHaveAttribute('type', 'button');
  },
};

/** Keyboard focus shows the focus ring. */
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button', { name: 'Save' })).toHaveFocus();
  },
};

/** An icon button named by VisuallyHidden text. */
export const WithVisuallyHiddenLabel: Story = {
  render: (args) => (
    <Button {...args}>
      <span aria-hidden="true">✕</span>
      <VisuallyHidden>Delete Budi</VisuallyHidden>
    </Button>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Delete Budi' })).toBeVisible();
  },
};

function MenuDemo() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const trap = useFocusTrap(rootRef);
  useDismissable({ open, containerRef: rootRef, returnFocusRef: buttonRef, onDismiss: () => setOpen(false) });
  return (
    // The keydown handler only keeps Tab inside; the buttons handle the keyboard themselves.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div ref={rootRef} onKeyDown={open ? trap : undefined} style={{ display: 'inline-grid', gap: 8 }}>
      <Button ref={buttonRef} aria-expanded={open} onClick={() => setOpen(!open)}>
        Actions
      </Button>
      {open ? (
        <div role="group" aria-label="Actions menu" style={{ display: 'flex', gap: 8 }}>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- opening the menu moves focus into it */}
          <Button autoFocus>Edit</Button>
          <Button kind="danger">Delete</Button>
        </div>
      ) : null}
    </div>
  );
}

/** useDismissable + useFocusTrap: Tab stays inside, Escape closes and returns focus to the trigger. */
export const DismissableLayer: Story = {
  render: () => <MenuDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Actions' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Edit' })).toHaveFocus());
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('group', { name: 'Actions menu' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Actions menu' })).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Actions' })).toHaveFocus();
  },
};

function PickSets() {
  const [chosen, setChosen] = useState<string[]>(['Finance']);
  return (
    <fieldset style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
      <legend>Permission sets</legend>
      <CheckboxOptions
        options={['Admin', 'Finance', 'Logistics'].map((name) => ({ value: name, label: name }))}
        value={chosen}
        onValueChange={setChosen}
      />
      <output aria-label="Chosen">{chosen.join(', ') || 'none'}</output>
    </fieldset>
  );
}

/** CheckboxOptions: one labelled box per option; ticking adds the value at the end, clearing removes it. */
export const CheckboxList: Story = {
  render: () => <PickSets />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Finance' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Admin' }));
    await expect(canvas.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Finance, Admin');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Finance' }));
    await expect(canvas.getByRole('checkbox', { name: 'Finance' })).not.toBeChecked();
    await expect(canvas.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Admin');
  },
};
