import { useOutletContext } from 'react-router-dom';
import type { PermissionEntry } from '@staff/console-ui';
import type { ConsoleSocket } from '../realtime/socket.js';

/** What the signed-in shell hands to the page routes under it. */
export interface ConsoleOutletContext {
  permissions: PermissionEntry[];
  /** Changes whenever the user's permissions change (refresh or live push): the open page re-checks. */
  permissionsVersion: number;
  /** The shell's one realtime socket; pages subscribe to it and never connect or close it themselves. */
  socket: ConsoleSocket;
}

export function useConsoleContext(): ConsoleOutletContext {
  return useOutletContext<ConsoleOutletContext>();
}
