import { composeStories } from '@storybook/react-vite';
import { act, render, renderHook, screen } from '@testing-library/react';
// Storybook's `fn` matches the stories' arg types (vitest's `vi.fn` comes from another @vitest/spy copy).
import { clearAllMocks, fn, userEvent } from 'storybook/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OtpInput } from './OtpInput.js';
import * as stories from './OtpInput.stories.js';
import { useOtpInput } from './useOtpInput.js';

const composed = composeStories(stories);
const { Empty, Filled, Disabled, Invalid, Controlled } = composed;

const box = (n: number, of = 6) => screen.getByRole('textbox', { name: `Digit ${n} of ${of}` });
const values = () => screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value);

describe('OtpInput stories', () => {
  let canvasElement: HTMLElement;
  beforeEach(() => {
    // Storybook clears its `fn()` spies before each story; composed stories share them, so do it here.
    clearAllMocks();
    canvasElement = document.body.appendChild(document.createElement('div'));
  });
  afterEach(() => canvasElement.remove());

  // Every story's play function (typing, paste, backspace, arrows, controlled) also runs here in jsdom.
  it.each(Object.entries(composed))('%s plays', async (_name, Story) => {
    await Story.run({ canvasElement });
  });
});

describe('OtpInput', () => {
  it('renders a labelled group of six boxes, one character each', () => {
    render(<Empty />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(6)).toBeInTheDocument();
  });

  it('typing moves forward and reports the code once, when complete', async () => {
    const onValueChange = fn();
    render(<Empty onValueChange={onValueChange} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('12345');
    expect(box(6)).toHaveFocus();
    expect(onValueChange).not.toHaveBeenCalled();
    await userEvent.keyboard('6');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('typing over a filled box replaces it and moves on', async () => {
    render(<Filled />);
    await userEvent.click(box(2));
    await userEvent.keyboard('0');
    expect(values()).toEqual(['4', '0', '2', '9', '1', '3']);
    expect(box(3)).toHaveFocus();
    // The same character again still moves forward.
    await userEvent.keyboard('2');
    expect(box(4)).toHaveFocus();
  });

  it('paste fills from the focused box, drops refused characters, and stops at the last box', async () => {
    const onValueChange = fn();
    render(<Empty onValueChange={onValueChange} />);
    await userEvent.click(box(5));
    await userEvent.paste('7-8-9');
    expect(values()).toEqual(['', '', '', '', '7', '8']);
    expect(box(6)).toHaveFocus();
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('a whole code autofilled into the first box is spread across the boxes', async () => {
    const onValueChange = fn();
    render(<Empty onValueChange={onValueChange} />);
    await userEvent.type(box(1), '654321');
    expect(values()).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(onValueChange).toHaveBeenCalledWith('654321');
  });

  it('backspace clears and moves back; Delete clears in place', async () => {
    render(<Filled />);
    await userEvent.click(box(4));
    await userEvent.keyboard('{Backspace}');
    expect(values()).toEqual(['4', '8', '2', '', '1', '3']);
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Delete}');
    expect(values()).toEqual(['4', '8', '', '', '1', '3']);
    expect(box(3)).toHaveFocus();
    await userEvent.click(box(1));
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(box(1)).toHaveFocus();
    expect(box(1)).toHaveValue('');
  });

  it('arrow keys move between boxes', async () => {
    render(<Filled />);
    await userEvent.click(box(3));
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(box(2)).toHaveFocus();
  });

  it('disabled and invalid are exposed as data attributes and ARIA', () => {
    const { unmount } = render(<Disabled />);
    expect(screen.getByRole('group')).toHaveAttribute('data-disabled');
    expect(box(1)).toBeDisabled();
    unmount();
    render(<Invalid />);
    expect(screen.getByRole('group')).toHaveAttribute('data-invalid');
    expect(box(6)).toHaveAttribute('aria-invalid', 'true');
    expect(box(6)).toHaveAttribute('data-invalid');
  });

  it('a new controlled value replaces the boxes without reporting it back', async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<OtpInput label="Code" value="111111" onValueChange={onValueChange} />);
    expect(values()).toEqual(['1', '1', '1', '1', '1', '1']);
    rerender(<OtpInput label="Code" value="222" onValueChange={onValueChange} />);
    expect(values()).toEqual(['2', '2', '2', '', '', '']);
    expect(onValueChange).not.toHaveBeenCalled();
    await userEvent.click(box(4));
    await userEvent.keyboard('333');
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('222333');
  });

  it('the controlled story clears through the parent', async () => {
    render(<Controlled />);
    await userEvent.click(box(1));
    await userEvent.paste('135790');
    expect(screen.getByLabelText('Submitted code')).toHaveTextContent('135790');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(values()).toEqual(['', '', '', '', '', '']);
  });

  it('submits the joined code with a form when named', () => {
    const { container } = render(<OtpInput name="otp" defaultValue="12" />);
    expect(container.querySelector('input[type="hidden"][name="otp"]')).toHaveValue('12');
  });
});

describe('useOtpInput', () => {
  it('is headless: chars, value, complete and clear', () => {
    const onValueChange = vi.fn();
    const { result } = renderHook(() => useOtpInput({ length: 4, defaultValue: '12a34', onValueChange }));
    expect(result.current.chars).toEqual(['1', '2', '3', '4']);
    expect(result.current.complete).toBe(true);
    act(() => result.current.clear());
    expect(result.current.value).toBe('');
    expect(result.current.complete).toBe(false);
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('names boxes with a custom label', () => {
    const { result } = renderHook(() => useOtpInput({ getBoxLabel: (i, n) => `Kotak ${i + 1} dari ${n}` }));
    expect(result.current.getBoxProps(0)['aria-label']).toBe('Kotak 1 dari 6');
  });
});
