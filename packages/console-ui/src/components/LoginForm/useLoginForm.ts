import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from 'react';
import type { Actor, SnapshotFrom } from 'xstate';
import type { LoginFn, StoredUser, VerifyCodeFn } from '../../adapters.js';
import { LOGIN_BUTTON_LABELS, LOGIN_GENERIC_ERROR } from '../../machines/loginButton.texts.js';
import { cachedImport } from '../../primitives/cachedImport.js';
import type * as LoginActorModule from './loginActor.js';
import type { LoginActor, LoginFormView, LoginImplementations, LoginMachine } from './loginActor.js';

type ActorCode = typeof LoginActorModule;
type LoginEvent = Parameters<LoginActor['send']>[0];

/** xstate and the machine, a download of their own; a failed load is tried again at the next need. */
const loadActorCode: () => Promise<ActorCode> = cachedImport(() => import('./loginActor.js'));

import type { LoginFormSeed, LoginFormStatus } from './loginSeed.js';

export type { LoginFormSeed, LoginFormStatus } from './loginSeed.js';
export type LoginButtonSnapshot = SnapshotFrom<LoginMachine>;

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
  /**
   * The machine's actor, or null while its code is still loading: the form fetches xstate and the machine
   * once it is on screen, and an event sent before they arrive waits for them.
   */
  actorRef: Actor<LoginMachine> | null;
}

/** The view before the actor exists: the seed's state as the machine holds it (a test checks each seed). */
export function seedView(seed: LoginFormSeed | undefined): LoginFormView {
  const status = seed?.status ?? 'idle';
  return {
    status,
    error: seed?.error ?? null,
    challenge: seed?.challenge ?? null,
    // Only idle and the code step take a submit.
    canSubmit: status === 'idle' || status === 'code',
  };
}

/**
 * The login machine's actor, made once its code has loaded, not in the form's first render. Until then the
 * form is in the machine's first state, or the seed's, which is all a first paint needs: xstate's download,
 * the machine and the actor were about a third of /login's work at 4× CPU throttle (ADR 047). The form asks
 * for the code once painted; an event sent before it arrives waits for it. Unmounting stops the actor; a
 * form mounted again starts over from its first state.
 */
class DeferredLoginActor {
  private actor: LoginActor | null = null;
  private code: ActorCode | null = null;
  private pending: LoginEvent[] = [];
  private mounted = false;
  private view: LoginFormView;
  private readonly listeners = new Set<() => void>();

  constructor(
    private implementations: LoginImplementations,
    private readonly seed: LoginFormSeed | undefined,
  ) {
    this.view = seedView(seed);
  }

  /** New calls or delays from the host, as `useActorRef` takes new implementations. */
  use(implementations: LoginImplementations) {
    this.implementations = implementations;
    if (this.actor && this.code)
      this.actor.logic.implementations = this.code.machineFor(implementations).implementations;
  }

  mount() {
    this.mounted = true;
  }

  /** Fetches the machine's code, then starts the actor and hands it what was sent meanwhile. */
  load() {
    loadActorCode().then(
      (code) => {
        this.code = code;
        if (this.mounted) this.start();
      },
      () => {
        // The code did not come (the network is gone): a waiting submit fails like a call that got no answer.
        if (this.pending.length === 0 || !this.mounted) return;
        this.pending = [];
        this.show({ ...this.view, error: LOGIN_GENERIC_ERROR });
      },
    );
  }

  send(event: LoginEvent) {
    const actor = this.start();
    if (actor) {
      actor.send(event);
      return;
    }
    this.pending.push(event);
    this.load();
  }

  /** The actor, started now if its code is here and it is not yet; null while the code loads. */
  start(): LoginActor | null {
    if (this.actor || !this.code || !this.mounted) return this.actor;
    const actor = this.code.loginFormActor(this.implementations, this.seed);
    const viewOf = this.code.viewOf;
    this.actor = actor;
    actor.subscribe({ next: (snapshot) => this.show(viewOf(snapshot)) });
    actor.start();
    this.show(viewOf(actor.getSnapshot()));
    const pending = this.pending;
    this.pending = [];
    for (const event of pending) actor.send(event);
    return actor;
  }

  stop() {
    this.mounted = false;
    this.actor?.stop();
    this.actor = null;
    this.pending = [];
    this.view = seedView(this.seed);
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The same object until the state changes, as useSyncExternalStore needs. */
  readonly getView = () => this.view;

  /** The stored user once the machine is done, else null. */
  output(): StoredUser | null {
    const snapshot = this.actor?.getSnapshot();
    return snapshot?.status === 'done' ? (snapshot.output ?? null) : null;
  }

  private show(next: LoginFormView) {
    const view = this.view;
    const same =
      next.status === view.status &&
      next.error === view.error &&
      next.challenge === view.challenge &&
      next.canSubmit === view.canSubmit;
    if (same) return;
    this.view = next;
    for (const listener of this.listeners) listener();
  }
}

/** Runs `task` after the next paint (rAF, then a task), or soon where there are no frames (jsdom). */
function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Headless login form: field values, the loginButton machine (its code loaded once the form is painted) and
 * the derived label/disabled/error state.
 * Restyle freely; wire `handleSubmit` to a `<form>` so Enter in either field submits.
 *
 * @example
 * ```tsx
 * const form = useLoginForm({ login: api.login, onSuccess: (user) => session.send({ type: 'SESSION.LOGIN', user }) });
 * <form onSubmit={form.handleSubmit}>
 *   <input value={form.username} onChange={(e) => form.setUsername(e.target.value)} />
 *   <button disabled={!form.canSubmit}>{form.buttonLabel}</button>
 * </form>
 * ```
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

  // Read once: the seed is the first state.
  const [deferred] = useState(() => new DeferredLoginActor({ login, verifyCode, delays }, initialState));
  useLayoutEffect(() => deferred.use({ login, verifyCode, delays }), [deferred, login, verifyCode, delays]);
  const { status, error, challenge, canSubmit } = useSyncExternalStore(
    deferred.subscribe,
    deferred.getView,
    deferred.getView,
  );

  const onSuccessRef = useRef(onSuccess);
  useLayoutEffect(() => {
    onSuccessRef.current = onSuccess;
  });
  const notifiedRef = useRef(false);
  useEffect(() => {
    deferred.mount();
    const notify = () => {
      const user = deferred.output();
      if (!user || notifiedRef.current) return;
      notifiedRef.current = true;
      onSuccessRef.current?.(user);
    };
    const unsubscribe = deferred.subscribe(notify);
    const cancel = afterPaint(() => deferred.load());
    return () => {
      cancel();
      unsubscribe();
      deferred.stop();
    };
  }, [deferred]);

  const submit = useCallback(() => {
    deferred.send({ type: 'SUBMIT', username, password });
  }, [deferred, username, password]);
  const handleSubmit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      submit();
    },
    [submit],
  );

  const submitCode = useCallback((code: string) => deferred.send({ type: 'CODE.SUBMIT', code }), [deferred]);
  const back = useCallback(() => deferred.send({ type: 'CODE.BACK' }), [deferred]);

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
    get actorRef() {
      return deferred.start();
    },
  };
}
