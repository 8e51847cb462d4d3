/**
 * WhatsApp routes: Meta's webhook (GET verification, POST signed over the raw body) and the Chat List's API
 * (`statistics` read to see, write to reply, assign and resolve). Every change is pushed to the readers' sockets
 * on every node as `resource:changed` for `wa_conversations`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  CONVERSATIONS_CHANGED_ENTITY,
  NUMBER_INACTIVE_MESSAGE,
  UNREGISTERED_CHANGED_ENTITY,
  WINDOW_CLOSED_MESSAGE,
  apiErrorSchema,
  chatsEndpoints,
  type conversationSchema,
  z,
} from '@staff/console-contract';
import { type AnyRouteSpec, HttpError, defineRoute, keepRawBody, type RouteModuleDeps } from '../http.js';

import { sameSecret } from '../intake/routes.js';
import { pushResourceChanges } from '../resources/push.js';
import { writeAudit } from '../services/audit.js';
import {
  type OnInbound,
  WhatsAppPayloadError,
  adoptUnregistered,
  ingestWhatsAppWebhook,
  parseWhatsAppWebhook,
} from './inbound.js';
import { queueOutgoing, windowOpen } from './outbox.js';
import { conversationById, conversationDetail, listConversations, listUnregistered } from './service.js';
import { SIGNATURE_HEADER, verifyWhatsAppSignature } from './signature.js';
import { implement } from '../pageRoutes.js';

export interface WhatsAppRouteOptions extends RouteModuleDeps {
  appSecret?: string;
  verifyToken?: string;
  /** Wakes the outbox worker after a commit that queued messages. */
  onQueued: () => void;
  /** The bot, run for each new customer message inside the intake's transaction. */
  onInbound?: OnInbound;
}

const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const CHAT_READERS = { permissionKey: 'statistics' as const };
/** Who sees the messages of unregistered numbers: WA Registries' administrators. */
const NUMBER_ADMINS = { permissionKey: 'databank_whatsapp_notifications' as const };

/** Tells the administrators of the numbers that messages to an unregistered number were kept (or taken in). */
function pushUnregisteredChange(app: FastifyInstance): void {
  void pushResourceChanges(app.database.db, app.realtime, NUMBER_ADMINS, [
    { entity: UNREGISTERED_CHANGED_ENTITY, id: 0, action: 'update', version: Date.now() },
  ]).catch(() => undefined);
}

/** Tells the Chat List's readers on every node that these conversations changed. */
export function pushConversationChanges(
  app: FastifyInstance,
  changes: readonly { id: number; version: number }[],
): void {
  if (changes.length === 0) return;
  void pushResourceChanges(
    app.database.db,
    app.realtime,
    CHAT_READERS,
    changes.map(({ id, version }) => ({
      entity: CONVERSATIONS_CHANGED_ENTITY,
      id,
      action: 'update',
      version,
    })),
  ).catch(() => undefined);
}

