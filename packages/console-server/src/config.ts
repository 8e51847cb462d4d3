import path from 'node:path';
import { MIN_BOT_LOG_DAYS, type RetentionConfig } from './ops/retention.js';

/** Everything main.ts and the CLI read from the environment, parsed once. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Why `host`: HOST set, loopback because demo data has known passwords, or every interface. */
  hostReason: 'HOST' | 'demo' | 'default';
  databaseUrl: string | undefined;
  dataDir: string;
  demo: boolean;
  /** Demo rows: a multiple of the master-data counts and of the demo campaigns (CONSOLE_DEMO_SCALE, default 1). */
  demoScale: number;
  /** Fork the fakes of unset outside services (src/demo/fakes.ts): with demo data only, unless CONSOLE_DEMO_FAKES=0. */
  demoFakes: boolean;
  /** Seconds between the fake customers' moves (a WhatsApp message or a Mayar payment). */
  demoPlaySeconds: number;
  adminUsername: string;
  adminPassword: string | undefined;
  tokenTtlHours: number;
  corsOrigins: string[];
  appDir: string;
  logLevel: string;
  loginRateLimit: number | false;
  trustProxy: boolean;
  /** Minutes between prunes of long-ended sessions; false (CONSOLE_SESSION_PRUNE_MINUTES=0) turns pruning off. */
  sessionPruneMinutes: number | false;
  /** Seconds between this node's heartbeats in the node registry (the Operations page); false (0) turns it off. */
  heartbeatSeconds: number | false;
  /** Minutes without an API call after which the next call asks for the password again (ADR 013). */
  idleMinutes: number;
  /** Where the secrets key comes from (src/secrets/keyring.ts); never logged. */
  secrets: { key?: string; keyFile?: string; previousKeys?: string };
  /** Outside services (adapters' base URLs) and the intake's background work (src/intake/). */
  intake: {
    mayarApiUrl: string | undefined;
    metaGraphUrl: string | undefined;
    metaGraphVersion: string | undefined;
    forwarderIntervalMs: number;
    /** How long a claimed delivery is held (a killed node's rows return after it) and how long a send may take. */
    forwarderLeaseMs: number;
    forwarderTimeoutMs: number;
    reconcileEveryMinutes: number | false;
    /** MAYAR_VERIFY_PAID: a webhook's paid purchase counts only after Mayar's API confirms it. */
    verifyPaid: boolean;
  };
  /** Courier tracking (src/logistics/): the aggregator's base URL and key, and how often Shipping is polled. */
  logistics: {
    courierTrackingUrl: string | undefined;
    courierTrackingKey: string | undefined;
    trackingEveryMinutes: number | false;
  };
  /** WhatsApp Cloud API (src/whatsapp/): adapter base URL, webhook secrets, fallback access token. */
  whatsapp: {
    apiUrl: string | undefined;
    apiVersion: string | undefined;
    /** Meta app secret: webhook calls are refused without a valid X-Hub-Signature-256 under it. */
    appSecret: string | undefined;
    /** The token Meta echoes in the webhook's GET verification. */
    verifyToken: string | undefined;
    /** Used when a WA Registries entry stores no token of its own. */
    accessToken: string | undefined;
  };
  /** GPT Insights: the OpenAI-compatible chat-completions adapter (src/insights/). */
  insights: InsightsConfig;
  /** Sheet Report's Google Sheets adapter (src/sheetReports/google.ts). */
  googleSheets: { tokenUrl: string; sheetsUrl: string };
  /** Prometheus text on a port of its own (METRICS_PORT, unset: off), loopback unless METRICS_HOST. */
  metrics: { port: number; host: string } | undefined;
  /** Scheduled backups (src/ops/backup.ts): on when CONSOLE_BACKUP_DIR is set. */
  backup: { dir: string; keep: number; everyHours: number } | undefined;
  /** PG_BIN: the folder of pg_dump and pg_restore (default: Debian's /usr/lib/postgresql/<major>/bin, then PATH). */
  pgBin: string | undefined;
  /** Days kept of chat messages, the bot's log and GPT insights (src/ops/retention.ts); each unset: kept for ever. */
  retention: RetentionConfig;
}

