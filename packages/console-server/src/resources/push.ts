import { type Kysely, sql } from 'kysely';
import type { EntityDef } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { Realtime } from '../realtime.js';
import { userRoom } from '../realtime.js';

/** Socket event of every change to a master-data row. */
export const RESOURCE_CHANGED_EVENT = 'resource:changed';

export interface ResourceChangedPayload {
  entity: string;
  id: number;
  action: 'create' | 'update' | 'delete';
  /** The row's version after the change (a hard delete keeps the last one). */
  version: number;
}

/**
 * Tells the connected users who may read the entity that rows changed (open lists reload or patch).
 * Only users with a socket here are looked up: one query per change, none when nobody is connected.
 */
export async function pushResourceChanges(
  db: Kysely<Database>,
  realtime: Realtime,
  def: Pick<EntityDef, 'permissionKey'>,
  changes: readonly ResourceChangedPayload[],
): Promise<void> {
  if (changes.length === 0) return;
  const sockets = await realtime.io.local.fetchSockets();
  const userIds = [
    ...new Set(
      sockets
        .map((socket) => (socket.data as { identity?: { userId: number } }).identity?.userId)
        .filter((id): id is number => typeof id === 'number'),
    ),
  ];
  if (userIds.length === 0) return;
  const readers = await db
    .selectFrom('user_permission_sets as ups')
    .innerJoin('permission_set_entries as e', 'e.set_id', 'ups.set_id')
    .select('ups.user_id')
    .where('e.permission_key', '=', def.permissionKey)
    .where('ups.user_id', 'in', userIds)
    .groupBy('ups.user_id')
    .having(sql<boolean>`bool_or(e.allow_read)`)
    .execute();
  if (readers.length === 0) return;
  const rooms = readers.map((reader) => userRoom(reader.user_id));
  for (const change of changes) realtime.io.to(rooms).emit(RESOURCE_CHANGED_EVENT, change);
}
