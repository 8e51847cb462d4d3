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

async function main(): Promise<void> {
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
  });
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

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
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

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError || error instanceof SecretError) {
    process.stderr.write(`console-server: ${error.message}\n`);
  } else {
    process.stderr.write(
      `console-server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
