/**
 * A fake of the WhatsApp Cloud API on a real HTTP server: `POST /{version}/{phone-number-id}/messages` answering
 * Meta's exact shape, the registration calls (`request_code`, `verify_code`, `register`, `deregister`), Meta's
 * error shapes when switched down or refusing, and everything received recorded. Plus helpers that play a
 * customer: Meta's signed webhook calls (`entry[].changes[].value.messages` / `statuses`) POSTed to a target URL.
 */
import { randomBytes } from 'node:crypto';
import { signWhatsAppBody } from '../../src/whatsapp/signature.js';
import { startFakeServer } from './http.js';

export type WhatsAppMode = 'up' | 'down' | 'reject' | 'slow';

export interface SentMessage {
  phoneNumberId: string;
  to: string;
  type: 'text' | 'template';
  /** text.body for a text; the template's name for a template. */
  text: string | null;
  template: { name: string; language: string; parameters: string[] } | null;
  /** The wamid the fake answered with. */
  id: string;
  body: Record<string, unknown>;
}

export interface RegistrationCall {
  phoneNumberId: string;
  action: 'request_code' | 'verify_code' | 'register' | 'deregister';
  body: Record<string, unknown>;
}

export interface FakeWhatsApp {
  /** Base URL for WHATSAPP_API_URL (the version is a path segment after it). */
  url: string;
  version: string;
  setMode: (mode: WhatsAppMode, rejectCode?: number) => void;
  /** Every accepted message, in arrival order. */
  sent: SentMessage[];
  registrations: RegistrationCall[];
  /** Calls per answer status. */
  calls: Record<number, number>;
  /** The code the fake "sends by SMS" for request_code (verify_code accepts only it). */
  registrationCode: string;
  /** A number that already has a two-step PIN: register with another answers 133005 (PIN mismatch). */
  setTwoStepPin: (phoneNumberId: string, pin: string) => void;
  /** Resolves after the fake has recorded `count` sent messages in total. */
  waitForSent: (count: number) => Promise<void>;
  close: () => Promise<void>;
}

const metaError = (code: number, message: string, extra: Record<string, unknown> = {}) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: 'AFakeWaTrace', ...extra },
});

