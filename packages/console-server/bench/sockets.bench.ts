/**
 * Socket fan-out benchmark: `npm run bench` (or `npx tsx packages/console-server/bench/sockets.bench.ts` after
 * `npm run build`: the servers run the built dist/main.js).
 * 2 000 signed-in sockets (BENCH_SOCKETS) on one server node (PGlite, no adapter), then the same split over two
 * nodes on one private PostgreSQL 15 (socket events through @socket.io/postgres-adapter). Each server runs in its
 * own process; this process holds the sockets. Per setup: the servers' resident memory before and after the
 * sockets connect, and for BENCH_CHANGES (default 5) resource writes the delay from sending the write to each
 * socket's `resource:changed` (p50/p99/max over all receipts), as a ratio to the write's own round trip measured
 * in the same run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { freePort, startPostgres } from '../test/support/postgres.js';
import { type ServerProcess, startServerProcess } from '../test/support/process.js';
import { envNumber } from './serverProcess.js';

const SOCKETS = envNumber('BENCH_SOCKETS', 2000);
const CHANGES = envNumber('BENCH_CHANGES', 5);
const PASSWORD = 'Bench-Password-9';

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round = (value: number) => Math.round(value * 10) / 10;

async function tokenOf(node: ServerProcess): Promise<string> {
  const response = await fetch(`${node.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function openSockets(node: ServerProcess, token: string, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, () => {
      const socket = connect(node.url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        // A loaded machine (and PGlite's one connection for 2 000 handshakes) needs more than the default 20 s.
        timeout: 180_000,
        auth: { token },
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

interface Figures {
  setup: string;
  rssBefore: number[];
  rssAfter: number[];
  writeMs: number;
  p50: number;
  p99: number;
  max: number;
  received: number;
  expected: number;
}

async function measure(setup: string, nodes: ServerProcess[]): Promise<Figures> {
  const token = await tokenOf(nodes[0]!);
  const rssBefore = nodes.map((node) => rssMb(node.pid));
  const perNode = Math.ceil(SOCKETS / nodes.length);
  const sockets = (
    await Promise.all(
      nodes.map((node, index) => openSockets(node, token, Math.min(perNode, SOCKETS - index * perNode))),
    )
  ).flat();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssAfter = nodes.map((node) => rssMb(node.pid));

  const delays: number[] = [];
  const writes: number[] = [];
  let received = 0;
  for (let change = 1; change <= CHANGES; change += 1) {
    let pending = sockets.length;
    let sentAt = 0;
    const all = new Promise<void>((resolve) => {
      for (const socket of sockets) {
        socket.once('resource:changed', () => {
          delays.push(performance.now() - sentAt);
          received += 1;
          pending -= 1;
          if (pending === 0) resolve();
        });
      }
    });
    sentAt = performance.now();
    const response = await fetch(`${nodes[0]!.url}/api/resources/companies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${setup} ${change}`, legal_name: `PT Bench ${change}` }),
    });
    writes.push(performance.now() - sentAt);
    if (response.status !== 201)
      throw new Error(`write answered ${response.status}: ${await response.text()}`);
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    for (const socket of sockets) socket.off('resource:changed');
  }
  for (const socket of sockets) socket.disconnect();
  return {
    setup,
    rssBefore,
    rssAfter,
    writeMs: percentile(writes, 50),
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: Math.max(...delays),
    received,
    expected: sockets.length * CHANGES,
  };
}

function print(figures: Figures) {
  const memory = figures.rssBefore
    .map(
      (before, index) => `${before} → ${figures.rssAfter[index]} MB (+${figures.rssAfter[index]! - before})`,
    )
    .join(', ');
  console.log(
    `${figures.setup}: ${SOCKETS} sockets; server RSS ${memory}; fan-out of one change to all: ` +
      `p50 ${round(figures.p50)} ms, p99 ${round(figures.p99)} ms, max ${round(figures.max)} ms ` +
      `(${figures.received}/${figures.expected} received); the write's own round trip ${round(figures.writeMs)} ms; ` +
      `p99 / write = ${round(figures.p99 / figures.writeMs)}x`,
  );
  if (figures.received !== figures.expected) throw new Error(`${figures.setup}: some sockets got no event`);
}

const env = { CONSOLE_ADMIN_PASSWORD: PASSWORD, CONSOLE_DEMO: '0', CONSOLE_SESSION_PRUNE_MINUTES: '0' };

// One node, PGlite (the embedded default: no adapter).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-sockets-'));
try {
  const node = await startServerProcess(
    { ...env, CONSOLE_DATA_DIR: dataDir },
    await freePort(),
    300_000,
    true,
  );
  try {
    print(await measure('one node, PGlite', [node]));
  } finally {
    await node.stop();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// One and two nodes on one PostgreSQL (events through the adapter).
const pg = await startPostgres();
try {
  const nodeA = await startServerProcess({ ...env, DATABASE_URL: pg.url }, await freePort(), 300_000, true);
  const nodeB = await startServerProcess({ ...env, DATABASE_URL: pg.url }, await freePort(), 300_000, true);
  try {
    print(await measure('one node, PostgreSQL', [nodeA]));
    print(
      await measure('two nodes, PostgreSQL (write on node 1, sockets split 1 000 / 1 000)', [nodeA, nodeB]),
    );
  } finally {
    await Promise.all([nodeA.stop(), nodeB.stop()]);
  }
} finally {
  pg.stop();
}
process.exit(0);
