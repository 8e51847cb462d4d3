import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OtpInput, type OtpInputProps } from './OtpInput.js';

const meta = {
  title: 'Inputs/OtpInput',
  component: OtpInput,
  args: { label: 'Verification code', onValueChange: fn() },
} satisfies Meta<typeof OtpInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const boxes = (canvasElement: HTMLElement) => within(canvasElement).getAllByRole('textbox');
const box = (canvasElement: HTMLElement, n: number, of = 6) =>
  within(canvasElement).getByRole('textbox', { name: `Digit ${n} of ${of}` });
const valuesOf = (canvasElement: HTMLElement) =>
  boxes(canvasElement).map((input) => (input as HTMLInputElement).value);

/** Six empty boxes in a labelled group. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Verification code' });
    await expect(within(group).getAllByRole('textbox')).toHaveLength(6);
    await expect(box(canvasElement, 1)).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(box(canvasElement, 1)).toHaveAttribute('inputmode', 'numeric');
  },
};

/** Every box filled (uncontrolled `defaultValue`). */
export const Filled: Story = {
  args: { defaultValue: '482913' },
  play: async ({ canvasElement }) => {
    await expect(valuesOf(canvasElement)).toEqual(['4', '8', '2', '9', '1', '3']);
    await expect(within(canvasElement).getByRole('group')).toHaveAttribute('data-complete');
  },
};

/** Half typed. */
export const Partial: Story = {
  args: { defaultValue: '482' },
  play: async ({ canvasElement }) => {
    await expect(valuesOf(canvasElement)).toEqual(['4', '8', '2', '', '', '']);
    await expect(within(canvasElement).getByRole('group')).not.toHaveAttribute('data-complete');
  },
};

/** Disabled: boxes cannot be focused or typed into. */
export const Disabled: Story = {
  args: { defaultValue: '4829', disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group')).toHaveAttribute('data-disabled');
    for (const input of boxes(canvasElement)) await expect(input).toBeDisabled();
  },
};

/** The server rejected the code: aria-invalid boxes and a linked message. */
export const Invalid: Story = {
  args: {
    defaultValue: '000000',
    invalid: true,
    description: 'The code is wrong. Check the SMS and try again.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group')).toHaveAttribute('data-invalid');
    await expect(box(canvasElement, 1)).toHaveAttribute('aria-invalid', 'true');
    await expect(box(canvasElement, 1)).toHaveAccessibleDescription(
      'The code is wrong. Check the SMS and try again.',
    );
  },
};

/** Any length: four boxes. */
export const FourBoxes: Story = {
  args: { length: 4 },
  play: async ({ canvasElement }) => {
    await expect(boxes(canvasElement)).toHaveLength(4);
    await expect(box(canvasElement, 4, 4)).toBeInTheDocument();
  },
};

/** Letters too, for codes like "A7K2Q9". */
export const Alphanumeric: Story = {
  args: { accept: /^[A-Za-z0-9]$/, label: 'Voucher code' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(box(canvasElement, 1));
    await userEvent.keyboard('A7K2Q9');
    await expect(args.onValueChange).toHaveBeenCalledWith('A7K2Q9');
  },
};

/** Typing moves forward; the value is reported once, when the last box is filled. */
export const TypingMovesForward: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(box(canvasElement, 1));
    await userEvent.keyboard('48');
    await expect(box(canvasElement, 3)).toHaveFocus();
    await expect(args.onValueChange).not.toHaveBeenCalled();
    // Letters are refused in a digits-only code.
    await userEvent.keyboard('x');
    await expect(box(canvasElement, 3)).toHaveValue('');
    await userEvent.keyboard('2913');
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
    await expect(args.onValueChange).toHaveBeenCalledWith('482913');
    await expect(box(canvasElement, 6)).toHaveFocus();
  },
};

