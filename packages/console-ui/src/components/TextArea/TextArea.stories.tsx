import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea, type TextAreaProps } from './TextArea.js';

const meta = {
  title: 'Inputs/TextArea',
  component: TextArea,
  args: { label: 'Catatan pengiriman', maxLength: 60, onValueChange: fn() },
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

const NOTE = 'Kirim sebelum jam 3 sore, hubungi customer dulu.'; // 48 characters

const field = (canvasElement: HTMLElement) => within(canvasElement).getByRole('textbox');
const counter = (canvasElement: HTMLElement) => canvasElement.querySelector('.cui-text-area__counter');

/** Empty field with its counter at "0 / 60". */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Catatan pengiriman')).toHaveValue('');
    await expect(counter(canvasElement)).toHaveTextContent('0 / 60');
    await expect(counter(canvasElement)).toHaveAttribute('aria-live', 'polite');
    await expect(field(canvasElement)).toHaveAttribute('maxlength', '60');
  },
};

/** Some text, well under the limit. */
export const WithValue: Story = {
  args: { defaultValue: NOTE },
  play: async ({ canvasElement }) => {
    await expect(counter(canvasElement)).toHaveTextContent('48 / 60');
    await expect(counter(canvasElement)).toHaveAttribute('data-limit', 'ok');
  },
};

/** 90 % of the limit or more: the counter turns to the warning colour. */
export const NearLimit: Story = {
  args: { defaultValue: `${NOTE} Fragile!`.slice(0, 55) },
  play: async ({ canvasElement }) => {
    await expect(counter(canvasElement)).toHaveTextContent('55 / 60');
    await expect(counter(canvasElement)).toHaveAttribute('data-limit', 'near');
  },
};

/** At the limit: the counter turns to the danger colour and the browser refuses more. */
export const AtLimit: Story = {
  args: { defaultValue: `${NOTE} Barang fragile`.slice(0, 60) },
  play: async ({ canvasElement }) => {
    await expect(counter(canvasElement)).toHaveTextContent('60 / 60');
    await expect(counter(canvasElement)).toHaveAttribute('data-limit', 'at');
    await userEvent.type(field(canvasElement), 'x');
    await expect(counter(canvasElement)).toHaveTextContent('60 / 60');
  },
};

/** An error: the field is invalid and the message is part of its description. */
export const WithError: Story = {
  args: { defaultValue: 'ok', error: 'Catatan minimal 10 karakter.' },
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(canvasElement)).toHaveAccessibleDescription(/Catatan minimal 10 karakter\./);
  },
};

/** Help text under the field. */
export const WithDescription: Story = {
  args: { description: 'Terlihat oleh tim gudang.' },
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement)).toHaveAccessibleDescription('Terlihat oleh tim gudang. 0 / 60');
  },
};

/** Disabled. */
export const Disabled: Story = {
  args: { defaultValue: NOTE, disabled: true },
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement)).toBeDisabled();
    await expect(canvasElement.querySelector('.cui-text-area')).toHaveAttribute('data-disabled');
  },
};

/** No maximum: no counter. */
export const NoLimit: Story = {
  args: { maxLength: undefined },
  play: async ({ canvasElement }) => {
    await expect(counter(canvasElement)).toBeNull();
    await expect(field(canvasElement)).not.toHaveAttribute('maxlength');
  },
};

/** Typing updates the counter live; it passes near-limit and stops at the limit. */
export const TypingUpdatesCounter: Story = {
  args: { maxLength: 10 },
  play: async ({ canvasElement, args }) => {
    await userEvent.type(field(canvasElement), 'Halo');
    await expect(counter(canvasElement)).toHaveTextContent('4 / 10');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('Halo');
    await userEvent.type(field(canvasElement), ' dunia');
    await expect(counter(canvasElement)).toHaveTextContent('10 / 10');
    await expect(counter(canvasElement)).toHaveAttribute('data-limit', 'at');
    await userEvent.type(field(canvasElement), '!!');
    await expect(field(canvasElement)).toHaveValue('Halo dunia');
    await userEvent.type(field(canvasElement), '{Backspace}');
    await expect(counter(canvasElement)).toHaveAttribute('data-limit', 'near');
  },
};

function ControlledTextArea(props: TextAreaProps) {
  const [text, setText] = useState('');
  return (
    <div style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
      <TextArea {...props} value={text} onValueChange={setText} />
      <button type="button" onClick={() => setText('Template: paket sudah dikirim.')}>
        Use template
      </button>
    </div>
  );
}

/** Controlled: the parent owns the text; the counter follows it. */
export const Controlled: Story = {
  render: (args) => <ControlledTextArea {...args} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Use template' }));
    await expect(field(canvasElement)).toHaveValue('Template: paket sudah dikirim.');
    await expect(counter(canvasElement)).toHaveTextContent('30 / 60');
  },
};

/** Every visual state side by side, for review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24, maxWidth: 420 }}>
      <TextArea {...args} label="Empty" />
      <TextArea {...args} label="With value" defaultValue={NOTE} />
      <TextArea {...args} label="Near limit" defaultValue={`${NOTE} Fragile!`.slice(0, 55)} />
      <TextArea {...args} label="At limit" defaultValue={`${NOTE} Barang fragile`.slice(0, 60)} />
      <TextArea {...args} label="Error" defaultValue="ok" error="Catatan minimal 10 karakter." />
      <TextArea {...args} label="Description" description="Terlihat oleh tim gudang." />
      <TextArea {...args} label="Disabled" defaultValue={NOTE} disabled />
      <TextArea {...args} label="No limit" maxLength={undefined} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('textbox')).toHaveLength(8);
  },
};
