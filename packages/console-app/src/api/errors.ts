import axios from 'axios';
import { type Language, translateFieldMessages, translateMessage } from '@staff/console-contract';
import type { CallError } from '@staff/console-ui';
import { currentLanguage } from '../i18n.js';

/** A failed call with, for a 400, the server's messages per field (`body.name` → ["Name is required"]). */
export type FieldCallError = CallError & { fields?: Record<string, string[]> };

/**
 * Describes a failed call the way console-ui's machines expect: `status` is the HTTP status, undefined when no
 * answer came back; `message` is the server's `{ message }` when it sent one; `fields` its per-field messages.
 * The server answers in English (integrations and logs read it); the texts are put in the user's language here,
 * from the contract's catalogue (docs/adr/043-error-texts-translated-in-the-app.md).
 */
export function toCallError(error: unknown, language: Language = currentLanguage()): FieldCallError {
  if (axios.isAxiosError(error)) {
    const body: unknown = error.response?.data;
    const serverMessage =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : undefined;
    const fields =
      body && typeof body === 'object' && 'fields' in body && body.fields && typeof body.fields === 'object'
        ? (body.fields as Record<string, string[]>)
        : undefined;
    return {
      ...(error.response ? { status: error.response.status } : {}),
      message: translateMessage(serverMessage ?? error.message, language),
      ...(fields ? { fields: translateFieldMessages(fields, language) } : {}),
    };
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