/** Paste fills from the focused box onward; focus lands after the last pasted character. */
export const PasteFillsFromFocusedBox: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(box(canvasElement, 3));
    await userEvent.paste('98 76');
    await expect(valuesOf(canvasElement)).toEqual(['', '', '9', '8', '7', '6']);
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.click(box(canvasElement, 1));
    await userEvent.paste('123456');
    await expect(args.onValueChange).toHaveBeenCalledWith('123456');
    await expect(box(canvasElement, 6)).toHaveFocus();
  },
};

/** Backspace clears the box and moves back; from an empty box it clears the previous one. */
export const BackspaceClearsAndMovesBack: Story = {
  args: { defaultValue: '123456' },
  play: async ({ canvasElement }) => {
    await userEvent.click(box(canvasElement, 6));
    await userEvent.keyboard('{Backspace}');
    await expect(box(canvasElement, 6)).toHaveValue('');
    await expect(box(canvasElement, 5)).toHaveFocus();
    await userEvent.keyboard('{Backspace}{Backspace}');
    await expect(valuesOf(canvasElement)).toEqual(['1', '2', '3', '', '', '']);
    await expect(box(canvasElement, 3)).toHaveFocus();
    await userEvent.click(box(canvasElement, 5));
    await userEvent.keyboard('{Backspace}');
    await expect(valuesOf(canvasElement)).toEqual(['1', '2', '3', '', '', '']);
    await expect(box(canvasElement, 4)).toHaveFocus();
  },
};

/** Arrow keys, Home and End move between boxes without changing them. */
export const ArrowKeysMove: Story = {
  args: { defaultValue: '123456' },
  play: async ({ canvasElement }) => {
    await userEvent.click(box(canvasElement, 1));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(box(canvasElement, 3)).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(box(canvasElement, 2)).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(box(canvasElement, 6)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(box(canvasElement, 6)).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(box(canvasElement, 1)).toHaveFocus();
    await expect(valuesOf(canvasElement)).toEqual(['1', '2', '3', '4', '5', '6']);
  },
};

/** Re-entering the same code reports nothing; a different one is reported. */
export const ReportsOnlyWhenChanged: Story = {
  args: { defaultValue: '123456' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(box(canvasElement, 6));
    await userEvent.keyboard('{Backspace}');
    await userEvent.click(box(canvasElement, 6));
    await userEvent.keyboard('6');
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.click(box(canvasElement, 6));
    await userEvent.keyboard('7');
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
    await expect(args.onValueChange).toHaveBeenCalledWith('123457');
  },
};

function ControlledOtp(props: OtpInputProps) {
  const [code, setCode] = useState('');
  return (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <OtpInput
        {...props}
        value={code}
        onValueChange={(next) => {
          setCode(next);
          props.onValueChange?.(next);
        }}
      />
      <output aria-label="Submitted code">{code || '(none)'}</output>
      <button type="button" onClick={() => setCode('')}>
        Clear
      </button>
    </div>
  );
}

/** Controlled: the parent holds the last complete code and can clear the boxes by setting `''`. */
export const Controlled: Story = {
  render: (args) => <ControlledOtp {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(box(canvasElement, 1));
    await userEvent.paste('246810');
    await expect(canvas.getByLabelText('Submitted code')).toHaveTextContent('246810');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(valuesOf(canvasElement)).toEqual(['', '', '', '', '', '']);
    await expect(canvas.getByLabelText('Submitted code')).toHaveTextContent('(none)');
  },
};

/** Every visual state side by side, for review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24 }}>
      <OtpInput {...args} label="Empty" />
      <OtpInput {...args} label="Partial" defaultValue="482" />
      <OtpInput {...args} label="Filled" defaultValue="482913" />
      <OtpInput {...args} label="Invalid" defaultValue="000000" invalid description="The code is wrong." />
      <OtpInput {...args} label="Disabled" defaultValue="4829" disabled />
      <OtpInput {...args} label="Four boxes" length={4} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('group')).toHaveLength(6);
  },
};
