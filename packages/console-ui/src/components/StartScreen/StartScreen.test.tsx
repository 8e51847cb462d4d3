import { StrictMode } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
// Story args are typed with storybook's spies.
import { fn } from 'storybook/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckSessionFn } from '../../machines/startScreen.machine.js';
import { StartScreen } from './StartScreen.js';
import { useStartScreen } from './useStartScreen.js';
import * as stories from './StartScreen.stories.js';

const { Checking, ValidSession, NoSession, CheckFails, AllStates } = composeStories(stories);

// Only timers are faked: React's scheduler keeps running on the real event loop.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('StartScreen', () => {
  it('shows a centred "Please Wait..." status with a hidden spinner', () => {
    const { container } = render(<Checking />);
    expect(screen.getByRole('status')).toHaveTextContent('Please Wait...');
    expect(container.querySelector('.cui-start-screen__spinner')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('.cui-start-screen')).toHaveAttribute('data-state', 'checking');
  });

  it('a valid session navigates to /app/customer-chats at 500 ms, not before, once', async () => {
    const onNavigate = fn();
    render(<ValidSession onNavigate={onNavigate} />);
    await advance(499);
    expect(onNavigate).not.toHaveBeenCalled();
    await advance(1);
    expect(onNavigate).toHaveBeenCalledExactlyOnceWith('/app/customer-chats');
    await advance(1000);
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('no session navigates to /login at 500 ms', async () => {
    const onNavigate = fn();
    render(<NoSession onNavigate={onNavigate} />);
    await advance(500);
    expect(onNavigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('a failing check navigates to /login', async () => {
    const onNavigate = fn();
    render(<CheckFails onNavigate={onNavigate} />);
    await advance(500);
    expect(onNavigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('waits for a slow check past the 500 ms floor', async () => {
    let answer!: (valid: boolean) => void;
    const checkSession = fn<CheckSessionFn>(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const onNavigate = fn();
    render(<Checking checkSession={checkSession} onNavigate={onNavigate} />);
    await advance(2000);
    expect(onNavigate).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Please Wait...');
    await act(async () => answer(true));
    expect(onNavigate).toHaveBeenCalledExactlyOnceWith('/app/customer-chats');
    expect(checkSession).toHaveBeenCalledTimes(1);
  });

  it('unmounting before 500 ms cancels the navigation', async () => {
    const onNavigate = fn();
    const { unmount } = render(<ValidSession onNavigate={onNavigate} />);
    await advance(200);
    unmount();
    await advance(1000);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('navigates once under StrictMode', async () => {
    const onNavigate = vi.fn();
    render(
      <StrictMode>
        <StartScreen checkSession={() => false} onNavigate={onNavigate} />
      </StrictMode>,
    );
    await advance(500);
    expect(onNavigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('honours custom targets and delays', async () => {
    const onNavigate = vi.fn();
    render(
      <StartScreen
        checkSession={() => true}
        onNavigate={onNavigate}
        targets={{ valid: '/home' }}
        delays={{ START_REDIRECT: 50 }}
      />,
    );
    await advance(50);
    expect(onNavigate).toHaveBeenCalledExactlyOnceWith('/home');
  });

  it('AllStates shows the screen in both themes', () => {
    render(<AllStates />);
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });
});

describe('useStartScreen (headless)', () => {
  it('reports checking, then redirecting with the target', async () => {
    const onNavigate = vi.fn();
    const { result } = renderHook(() => useStartScreen({ checkSession: async () => true, onNavigate }));
    expect(result.current).toEqual({ status: 'checking', target: null });
    await advance(500);
    expect(result.current).toEqual({ status: 'redirecting', target: '/app/customer-chats' });
    expect(onNavigate).toHaveBeenCalledWith('/app/customer-chats');
  });
});