/** Meta's texts for the codes the fake can refuse with. */
const REJECTIONS: Record<number, { status: number; message: string; details: string }> = {
  131047: {
    status: 400,
    message: '(#131047) Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  131026: { status: 400, message: '(#131026) Message Undeliverable', details: 'Message Undeliverable.' },
  190: { status: 401, message: 'Error validating access token: Session has expired', details: '' },
  131056: {
    status: 400,
    message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
    details: 'Too many messages sent from the sender phone number to the same recipient phone number.',
  },
};

export async function startFakeWhatsApp(
  options: { accessToken?: string; version?: string; slowMs?: number } = {},
): Promise<FakeWhatsApp> {
  const version = options.version ?? 'v21.0';
  let mode: WhatsAppMode = 'up';
  let rejectCode = 131026;
  const sent: SentMessage[] = [];
  const registrations: RegistrationCall[] = [];
  const calls: Record<number, number> = {};
  let waiters: { count: number; wake: () => void }[] = [];
  const registrationCode = '123456';
  // Meta's registration rules: 3 wrong codes end the attempt (136024), 3 wrong PINs lock it (133008).
  const wrongCodes = new Map<string, number>();
  const wrongPins = new Map<string, number>();
  const pins = new Map<string, string>();
  const MAX_WRONG = 3;
  const answer = (status: number, body: unknown) => {
    calls[status] = (calls[status] ?? 0) + 1;
    return { status, body };
  };
  const wakeWaiters = () => {
    waiters = waiters.filter((waiter) => {
      if (sent.length < waiter.count) return true;
      waiter.wake();
      return false;
    });
  };

  const server = await startFakeServer(async (request) => {
    const match = /^\/(v\d+\.\d+)\/([^/]+)\/(messages|request_code|verify_code|register|deregister)$/.exec(
      request.url.pathname,
    );
    if (request.method !== 'POST' || !match || match[1] !== version)
      return answer(400, metaError(100, 'Unsupported post request.', { type: 'GraphMethodException' }));
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || (options.accessToken && token !== options.accessToken))
      return answer(401, metaError(190, 'Invalid OAuth access token - Cannot parse access token'));
    if (mode === 'down')
      return answer(503, metaError(131016, '(#131016) Service unavailable', { is_transient: true }));
    if (mode === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 1500));
      if (request.abandoned()) return answer(408, metaError(1, 'Client went away'));
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return answer(
        400,
        metaError(100, 'Invalid parameter', { error_data: { details: 'Body is not JSON' } }),
      );
    }
    const phoneNumberId = decodeURIComponent(match[2]!);
    const action = match[3] as RegistrationCall['action'] | 'messages';
    if (mode === 'reject') {
      const rejection = REJECTIONS[rejectCode] ?? REJECTIONS[131026]!;
      return answer(
        rejection.status,
        metaError(rejectCode, rejection.message, {
          error_data: { messaging_product: 'whatsapp', details: rejection.details },
        }),
      );
    }
    if (action !== 'messages') {
      if (action === 'verify_code' && (wrongCodes.get(phoneNumberId) ?? 0) >= MAX_WRONG)
        return answer(
          400,
          metaError(136024, 'Too many attempts', {
            error_data: { messaging_product: 'whatsapp', details: 'Request a new code and try again later.' },
          }),
        );
      if (action === 'verify_code' && body.code !== registrationCode) {
        wrongCodes.set(phoneNumberId, (wrongCodes.get(phoneNumberId) ?? 0) + 1);
        return answer(400, metaError(136025, 'Code couldn\u2019t be verified', { error_subcode: 2388093 }));
      }
      if (action === 'register' && !/^\d{6}$/.test(String(body.pin ?? '')))
        return answer(
          400,
          metaError(100, 'Invalid parameter', { error_data: { details: 'pin must be 6 digits' } }),
        );
      if (action === 'register' && (wrongPins.get(phoneNumberId) ?? 0) >= MAX_WRONG)
        return answer(
          400,
          metaError(133008, 'Too many two step verification PIN guesses for this phone number', {
            error_data: { messaging_product: 'whatsapp', details: 'Try again after the time given.' },
          }),
        );
      const knownPin = pins.get(phoneNumberId);
      if (action === 'register' && knownPin !== undefined && knownPin !== body.pin) {
        wrongPins.set(phoneNumberId, (wrongPins.get(phoneNumberId) ?? 0) + 1);
        return answer(
          400,
          metaError(133005, 'Two step verification PIN Mismatch', {
            error_data: {
              messaging_product: 'whatsapp',
              details: 'The PIN does not match this number\u2019s.',
            },
          }),
        );
      }
      if (action === 'request_code') wrongCodes.delete(phoneNumberId);
      if (action === 'register') pins.set(phoneNumberId, String(body.pin));
      if (action === 'request_code' && !['SMS', 'VOICE'].includes(String(body.code_method)))
        return answer(400, metaError(100, 'Invalid parameter', { error_data: { details: 'code_method' } }));
      registrations.push({ phoneNumberId, action, body });
      return answer(200, { success: true });
    }
    const to = typeof body.to === 'string' ? body.to : '';
    if (body.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(to))
      return answer(
        400,
        metaError(100, 'Invalid parameter', {
          error_data: {
            messaging_product: 'whatsapp',
            details: 'Parameter to or messaging_product is invalid',
          },
        }),
      );
    const id = `wamid.${randomBytes(18).toString('base64url')}`;
    if (body.type === 'text') {
      const text = (body.text as { body?: unknown } | undefined)?.body;
      if (typeof text !== 'string' || text === '' || text.length > 4096)
        return answer(400, metaError(100, 'Invalid parameter', { error_data: { details: 'text.body' } }));
      sent.push({ phoneNumberId, to, type: 'text', text, template: null, id, body });
    } else if (body.type === 'template') {
      const template = body.template as
        | {
            name?: unknown;
            language?: { code?: unknown };
            components?: { parameters?: { text?: unknown }[] }[];
          }
        | undefined;
      if (typeof template?.name !== 'string' || typeof template.language?.code !== 'string')
        return answer(400, metaError(132001, '(#132001) Template name does not exist in the translation'));
      const parameters = (template.components ?? []).flatMap((component) =>
        (component.parameters ?? []).map((parameter) => String(parameter.text ?? '')),
      );
      sent.push({
        phoneNumberId,
        to,
        type: 'template',
        text: template.name,
        template: { name: template.name, language: template.language.code, parameters },
        id,
        body,
      });
    } else {
      return answer(400, metaError(131051, '(#131051) Message type unknown'));
    }
    wakeWaiters();
    return answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id }],
    });
  });

  return {
    url: server.url,
    version,
    setMode: (next, code) => {
      mode = next;
      if (code !== undefined) rejectCode = code;
    },
    sent,
    registrations,
    calls,
    registrationCode,
    setTwoStepPin: (phoneNumberId, pin) => void pins.set(phoneNumberId, pin),
    waitForSent: (count) =>
      new Promise<void>((resolve) => {
        waiters.push({ count, wake: resolve });
        wakeWaiters();
      }),
    close: server.close,
  };
}

