import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Actor, SnapshotFrom } from 'xstate';
import type { LoginFn, StoredUser, VerifyCodeFn } from '../../adapters.js';
import {
  LOGIN_BUTTON_LABELS,
  createLoginActor,
  createVerifyCodeActor,
  loginButtonMachine,
} from '../../machines/loginButton.machine.js';

/** `code` / `verifying`: the code step of two-step sign-in (waiting for the code, checking it). */
export type LoginFormStatus = 'idle' | 'loading' | 'code' | 'verifying' | 'success' | 'done';
export type LoginButtonSnapshot = SnapshotFrom<typeof loginButtonMachine>;

/** A plain, serialisable description of a state to start in. */
export interface LoginFormSeed {
  status: Exclude<LoginFormStatus, 'done'>;
  error?: string | null;
  user?: StoredUser | null;
  /** The two-step sign-in challenge, for the `code` and `verifying` states. */
  challenge?: string | null;
}

export interface UseLoginFormOptions {
  /** Performs the login call; resolves with the stored-user record or rejects with a CallError. */
  login: LoginFn;
  /** Redeems a two-step sign-in challenge with a code (needed when `login` can answer with a challenge). */
  verifyCode?: VerifyCodeFn;
  /** Called once, after the success hold, with the user the login resolved with. */
  onSuccess?: (user: StoredUser) => void;
  /** Override the machine's delays, e.g. `{ LOGIN_SUCCESS_HOLD: 0 }` in tests. */
  delays?: Partial<{ LOGIN_SUCCESS_HOLD: number }>;
  /**
   * Starts in a given state, e.g. to show one state in a story: `{ status: 'idle', error: 'Error : …' }`.
   * A seeded state does not re-run its entry effects: a seeded `loading` makes no call and a seeded
   * `success` never finishes.
   */
  initialState?: LoginFormSeed;
  defaultUsername?: string;
}

export interface UseLoginFormResult {
  status: LoginFormStatus;
  username: string;
  password: string;
  setUsername: (value: string) => void;
  setPassword: (value: string) => void;
  /** Sends the current values as they are (no client-side validation). Ignored while busy. */
  submit: () => void;
  /** A form `onSubmit` handler: prevents the page load and submits. */
  handleSubmit: (event?: FormEvent) => void;
  /** The error line ("Error : …"), or null. */
  error: string | null;
  /** "Login", "Memuat..." or "Login Sukses, Mohon tunggu". */
  buttonLabel: string;
  /** False while loading and after success: the button is disabled then. */
  canSubmit: boolean;
  /** True while loading and after success: show the spinner. */
  busy: boolean;
  /** The two-step sign-in challenge from the code step on (kept through success), else null. */
  challenge: string | null;
  /** The code step: sends a one-time or recovery code. Ignored unless waiting for one. */
  submitCode: (code: string) => void;
  /** The code step: back to username and password. */
  back: () => void;
  actorRef: Actor<typeof loginButtonMachine>;
}

const SEED_VALUES = {
  idle: 'idle',
  loading: 'loading',
  code: { code: 'idle' },
  verifying: { code: 'verifying' },
  success: 'success',
} as const;

function statusOf(snapshot: LoginButtonSnapshot): LoginFormStatus {
  if (snapshot.matches({ code: 'verifying' })) return 'verifying';
  if (snapshot.matches('code')) return 'code';
  return snapshot.value as LoginFormStatus;
}

function seedSnapshot(seed: LoginFormSeed): LoginButtonSnapshot {
  return loginButtonMachine.resolveState({
    value: SEED_VALUES[seed.status],
    context: {
      error: seed.error ?? null,
      user: seed.user ?? null,
      credentials: null,
      challenge: seed.challenge ?? null,
      code: null,
    },
  });
}

/**
 * Headless login form: field values, the loginButton machine and the derived label/disabled/error state.
 * Restyle freely; wire `handleSubmit` to a `<form>` so Enter in either field submits.
 *
 * @example
 * const form = useLoginForm({ login: api.login, onSuccess: (user) => session.send({ type: 'SESSION.LOGIN', user }) });
 * <form onSubmit={form.handleSubmit}>
 *   <input value={form.username} onChange={(e) => form.setUsername(e.target.value)} />
 *   <button disabled={!form.canSubmit}>{form.buttonLabel}</button>
 * </form>
 */
export function useLoginForm({
  login,
  verifyCode,
  onSuccess,
  delays,
  initialState,
  defaultUsername = '',
}: UseLoginFormOptions): UseLoginFormResult {
  const [username, setUsername] = useState(defaultUsername);
  const [password, setPassword] = useState('');

  // Same machine config every render, so useActorRef keeps one actor and picks up new implementations.
  const machine = useMemo(
    () =>
      loginButtonMachine.provide({
        actors: {
          login: createLoginActor(login),
          ...(verifyCode ? { verifyCode: createVerifyCodeActor(verifyCode) } : {}),
        },
        ...(delays ? { delays: { ...delays } } : {}),
      }),
    [login, verifyCode, delays],
  );
  // Read once: the actor is created on the first render.
  const [snapshot] = useState(() => (initialState ? seedSnapshot(initialState) : undefined));
  const actorRef = useActorRef(machine, snapshot ? { snapshot } : undefined);

  const status = useSelector(actorRef, statusOf);
  const error = useSelector(actorRef, (s) => s.context.error);
  const challenge = useSelector(actorRef, (s) => s.context.challenge);
  const canSubmit = useSelector(
    actorRef,
    (s) => s.can({ type: 'SUBMIT', username: '', password: '' }) || s.can({ type: 'CODE.SUBMIT', code: '' }),
  );

  const onSuccessRef = useRef(onSuccess);
  useLayoutEffect(() => {
    onSuccessRef.current = onSuccess;
  });
  const notifiedRef = useRef(false);
  useEffect(() => {
    const notify = (snap: LoginButtonSnapshot) => {
      if (snap.status !== 'done' || notifiedRef.current || !snap.output) return;
      notifiedRef.current = true;
      onSuccessRef.current?.(snap.output);
    };
    notify(actorRef.getSnapshot());
    const sub = actorRef.subscribe(notify);
    return () => sub.unsubscribe();
  }, [actorRef]);

  const submit = useCallback(() => {
    actorRef.send({ type: 'SUBMIT', username, password });
  }, [actorRef, username, password]);
  const handleSubmit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      submit();
    },
    [submit],
  );

  const submitCode = useCallback((code: string) => actorRef.send({ type: 'CODE.SUBMIT', code }), [actorRef]);
  const back = useCallback(() => actorRef.send({ type: 'CODE.BACK' }), [actorRef]);

  // `done` keeps the success label: the app is navigating away. The code step reuses Login / Memuat....
  const buttonLabel =
    LOGIN_BUTTON_LABELS[
      status === 'done' ? 'success' : status === 'code' ? 'idle' : status === 'verifying' ? 'loading' : status
    ];

  return {
    status,
    username,
    password,
    setUsername,
    setPassword,
    submit,
    handleSubmit,
    error,
    buttonLabel,
    canSubmit,
    busy: status !== 'idle' && status !== 'code',
    challenge,
    submitCode,
    back,
    actorRef,
  };
}
