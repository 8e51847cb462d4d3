import type { StoredUser } from '../../adapters.js';

/** `code` / `verifying`: the code step of two-step sign-in (waiting for the code, checking it). */
export type LoginFormStatus = 'idle' | 'loading' | 'code' | 'verifying' | 'success' | 'done';
/** A plain, serialisable description of a state to start in. */
export interface LoginFormSeed {
  status: Exclude<LoginFormStatus, 'done'>;
  error?: string | null;
  user?: StoredUser | null;
  /** The two-step sign-in challenge, for the `code` and `verifying` states. */
  challenge?: string | null;
}