export interface InsightsConfig {
  /** OPENAI_BASE_URL, e.g. https://api.openai.com/v1; unset: running an insight answers 503. */
  baseUrl: string | undefined;
  model: string;
  /** OPENAI_API_KEY; never logged. */
  apiKey: string | undefined;
  /** US dollars per million prompt / completion tokens, for the cost kept with each insight. */
  priceInputPerMTok: number;
  priceOutputPerMTok: number;
  timeoutMs: number;
  /** OPENAI_IDR_PER_USD: rupiah per US dollar, for the cost in IDR kept with each hook generation. */
  idrPerUsd: number;
  /** OPENAI_HOOKS_TIMEOUT_MS: how long a hook generation waits for the model (default 60 s). */
  hooksTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function positiveNumber(
  name: string,
  raw: string | undefined,
  fallback: number,
  { integer = false } = {},
): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new ConfigError(`${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`);
  }
  return value;
}

/** A retention in days: unset, empty or 0 is off (keep everything); otherwise a whole number of days ≥ `min`. */
function retentionDays(name: string, raw: string | undefined, min = 1): number | undefined {
  const value = raw?.trim();
  if (!value || value === '0') return undefined;
  const days = Number(value);
  if (!Number.isInteger(days) || days < min)
    throw new ConfigError(
      `${name} must be a whole number of days, at least ${min} (or 0 to keep everything), got "${raw}"`,
    );
  return days;
}

