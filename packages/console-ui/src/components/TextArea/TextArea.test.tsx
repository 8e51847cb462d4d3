import { composeStories } from '@storybook/react-vite';
import { render, renderHook, screen } from '@testing-library/react';
// Storybook's `fn` matches the stories' arg types (vitest's `vi.fn` comes from another @vitest/spy copy).
import { clearAllMocks, fn, userEvent } from 'storybook/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TextArea } from './TextArea.js';
import * as stories from './TextArea.stories.js';
import { charCount, useCharCounter } from './useCharCounter.js';

const composed = composeStories(stories);
const { Empty, WithError, Disabled } = composed;

describe('TextArea stories', () => {
  let canvasElement: HTMLElement;
  beforeEach(() => {
    clearAllMocks();
    canvasElement = document.body.appendChild(document.createElement('div'));
  });
  afterEach(() => canvasElement.remove());

  it.each(Object.entries(composed))('%s plays', async (_name, Story) => {
    await Story.run({ canvasElement });
  });
});

describe('TextArea', () => {
  it('is labelled and counts as the user types, announcing politely', async () => {
    const onValueChange = fn();
    const onChange = fn();
    render(<Empty onValueChange={onValueChange} onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Catatan pengiriman' });
    await userEvent.type(field, 'Paket');
    const counter = screen.getByText('5 / 60');
    expect(counter).toHaveAttribute('aria-live', 'polite');
    expect(field).toHaveAccessibleDescription('5 / 60');
    expect(onValueChange).toHaveBeenLastCalledWith('Paket');
    expect(onChange).toHaveBeenCalledTimes(5);
  });

  it('marks near-limit and at-limit on the root and counter, and refuses input past the limit', async () => {
    const { container } = render(<TextArea label="Bio" maxLength={4} />);
    const field = screen.getByRole('textbox', { name: 'Bio' });
    const root = container.querySelector('.cui-text-area');
    await userEvent.type(field, 'abc');
    expect(root).toHaveAttribute('data-limit', 'ok');
    await userEvent.type(field, 'd');
    expect(root).toHaveAttribute('data-limit', 'at');
    expect(screen.getByText('4 / 4')).toHaveAttribute('data-limit', 'at');
    await userEvent.type(field, 'e');
    expect(field).toHaveValue('abcd');
  });

  it('error text makes the field invalid and describes it', () => {
    render(<WithError />);
    const field = screen.getByRole('textbox');
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription('Catatan minimal 10 karakter. 2 / 60');
  });

  it('disabled cannot be typed into', async () => {
    render(<Disabled />);
    const field = screen.getByRole('textbox');
    await userEvent.type(field, 'more');
    expect(field).toHaveValue('Kirim sebelum jam 3 sore, hubungi customer dulu.');
  });

  it('a controlled value longer than the limit shows "over"', () => {
    const { container } = render(
      <TextArea label="Notes" maxLength={3} value="abcdef" onValueChange={() => undefined} />,
    );
    expect(screen.getByText('6 / 3')).toHaveAttribute('data-limit', 'over');
    expect(container.querySelector('.cui-text-area')).toHaveAttribute('data-limit', 'over');
  });

  it('keeps a caller id and aria-describedby', () => {
    render(
      <>
        <p id="hint">Shown to the customer.</p>
        <TextArea label="Reply" id="reply" aria-describedby="hint" maxLength={10} />
      </>,
    );
    const field = screen.getByLabelText('Reply');
    expect(field).toHaveAttribute('id', 'reply');
    expect(field).toHaveAccessibleDescription('Shown to the customer. 0 / 10');
  });
});

describe('charCount / useCharCounter', () => {
  it('classifies ok, near (from 90 %), at and over', () => {
    expect(charCount({ value: 'a'.repeat(89), maxLength: 100 }).status).toBe('ok');
    expect(charCount({ value: 'a'.repeat(90), maxLength: 100 }).status).toBe('near');
    expect(charCount({ value: 'a'.repeat(100), maxLength: 100 })).toMatchObject({
      status: 'at',
      remaining: 0,
      text: '100 / 100',
    });
    expect(charCount({ value: 'a'.repeat(101), maxLength: 100 })).toMatchObject({
      status: 'over',
      remaining: -1,
    });
    expect(charCount({ value: 'abc', maxLength: 10, nearLimitRatio: 0.3 }).status).toBe('near');
  });

  it('without a maximum there is no status and the text is the bare count', () => {
    expect(charCount({ value: 'abc' })).toEqual({
      count: 3,
      maxLength: undefined,
      remaining: undefined,
      status: 'none',
      text: '3',
    });
  });

  it('counts like maxlength does (UTF-16 units: an emoji is 2)', () => {
    expect(charCount({ value: '👍', maxLength: 2 }).count).toBe(2);
  });

  it('is usable as a hook', () => {
    const { result, rerender } = renderHook(({ value }) => useCharCounter({ value, maxLength: 5 }), {
      initialProps: { value: 'ab' },
    });
    expect(result.current.text).toBe('2 / 5');
    rerender({ value: 'abcde' });
    expect(result.current.status).toBe('at');
  });
});
