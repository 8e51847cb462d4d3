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
