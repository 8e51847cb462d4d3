import axios from 'axios';
import type { CallError } from '@staff/console-ui';

/**
 * Describes a failed call the way console-ui's machines expect: `status` is the HTTP status, undefined when no
 * answer came back; `message` is the server's `{ message }` when it sent one.
 */
export function toCallError(error: unknown): CallError {
  if (axios.isAxiosError(error)) {
    const body: unknown = error.response?.data;
    const serverMessage =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : undefined;
    return {
      ...(error.response ? { status: error.response.status } : {}),
      message: serverMessage ?? error.message,
    };
  }
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
