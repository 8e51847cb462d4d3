import { buildServer } from './app.js';
import { scheduleSessionPruning } from './auth/sessions.js';
import { ConfigError, listenNotice, readConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DataDirLockedError } from './db/lock.js';
import { seed } from './seed.js';
import {
  type DemoFakes,
  demoPlayers,
  ensureDemoAdAccount,
  missingServices,
  startDemoFakes,
  withFakes,
} from './demo/fakes.js';
import { SecretError, loadSecretKeyring, setSecretKeyring } from './secrets/index.js';
import { startMetricsServer } from './ops/metrics.js';
import { scheduleBackups, startBackupSocket } from './ops/backup.js';
import type { Tracing } from './ops/tracing.js';
import { retentionOn, scheduleRetention } from './ops/retention.js';

/** How long a stop waits for the requests in flight (ADR 056); then what is left is cut. */
const DRAIN_MS = 25_000;
/** After the drain: workers finish their batch, leases are released, the database closes. */
const CLOSE_MS = 15_000;

/**
 * The server's start, after main.ts has started traces (or not): config, database, app, workers, the graceful
 * stop, listen. `tracing` names request spans by route and is flushed last when stopping (ADR 058).
 */
export async function serve(tracing: Tracing | null): Promise<void> {
  let config = readConfig(process.env, process.argv.slice(2));
  // The demo's outside services (ADR 027): fakes on loopback for every service whose URL is not set.
  const missing = config.demoFakes ? missingServices(config) : [];
  let fakes: DemoFakes | null = null;
  if (missing.length > 0) {
    try {
      fakes = await startDemoFakes(missing);
      config = withFakes(config, fakes.urls);
    } catch (error) {
      process.stderr.write(`console-server: running without the demo fakes: ${String(error)}\n`);
    }
  }
  // The key first: migration 320 seals clear secrets of an older release with it.
  const secrets = loadSecretKeyring({ ...config.secrets, dataDir: config.dataDir });
  setSecretKeyring(secrets.keyring);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // PGlite's buffer cache (default 32MB, src/db/database.ts); the bench compares it with PGlite's 128MB.
    ...(process.env.CONSOLE_PGLITE_SHARED_BUFFERS
      ? { pgliteSharedBuffers: process.env.CONSOLE_PGLITE_SHARED_BUFFERS }
      : {}),
  });
  const app = await buildServer({
    database,
    logger: { level: config.logLevel },
    appDir: config.appDir,
    corsOrigins: config.corsOrigins,
    tokenTtlHours: config.tokenTtlHours,
    loginRateLimit: config.loginRateLimit,
    trustProxy: config.trustProxy,
    idleMinutes: config.idleMinutes,
    intake: { ...config.intake, workers: true },
    logistics: {
      ...config.logistics,
      workers: true,
      whatsappApi: {
        ...(config.whatsapp.apiUrl ? { baseUrl: config.whatsapp.apiUrl } : {}),
        ...(config.whatsapp.apiVersion ? { version: config.whatsapp.apiVersion } : {}),
        ...(config.whatsapp.accessToken ? { accessToken: config.whatsapp.accessToken } : {}),
      },
    },
    insights: config.insights,
    whatsapp: { ...config.whatsapp, workers: true },
    sheetReports: { google: config.googleSheets },
    metrics: config.metrics !== undefined,
    // The node registry's heartbeat (the Operations page, issue #29); CONSOLE_HEARTBEAT_SECONDS=0 turns it off.
    ...(config.heartbeatSeconds !== false ? { heartbeat: { everyMs: config.heartbeatSeconds * 1000 } } : {}),
  });
  tracing?.nameRoutes(app);
  const log = app.log;
  log.info({ engine: database.engine, location: database.location }, 'database ready');
  if (secrets.source.kind === 'file')
    log.info(
      { keyFile: secrets.source.path, keyId: secrets.keyring.current.id },
      secrets.source.created ? 'created the secrets key file (owner-only)' : 'secrets key loaded from file',
    );
  else log.info({ keyId: secrets.keyring.current.id }, 'secrets key loaded from CONSOLE_SECRETS_KEY');
  for (const warning of secrets.warnings) log.warn(warning);

  await seed(database.db, {
    adminUsername: config.adminUsername,
    adminPassword: config.adminPassword,
    demo: config.demo,
    demoRows: config.demoScale,
    demoActivity: true,
    log: (message) => log.warn(message),
  });

  // Long-ended sessions are deleted hourly (CONSOLE_SESSION_PRUNE_MINUTES); the timer never holds the process open.
  if (config.sessionPruneMinutes !== false) {
    const pruning = scheduleSessionPruning(database.db, {
      everyMs: config.sessionPruneMinutes * 60_000,
      onPruned: (count) => log.info({ count }, 'pruned ended sessions'),
      onError: (error) => log.warn({ err: error }, 'session pruning failed'),
    });
    app.addHook('onClose', () => pruning.stop());
  }

  // Retention (ADR 058): once a day across the nodes, in batches; each kind off unless its variable is set.
  if (retentionOn(config.retention)) {
    const retention = scheduleRetention(database.db, config.retention, {
      onRan: (deleted) => log.info({ deleted }, 'retention: old rows deleted'),
      onError: (error) => log.warn({ err: error }, 'retention failed; the next check tries again'),
    });
    app.addHook('onClose', () => retention.stop());
    log.info({ retention: config.retention }, 'retention on (days kept)');
  }

  // The embedded database's folder is locked by this process: `npm run console -- backup` asks it here (ADR 057).
  if (database.pglite) {
    // Not fatal: the console runs without it (e.g. a folder path over the 107 bytes a socket's may have); the
    // CLI then says the socket does not answer, and a backup needs the server stopped.
    try {
      const socket = await startBackupSocket(config.dataDir, database.pglite, log);
      app.addHook('onClose', () => socket.close());
    } catch (error) {
      log.warn({ err: error }, 'no backup socket: `npm run console -- backup` needs this server stopped');
    }
  }
  if (config.backup) {
    const backups = scheduleBackups(
      database,
      { ...config.backup, ...(config.pgBin ? { pgBin: config.pgBin } : {}) },
      log,
    );
    app.addHook('onClose', () => backups.stop());
    log.info(
      { dir: config.backup.dir, keep: config.backup.keep, everyHours: config.backup.everyHours },
      'scheduled backups on',
    );
  }

  // A graceful stop (ADR 056): ready goes false and new requests answer 503 at once, sockets are told to
  // reconnect elsewhere, the requests in flight are answered (up to DRAIN_MS), then the workers stop after their
  // batch and release their leases (onClose hooks), and the database closes.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.realtime.drain();
    const draining = app.lifecycle.drain(DRAIN_MS);
    log.info(
      { signal, inFlight: app.lifecycle.inFlight() },
      'draining: not ready, answering requests in flight',
    );
    const force = setTimeout(() => {
      log.error(`stop took over ${(DRAIN_MS + CLOSE_MS) / 1000} s; exiting`);
      process.exit(1);
    }, DRAIN_MS + CLOSE_MS);
    force.unref();
    draining
      .then(({ left }) => {
        if (left > 0) {
          log.warn({ left }, `requests still in flight after ${DRAIN_MS / 1000} s: cut`);
          app.server.closeAllConnections();
        } else log.info('requests in flight answered; stopping workers');
        return app.close();
      })
      .then(() => database.close())
      // The spans of the last requests and of the stop itself are sent before the exit.
      .then(() => tracing?.shutdown())
      .then(() => {
        log.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  if (fakes) {
    const running = fakes;
    app.addHook('onClose', () => running.stop());
    if (running.urls.graph) await ensureDemoAdAccount(database.db);
    log.info(
      { fakes: running.urls },
      'demo: fake outside services on loopback (set their URLs to use real ones)',
    );
  }

  if (config.metrics && app.metrics) {
    const metrics = await startMetricsServer(app.metrics, config.metrics);
    app.addHook('onClose', () => metrics.close());
    log.info(
      { host: config.metrics.host, port: metrics.port },
      `metrics on http://${config.metrics.host}:${metrics.port}/metrics`,
    );
  }

  await app.listen({ port: config.port, host: config.host });
  if (!app.server.listening) throw new Error('server did not start listening');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const notice = listenNotice(config, port);
  log[notice.level]({ host: config.host, port, reason: config.hostReason }, notice.message);
  if (fakes) {
    fakes.play({
      serverUrl: `http://127.0.0.1:${port}`,
      everyMs: config.demoPlaySeconds * 1000,
      ...(await demoPlayers(database.db, config.whatsapp.appSecret)),
    });
  }
}

/** A start that failed: one line for the errors that explain themselves, the stack for the rest; exit 1. */
export function startFailed(error: unknown): never {
  if (error instanceof DataDirLockedError || error instanceof ConfigError || error instanceof SecretError) {
    process.stderr.write(`console-server: ${error.message}\n`);
  } else {
    process.stderr.write(
      `console-server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
}
