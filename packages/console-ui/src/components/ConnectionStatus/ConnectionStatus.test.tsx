import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { clearAllMocks, fn, userEvent } from 'storybook/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionStatus } from './ConnectionStatus.js';
import * as featureStories from './ConnectionStatus.features.stories.js';
import * as stories from './ConnectionStatus.stories.js';

const composed = { ...composeStories(stories), ...composeStories(featureStories) };
const { OfflineWithRetry } = composed;

describe('ConnectionStatus stories', () => {
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

describe('ConnectionStatus', () => {
  it.each([
    ['connecting', 'Connecting…'],
    ['connected', 'Connected'],
    ['reconnecting', 'Reconnecting…'],
    ['offline', 'Offline'],
  ] as const)('%s: a status with a dot (hidden from screen readers) and "%s"', (state, text) => {
    const { container } = render(<ConnectionStatus state={state} />);
    expect(screen.getByRole('status')).toHaveTextContent(text);
    const dot = container.querySelector('.cui-connection-status__dot');
    expect(dot).toHaveAttribute('aria-hidden', 'true');
    expect(dot).toHaveAttribute('data-state', state);
    expect(container.querySelector('.cui-connection-status')).toHaveAttribute('data-state', state);
  });

  it('shows the polling fallback only while connected', () => {
    const { rerender } = render(<ConnectionStatus state="connected" transport="polling" />);
    expect(screen.getByRole('status')).toHaveTextContent('(polling)');
    rerender(<ConnectionStatus state="reconnecting" transport="polling" />);
    expect(screen.getByRole('status')).not.toHaveTextContent('(polling)');
  });

  it('offers Retry only while offline', async () => {
    const onRetry = fn();
    const { rerender } = render(<OfflineWithRetry onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<OfflineWithRetry onRetry={onRetry} state="reconnecting" />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('uses replacement labels and falls back for missing ones', () => {
    const { rerender } = render(<ConnectionStatus state="offline" labels={{ offline: 'Luring' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Luring');
    rerender(<ConnectionStatus state="connected" labels={{ offline: 'Luring' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Connected');
  });
});
