import { type Language, translateFieldMessages, translateMessage } from '@staff/console-contract';
import { currentLanguage } from '../i18n.js';
import { CANCELED, isHttpError } from './http.js';

/** The `code` of a call the caller aborted (the page left, a newer search replaced it): nothing to show. */
export const ABORTED_CODE = 'ABORTED';
/** The `code` of an answer whose body does not fit the endpoint's response schema. */
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';

/** What a failed call says, read once from whatever the call rejected with. */
export interface Failure {
  status?: number;
  message: string;
  code?: string;
  fields?: Record<string, string[]>;
  /** `fields` as the server wrote them (English), for a page that translates them knowing the entity. */
  serverFields?: Record<string, string[]>;
  /** A stale write's 409 (`conflict`): the row as it is now, sent by the server. */
  current?: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

/** `{ field: [message, …] }`, as the server's `fields` are. */
const isFieldMessages = (value: unknown): value is Record<string, string[]> =>
  isRecord(value) &&
  Object.values(value).every(
    (messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
  );

/**
 * Reads the client's HttpError: the HTTP status (none when no answer came), the server's `{ message, code,
 * fields }`, with the texts put in the user's language from the contract's catalogue (ADR 043). Null for anything
 * else.
 */
export function readHttpFailure(error: unknown, language: Language): Failure | null {
  if (!isHttpError(error)) return null;
  const body: unknown = error.response?.data;
  const message = isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  const fields = isRecord(body) && isFieldMessages(body.fields) ? body.fields : undefined;
  const current = isRecord(body) && isRecord(body.current) ? body.current : undefined;
  return {
    ...(error.response ? { status: error.response.status } : {}),
    message: translateMessage(message ?? error.message, language),
    ...(code ? { code } : error.code === CANCELED ? { code: ABORTED_CODE } : {}),
    ...(fields ? { fields: translateFieldMessages(fields, language), serverFields: fields } : {}),
    ...(current ? { current } : {}),
  };
}

/**
 * The app's one error for a failed call (docs/adr/050-endpoints-and-one-client.md): the HTTP status (undefined
 * when no answer came back), the server's code and a translation key for it, the field errors and the message,
 * both already in the user's language. It is a console-ui `CallError` (`{ status?, message, fields? }`), so the
 * machines and pages that take one keep working; pages never read the client's HttpErrors.
 * @example
 * try { await call(meetingsEndpoints.book, { body }) } catch (error) { if (error instanceof ApiError) show(error.fields) }
 */
export class ApiError extends Error {
  declare readonly status?: number;
  declare readonly code?: string;
  /** `errors.<CODE>`: a page's own text for the server's code, where it has one. */
  declare readonly key?: string;
  declare readonly fields?: Record<string, string[]>;
  /**
   * The field messages as the server wrote them (English), for a page that translates them with more than the
   * catalogue knows: the resource pages name the entity and use its localized rules (pages/resources/messages.ts).
   */
  declare readonly serverFields?: Record<string, string[]>;
  /** A stale write's 409 `conflict`: the row as it is now (the resource pages offer to reload it). */
  declare readonly current?: Record<string, unknown>;
  /** `GET /api/search`: the endpoint that failed, when the call went through `call()`. */
  declare readonly endpoint?: string;

  constructor(failure: Failure & { endpoint?: string }, options?: { cause?: unknown }) {
    super(failure.message, options);
    // Enumerable like a plain CallError's: code that copies or compares call errors keeps the message.
    Object.defineProperty(this, 'message', { value: failure.message, enumerable: true, writable: true });
    const own = this as { -readonly [K in keyof ApiError]: ApiError[K] };
    if (failure.status !== undefined) own.status = failure.status;
    if (failure.code !== undefined) {
      own.code = failure.code;
      own.key = `errors.${failure.code}`;
    }
    if (failure.fields !== undefined) own.fields = failure.fields;
    if (failure.serverFields !== undefined) own.serverFields = failure.serverFields;
    if (failure.current !== undefined) own.current = failure.current;
    if (failure.endpoint !== undefined) own.endpoint = failure.endpoint;
  }

  override get name() {
    return 'ApiError';
  }

  /**
   * The field messages of a list in the body, by item: `fieldsByItem('body.rows')` reads `body.rows.2.receipt` as
   * item 2; messages about anything else are in `other`.
   */
  fieldsByItem(listPath: string): { byItem: Map<number, string[]>; other: string[] } {
    const byItem = new Map<number, string[]>();
    const other: string[] = [];
    const prefix = `${listPath}.`;
    for (const [path, messages] of Object.entries(this.fields ?? {})) {
      const index = path.startsWith(prefix) ? Number(path.slice(prefix.length).split('.')[0]) : NaN;
      if (Number.isInteger(index) && index >= 0)
        byItem.set(index, [...(byItem.get(index) ?? []), ...messages]);
      else other.push(...messages);
    }
    return { byItem, other };
  }

  /** A call aborted by its caller (the page left, a newer request replaced it). */
  get aborted(): boolean {
    return this.code === ABORTED_CODE;
  }

  /** Whatever a call rejected with, as an ApiError (one that already is one is returned as it is). */
  static from(error: unknown, endpoint?: string, language: Language = currentLanguage()): ApiError {
    if (error instanceof ApiError) return error;
    const failure = readHttpFailure(error, language) ?? plainFailure(error);
    return new ApiError({ ...failure, ...(endpoint ? { endpoint } : {}) }, { cause: error });
  }
}

/** A plain Error, or a CallError a page made itself (its texts are the app's already). */
function plainFailure(error: unknown): Failure {
  if (error instanceof Error) return { message: error.message };
  if (isRecord(error)) {
    const { status, message, fields } = error;
    return {
      message: typeof message === 'string' ? message : '',
      ...(typeof status === 'number' ? { status } : {}),
      ...(isFieldMessages(fields) ? { fields } : {}),
    };
  }
  return { message: String(error) };
}
