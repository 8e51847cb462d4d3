import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOGIN_GENERIC_ERROR } from '../../machines/loginButton.texts.js';
import { useLoginForm } from './useLoginForm.js';

// The machine's code cannot be fetched (the network went away after the page loaded).
vi.mock('./loginActor.js', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('useLoginForm when the machine cannot be loaded', () => {
  it('a submit fails like a call without an answer; the form stays usable', async () => {
    const login = vi.fn(async () => ({ token: 't', fullname: 'Ani', last_login: null }));
    const { result } = renderHook(() => useLoginForm({ login }));
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.error).toBe(LOGIN_GENERIC_ERROR));
    expect(login).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ status: 'idle', canSubmit: true, actorRef: null });
  });
});
