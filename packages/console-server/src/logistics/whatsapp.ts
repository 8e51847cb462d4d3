/**
 * The outbox's sender over the WhatsApp adapter (src/whatsapp/): the "package sent" template goes from the
 * first active WA Registries number whose purpose is Notification. Meta's retryable errors (throttling, outages)
 * are tried again; a refusal (a bad number, an unknown template) fails until staff retry it.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { WhatsAppError } from '../whatsapp/client.js';
import { type WhatsAppApiSettings, WhatsAppSenderError, whatsAppClientFor } from '../whatsapp/sender.js';
import { type MessageSender, SendError } from './notify.js';

/** The number customer notifications go from. */
async function notificationRegistry(db: Kysely<Database>): Promise<number | null> {
  const found = await sql<{ id: string }>`
    select id from wa_registries where purpose = 'notification' and active and deleted_at is null
    order by id limit 1`.execute(db);
  return found.rows[0] ? Number(found.rows[0].id) : null;
}

export function whatsAppMessageSender(db: Kysely<Database>, settings: WhatsAppApiSettings): MessageSender {
  return {
    async send(message) {
      const registry = await notificationRegistry(db);
      // Staff can add the number later: worth another try.
      if (registry === null)
        throw new SendError('No active WhatsApp number with the purpose Notification in WA Registries', true);
      try {
        const client = await whatsAppClientFor(db, registry, settings);
        const id = await client.sendTemplate(
          message.to,
          message.template,
          message.language,
          message.parameters,
        );
        return { id };
      } catch (error) {
        if (error instanceof WhatsAppError) throw new SendError(error.message, error.retryable);
        if (error instanceof WhatsAppSenderError) throw new SendError(error.message, true);
        throw error;
      }
    },
  };
}
