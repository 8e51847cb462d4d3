import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RecordPanel } from './RecordPanel.js';

afterEach(cleanup);

const panel = (
  <RecordPanel title="Edit tribe" onClose={() => undefined}>
    <label>
      Name <input name="name" />
    </label>
  </RecordPanel>
);

/** What the panel focuses when it opens: its first control (the Close button). */
const firstControl = () => screen.getByRole('dialog').querySelector('button');

describe('RecordPanel', () => {
  it('moves focus into itself when it opens', () => {
    render(panel);
    expect(document.activeElement).toBe(firstControl());
  });

  it('opened under a covered page (inert), takes focus once the cover comes off', async () => {
    // The page guard's covered page: the panel mounts inside an inert wrapper (jsdom itself does not block focus).
    const cover = document.createElement('div');
    cover.setAttribute('inert', '');
    document.body.append(cover);
    render(panel, { container: cover.appendChild(document.createElement('div')) });
    const control = cover.querySelector('[role="dialog"] button');
    expect(control).not.toBeNull();
    expect(document.activeElement).not.toBe(control);
    cover.removeAttribute('inert');
    await waitFor(() => expect(document.activeElement).toBe(control));
    cleanup();
    cover.remove();
  });
});
