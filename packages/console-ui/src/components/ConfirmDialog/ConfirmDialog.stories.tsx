import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';

const meta = {
  title: 'Data/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Save changes',
    description: 'Save the changes to this creator?',
    confirmLabel: 'Save',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A plain confirmation: role=dialog, focus starts on the confirm button. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: 'Save changes' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    // Focus moves in an effect after the dialog renders: wait for it (the built Storybook runs this at once).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

/** Destructive: role=alertdialog, danger button, focus starts on Cancel so Enter does not delete. */
export const Destructive: Story = {
  args: {
    destructive: true,
    title: 'Delete creator',
    description: 'Delete Budi Santoso? This cannot be undone.',
    confirmLabel: 'Delete',
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('alertdialog', { name: 'Delete creator' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    // Tab cycles inside the dialog.
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** The action is running: both buttons disabled, Escape ignored. */
export const Busy: Story = {
  args: {
    destructive: true,
    busy: true,
    title: 'Delete creator',
    description: 'Deleting Budi Santoso…',
    confirmLabel: 'Delete',
    busyLabel: 'Deleting…',
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('alertdialog');
    await expect(dialog).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    dialog.focus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

/** The action failed: the reason is announced inside the dialog. */
export const WithError: Story = {
  args: {
    destructive: true,
    title: 'Delete tribe',
    description: 'Delete tribe Garuda?',
    confirmLabel: 'Delete',
    error: 'Tribe Garuda is used by 12 creators and cannot be deleted.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('used by 12 creators');
  },
};

/** Closed: nothing rendered. */
export const Closed: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('dialog')).toBeNull();
  },
};

function WithTriggerDemo(props: Omit<ConfirmDialogProps, 'open'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete creator
      </button>
      <ConfirmDialog
        {...props}
        open={open}
        onCancel={() => {
          props.onCancel();
          setOpen(false);
        }}
        onConfirm={() => {
          props.onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

/** Opened from a button: Escape closes it and focus returns to the button. */
export const WithTrigger: Story = {
  args: {
    destructive: true,
    title: 'Delete creator',
    description: 'Delete Budi Santoso?',
    confirmLabel: 'Delete',
  },
  render: (args) => <WithTriggerDemo {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Delete creator' });
    await userEvent.click(trigger);
    await expect(canvas.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

const frame = {
  position: 'relative',
  height: 260,
  transform: 'translateZ(0)',
  overflow: 'hidden',
  border: '1px dashed #8893a0',
} as const;

/** Every state side by side for visual review (each frame contains its fixed overlay). */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 16 }}>
      <div style={frame}>
        <ConfirmDialog {...args} />
      </div>
      <div style={frame}>
        <ConfirmDialog
          {...args}
          destructive
          title="Delete creator"
          description="Delete Budi Santoso?"
          confirmLabel="Delete"
        />
      </div>
      <div style={frame}>
        <ConfirmDialog
          {...args}
          destructive
          busy
          title="Delete creator"
          description="Deleting…"
          confirmLabel="Delete"
          busyLabel="Deleting…"
        />
      </div>
      <div style={frame}>
        <ConfirmDialog
          {...args}
          destructive
          title="Delete tribe"
          description="Delete tribe Garuda?"
          confirmLabel="Delete"
          error="Tribe Garuda is used by 12 creators."
        />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('alertdialog')).toHaveLength(3);
    await expect(canvas.getAllByRole('dialog')).toHaveLength(1);
  },
};

/** The same states on the dark tokens (axe checks contrast there too). */
export const AllStatesDark: Story = {
  ...AllStates,
  globals: { theme: 'dark' },
  play: async (context) => {
    await expect(context.canvasElement.querySelector('[data-theme]')).toHaveAttribute('data-theme', 'dark');
    await AllStates.play?.(context);
  },
};
