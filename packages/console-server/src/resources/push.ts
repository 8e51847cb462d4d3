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

/** A push of changed rows to the readers of an entity (the key its readers need). */
type PushChanges = (
  db: Kysely<Database>,
  realtime: Realtime,
  def: Pick<EntityDef, 'permissionKey'>,
  changes: readonly ResourceChangedPayload[],
) => Promise<void>;

/** Between server nodes (socket.io serverSideEmit): "tell your own sockets about these changes". */
export const RESOURCE_FANOUT_EVENT = 'resource:fanout';

/**
 * Tells the connected users who may read the entity that rows changed (open lists reload or patch): this node's
 * sockets here, and every other node's through the adapter (each node looks up its own sockets' readers).
 */
export const pushResourceChanges: PushChanges = async (db, realtime, def, changes) => {
  if (changes.length === 0) return;
  if (realtime.clustered) realtime.io.serverSideEmit(RESOURCE_FANOUT_EVENT, def.permissionKey, changes);
  await pushToLocalReaders(db, realtime, def, changes);
};

/**
 * The users with a socket on this node who may read the entity: one query per change, none when nobody is
 * connected here.
 */
export const pushToLocalReaders: PushChanges = async (db, realtime, def, changes) => {
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
  // Local only: other nodes deliver to their own sockets (they got the fan-out).
  for (const change of changes) realtime.io.local.to(rooms).emit(RESOURCE_CHANGED_EVENT, change);
};
