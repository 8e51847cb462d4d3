/**
 * Logistics' adapters and background work: the courier-tracking poll (once across nodes, jobs/runOnce) and the
 * customer-notification outbox worker (SKIP LOCKED claims), started with the server and stopped on close.
 */
import type { FastifyInstance } from 'fastify';
import { packages } from '@staff/console-contract';
import { every } from '../jobs/every.js';
import { scheduleOnce } from '../jobs/runOnce.js';
import { pushResourceChanges, type ResourceChangedPayload } from '../resources/push.js';
import type { AnyDb } from '../resources/query.js';
import { type CourierTrackingApi, createCourierTrackingApi } from './courier.js';
import { type MessageSender, drainNotifications } from './notify.js';
import { pollTracking } from './tracking.js';
import type { WhatsAppApiSettings } from '../whatsapp/sender.js';
import { whatsAppMessageSender } from './whatsapp.js';

export interface LogisticsOptions {
  /** COURIER_TRACKING_URL: a Biteship-style tracking API, or the fake (test/fakes/courier.ts). */
  courierTrackingUrl?: string | undefined;
  /** COURIER_TRACKING_KEY: sent as the Authorization header. */
  courierTrackingKey?: string | undefined;
  /** What the outbox sends through (tests); else the WhatsApp adapter with `whatsappApi`. */
  whatsapp?: MessageSender | undefined;
  /** WHATSAPP_API_URL, version and fallback token for the WhatsApp adapter (src/whatsapp/). */
  whatsappApi?: WhatsAppApiSettings | undefined;
  /** Run the tracking poll and the outbox worker in this process (the server does; tests drive them). */
  workers?: boolean;
  /** Minutes between tracking polls (CONSOLE_TRACKING_EVERY_MINUTES); false turns the poll off. */
  trackingEveryMinutes?: number | false;
  /** Milliseconds between outbox drains (a queued message also wakes the worker at once). */
  notifyIntervalMs?: number;
  /** First retry delay of a failed message. */
  notifyRetryBaseMs?: number;
}

export interface LogisticsRuntime {
  courier: CourierTrackingApi;
  whatsapp: MessageSender | null;
  /** Wakes the outbox worker (no-op without workers). */
  kickNotifications: () => void;
}

export function createLogisticsRuntime(
  app: FastifyInstance,
  options: LogisticsOptions,
  clock: () => Date,
): LogisticsRuntime {
  const courier = createCourierTrackingApi({
    ...(options.courierTrackingUrl ? { baseUrl: options.courierTrackingUrl } : {}),
    ...(options.courierTrackingKey ? { apiKey: options.courierTrackingKey } : {}),
  });
  const sender =
    options.whatsapp ??
    (options.whatsappApi ? whatsAppMessageSender(app.database.db, options.whatsappApi) : null);
  const runtime: LogisticsRuntime = {
    courier,
    whatsapp: sender,
    kickNotifications: () => undefined,
  };
  if (!options.workers) return runtime;
  const db = app.database.db as unknown as AnyDb;
  const push = (changes: ResourceChangedPayload[]) => {
    if (changes.length === 0) return;
    void pushResourceChanges(app.database.db, app.realtime, packages, changes).catch(() => undefined);
  };

  const outbox = sender
    ? every(
        options.notifyIntervalMs ?? 2_000,
        async () => {
          const result = await drainNotifications(db, sender, {
            now: clock,
            ...(options.notifyRetryBaseMs ? { baseDelayMs: options.notifyRetryBaseMs } : {}),
          });
          push(result.changes);
          if (result.claimed > 0)
            app.log.info({ ...result, changes: result.changes.length }, 'notifications sent');
        },
        'logistics:notify',
      )
    : null;
  if (outbox) runtime.kickNotifications = outbox.kick;

  const minutes = options.trackingEveryMinutes ?? 30;
  let tracking: ReturnType<typeof scheduleOnce> | null = null;
  app.addHook('onReady', async () => {
    outbox?.kick();
    if (minutes !== false)
      tracking = scheduleOnce(
        app.database.db,
        { name: 'logistics:tracking', everyMs: minutes * 60_000 },
        () => pollTracking(db, courier, clock()),
        {
          checkEveryMs: Math.min(minutes * 60_000, 60_000),
          onRan: (result) => {
            push(result.changes);
            if (result.checked > 0)
              app.log.info({ ...result, changes: result.changes.length }, 'tracking polled');
          },
          onError: (error) => app.log.warn({ err: error }, 'tracking poll failed'),
        },
      );
  });
  app.addHook('onClose', async () => {
    await outbox?.stop();
    await tracking?.stop();
  });
  return runtime;
}
