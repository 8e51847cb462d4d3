import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { DOCS_FOCUS_GUARD, DocsFocusGuard } from '../../../.storybook/docsFocusGuard.js';

/** What an open dialog does: focus its first control when it mounts. */
function FocusesOnMount() {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <button ref={ref} type="button">
      Confirm
    </button>
  );
}

describe('DocsFocusGuard (Storybook Docs pages)', () => {
  it('keeps a story from taking the focus when it appears: autoFocus and focus() in a mount effect', () => {
    render(
      <>
        <button type="button">Reader's place</button>
        <DocsFocusGuard>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- what the guard is for */}
          <input aria-label="Code" autoFocus />
          <FocusesOnMount />
        </DocsFocusGuard>
      </>,
    );
    const place = screen.getByRole('button', { name: "Reader's place" });
    place.focus();
    expect(place).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Code' })).not.toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirm' })).not.toHaveFocus();
  });

  it('lets the story focus as usual once the reader presses a key or the pointer inside it', () => {
    render(
      <DocsFocusGuard>
        <FocusesOnMount />
      </DocsFocusGuard>,
    );
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).not.toHaveFocus();
    fireEvent.pointerDown(confirm);
    expect(confirm.closest(`[${DOCS_FOCUS_GUARD}]`)).toHaveAttribute(DOCS_FOCUS_GUARD, 'off');
    confirm.focus();
    expect(confirm).toHaveFocus();
  });

  it('leaves focus outside every guard alone', () => {
    render(<FocusesOnMount />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });
});
