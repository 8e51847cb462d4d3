import { useId, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import type { SecretDraft } from './formValues.js';
import { SecretInput, type SecretInputProps } from './SecretInput.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

type DemoProps = Omit<SecretInputProps, 'value' | 'onValueChange' | 'label'> & {
  initial: SecretDraft;
  onValueChange?: (next: SecretDraft) => void;
};

/** SecretInput on its own, its draft held by the story as a host form would. */
function ApiKeyField({ initial, onValueChange, ...rest }: DemoProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: 4, maxWidth: 360 }}>
      <label htmlFor={id}>API key</label>
      <SecretInput
        {...rest}
        id={id}
        label="API key"
        value={value}
        onValueChange={(next) => {
          setValue(next);
          onValueChange?.(next);
        }}
      />
    </div>
  );
}

const STORED: SecretDraft = { masked: '••••ab12', replacing: false, value: '' };
const NONE: SecretDraft = { masked: null, replacing: false, value: '' };

const meta = {
  title: 'Inputs/SecretInput',
  component: ApiKeyField,
  // The Docs page's props table shows the library component's own props beside the story wrapper's.
  subcomponents: { SecretInput },
  args: { initial: STORED, onValueChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'A write-only secret. The server only ever sends a mask ("••••ab12"): a stored secret shows as ' +
          '"••••ab12 (set)" with Replace; a new value is typed into a password field, and leaving it empty ' +
          'keeps the stored one. The draft (`SecretDraft`: masked, replacing, value) is controlled by the host.',
      },
    },
  },
} satisfies Meta<typeof ApiKeyField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A stored secret: mask and Replace. */
export const Set: Story = {
  play: async ({ canvas, globals }) => {
    await expect(
      canvas.getByText(messagesIn({ globals }, 'resourceForm').secretSet('••••ab12')),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'resourceForm').replaceField('API key') }),
    ).toBeVisible();
  },
};

/** No secret yet: a password box. */
export const NotSet: Story = {
  args: { initial: NONE },
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByLabelText('API key')).toHaveAttribute('type', 'password');
    await expect(
      canvas.queryByRole('button', { name: messagesIn({ globals }, 'resourceForm').keepCurrent }),
    ).not.toBeInTheDocument();
  },
};

/** Replace opens a password box; Keep current goes back to the mask. */
export const Replacing: Story = {
  play: async ({ canvas, userEvent, args, globals }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'resourceForm').replaceField('API key') }),
    );
    const box = canvas.getByLabelText('API key');
    await userEvent.type(box, 'sk-live-1234');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({
      masked: '••••ab12',
      replacing: true,
      value: 'sk-live-1234',
    });
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'resourceForm').keepCurrent }),
    );
    await expect(
      canvas.getByText(messagesIn({ globals }, 'resourceForm').secretSet('••••ab12')),
    ).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, globals }) => {
    await expect(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'resourceForm').replaceField('API key') }),
    ).toBeDisabled();
  },
};
