import { StrictMode, useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent } from 'storybook/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DENIED_MESSAGE } from '../../machines/pageGuard.machine.js';
import { PermissionGuard } from './PermissionGuard.js';
import * as stories from './PermissionGuard.stories.js';

const { Checking, Allowed, Denied, ErrorState, CustomSlots, LivePermissionChange, AllStates } =
  composeStories(stories);

afterEach(() => {
  vi.useRealTimers();
});

describe('PermissionGuard', () => {
  it('shows a spinner with role=status while checking, and not the page', () => {
    render(<Checking />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking permission…');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('renders the page when allowed and sets the document title', async () => {
    document.title = 'Before';
    const { unmount } = render(<Allowed />);
    expect(await screen.findByRole('heading', { name: 'Usage Statistics' })).toBeInTheDocument();
    expect(document.title).toBe('Usage Statistics');
    unmount();
    expect(document.title).toBe('Before');
  });

  it('ignores the aborted first check of a StrictMode effect replay', async () => {
    // Like axios: an aborted request rejects with "canceled" once it settles.
    const check = vi.fn(
      (_key: string, signal?: AbortSignal) =>
        new Promise<boolean>((resolve, reject) => {
          setTimeout(() => (signal?.aborted ? reject({ message: 'canceled' }) : resolve(true)), 5);
        }),
    );
    render(
      <StrictMode>
        <PermissionGuard permissionKey="statistics" check={check} delays={{ PAGE_GUARD_DELAY: 20 }}>
          <h1>Usage Statistics</h1>
        </PermissionGuard>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Usage Statistics' })).toBeInTheDocument();
    expect(screen.queryByText(/canceled/)).not.toBeInTheDocument();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('shows the denial alert and calls onDenied', async () => {
    const onDenied = fn();
    render(<Denied onDenied={onDenied} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_DENIED_MESSAGE);
    expect(onDenied).toHaveBeenCalledTimes(1);
  });

  it('shows the error with a Retry button that checks again', async () => {
    const check = vi.fn().mockRejectedValueOnce({ message: 'Network Error' }).mockResolvedValueOnce(true);
    render(<ErrorState check={check} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not check your access to this page (Network Error).',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Usage Statistics' })).toBeInTheDocument();
    expect(check).toHaveBeenCalledTimes(2);
    expect(check).toHaveBeenLastCalledWith('statistics', expect.any(AbortSignal));
  });

  it('describes an error without a message by its status', async () => {
    render(<ErrorState check={() => Promise.reject({ status: 502 })} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not check your access to this page (HTTP 502).',
    );
  });

  it('accepts an error slot as a render function', async () => {
    render(
      <ErrorState
        check={() => Promise.reject({ status: 500 })}
        error={({ error, retry }) => (
          <button type="button" onClick={retry}>
            Try again ({error.status})
          </button>
        )}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Try again (500)' })).toBeInTheDocument();
  });

  it('uses custom slots', async () => {
    render(<CustomSlots />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ask an administrator for the statistics key.',
    );
  });

  it('starts the check at once and shows the result at the 0.75 s floor', async () => {
    vi.useFakeTimers();
    const check = vi.fn(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 100)));
    render(
      <PermissionGuard permissionKey="statistics" check={check}>
        <p>Secret page</p>
      </PermissionGuard>,
    );
    expect(check).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(749));
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Secret page')).toBeInTheDocument();
  });

  it('shows a 1.2 s check at 1.2 s, not 1.95 s', async () => {
    vi.useFakeTimers();
    const check = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1200));
    render(
      <PermissionGuard permissionKey="statistics" check={check}>
        <p>Secret page</p>
      </PermissionGuard>,
    );
    await act(() => vi.advanceTimersByTimeAsync(1199));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Secret page')).toBeInTheDocument();
  });

  it('re-checks when recheckToken changes, keeping an allowed page mounted meanwhile', async () => {
    const check = vi.fn().mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    const props = { permissionKey: 'statistics', check, delays: { PAGE_GUARD_DELAY: 0 } };
    const { rerender } = render(
      <PermissionGuard {...props} recheckToken={1}>
        <p>Secret page</p>
      </PermissionGuard>,
    );
    expect(await screen.findByText('Secret page')).toBeInTheDocument();
    rerender(
      <PermissionGuard {...props} recheckToken={2}>
        <p>Secret page</p>
      </PermissionGuard>,
    );
    expect(screen.getByText('Secret page')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_DENIED_MESSAGE);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('checks the new key when permissionKey changes', async () => {
    const check = vi.fn().mockResolvedValue(true);
    const props = { check, delays: { PAGE_GUARD_DELAY: 0 } };
    const { rerender } = render(<PermissionGuard {...props} permissionKey="statistics" />);
    await waitFor(() => expect(check).toHaveBeenCalledWith('statistics', expect.any(AbortSignal)));
    rerender(<PermissionGuard {...props} permissionKey="admin_manage_user" />);
    await waitFor(() => expect(check).toHaveBeenCalledWith('admin_manage_user', expect.any(AbortSignal)));
  });

  it('follows a live permission change (story)', async () => {
    render(<LivePermissionChange />);
    await screen.findByRole('heading', { name: 'Usage Statistics' });
    await userEvent.click(screen.getByRole('button', { name: 'Revoke statistics' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_DENIED_MESSAGE);
  });

  it('prerenders the page hidden while checking, without its effects, and reveals it when allowed', async () => {
    const effects: string[] = [];
    function Page() {
      useEffect(() => {
        effects.push('mounted');
      }, []);
      return <h1>Usage Statistics</h1>;
    }
    let allow: (value: boolean) => void = () => undefined;
    const check = vi.fn(() => new Promise<boolean>((resolve) => (allow = resolve)));
    render(
      <PermissionGuard permissionKey="statistics" check={check} delays={{ PAGE_GUARD_DELAY: 0 }} prerender>
        <Page />
      </PermissionGuard>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Checking permission…');
    // Rendered, but hidden from sight and from assistive technology, and not yet run.
    await waitFor(() => expect(screen.getByText('Usage Statistics', { selector: 'h1' })).not.toBeVisible());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(effects).toEqual([]);
    await act(async () => allow(true));
    expect(await screen.findByRole('heading', { name: 'Usage Statistics' })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(effects).toEqual(['mounted']);
  });

  it('never shows a prerendered page when denied', async () => {
    render(
      <PermissionGuard
        permissionKey="statistics"
        check={async () => false}
        delays={{ PAGE_GUARD_DELAY: 0 }}
        prerender
      >
        <h1>Usage Statistics</h1>
      </PermissionGuard>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_DENIED_MESSAGE);
    expect(screen.queryByText('Usage Statistics')).not.toBeInTheDocument();
  });

  it('mounts a covered page live while checking, unseen and inert, and uncovers the same page when allowed', async () => {
    const effects: string[] = [];
    function Page() {
      useEffect(() => {
        effects.push('mounted');
      }, []);
      return (
        <>
          <h1>Usage Statistics</h1>
          <button type="button">Export</button>
        </>
      );
    }
    let allow: (value: boolean) => void = () => undefined;
    const check = vi.fn(() => new Promise<boolean>((resolve) => (allow = resolve)));
    render(
      <PermissionGuard
        permissionKey="statistics"
        check={check}
        delays={{ PAGE_GUARD_DELAY: 0 }}
        prerender="covered"
        loading={<p role="status">Loading the page…</p>}
      >
        <Page />
      </PermissionGuard>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the page…');
    // Mounted and run (its data can arrive), but not seen, not announced and not reachable by keyboard.
    const heading = screen.getByText('Usage Statistics', { selector: 'h1' });
    expect(heading).not.toBeVisible();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(heading.closest('[inert]')).not.toBeNull();
    expect(effects).toEqual(['mounted']);
    await act(async () => allow(true));
    expect(await screen.findByRole('heading', { name: 'Usage Statistics' })).toBe(heading);
    expect(heading).toBeVisible();
    expect(heading.closest('[inert]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(effects).toEqual(['mounted']);
  });

  it('unmounts a covered page unseen when denied', async () => {
    let allow: (value: boolean) => void = () => undefined;
    render(
      <PermissionGuard
        permissionKey="statistics"
        check={() => new Promise<boolean>((resolve) => (allow = resolve))}
        delays={{ PAGE_GUARD_DELAY: 0 }}
        prerender="covered"
      >
        <h1>Usage Statistics</h1>
      </PermissionGuard>,
    );
    expect(screen.getByText('Usage Statistics')).not.toBeVisible();
    await act(async () => allow(false));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_DENIED_MESSAGE);
    expect(screen.queryByText('Usage Statistics')).not.toBeInTheDocument();
  });

  it('counts the first floor from floorFrom, however late the guard mounts; a retry has the whole floor', async () => {
    vi.useFakeTimers();
    const pressedAt = performance.now();
    await act(() => vi.advanceTimersByTimeAsync(300)); // the router's render after the press
    let answer = false;
    const check = vi.fn(async () => {
      if (!answer) throw { status: 503 };
      return true;
    });
    render(
      <PermissionGuard permissionKey="statistics" check={check} floorFrom={pressedAt}>
        <h1>Usage Statistics</h1>
      </PermissionGuard>,
    );
    await act(() => vi.advanceTimersByTimeAsync(449));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    answer = true;
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    await act(() => vi.advanceTimersByTimeAsync(749));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'Usage Statistics' })).toBeInTheDocument();
  });

  it('renders every outcome in AllStates', async () => {
    render(<AllStates />);
    expect(await screen.findByText('Page content')).toBeInTheDocument();
    expect(await screen.findByText(PAGE_DENIED_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
