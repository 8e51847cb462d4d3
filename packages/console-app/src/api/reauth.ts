/**
 * The re-authentication gate (ADR 013): when a call answers 401 REAUTH_REQUIRED, the HTTP client asks the gate
 * and waits; the gate shows one dialog over the page (however many calls failed meanwhile) and answers true
 * once the password (and code) was accepted, false when the user chose to sign out instead. The page stays
 * mounted throughout, so a half-filled form is untouched and its call is retried.
 */
export interface ReauthGate {
  /** Resolves true when the session may continue (retry the call), false when it ends. */
  request: () => Promise<boolean>;
  /** The dialog's answer. */
  settle: (ok: boolean) => void;
  /** True while a re-authentication is awaited (the dialog is open). */
  pending: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

export function createReauthGate(): ReauthGate {
  let waiting: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    request: () => {
      if (!waiting) {
        let resolve!: (ok: boolean) => void;
        const promise = new Promise<boolean>((done) => (resolve = done));
        waiting = { promise, resolve };
        emit();
      }
      return waiting.promise;
    },
    settle: (ok) => {
      const current = waiting;
      waiting = null;
      current?.resolve(ok);
      emit();
    },
    pending: () => waiting !== null,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
