import { useEffect, useRef } from 'react';
import type { ConsoleSocket } from '../../realtime/socket.js';

/** Payload of the server's `resource:changed` push. */
export interface ResourceChange {
  entity: string;
  id: number | string;
  action: string;
  version?: number;
}

function isChange(value: unknown): value is ResourceChange {
  return !!value && typeof value === 'object' && 'entity' in value && typeof value.entity === 'string';
}

/**
 * Calls `onChange` for every `resource:changed` push about `entity`, and with `null` after a reconnect; returns
 * the unsubscribe. Listens on the shell's socket (one per signed-in shell); connecting it is the shell's job.
 */
export function subscribeToChanges(
  socket: ConsoleSocket,
  entity: string,
  onChange: (change: ResourceChange | null) => void,
): () => void {
  // A socket that was already up when the page loaded its list: a later `connected` is a reconnect, and
  // changes pushed while it was down were missed, so `null` asks for a reload. The first connection of a
  // freshly signed-in shell is not one: the page has just loaded.
  let connectedBefore = socket.connected;
  const stopStatus = socket.onStatus((event) => {
    if (event.type !== 'connected') return;
    if (connectedBefore) onChange(null);
    connectedBefore = true;
  });
  const stopChanges = socket.onResourceChanged((payload) => {
    if (isChange(payload) && payload.entity === entity) onChange(payload);
  });
  return () => {
    stopStatus();
    stopChanges();
  };
}

/**
 * For a page that shows one item of `entity` at a time (an open conversation, a chosen number): `reload(id)` when
 * a change to the open item is pushed or the socket reconnects, and `onAny()` on every change of the entity. The
 * latest render's open id and callbacks are used; the subscription lives as long as the socket.
 * @example
 * useOpenItemChanges(socket, CONVERSATIONS_CHANGED_ENTITY, selectedId, (id) => void fetchDetail(id, true));
 */
export function useOpenItemChanges(
  socket: ConsoleSocket,
  entity: string,
  openId: number | null,
  reload: (id: number) => void,
  onAny?: () => void,
): void {
  const latest = useRef({ openId, reload, onAny });
  useEffect(() => {
    latest.current = { openId, reload, onAny };
  });
  useEffect(
    () =>
      subscribeToChanges(socket, entity, (change) => {
        const { openId: open, reload: reloadOpen, onAny: any } = latest.current;
        if (open !== null && (change === null || Number(change.id) === open)) reloadOpen(open);
        any?.();
      }),
    [socket, entity],
  );
}
