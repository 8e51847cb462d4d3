/**
 * The demo's outside services: `npm start` with demo data on and an outside service's URL unset forks the fakes
 * program (test/fakes/demo.ts, built to dist/demo-fakes.js) on loopback and points the adapters at it. The fakes
 * are a separate program, never code of this server (ADR 027); a deployment that sets the URLs never starts them.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { readSecret } from '../secrets/index.js';
import { sealSecret } from '../secrets/index.js';

export const DEMO_FAKES = ['mayar', 'graph', 'whatsapp', 'courier', 'openai'] as const;
export type DemoFake = (typeof DEMO_FAKES)[number];

/** The app secret the fake WhatsApp signs its webhook calls with when WHATSAPP_APP_SECRET is not set. */
export const DEMO_WHATSAPP_APP_SECRET = 'demo-whatsapp-app-secret';

/** What the server tells the fakes once it listens and its demo data is there: play customers. */
export interface PlayMessage {
  type: 'play';
  serverUrl: string;
  everyMs: number;
  whatsapp?: { appSecret: string; numbers: string[] };
  mayar?: {
    accountId: number;
    token: string;
    productId: string;
    productName: string;
    productType: string;
    price: number;
    campaignId: string | null;
  }[];
}

export interface ReadyMessage {
  type: 'ready';
  urls: Partial<Record<DemoFake, string>>;
}

export interface DemoFakes {
  urls: ReadyMessage['urls'];
  play: (message: Omit<PlayMessage, 'type'>) => void;
  stop: () => Promise<void>;
}

/** The fakes whose service has no URL in the configuration. */
export function missingServices(config: ServerConfig): DemoFake[] {
  const set: Record<DemoFake, string | undefined> = {
    mayar: config.intake.mayarApiUrl,
    graph: config.intake.metaGraphUrl,
    whatsapp: config.whatsapp.apiUrl,
    courier: config.logistics.courierTrackingUrl,
    openai: config.insights.baseUrl,
  };
  return DEMO_FAKES.filter((name) => !set[name]);
}

/** Points the configuration's unset outside services at the fakes (returns a new configuration). */
export function withFakes(config: ServerConfig, urls: ReadyMessage['urls']): ServerConfig {
  return {
    ...config,
    intake: {
      ...config.intake,
      mayarApiUrl: config.intake.mayarApiUrl ?? urls.mayar,
      metaGraphUrl: config.intake.metaGraphUrl ?? urls.graph,
    },
    whatsapp: {
      ...config.whatsapp,
      apiUrl: config.whatsapp.apiUrl ?? urls.whatsapp,
      appSecret: config.whatsapp.appSecret ?? (urls.whatsapp ? DEMO_WHATSAPP_APP_SECRET : undefined),
    },
    logistics: {
      ...config.logistics,
      courierTrackingUrl: config.logistics.courierTrackingUrl ?? urls.courier,
    },
    insights: { ...config.insights, baseUrl: config.insights.baseUrl ?? urls.openai },
  };
}

/** The fakes program: beside the built server, or the TypeScript source when the server runs through tsx. */
function programPath(): { file: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('./demo-fakes.js', import.meta.url));
  if (existsSync(built)) return { file: built, execArgv: [] };
  return {
    file: fileURLToPath(new URL('../../test/fakes/demo.ts', import.meta.url)),
    execArgv: process.execArgv,
  };
}

/** Forks the fakes program for `names` and resolves with their URLs once they listen. */
export async function startDemoFakes(names: readonly DemoFake[], timeoutMs = 30_000): Promise<DemoFakes> {
  const { file, execArgv } = programPath();
  const child: ChildProcess = fork(file, [names.join(',')], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the demo fakes did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (message: ReadyMessage) => {
      clearTimeout(timer);
      resolve(message);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the demo fakes exited during start (code ${code})`));
    });
  });
  // The fakes must never hold the server open.
  child.unref();
  child.channel?.unref();
  return {
    urls: ready.urls,
    play: (message) => {
      if (child.connected) child.send({ type: 'play', ...message } satisfies PlayMessage);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Who the fake customers are: the first active WA Registries numbers (customer service and bot first, the numbers
 * the demo's conversations use, so replies and the bot work on what they write) and the products the demo
 * campaigns sell.
 */
export async function demoPlayers(
  db: Kysely<Database>,
  appSecret: string | undefined,
): Promise<Pick<PlayMessage, 'whatsapp' | 'mayar'>> {
  const numbers = await sql<{ phone: string }>`
    select phone from wa_registries where deleted_at is null and phone is not null and active
    order by (purpose in ('cs', 'bot')) desc, id limit 3`.execute(db);
  const sales = await sql<{
    account_id: string;
    webhook_token: string | null;
    mayar_product_id: string;
    name: string;
    product_type: string;
    price: string;
    campaign_id: string;
  }>`
    select distinct on (p.id) p.mayar_account_id as account_id, a.webhook_token, p.mayar_product_id, p.name,
      p.product_type, p.price, c.campaign_id
    from ad_campaigns c
    join products p on p.id = c.product_id
    join mayar_accounts a on a.id = p.mayar_account_id
    where c.campaign_id in (select distinct campaign_id from ad_insights_daily where source = 'seed')
      and c.deleted_at is null and p.deleted_at is null and a.deleted_at is null and p.mayar_product_id is not null
    order by p.id limit 4`.execute(db);
  const mayar = sales.rows.flatMap((row) => {
    const token = readSecret(row.webhook_token);
    return token
      ? [
          {
            accountId: Number(row.account_id),
            token,
            productId: row.mayar_product_id,
            productName: row.name,
            productType: row.product_type,
            price: Number(row.price),
            campaignId: row.campaign_id,
          },
        ]
      : [];
  });
  return {
    ...(appSecret && numbers.rows.length > 0
      ? { whatsapp: { appSecret, numbers: numbers.rows.map((row) => row.phone.replace(/\D/g, '')) } }
      : {}),
    ...(mayar.length > 0 ? { mayar } : {}),
  };
}

/**
 * The demo's Marketing API pull: one ad account (any token suits the fake Graph) when none is set up, so the
 * daily pull and "Pull from Meta" work under `npm start` without a real account.
 */
export async function ensureDemoAdAccount(db: Kysely<Database>): Promise<void> {
  await sql`
    insert into meta_ad_accounts (name, ad_account_id, access_token, pull_enabled)
    select 'Demo ad account', 'act_1029384756', ${sealSecret('demo-fake-graph-token')}, true
    where not exists (select 1 from meta_ad_accounts)`.execute(db);
}
