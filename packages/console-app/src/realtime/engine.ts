/**
 * Engine.IO v4, the transport layer under Socket.IO: a websocket, or HTTP long-polling when the websocket cannot
 * open. Text packets only (the console's server sends no binary). The project's own, so the signed-in shell does
 * not load engine.io-client (issue 33).
 */

export type Transport = 'websocket' | 'polling';

export interface EngineEvents {
  /** The server's handshake arrived over `transport`: `send` works from now on. */
  open(transport: Transport): void;
  /** A message packet's payload (a Socket.IO packet). */
  message(data: string): void;
  /** The connection ended, or never opened, by the server or the network (not after `close()`). */
  close(reason: string): void;
}

export interface Engine {
  send(data: string): void;
  /** Closes without calling `events.close`. */
  close(): void;
}

/** One transport's connection: hands over received packets, reports its end once. */
interface Link {
  send(packets: string[]): void;
  /** `graceful`: the client leaves (polling tells the server); otherwise the connection is already lost. */
  close(graceful: boolean): void;
}
type LinkEvents = { packets(packets: string[]): void; down(reason: string): void };

/** Packets of one polling body are separated by the record separator. */
const SEPARATOR = '\x1e';
const query = (transport: Transport) => `/socket.io/?EIO=4&transport=${transport}`;

function websocketLink(origin: string, events: LinkEvents): Link {
  const ws = new WebSocket(origin.replace(/^http/, 'ws') + query('websocket'));
  let live = true;
  // Binary frames are attachments of binary packets, which this server never sends: ignored, not decoded.
  ws.binaryType = 'arraybuffer';
  ws.onmessage = (event) => {
    if (live && typeof event.data === 'string') events.packets([event.data]);
  };
  ws.onerror = () => live && events.down('transport error');
  ws.onclose = () => live && events.down('transport close');
  return {
    send: (packets) => packets.forEach((packet) => ws.send(packet)),
    close: () => {
      live = false;
      ws.close();
    },
  };
}

function pollingLink(origin: string, events: LinkEvents): Link {
  let sid = '';
  let count = 0;
  let stopped = false;
  let closing = false;
  let posting = false;
  let queue: string[] = [];
  const reading = new AbortController();

  const request = (init?: RequestInit) =>
    // `t` defeats caches between the browser and the server.
    fetch(
      `${origin}${query('polling')}${sid && `&sid=${sid}`}&t=${Date.now().toString(36)}.${count++}`,
      init,
    ).then((response) =>
      response.ok ? response.text() : Promise.reject(new Error(String(response.status))),
    );
  const stop = () => {
    stopped = true;
    reading.abort();
  };
  const fail = () => {
    if (stopped) return;
    stop();
    events.down('transport error');
  };
  const poll = () =>
    request({ signal: reading.signal }).then((body) => {
      if (stopped || closing) return;
      // The handshake's sid (the engine reads the rest of it); without one there is no session to poll.
      sid ||= /^0.*?"sid":"([^"]+)"/.exec(body)?.[1] ?? '';
      if (!sid) return fail();
      // The next GET first: a listener that throws must not end the polling.
      poll();
      events.packets(body.split(SEPARATOR));
    }, fail);
  // One POST at a time: the server drops a connection whose POSTs overlap.
  const flush = () => {
    if (posting || stopped || !sid || (!queue.length && !closing)) return;
    // The close packet goes alone, last: the server acts on it at once but on a message of the same body a tick
    // later, so a Socket.IO disconnect sent with it would be taken for a lost connection.
    const last = !queue.length;
    const body = last ? '1' : queue.join(SEPARATOR);
    queue = [];
    posting = true;
    request({ method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8' } }).then(() => {
      posting = false;
      // The pending GET ends only now, or the server would take its abort for a lost client.
      if (last) stop();
      else flush();
    }, fail);
  };
  poll();
  return {
    send: (packets) => {
      queue.push(...packets);
      flush();
    },
    close: (graceful) => {
      if (closing) return;
      closing = true;
      if (sid && graceful) flush();
      else stop();
    },
  };
}

/**
 * Opens an Engine.IO connection to `origin` over the first of `transports` that opens. A transport that fails
 * before the server's handshake gives way to the next; once open there is no fallback and no upgrade.
 */
export function openEngine(origin: string, transports: readonly Transport[], events: EngineEvents): Engine {
  let link: Link | undefined;
  let opened = false;
  let ended = false;
  let pingTimer: ReturnType<typeof setTimeout> | undefined;
  let pingDeadline = 0;

  const end = (graceful: boolean) => {
    ended = true;
    clearTimeout(pingTimer);
    link?.close(graceful);
  };
  const lose = (reason: string) => {
    if (ended) return;
    end(false);
    events.close(reason);
  };
  // The server pings every pingInterval; silence for pingInterval + pingTimeout means the connection is gone.
  const awaitPing = () => {
    clearTimeout(pingTimer);
    pingTimer = setTimeout(() => lose('ping timeout'), pingDeadline);
  };

  const onPacket = (transport: Transport, packet: string) => {
    if (ended) return;
    const data = packet.slice(1);
    if (!opened) {
      if (packet[0] !== '0') return;
      try {
        const handshake = JSON.parse(data) as { pingInterval: number; pingTimeout: number };
        pingDeadline = handshake.pingInterval + handshake.pingTimeout;
      } catch {
        return lose('parse error');
      }
      opened = true;
      awaitPing();
      events.open(transport);
      return;
    }
    switch (packet[0]) {
      case '1':
        return lose('transport close');
      case '2':
        link?.send(['3']);
        return awaitPing();
      case '4':
        return events.message(data);
    }
  };

  const start = (index: number) => {
    const transport = transports[index]!;
    let isDown = false;
    const down = (reason: string) => {
      if (isDown || ended) return;
      isDown = true;
      if (opened || index + 1 >= transports.length) return lose(reason);
      link?.close(false);
      start(index + 1);
    };
    try {
      link = (transport === 'polling' ? pollingLink : websocketLink)(origin, {
        packets: (packets) => packets.forEach((packet) => onPacket(transport, packet)),
        down,
      });
    } catch {
      // new WebSocket throws for an address or a port the browser refuses.
      link = undefined;
      down('transport error');
    }
  };
  start(0);

  return {
    send: (data) => {
      if (opened && !ended) link?.send([`4${data}`]);
    },
    close: () => end(true),
  };
}
