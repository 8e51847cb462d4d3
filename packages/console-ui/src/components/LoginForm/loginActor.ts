import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import type { LoginFn, VerifyCodeFn } from '../../adapters.js';
import {
  createLoginActor,
  createVerifyCodeActor,
  loginButtonMachine,
} from '../../machines/loginButton.machine.js';
import type { LoginFormSeed, LoginFormStatus } from './loginSeed.js';

// The login form's machine side: xstate and the loginButton machine. useLoginForm imports this module only
// once the form is on screen, so /login's first render neither downloads nor runs it (ADR 047).

export type LoginMachine = typeof loginButtonMachine;
export type LoginActor = Actor<LoginMachine>;
type LoginSnapshot = SnapshotFrom<LoginMachine>;

/** The calls and delays a form gives the machine. */
export interface LoginImplementations {
  login: LoginFn;
  verifyCode?: VerifyCodeFn;
  delays?: Partial<{ LOGIN_SUCCESS_HOLD: number }>;
}

/** What the form shows of a state. */
export interface LoginFormView {
  status: LoginFormStatus;
  error: string | null;
  challenge: string | null;
  canSubmit: boolean;
}

const SEED_VALUES = {
  idle: 'idle',
  loading: 'loading',
  code: { code: 'idle' },
  verifying: { code: 'verifying' },
  success: 'success',
} as const;

export function machineFor({ login, verifyCode, delays }: LoginImplementations): LoginMachine {
  return loginButtonMachine.provide({
    actors: {
      login: createLoginActor(login),
      ...(verifyCode ? { verifyCode: createVerifyCodeActor(verifyCode) } : {}),
    },
    ...(delays ? { delays: { ...delays } } : {}),
  });
}

export function seedSnapshot(seed: LoginFormSeed): LoginSnapshot {
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

/** An actor (not started) for the form, in the seed's state if there is one. */
export function loginFormActor(implementations: LoginImplementations, seed?: LoginFormSeed): LoginActor {
  return createActor(machineFor(implementations), seed ? { snapshot: seedSnapshot(seed) } : undefined);
}

function statusOf(snapshot: LoginSnapshot): LoginFormStatus {
  if (snapshot.matches({ code: 'verifying' })) return 'verifying';
  if (snapshot.matches('code')) return 'code';
  return snapshot.value as LoginFormStatus;
}

export function viewOf(snapshot: LoginSnapshot): LoginFormView {
  return {
    status: statusOf(snapshot),
    error: snapshot.context.error,
    challenge: snapshot.context.challenge,
    canSubmit:
      snapshot.can({ type: 'SUBMIT', username: '', password: '' }) ||
      snapshot.can({ type: 'CODE.SUBMIT', code: '' }),
  };
}
