import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from 'storybook/test';
import { composeStories } from '@storybook/react-vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsProvider, useNotifications, type NotifyOptions } from './Notifications.js';
import * as stories from './Notifications.stories.js';

const { Success, Info, Warning, ErrorNotification, Stack, Playground, AllStates } = composeStories(stories);

const region = () => screen.getByRole('region', { name: 'Notifications' });

function Raise({ options }: { options: NotifyOptions }) {
  const { notify } = useNotifications();
  return (
    <button type="button" onClick={() => notify(options)}>
      Raise
    </button>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Notifications', () => {
  it('uses role=status for success and info, role=alert for warning and error', () => {
    const { unmount } = render(<Success />);
    expect(within(region()).getByRole('status')).toHaveTextContent('The creator was saved.');
    unmount();
    const info = render(<Info />);
    expect(within(region()).getByRole('status')).toHaveTextContent('Permissions were refreshed.');
    info.unmount();
    const warning = render(<Warning />);
    expect(within(region()).getByRole('alert')).toHaveTextContent('Reconnecting');
    warning.unmount();
    render(<ErrorNotification />);
    expect(within(region()).getByRole('alert')).toHaveTextContent('Komunikasi dengan server bermasalah');
  });

  it('stacks notifications in order', () => {
    render(<Stack />);
    const items = within(region()).getAllByRole('listitem');
    expect(items.map((li) => li.firstElementChild?.getAttribute('data-type'))).toEqual([
      'success',
      'info',
      'warning',
      'error',
    ]);
  });

  it('dismisses with the button', async () => {
    render(<Stack />);
    const [first] = within(region()).getAllByRole('button', { name: 'Dismiss notification' });
    await userEvent.click(first!);
    expect(within(region()).getAllByRole('listitem')).toHaveLength(3);
    expect(within(region()).queryByText('The creator was saved.')).not.toBeInTheDocument();
  });

  it('auto-dismisses after the default timeout, but keeps errors', () => {
    vi.useFakeTimers();
    render(<Stack defaultTimeoutMs={5000} />);
    act(() => vi.advanceTimersByTime(4999));
    expect(within(region()).getAllByRole('listitem')).toHaveLength(4);
    act(() => vi.advanceTimersByTime(1));
    expect(within(region()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(region()).getByRole('alert')).toHaveTextContent('Komunikasi dengan server bermasalah');
    act(() => vi.advanceTimersByTime(60_000));
    expect(within(region()).getByRole('alert')).toBeInTheDocument();
  });

  it('uses 5 s as the default timeout', () => {
    vi.useFakeTimers();
    render(
      <NotificationsProvider>
        <Raise options={{ type: 'success', message: 'Done' }} />
      </NotificationsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Raise' }));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Done')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Done')).not.toBeInTheDocument();
  });

  it('honours a per-notification timeout, also on errors, and null to stay', () => {
    vi.useFakeTimers();
    const { unmount } = render(
      <NotificationsProvider>
        <Raise options={{ type: 'error', message: 'Short error', timeoutMs: 1000 }} />
      </NotificationsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Raise' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Short error')).not.toBeInTheDocument();
    unmount();
    render(
      <NotificationsProvider defaultTimeoutMs={10}>
        <Raise options={{ type: 'info', message: 'Sticky', timeoutMs: null }} />
      </NotificationsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Raise' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });

  it('pauses the timeout while hovered or focused', () => {
    vi.useFakeTimers();
    render(<Success defaultTimeoutMs={1000} />);
    const item = within(region()).getByRole('listitem');
    act(() => vi.advanceTimersByTime(600));
    fireEvent.mouseEnter(item);
    act(() => vi.advanceTimersByTime(5000));
    expect(within(region()).getByRole('status')).toBeInTheDocument();
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(399));
    expect(within(region()).getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps at most `max`, dropping the oldest; dismissAll clears', async () => {
    render(<Playground />);
    for (const name of ['success', 'info', 'warning', 'error']) {
      await userEvent.click(screen.getByRole('button', { name: `Notify ${name}` }));
    }
    expect(within(region()).getAllByRole('listitem')).toHaveLength(3);
    expect(within(region()).queryByText('The creator was saved.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
    expect(within(region()).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('notify returns an id that dismiss accepts', async () => {
    function Api() {
      const { notify, dismiss } = useNotifications();
      return (
        <button
          type="button"
          onClick={() => {
            const id = notify({ type: 'info', message: 'Gone at once' });
            dismiss(id);
            notify({ type: 'info', message: 'Kept' });
          }}
        >
          Go
        </button>
      );
    }
    render(
      <NotificationsProvider>
        <Api />
      </NotificationsProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.queryByText('Gone at once')).not.toBeInTheDocument();
    expect(screen.getByText('Kept')).toBeInTheDocument();
  });

  it('throws a clear error outside a provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Raise options={{ type: 'info', message: 'x' }} />)).toThrow(
      'useNotifications() must be used inside a <NotificationsProvider>.',
    );
    spy.mockRestore();
  });

  it('renders every type in AllStates', () => {
    render(<AllStates />);
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(screen.getAllByRole('status')).toHaveLength(3);
  });
});
