import { type Language } from '@staff/console-contract';
import type { CallError } from '@staff/console-ui';
import { currentLanguage } from '../i18n.js';
import { ApiError, readHttpFailure } from './apiError.js';

/** A failed call with, for a 400, the server's messages per field (`body.name` → ["Name is required"]). */
export type FieldCallError = CallError & { fields?: Record<string, string[]> };

/**
 * Describes a failed call the way console-ui's machines expect: `status` is the HTTP status, undefined when no
 * answer came back; `message` is the server's `{ message }` when it sent one; `fields` its per-field messages.
 * The server answers in English (integrations and logs read it); the texts are put in the user's language here,
 * from the contract's catalogue (docs/adr/043-error-texts-translated-in-the-app.md). Calls made with `call()`
 * reject with an ApiError, which is one already.
 */
export function toCallError(error: unknown, language: Language = currentLanguage()): FieldCallError {
  if (error instanceof ApiError) return error;
  const failure = readHttpFailure(error, language);
  if (failure) {
    const { status, message, fields } = failure;
    return { ...(status !== undefined ? { status } : {}), message, ...(fields ? { fields } : {}) };
  }
  // Already a CallError (a page's own check, or one passed through twice): its texts are the app's.
  if (isCallError(error)) return error;
  return { message: error instanceof Error ? error.message : String(error) };
}
function isCallError(value: unknown): value is CallError {
  return (
    !!value &&
    typeof value === 'object' &&
    !(value instanceof Error) &&
    ('status' in value || 'message' in value)
  );
}
