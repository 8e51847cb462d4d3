/**
 * What an embedding app hands to console-ui. The library never imports axios, a router or a socket client:
 * these small interfaces are the whole surface it needs from the outside world.
 */
import type { ComponentType, ReactNode } from 'react';

/** The user info kept after a login. */
export interface StoredUser {
  token: string;
  fullname: string;
  last_login: string | null;
}

/** A `Storage`-like key/value store (window.localStorage fits). */
export interface StorageAdapter {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Credentials sent as they are typed: no client-side validation. */
export interface LoginCredentials {
  username: string;
  password: string;
}

/**
 * How a failed call is described to the machines, whatever the HTTP client. `status` is undefined when no
 * answer came back (network down, timeout).
 */
export interface CallError {
  status?: number;
  message?: string;
}

/**
 * Performs the login call and resolves with the stored-user record (or, for a user with two-step sign-in, a
 * `LoginChallenge`), or rejects with a CallError.
 */
export type LoginFn = (credentials: LoginCredentials) => Promise<StoredUser | LoginChallenge>;

/**
 * The password was right and the user has two-step sign-in: the login call answers with a challenge, redeemed
 * with a code by `VerifyCodeFn`.
 */
export interface LoginChallenge {
  challenge: string;
}

/** Redeems a sign-in challenge with a one-time or recovery code; rejects with a CallError. */
export type VerifyCodeFn = (input: { challenge: string; code: string }) => Promise<StoredUser>;

/** Whether a login answer asks for the code step. */
export function isLoginChallenge(value: StoredUser | LoginChallenge): value is LoginChallenge {
  return typeof (value as Partial<LoginChallenge>).challenge === 'string' && !('token' in value);
}

/** One `___ca` entry. */
export interface PermissionEntry {
  permission_key: string;
  allow_read: number;
  allow_write?: number;
}

/** Loads the signed-in user's permissions (`GET /api/a/verify/___ca`). */
export type LoadPermissionsFn = () => Promise<PermissionEntry[]>;

/** Asks the server whether a page may be opened (`GET /api/a/verify/___pc`): true = 200, false = 403. */
export type CheckPermissionFn = (key: string, signal?: AbortSignal) => Promise<boolean>;

/** Props a link renderer receives; the app maps them to its router's Link (react-router, Next, a plain <a>). */
export interface LinkRendererProps {
  to: string;
  className?: string;
  children: ReactNode;
  'aria-current'?: 'page' | undefined;
  /** Points at a hint about the link (the Sidebar's "no access" note on locked pages). */
  'aria-describedby'?: string;
  'data-locked'?: 'true';
  onClick?: () => void;
}

export type LinkRenderer = ComponentType<LinkRendererProps>;

/** A plain anchor: the default link renderer. */
export type NavigateFn = (path: string) => void;

/**
 * A realtime socket, reduced to what the realtimeConnection machine drives. socket.io-client's Socket fits
 * through a thin wrapper in the app.
 */
export interface RealtimeSocketAdapter {
  connect(): void;
  disconnect(): void;
  /** Subscribes to a connection lifecycle event; returns an unsubscribe function. */
  onStatus(listener: (event: RealtimeStatusEvent) => void): () => void;
}

export type RealtimeStatusEvent =
  | { type: 'connected'; transport: 'websocket' | 'polling' }
  | { type: 'disconnected'; reason?: string }
  | { type: 'error'; message?: string }
  | { type: 'transport'; transport: 'websocket' | 'polling' };
