import { useId, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { MoneyInput, type MoneyInputProps } from './MoneyInput.js';

type DemoProps = Omit<MoneyInputProps, 'value' | 'onValueChange'> & {
  initial?: string;
  onValueChange?: (digits: string) => void;
};

/** MoneyInput on its own: the host keeps the bare digits, the box shows id-ID grouping. */
function PriceField({ initial = '', onValueChange, ...rest }: DemoProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: 4, maxWidth: 320 }}>
      <label htmlFor={id}>Rate fee</label>
      <MoneyInput
        {...rest}
        id={id}
        value={value}
        onValueChange={(digits) => {
          setValue(digits);
          onValueChange?.(digits);
        }}
      />
      <output aria-label="Value">{value === '' ? '(empty)' : value}</output>
    </div>
  );
}

const meta = {
  title: 'Inputs/MoneyInput',
  component: PriceField,
  // The Docs page's props table shows the library component's own props beside the story wrapper's.
  subcomponents: { MoneyInput },
  args: { onValueChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'An IDR amount with id-ID thousands separators shown as you type ("1.500.000"); `value` and ' +
          '`onValueChange` carry the bare integer digits ("1500000"). The caret stays after the same digit. ' +
          '`allowNegative` offers a keyboard with a minus sign on phones.',
      },
    },
  },
} satisfies Meta<typeof PriceField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Rate fee')).toHaveValue('');
    await expect(canvas.getByLabelText('Rate fee')).toHaveAttribute('inputmode', 'numeric');
  },
};

/** A stored amount, grouped. */
export const WithValue: Story = {
  args: { initial: '1500000' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Rate fee')).toHaveValue('1.500.000');
  },
};

/** Typing groups as you go; the value stays bare digits. */
export const Typing: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByLabelText('Rate fee'), '2500000');
    await expect(canvas.getByLabelText('Rate fee')).toHaveValue('2.500.000');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2500000');
  },
};

/** A negative amount where allowed (refunds). */
export const Negative: Story = {
  args: { initial: '-75000', allowNegative: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Rate fee')).toHaveValue('-75.000');
  },
};

/** Amounts beyond 15 digits keep every digit (no float rounding). */
export const VeryLarge: Story = {
  args: { initial: '12345678901234567890' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Rate fee')).toHaveValue('12.345.678.901.234.567.890');
  },
};

export const Disabled: Story = {
  args: { initial: '500000', disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Rate fee')).toBeDisabled();
  },
};
