/**
 * The WhatsApp Cloud API adapter: sends from one business number (`POST /{version}/{phone-number-id}/messages`)
 * and registers a number (`request_code` → `verify_code` → `register`). The base URL is configurable
 * (WHATSAPP_API_URL: Meta's Graph API, or the fake in tests and the demo). Errors carry Meta's code and are
 * classified retryable or permanent, so an outbox knows whether to try again.
 */

export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com';
export const DEFAULT_WHATSAPP_API_VERSION = 'v21.0';

/** Meta codes worth another try later: throttling, transient outages, "something went wrong". */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 341, 80007, 130429, 131000, 131016, 131056, 133004]);

/** Meta's code for "more than 24 hours since the customer's last message": only a template may go. */
export const REENGAGEMENT_CODE = 131047;

export type WhatsAppErrorKind = 'retryable' | 'permanent';

export class WhatsAppError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when no answer came (network error, timeout). */
    readonly status: number | null,
    /** Meta's `error.code` (e.g. 131047, 190, 100), null when the answer had none. */
    readonly code: number | null,
    readonly kind: WhatsAppErrorKind,
    readonly subcode: number | null = null,
    readonly fbtraceId: string | null = null,
  ) {
    super(message);
    this.name = 'WhatsAppError';
  }

  get retryable(): boolean {
    return this.kind === 'retryable';
  }

  /** The send needs a template: the customer's 24-hour window is closed. */
  get needsTemplate(): boolean {
    return this.code === REENGAGEMENT_CODE;
  }
}

interface MetaErrorBody {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_user_msg?: string;
    error_data?: { details?: string };
    fbtrace_id?: string;
  };
}

/** Classifies Meta's answer: 5xx, 429 and the transient codes retry; any other 4xx is permanent. */
export function classifyWhatsAppError(status: number | null, bodyText: string): WhatsAppError {
  let parsed: MetaErrorBody = {};
  try {
    parsed = JSON.parse(bodyText) as MetaErrorBody;
  } catch {
    // Not JSON (a proxy's page): status decides.
  }
  const error = parsed.error ?? {};
  const code = typeof error.code === 'number' ? error.code : null;
  const subcode = typeof error.error_subcode === 'number' ? error.error_subcode : null;
  const retryable =
    status === null ||
    status >= 500 ||
    status === 429 ||
    status === 408 ||
    error.is_transient === true ||
    (code !== null && RETRYABLE_CODES.has(code));
  const details = error.error_data?.details ?? error.error_user_msg;
  const text = error.message
    ? `${error.message}${code === null ? '' : ` (code ${code})`}${details ? `: ${details}` : ''}`
    : `HTTP ${status ?? '-'}: ${bodyText.slice(0, 200)}`;
  return new WhatsAppError(
    text,
    status,
    code,
    retryable ? 'retryable' : 'permanent',
    subcode,
    error.fbtrace_id ?? null,
  );
}

export interface WhatsAppClientOptions {
  /** WHATSAPP_API_URL without the version (default Meta's Graph API). */
  baseUrl?: string;
  /** Graph version path segment, e.g. v21.0 (WHATSAPP_API_VERSION). */
  version?: string;
  /** The business number's id at Meta (not the phone number itself). */
  phoneNumberId: string;
  /** A system-user access token with whatsapp_business_messaging. */
  accessToken: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** One body parameter of a template, in order ({{1}}, {{2}}, …). */
export type TemplateParameter = string;

export interface WhatsAppClient {
  readonly phoneNumberId: string;
  /** Free text (only inside the customer's 24-hour window). Returns Meta's message id (wamid…). */
  sendText: (to: string, body: string) => Promise<string>;
  /** An approved template with body parameters. Returns Meta's message id. */
  sendTemplate: (
    to: string,
    name: string,
    language: string,
    parameters?: readonly TemplateParameter[],
  ) => Promise<string>;
  /** Registration step 1: Meta sends a 6-digit code by SMS or voice call. */
  requestCode: (method: 'SMS' | 'VOICE', language?: string) => Promise<void>;
  /** Registration step 2: the 6-digit code received. */
  verifyCode: (code: string) => Promise<void>;
  /** Registration step 3: the 6-digit two-step verification PIN; the number can then send. */
  register: (pin: string) => Promise<void>;
  deregister: () => Promise<void>;
}

/** Digits only, as Cloud API wants `to` (e.g. 6281234567890). */
export const waDigits = (phone: string) => phone.replace(/\D+/g, '');

export function createWhatsAppClient(options: WhatsAppClientOptions): WhatsAppClient {
  const base = `${(options.baseUrl ?? DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, '')}/${
    options.version ?? DEFAULT_WHATSAPP_API_VERSION
  }/${encodeURIComponent(options.phoneNumberId)}`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  const call = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    let response: Response;
    try {
      response = await doFetch(`${base}/${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new WhatsAppError(
        timedOut
          ? `WhatsApp API: no answer within ${timeoutMs} ms`
          : `WhatsApp API unreachable: ${error instanceof Error ? error.message : String(error)}`,
        null,
        null,
        'retryable',
      );
    }
    const text = await response.text();
    if (!response.ok) throw classifyWhatsAppError(response.status, text);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new WhatsAppError('WhatsApp API answered without JSON', response.status, null, 'retryable');
    }
  };

  const messageId = (json: Record<string, unknown>): string => {
    const messages = json.messages as { id?: unknown }[] | undefined;
    const id = Array.isArray(messages) ? messages[0]?.id : undefined;
    if (typeof id !== 'string' || id === '')
      throw new WhatsAppError('WhatsApp API answered without a message id', 200, null, 'permanent');
    return id;
  };

  const success = (json: Record<string, unknown>, what: string) => {
    if (json.success !== true)
      throw new WhatsAppError(`WhatsApp API: ${what} not confirmed`, 200, null, 'permanent');
  };

  return {
    phoneNumberId: options.phoneNumberId,
    sendText: async (to, body) =>
      messageId(
        await call('messages', {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: waDigits(to),
          type: 'text',
          text: { preview_url: false, body },
        }),
      ),
    sendTemplate: async (to, name, language, parameters = []) =>
      messageId(
        await call('messages', {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: waDigits(to),
          type: 'template',
          template: {
            name,
            language: { code: language },
            ...(parameters.length > 0
              ? {
                  components: [
                    { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) },
                  ],
                }
              : {}),
          },
        }),
      ),
    requestCode: async (method, language = 'id') =>
      success(await call('request_code', { code_method: method, language }), 'request_code'),
    verifyCode: async (code) => success(await call('verify_code', { code }), 'verify_code'),
    register: async (pin) =>
      success(await call('register', { messaging_product: 'whatsapp', pin }), 'register'),
    deregister: async () => success(await call('deregister', {}), 'deregister'),
  };
}
