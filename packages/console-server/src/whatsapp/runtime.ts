import type { FastifyInstance, FastifyRequest } from 'fastify';
import { every } from '../jobs/every.js';
import type { OnInbound } from './inbound.js';
import { drainOutboxAll } from './outbox.js';
import { type WhatsAppRouteOptions, pushConversationChanges, registerWhatsAppRoutes } from './routes.js';
import type { WhatsAppApiSettings } from './sender.js';

export interface WhatsAppOptions {
  /** WHATSAPP_API_URL / WHATSAPP_API_VERSION: Meta's Graph API or the fake. */
  apiUrl?: string | undefined;
  apiVersion?: string | undefined;
  /** WHATSAPP_APP_SECRET: webhook calls without a valid signature under it are refused. */
  appSecret?: string | undefined;
  /** WHATSAPP_VERIFY_TOKEN: the GET verification's token. */
  verifyToken?: string | undefined;
  /** WHATSAPP_ACCESS_TOKEN: used when a WA Registries entry stores no token. */
  accessToken?: string | undefined;
  /** Run the outbox worker in this process (the server does; tests may drive drains themselves). */
  workers?: boolean;
  outboxIntervalMs?: number;
  /** First retry delay of a message Meta refused for now. */
  retryBaseMs?: number;
  /** How long a call waits for Meta's answer (default 10 s in the client). */
  timeoutMs?: number;
}

export interface WhatsAppRuntime {
  settings: WhatsAppApiSettings;
  /** Wakes the outbox worker (no-op without workers). */
  kick: () => void;
}

export function apiSettings(options: WhatsAppOptions): WhatsAppApiSettings {
  return {
    ...(options.apiUrl ? { baseUrl: options.apiUrl } : {}),
    ...(options.apiVersion ? { version: options.apiVersion } : {}),
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
}

/** The outbox worker (started on ready, stopped on close) and the routes. */
export async function registerWhatsApp(
  app: FastifyInstance,
  options: WhatsAppOptions,
  deps: {
    route: WhatsAppRouteOptions['route'];
    sessionOf: (request: FastifyRequest) => { userId: number };
    clock: () => Date;
    onInbound?: OnInbound;
  },
): Promise<WhatsAppRuntime> {
  const settings = apiSettings(options);
  const runtime: WhatsAppRuntime = { settings, kick: () => undefined };
  if (options.workers) {
    const worker = every(
      options.outboxIntervalMs ?? 2_000,
      async (signal) => {
        const result = await drainOutboxAll(
          app.database.db,
          {
            ...settings,
            now: deps.clock,
            ...(options.retryBaseMs ? { baseDelayMs: options.retryBaseMs } : {}),
          },
          signal,
        );
        pushConversationChanges(
          app,
          result.conversations.map((id) => ({ id, version: 0 })),
        );
        if (result.claimed > 0)
          app.log.info({ ...result, conversations: undefined }, 'whatsapp outbox drained');
      },
      'whatsapp:outbox',
    );
    runtime.kick = worker.kick;
    app.addHook('onReady', async () => worker.kick());
    app.addHook('onClose', async () => worker.stop());
  }
  await registerWhatsAppRoutes(app, {
    route: deps.route,
    sessionOf: deps.sessionOf,
    clock: deps.clock,
    ...(options.appSecret ? { appSecret: options.appSecret } : {}),
    ...(options.verifyToken ? { verifyToken: options.verifyToken } : {}),
    onQueued: () => runtime.kick(),
    ...(deps.onInbound ? { onInbound: deps.onInbound } : {}),
  });
  return runtime;
}
