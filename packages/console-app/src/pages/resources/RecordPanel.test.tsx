import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
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
});