export async function registerWhatsAppRoutes(app: FastifyInstance, options: WhatsAppRouteOptions) {
  const db = app.database.db;
  const { route, clock, sessionOf } = options;

  await app.register(async (scope) => {
    // The signature covers the bytes as sent: keep the raw body.
    keepRawBody(scope, WEBHOOK_BODY_LIMIT);
    const registry = app.apiRoutes as AnyRouteSpec[];
    const open = { guard: async () => undefined };
    defineRoute(
      scope,
      registry,
      open,
      {
        method: 'GET',
        url: '/api/webhooks/whatsapp',
        tag: 'whatsapp',
        summary:
          "Meta's webhook verification: answers hub.challenge when hub.mode is subscribe and hub.verify_token matches WHATSAPP_VERIFY_TOKEN; 403 otherwise",
        auth: false,
        query: z.object({
          'hub.mode': z.optional(z.string().check(z.maxLength(40))),
          'hub.verify_token': z.optional(z.string().check(z.maxLength(500))),
          'hub.challenge': z.optional(z.string().check(z.maxLength(500))),
        }),
        responses: { 200: z.string(), 403: apiErrorSchema },
      },
      async (_request: FastifyRequest, reply: FastifyReply, { query }) => {
        const expected = options.verifyToken ?? '';
        const matches = sameSecret(
          query['hub.verify_token'] ?? '',
          expected || 'none configured: never matches',
        );
        if (query['hub.mode'] !== 'subscribe' || !expected || !matches || !query['hub.challenge'])
          return reply.code(403).send({ message: 'Verification refused', code: 'FORBIDDEN' });
        return reply
          .code(200)
          .header('content-type', 'text/plain; charset=utf-8')
          .send(query['hub.challenge']);
      },
    );
    defineRoute(
      scope,
      registry,
      open,
      {
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        tag: 'whatsapp',
        summary:
          "Meta's WhatsApp webhook: customers' messages and delivery statuses, verified by X-Hub-Signature-256 over the raw body (401 when missing or wrong); idempotent on the message id",
        auth: false,
        responses: {
          200: z.object({ received: z.number(), duplicates: z.number(), statuses: z.number() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        if (!verifyWhatsAppSignature(rawBody, request.headers[SIGNATURE_HEADER], options.appSecret ?? ''))
          return reply.code(401).send({ message: 'Invalid X-Hub-Signature-256', code: 'BAD_SIGNATURE' });
        let parsed;
        try {
          parsed = parseWhatsAppWebhook(rawBody);
        } catch (error) {
          if (!(error instanceof WhatsAppPayloadError)) throw error;
          return reply.code(400).send({
            message: error.message,
            code: 'INVALID_WEBHOOK',
            fields: { [error.field]: [error.message] },
          });
        }
        const result = await ingestWhatsAppWebhook(db, parsed, {
          now: clock(),
          ...(options.onInbound ? { onInbound: options.onInbound } : {}),
        });
        pushConversationChanges(app, result.changed);
        if (result.unknownNumber > 0) pushUnregisteredChange(app);
        if (result.received > 0) options.onQueued();
        return { received: result.received, duplicates: result.duplicates, statuses: result.statuses };
      },
    );
  });

  implement(route, chatsEndpoints.list, async (request, _reply, { query }) =>
    listConversations(db, query, sessionOf(request).userId, clock()),
  );

  implement(route, chatsEndpoints.detail, async (_request, _reply, { params }) => ({
    data: await conversationDetail(db, params.id, clock()),
  }));

  implement(route, chatsEndpoints.assignees, async () => {
    const rows = await sql<{ id: number; full_name: string }>`
        select u.id, u.full_name from users u
        where u.active and exists (
          select 1 from user_permission_sets ups
          join permission_set_entries e on e.set_id = ups.set_id
          where ups.user_id = u.id and e.permission_key = 'statistics' and e.allow_write)
        order by u.full_name, u.id limit 500`.execute(db);
    return { data: rows.rows };
  });

  /** Runs a write on one conversation in a transaction with its audit entry, then pushes the change. */
  const change = async (
    request: FastifyRequest,
    id: number,
    action: string,
    write: (trx: typeof db, before: z.infer<typeof conversationSchema>) => Promise<Record<string, unknown>>,
  ) => {
    const now = clock();
    const userId = sessionOf(request).userId;
    await db.transaction().execute(async (trx) => {
      const locked = await sql`select id from wa_conversations where id = ${id} for update`.execute(trx);
      if (locked.rows.length === 0) throw new HttpError(404, `No conversation ${id}`, 'NOT_FOUND');
      const before = await conversationById(trx, id, now);
      const after = await write(trx, before);
      await writeAudit(trx, {
        actorId: userId,
        action,
        entity: CONVERSATIONS_CHANGED_ENTITY,
        entityId: String(id),
        before: { status: before.status, assigned_to: before.assigned_to },
        after,
        ip: request.ip,
      });
    });
    const conversation = await conversationById(db, id, clock());
    pushConversationChanges(app, [{ id, version: conversation.version }]);
    return conversation;
  };

  implement(route, chatsEndpoints.send, async (request, _reply, { params, body }) => {
    const userId = sessionOf(request).userId;
    const data = await change(request, params.id, 'whatsapp.send', async (trx, before) => {
      const now = clock();
      // Said before anything is queued: a reply on an inactive number would only fail in the outbox.
      if (!before.number_active) throw new HttpError(409, NUMBER_INACTIVE_MESSAGE, 'NUMBER_INACTIVE');
      if (body.text && !windowOpen(before.last_inbound_at ? new Date(before.last_inbound_at) : null, now))
        throw new HttpError(400, WINDOW_CLOSED_MESSAGE, 'WINDOW_CLOSED', { text: [WINDOW_CLOSED_MESSAGE] });
      const message = body.text
        ? { type: 'text' as const, body: body.text }
        : {
            type: 'template' as const,
            name: body.template!.name,
            language: body.template!.language,
            parameters: body.template!.parameters,
          };
      const queued = await queueOutgoing(trx, { conversationId: params.id, message, sentBy: userId, now });
      // A person answering takes the conversation from the bot and marks it read.
      await sql`update wa_conversations set unread_count = 0, handed_over = true,
          assigned_to = coalesce(assigned_to, ${userId}) where id = ${params.id}`.execute(trx);
      return { message_id: queued.id, type: message.type };
    });
    options.onQueued();
    return { data };
  });

  implement(route, chatsEndpoints.assign, async (request, _reply, { params, body }) => {
    if (body.user_id !== null) {
      const ok = await sql`
          select 1 from users u where u.id = ${body.user_id} and u.active and exists (
            select 1 from user_permission_sets ups join permission_set_entries e on e.set_id = ups.set_id
            where ups.user_id = u.id and e.permission_key = 'statistics' and e.allow_write)`.execute(db);
      if (ok.rows.length === 0)
        throw new HttpError(400, 'Invalid input', 'INVALID_INPUT', {
          user_id: ['Pilih pengguna aktif yang boleh membalas chat'],
        });
    }
    const data = await change(request, params.id, 'whatsapp.assign', async (trx) => {
      await sql`update wa_conversations set assigned_to = ${body.user_id}, handed_over = ${body.user_id !== null},
          updated_at = ${clock()}, version = version + 1 where id = ${params.id}`.execute(trx);
      return { assigned_to: body.user_id };
    });
    return { data };
  });

  implement(route, chatsEndpoints.resolve, async (request, _reply, { params, body }) => {
    const status = body.resolved ? 'resolved' : 'open';
    const data = await change(request, params.id, 'whatsapp.resolve', async (trx) => {
      await sql`update wa_conversations set status = ${status},
          unread_count = case when ${body.resolved} then 0 else unread_count end,
          updated_at = ${clock()}, version = version + 1 where id = ${params.id}`.execute(trx);
      return { status };
    });
    return { data };
  });

  implement(route, chatsEndpoints.markRead, async (_request, _reply, { params }) => {
    const updated = await sql<{ version: number }>`
        update wa_conversations set unread_count = 0, version = version + 1
        where id = ${params.id} and unread_count > 0 returning version`.execute(db);
    const data = await conversationById(db, params.id, clock());
    if (updated.rows.length > 0) pushConversationChanges(app, [{ id: params.id, version: data.version }]);
    return { data };
  });

  implement(route, chatsEndpoints.unregistered, async () => ({ data: await listUnregistered(db) }));

  implement(route, chatsEndpoints.adoptUnregistered, async (request) => {
    const result = await adoptUnregistered(db, clock(), async (trx, moved) => {
      await writeAudit(trx, {
        actorId: sessionOf(request).userId,
        action: 'whatsapp.adopt_unregistered',
        entity: UNREGISTERED_CHANGED_ENTITY,
        entityId: 'all',
        after: { moved },
        ip: request.ip,
      });
    });
    pushConversationChanges(app, result.changed);
    if (result.moved > 0) pushUnregisteredChange(app);
    return { data: { moved: result.moved, remaining: result.remaining } };
  });
}