function flag(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

function httpUrl(name: string, raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(value))
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

/**
 * @param argv command-line flags (`--no-demo`, `--demo`)
 * @param cwd relative paths (CONSOLE_DATA_DIR, the app folder) resolve from here: the repo root under `npm start`
 */
export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = [],
  cwd = process.cwd(),
): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const demoFlag = argv.includes('--no-demo')
    ? false
    : argv.includes('--demo')
      ? true
      : flag('CONSOLE_DEMO', env.CONSOLE_DEMO);
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be 0–65535, got "${env.PORT}"`);
  const rate = env.CONSOLE_LOGIN_RATE_LIMIT;
  // Demo data by default only on the embedded database; a real PostgreSQL must ask for it.
  const demo = demoFlag ?? !databaseUrl;
  const host = env.HOST?.trim();
  const metricsPort = env.METRICS_PORT?.trim();
  if (metricsPort && (!/^\d+$/.test(metricsPort) || Number(metricsPort) > 65535))
    throw new ConfigError(`METRICS_PORT must be 0–65535, got "${metricsPort}"`);
  return {
    port,
    // Demo accounts have published passwords: only this machine may reach them unless HOST says otherwise.
    host: host || (demo ? '127.0.0.1' : '0.0.0.0'),
    hostReason: host ? 'HOST' : demo ? 'demo' : 'default',
    databaseUrl,
    dataDir: path.resolve(cwd, env.CONSOLE_DATA_DIR || 'data'),
    demo,
    demoScale: positiveNumber('CONSOLE_DEMO_SCALE', env.CONSOLE_DEMO_SCALE, 1),
    // Fakes answer as Mayar, Meta and WhatsApp would: never beside real data.
    demoFakes: demo && (flag('CONSOLE_DEMO_FAKES', env.CONSOLE_DEMO_FAKES) ?? true),
    demoPlaySeconds: positiveNumber('CONSOLE_DEMO_PLAY_SECONDS', env.CONSOLE_DEMO_PLAY_SECONDS, 45),
    adminUsername: env.CONSOLE_ADMIN_USERNAME?.trim() || 'admin',
    adminPassword: env.CONSOLE_ADMIN_PASSWORD || undefined,
    tokenTtlHours: positiveNumber('CONSOLE_TOKEN_TTL_HOURS', env.CONSOLE_TOKEN_TTL_HOURS, 12),
    corsOrigins: (env.CONSOLE_CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    appDir: path.resolve(cwd, env.CONSOLE_APP_DIR || 'packages/console-app/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    loginRateLimit:
      rate === '0' ? false : positiveNumber('CONSOLE_LOGIN_RATE_LIMIT', rate, 60, { integer: true }),
    trustProxy: flag('CONSOLE_TRUST_PROXY', env.CONSOLE_TRUST_PROXY) ?? false,
    sessionPruneMinutes:
      env.CONSOLE_SESSION_PRUNE_MINUTES?.trim() === '0'
        ? false
        : positiveNumber('CONSOLE_SESSION_PRUNE_MINUTES', env.CONSOLE_SESSION_PRUNE_MINUTES, 60),
    heartbeatSeconds:
      env.CONSOLE_HEARTBEAT_SECONDS?.trim() === '0'
        ? false
        : positiveNumber('CONSOLE_HEARTBEAT_SECONDS', env.CONSOLE_HEARTBEAT_SECONDS, 15),
    idleMinutes: positiveNumber('CONSOLE_IDLE_MINUTES', env.CONSOLE_IDLE_MINUTES, 30),
    secrets: {
      ...(env.CONSOLE_SECRETS_KEY ? { key: env.CONSOLE_SECRETS_KEY } : {}),
      ...(env.CONSOLE_SECRETS_KEY_FILE ? { keyFile: path.resolve(cwd, env.CONSOLE_SECRETS_KEY_FILE) } : {}),
      ...(env.CONSOLE_SECRETS_PREVIOUS_KEYS ? { previousKeys: env.CONSOLE_SECRETS_PREVIOUS_KEYS } : {}),
    },
    intake: {
      mayarApiUrl: httpUrl('MAYAR_API_URL', env.MAYAR_API_URL),
      metaGraphUrl: httpUrl('META_GRAPH_URL', env.META_GRAPH_URL),
      metaGraphVersion: env.META_GRAPH_VERSION?.trim() || undefined,
      forwarderIntervalMs: positiveNumber(
        'CONSOLE_FORWARDER_INTERVAL_MS',
        env.CONSOLE_FORWARDER_INTERVAL_MS,
        2000,
        { integer: true },
      ),
      forwarderLeaseMs: positiveNumber('CONSOLE_FORWARDER_LEASE_MS', env.CONSOLE_FORWARDER_LEASE_MS, 60_000, {
        integer: true,
      }),
      forwarderTimeoutMs: positiveNumber(
        'CONSOLE_FORWARDER_TIMEOUT_MS',
        env.CONSOLE_FORWARDER_TIMEOUT_MS,
        10_000,
        { integer: true },
      ),
      reconcileEveryMinutes:
        env.CONSOLE_MAYAR_RECONCILE_MINUTES?.trim() === '0'
          ? false
          : positiveNumber('CONSOLE_MAYAR_RECONCILE_MINUTES', env.CONSOLE_MAYAR_RECONCILE_MINUTES, 60),
      // Off by default: it delays every paid purchase by a Mayar API call, and the demo's fake Mayar
      // knows none of the seeded transactions. Production turns it on (README).
      verifyPaid: flag('MAYAR_VERIFY_PAID', env.MAYAR_VERIFY_PAID) ?? false,
    },
    logistics: {
      courierTrackingUrl: httpUrl('COURIER_TRACKING_URL', env.COURIER_TRACKING_URL),
      courierTrackingKey: env.COURIER_TRACKING_KEY?.trim() || undefined,
      trackingEveryMinutes:
        env.CONSOLE_TRACKING_EVERY_MINUTES?.trim() === '0'
          ? false
          : positiveNumber('CONSOLE_TRACKING_EVERY_MINUTES', env.CONSOLE_TRACKING_EVERY_MINUTES, 30),
    },
    whatsapp: {
      apiUrl: httpUrl('WHATSAPP_API_URL', env.WHATSAPP_API_URL),
      apiVersion: env.WHATSAPP_API_VERSION?.trim() || undefined,
      appSecret: env.WHATSAPP_APP_SECRET || undefined,
      verifyToken: env.WHATSAPP_VERIFY_TOKEN || undefined,
      accessToken: env.WHATSAPP_ACCESS_TOKEN || undefined,
    },
    insights: {
      baseUrl: httpUrl('OPENAI_BASE_URL', env.OPENAI_BASE_URL),
      model: env.OPENAI_MODEL?.trim() || 'gpt-4o-mini',
      apiKey: env.OPENAI_API_KEY?.trim() || undefined,
      priceInputPerMTok: positiveNumber('OPENAI_PRICE_INPUT_PER_MTOK', env.OPENAI_PRICE_INPUT_PER_MTOK, 0.15),
      priceOutputPerMTok: positiveNumber(
        'OPENAI_PRICE_OUTPUT_PER_MTOK',
        env.OPENAI_PRICE_OUTPUT_PER_MTOK,
        0.6,
      ),
      timeoutMs: positiveNumber('OPENAI_TIMEOUT_MS', env.OPENAI_TIMEOUT_MS, 120_000, { integer: true }),
      idrPerUsd: positiveNumber('OPENAI_IDR_PER_USD', env.OPENAI_IDR_PER_USD, 16_500),
      hooksTimeoutMs: positiveNumber('OPENAI_HOOKS_TIMEOUT_MS', env.OPENAI_HOOKS_TIMEOUT_MS, 60_000, {
        integer: true,
      }),
    },
    googleSheets: {
      tokenUrl:
        httpUrl('GOOGLE_OAUTH_TOKEN_URL', env.GOOGLE_OAUTH_TOKEN_URL) ??
        'https://oauth2.googleapis.com/token',
      sheetsUrl:
        httpUrl('GOOGLE_SHEETS_API_URL', env.GOOGLE_SHEETS_API_URL) ?? 'https://sheets.googleapis.com',
    },
    // Its own port so the public proxy never serves it; loopback because it names routes and queue sizes.
    metrics: metricsPort
      ? { port: Number(metricsPort), host: env.METRICS_HOST?.trim() || '127.0.0.1' }
      : undefined,
    backup: env.CONSOLE_BACKUP_DIR?.trim()
      ? {
          dir: path.resolve(cwd, env.CONSOLE_BACKUP_DIR.trim()),
          keep: positiveNumber('CONSOLE_BACKUP_KEEP', env.CONSOLE_BACKUP_KEEP, 7, { integer: true }),
          everyHours: positiveNumber('CONSOLE_BACKUP_EVERY_HOURS', env.CONSOLE_BACKUP_EVERY_HOURS, 24),
        }
      : undefined,
    pgBin: env.PG_BIN?.trim() ? path.resolve(cwd, env.PG_BIN.trim()) : undefined,
    retention: {
      chatDays: retentionDays('CONSOLE_RETENTION_CHAT_DAYS', env.CONSOLE_RETENTION_CHAT_DAYS),
      // The bot's cooldowns (up to 7 days) read this log: a shorter one would let a rule fire again too soon.
      botLogDays: retentionDays(
        'CONSOLE_RETENTION_BOT_LOG_DAYS',
        env.CONSOLE_RETENTION_BOT_LOG_DAYS,
        MIN_BOT_LOG_DAYS,
      ),
      insightsDays: retentionDays('CONSOLE_RETENTION_INSIGHTS_DAYS', env.CONSOLE_RETENTION_INSIGHTS_DAYS),
    },
  };
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

/**
 * The start log's line saying where the server listens and why; a warning when demo data (published passwords)
 * can be reached from other machines.
 *
 * @example
 * const notice = listenNotice(config, 3000); // demo data, HOST unset:
 * // { level: 'warn', message: 'demo data: listening on 127.0.0.1:3000 only; set HOST=0.0.0.0 to expose' }
 */
export function listenNotice(
  config: Pick<ServerConfig, 'host' | 'hostReason' | 'demo'>,
  port: number,
): { level: 'info' | 'warn'; message: string } {
  const where = `${config.host}:${port}`;
  if (config.hostReason === 'demo')
    return { level: 'warn', message: `demo data: listening on ${where} only; set HOST=0.0.0.0 to expose` };
  if (config.demo && !isLoopback(config.host))
    return {
      level: 'warn',
      message: `demo data: listening on ${where} (HOST); its accounts' passwords are published in the README`,
    };
  return {
    level: 'info',
    message:
      config.hostReason === 'HOST'
        ? `listening on ${where} (HOST)`
        : `listening on ${where}: every interface (no demo data; HOST narrows it)`,
  };
}
