import { useEffect, useRef } from 'react';
import { createConsoleSocket } from '../../realtime/socket.js';
import { useServices } from '../../services.js';

/** Payload of the server's `resource:changed` push. */
export interface ResourceChange {
  entity: string;
  id: number | string;
  action: string;
  version?: number;
}

export const RESOURCE_CHANGED_EVENT = 'resource:changed';
const RECONNECT_MS = 2000;

function isChange(value: unknown): value is ResourceChange {
  return !!value && typeof value === 'object' && typeof (value as ResourceChange).entity === 'string';
}

/**
 * Calls `onChange` for every `resource:changed` push about `entity`, and with `null` after a reconnect. The page keeps its own socket while it is
 * open (the shell's socket is not shared with pages), and reconnects when it drops.
 */
export function useResourceChanges(entity: string, onChange: (change: ResourceChange | null) => void): void {
  const services = useServices();
  const listener = useRef(onChange);
  useEffect(() => {
    listener.current = onChange;
  });

  useEffect(() => {
    const socket = createConsoleSocket({ getToken: services.token, ...services.realtime });
    let open = true;
    let connections = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopStatus = socket.onStatus((event) => {
      // Changes pushed while the socket was down were missed: after a reconnect, `null` asks for a reload.
      if (event.type === 'connected') {
        connections += 1;
        if (connections > 1) listener.current(null);
        return;
      }
      if (event.type !== 'disconnected' && event.type !== 'error') return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (open && services.token()) socket.connect();
      }, RECONNECT_MS);
    });
    const handler = (payload: unknown) => {
      if (isChange(payload) && payload.entity === entity) listener.current(payload);
    };
    socket.socket.on(RESOURCE_CHANGED_EVENT, handler);
    socket.connect();
    return () => {
      open = false;
      clearTimeout(timer);
      stopStatus();
      socket.socket.off(RESOURCE_CHANGED_EVENT, handler);
      socket.disconnect();
    };
  }, [entity, services]);
}
