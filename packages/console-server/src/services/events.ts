/** What services tell the outside world; the server wires it to socket.io, the CLI ignores it. */
export interface ConsoleEvents {
  permissionsChanged: (userIds: readonly number[]) => void;
  sessionsRevoked: (userId: number, sessionIds: readonly string[], reason: string) => void;
}

export const silentEvents: ConsoleEvents = {
  permissionsChanged: () => undefined,
  sessionsRevoked: () => undefined,
};
