import { StrictMode } from 'react';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
// Story args are typed with storybook's spies.
import { fn, userEvent } from 'storybook/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginFn, StoredUser } from '../../adapters.js';
import { consoleMessages } from '../../i18n/messages.js';
import { LOGIN_GENERIC_ERROR } from '../../machines/loginButton.machine.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { LoginForm } from './LoginForm.js';
import { seedView, useLoginForm, type LoginFormSeed } from './useLoginForm.js';
import { seedSnapshot, viewOf } from './loginActor.js';
import * as stories from './LoginForm.stories.js';

const { Idle, Loading, Success, ServerError, CommunicationError, AllStates } = composeStories(stories);

const ani: StoredUser = { token: 'tok', fullname: 'Ani Wijaya', last_login: null };
const never: LoginFn = () => new Promise(() => {});

afterEach(() => vi.useRealTimers());

describe('LoginForm (stories)', () => {
  it('Idle: intro, labelled fields, enabled Login button, footer, no error', () => {
    render(<Idle />);
    expect(screen.getByRole('heading', { level: 1, name: 'Staff Console' })).toBeInTheDocument();
    expect(screen.getByText('Silakan masukkan username dan password Anda untuk masuk.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const footer = document.querySelector('.cui-login-form__footer');
    expect(footer).toHaveTextContent('Staff Console · © 2025 Staff Console · v1.0.0');
  });

  it('Loading: "Memuat..." disabled with a spinner', () => {
    const { container } = render(<Loading />);
    expect(screen.getByRole('button', { name: 'Memuat...' })).toBeDisabled();
    expect(container.querySelector('.cui-login-form__spinner')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
  });

  it('Success: "Login Sukses, Mohon tunggu" disabled with a spinner', () => {
    const { container } = render(<Success />);
    expect(screen.getByRole('button', { name: 'Login Sukses, Mohon tunggu' })).toBeDisabled();
    expect(container.querySelector('.cui-login-form__spinner')).not.toBeNull();
  });

  it('ServerError and CommunicationError: the error line is an alert', () => {
    render(<ServerError />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error : Username atau password salah');
    expect(document.querySelector('.cui-login-form__spinner')).toBeNull();
    render(<CommunicationError />);
    expect(screen.getAllByRole('alert')[1]).toHaveTextContent('Error : Komunikasi dengan server bermasalah');
  });

  it('AllStates renders every state in both themes', () => {
    render(<AllStates />);
    expect(screen.getAllByRole('button', { name: 'Login' })).toHaveLength(6);
    expect(screen.getAllByRole('button', { name: 'Memuat...' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Login Sukses, Mohon tunggu' })).toHaveLength(2);
  });

  // The interaction stories' play functions, run here in jsdom as well as in chromium (storybook project).
  it.each([
    'SubmitWithEnter',
    'EnterInUsername',
    'EmptyValuesAreSent',
    'Rejected403',
    'Rejected404',
    'Rejected500',
    'NetworkFailure',
  ] as const)('%s play function passes', async (name) => {
    const Story = composeStories(stories)[name];
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
  });
});

describe('LoginForm (behaviour)', () => {
  it("is English under consoleMessages('en'): the intro, the loading label and the generic error", async () => {
    const user = userEvent.setup();
    const login = fn<LoginFn>(never);
    const english = (initialState?: LoginFormSeed) => (
      <ConsoleMessagesProvider messages={consoleMessages('en')}>
        <LoginForm login={login} onSuccess={() => undefined} initialState={initialState} />
      </ConsoleMessagesProvider>
    );
    const { unmount } = render(english());
    expect(screen.getByText('Please enter your username and password to sign in.')).toBeVisible();
    await user.type(screen.getByLabelText('Username'), 'ani');
    await user.type(screen.getByLabelText('Password'), 'p@ss{Enter}');
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.queryByText(/Silakan|Memuat/)).toBeNull();
    unmount();
    render(english({ status: 'idle', error: LOGIN_GENERIC_ERROR }));
    expect(screen.getByRole('alert')).toHaveTextContent('Error : Could not reach the server');
  });

  it('Enter in Password submits the values exactly as typed', async () => {
    const user = userEvent.setup();
    const login = fn<LoginFn>(never);
    render(<Idle login={login} />);
    await user.type(screen.getByLabelText('Username'), ' ani ');
    await user.type(screen.getByLabelText('Password'), 'p@ss{Enter}');
    expect(login).toHaveBeenCalledWith({ username: ' ani ', password: 'p@ss' });
    expect(screen.getByRole('button', { name: 'Memuat...' })).toBeDisabled();
  });

  it('holds "Login Sukses, Mohon tunggu" for the default 2 s, then calls onSuccess once', async () => {
    const login = fn<LoginFn>(async () => ani);
    const onSuccess = fn();
    render(<Idle login={login} onSuccess={onSuccess} />);
    // user-event waits on real timers (testing-library only advances jest's fake timers), so submit directly.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.submit(screen.getByRole('button', { name: 'Login' }).closest('form')!);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Login Sukses, Mohon tunggu' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Login Sukses, Mohon tunggu' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith(ani);
  });

  it('a second submit while loading is ignored (Enter and click)', async () => {
    const user = userEvent.setup();
    const login = vi.fn(never);
    render(<LoginForm login={login} onSuccess={vi.fn()} />);
    await user.type(screen.getByLabelText('Username'), 'ani{Enter}');
    const button = screen.getByRole('button', { name: 'Memuat...' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    await user.click(button);
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('a 403 shows the server message; a retry clears it while loading', async () => {
    const user = userEvent.setup();
    const login = vi
      .fn<LoginFn>()
      .mockRejectedValueOnce({ status: 403, message: 'Password salah' })
      .mockImplementationOnce(never);
    render(<LoginForm login={login} onSuccess={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error : Password salah');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    await user.type(screen.getByLabelText('Password'), 'benar{Enter}');
    expect(login).toHaveBeenLastCalledWith({ username: '', password: 'benar' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Memuat...' })).toBeDisabled();
  });

  it('keyboard only: Tab reaches Username, Password and the button in order', async () => {
    const user = userEvent.setup();
    render(<LoginForm login={never} onSuccess={vi.fn()} />);
    await user.tab();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Login' })).toHaveFocus();
  });

  it('honours product label, copyright holder, year, version and intro props', () => {
    render(
      <LoginForm
        login={never}
        onSuccess={vi.fn()}
        productLabel="Ads Console"
        copyrightHolder="PT Contoh"
        copyrightYear={2030}
        version="v2.0.0"
        intro="Masuk dulu."
      />,
    );
    expect(screen.getByRole('heading', { name: 'Ads Console' })).toBeInTheDocument();
    expect(screen.getByText('Masuk dulu.')).toBeInTheDocument();
    expect(document.querySelector('.cui-login-form__footer')).toHaveTextContent(
      'Ads Console · © 2030 PT Contoh · v2.0.0',
    );
  });

  it('defaults the version to v1.0.0 and the year to the current year', () => {
    render(<LoginForm login={never} onSuccess={vi.fn()} />);
    expect(document.querySelector('.cui-login-form__footer')).toHaveTextContent(
      `© ${new Date().getFullYear()} Staff Console · v1.0.0`,
    );
  });

  it('calls onSuccess exactly once under StrictMode', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    render(
      <StrictMode>
        <LoginForm login={async () => ani} onSuccess={onSuccess} delays={{ LOGIN_SUCCESS_HOLD: 10 }} />
      </StrictMode>,
    );
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(ani));
    await new Promise((r) => setTimeout(r, 50));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });
});

describe('useLoginForm (headless)', () => {
  it('drives the machine without any markup', async () => {
    let answer: (user: StoredUser) => void = () => {};
    const login = vi.fn<LoginFn>(() => new Promise((resolve) => (answer = resolve)));
    const onSuccess = vi.fn();
    const { result } = renderHook(() =>
      useLoginForm({ login, onSuccess, delays: { LOGIN_SUCCESS_HOLD: 0 } }),
    );
    expect(result.current).toMatchObject({
      status: 'idle',
      buttonLabel: 'Login',
      canSubmit: true,
      busy: false,
      error: null,
    });
    act(() => {
      result.current.setUsername('ani');
      result.current.setPassword('rahasia');
    });
    // The machine's code may still be loading: the submit waits for it.
    act(() => result.current.submit());
    await waitFor(() => expect(login).toHaveBeenCalledWith({ username: 'ani', password: 'rahasia' }));
    expect(result.current).toMatchObject({
      status: 'loading',
      buttonLabel: 'Memuat...',
      canSubmit: false,
      busy: true,
    });
    act(() => answer(ani));
    await waitFor(() => expect(result.current.status).toBe('done'));
    expect(result.current.buttonLabel).toBe('Login Sukses, Mohon tunggu');
    expect(onSuccess).toHaveBeenCalledWith(ani);
  });

  it('handleSubmit prevents the native form submission', async () => {
    const { result } = renderHook(() => useLoginForm({ login: never }));
    const preventDefault = vi.fn();
    act(() => result.current.handleSubmit({ preventDefault } as unknown as React.FormEvent));
    expect(preventDefault).toHaveBeenCalled();
    await waitFor(() => expect(result.current.status).toBe('loading'));
  });

  it('the first render has no actor; the machine comes once the form is painted, with the same state', async () => {
    const { result } = renderHook(() => useLoginForm({ login: never }));
    expect(result.current.actorRef).toBeNull();
    expect(result.current).toMatchObject({ status: 'idle', canSubmit: true, error: null });
    await waitFor(() => expect(result.current.actorRef).not.toBeNull());
    expect(result.current.actorRef!.getSnapshot().value).toBe('idle');
    expect(result.current).toMatchObject({ status: 'idle', canSubmit: true, error: null });
  });

  it.each([
    { status: 'idle' },
    { status: 'idle', error: 'Error : x' },
    { status: 'loading' },
    { status: 'code', challenge: 'c1' },
    { status: 'code', challenge: 'c1', error: 'Error : Kode salah' },
    { status: 'verifying', challenge: 'c1' },
    { status: 'success', user: ani },
  ] satisfies LoginFormSeed[])('a seed shows what the machine holds for it: %o', (seed) => {
    expect(seedView(seed)).toEqual(viewOf(seedSnapshot(seed)));
  });

  it('starts from a seeded state', () => {
    const { result } = renderHook(() =>
      useLoginForm({ login: never, initialState: { status: 'idle', error: 'Error : x' } }),
    );
    expect(result.current.error).toBe('Error : x');
  });
});