// --- playing a customer: Meta's webhook calls ---

export interface BusinessNumber {
  phoneNumberId: string;
  /** Digits, e.g. 6281100000001. */
  displayPhoneNumber: string;
}

export interface InboundText {
  from: string;
  name?: string;
  text: string;
  id?: string;
  /** Defaults to now. */
  at?: Date;
}

export interface StatusUpdate {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipient: string;
  at?: Date;
  /** For failed: Meta's errors[] entry. */
  error?: { code: number; title: string; details?: string };
}

const unix = (at: Date | undefined) => String(Math.floor((at ?? new Date()).getTime() / 1000));

const envelope = (number: BusinessNumber, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'FAKE_WABA_ID',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: {
              display_phone_number: number.displayPhoneNumber,
              phone_number_id: number.phoneNumberId,
            },
            ...value,
          },
          field: 'messages',
        },
      ],
    },
  ],
});

export const newWamid = () => `wamid.${randomBytes(18).toString('base64url')}`;

/** Meta's webhook body for text messages from customers to one business number. */
export function inboundPayload(number: BusinessNumber, messages: readonly InboundText[]) {
  const contacts = [...new Map(messages.map((m) => [m.from, m])).values()].map((m) => ({
    profile: { name: m.name ?? m.from },
    wa_id: m.from,
  }));
  return envelope(number, {
    contacts,
    messages: messages.map((m) => ({
      from: m.from,
      id: m.id ?? newWamid(),
      timestamp: unix(m.at),
      type: 'text',
      text: { body: m.text },
    })),
  });
}

/** Meta's webhook body for delivery statuses of messages the business sent. */
export function statusPayload(number: BusinessNumber, statuses: readonly StatusUpdate[]) {
  return envelope(number, {
    statuses: statuses.map((s) => ({
      id: s.id,
      status: s.status,
      timestamp: unix(s.at),
      recipient_id: s.recipient,
      ...(s.status === 'failed'
        ? {
            errors: [
              {
                code: s.error?.code ?? 131026,
                title: s.error?.title ?? 'Message Undeliverable.',
                message: s.error?.title ?? 'Message Undeliverable.',
                error_data: { details: s.error?.details ?? s.error?.title ?? 'Message Undeliverable.' },
              },
            ],
          }
        : {
            conversation: {
              id: 'FAKE_CONVERSATION_ID',
              ...(s.status === 'sent'
                ? { expiration_timestamp: unix(new Date(Date.now() + 86_400_000)) }
                : {}),
              origin: { type: 'service' },
            },
            pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
          }),
    })),
  });
}

/** POSTs a webhook body signed as Meta does (or badly, for tests); returns the answer's status and text. */
export async function postWebhook(
  targetUrl: string,
  payload: unknown,
  appSecret: string,
  { badSignature = false, rawBody }: { badSignature?: boolean; rawBody?: string } = {},
): Promise<{ status: number; text: string }> {
  const body = rawBody ?? JSON.stringify(payload);
  const signature = signWhatsAppBody(body, badSignature ? `${appSecret}-wrong` : appSecret);
  const response = await fetch(targetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    body,
  });
  return { status: response.status, text: await response.text() };
}

/** A customer writes to the business number: Meta's signed webhook call. Returns the wamid used. */
export async function customerSays(
  targetUrl: string,
  appSecret: string,
  number: BusinessNumber,
  message: InboundText,
): Promise<{ id: string; status: number; text: string }> {
  const id = message.id ?? newWamid();
  const result = await postWebhook(targetUrl, inboundPayload(number, [{ ...message, id }]), appSecret);
  return { id, ...result };
}
