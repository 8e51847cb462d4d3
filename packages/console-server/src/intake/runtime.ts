import type { FastifyInstance } from 'fastify';
import { type MayarApi, createMayarApi } from './mayar/api.js';
import { reconcileMayarAccount } from './mayar/reconcile.js';
import { drainAll } from './forwarder/worker.js';
import { every } from './jobs.js';
import { pushPurchaseChange } from './routes.js';
import { intakeDb } from './tables.js';

export interface IntakeOptions {
  /** MAYAR_API_URL: Mayar's API, its sandbox or a fake. */
  mayarApiUrl?: string;
  /** META_GRAPH_URL / META_GRAPH_VERSION: Meta's Graph API or a fake. */
  metaGraphUrl?: string;
  metaGraphVersion?: string;
  /** Run the forwarder worker and the reconciliation schedule in this process (the server does; tests drive them). */
  workers?: boolean;
  /** Milliseconds between outbox drains (a new delivery also wakes the worker at once). */
  forwarderIntervalMs?: number;
  /** Minutes between reconciliations of every active Mayar account; false turns the schedule off. */
  reconcileEveryMinutes?: number | false;
  /** First retry delay of a failed delivery. */
  retryBaseMs?: number;
}

export interface IntakeRuntime {
  mayarApi: MayarApi;
  /** Wakes the forwarder worker (no-op without workers). */
  kick: () => void;
}

/** The intake's adapters and, when asked, its background work, started on ready and stopped on close. */
export function createIntakeRuntime(
  app: FastifyInstance,
  options: IntakeOptions,
  clock: () => Date,
): IntakeRuntime {
  const mayarApi = createMayarApi(options.mayarApiUrl ? { baseUrl: options.mayarApiUrl } : {});
  const runtime: IntakeRuntime = { mayarApi, kick: () => undefined };
  if (!options.workers) return runtime;

  const forwarder = every(options.forwarderIntervalMs ?? 2_000, async () => {
    const result = await drainAll(app.database.db, {
      now: clock,
      ...(options.metaGraphUrl ? { graphUrl: options.metaGraphUrl } : {}),
      ...(options.metaGraphVersion ? { graphVersion: options.metaGraphVersion } : {}),
      ...(options.retryBaseMs ? { baseDelayMs: options.retryBaseMs } : {}),
    });
    if (result.claimed > 0) app.log.info({ ...result }, 'forwarder drained');
  });
  runtime.kick = forwarder.kick;

  const minutes = options.reconcileEveryMinutes ?? 60;
  const reconciling =
    minutes === false
      ? null
      : every(minutes * 60_000, async () => {
          const accounts = await intakeDb(app.database.db)
            .selectFrom('mayar_accounts')
            .select('id')
            .where('active', '=', true)
            .where('deleted_at', 'is', null)
            .execute();
          for (const account of accounts) {
            try {
              const result = await reconcileMayarAccount(app.database.db, Number(account.id), {
                api: mayarApi,
                now: clock,
                onTakenIn: (taken) => {
                  pushPurchaseChange(app, taken);
                  if (taken.deliveries > 0) forwarder.kick();
                },
              });
              if (result.taken_in > 0) app.log.info({ account: account.id, ...result }, 'Mayar reconciled');
            } catch (error) {
              app.log.warn({ err: error, account: account.id }, 'Mayar reconciliation failed');
            }
          }
        });
  app.addHook('onReady', async () => forwarder.kick());
  app.addHook('onClose', async () => {
    await forwarder.stop();
    await reconciling?.stop();
  });
  return runtime;
}
