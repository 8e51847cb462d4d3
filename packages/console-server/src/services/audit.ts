import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Appends to audit_log; call it inside the transaction that made the change. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: json(entry.before),
      after: json(entry.after),
      ip: entry.ip ?? null,
    })
    .execute();
}

/** Who made a change, as the services receive it. */
export interface AuditActor {
  id: number | null;
  ip?: string | null;
}

/** writeAudit for a change `actor` made: their id and address are the entry's. */
export function auditBy(
  db: Kysely<Database>,
  actor: AuditActor,
  entry: Omit<AuditEntry, 'actorId' | 'ip'>,
): Promise<void> {
  return writeAudit(db, { actorId: actor.id, ip: actor.ip, ...entry });
}

/** writeAudit for a change signed-in users make to their own account: they are the actor and the entity. */
export function auditOwnAccount(
  db: Kysely<Database>,
  user: { id: number; ip: string | null },
  action: string,
  change: Pick<AuditEntry, 'before' | 'after'>,
): Promise<void> {
  return writeAudit(db, {
    actorId: user.id,
    ip: user.ip,
    action,
    entity: 'user',
    entityId: user.id,
    ...change,
  });
}
