import type { FastifyInstance } from 'fastify';
import { type MayarApi, createMayarApi } from './mayar/api.js';
import { reconcileMayarAccount } from './mayar/reconcile.js';
import { DEFAULT_META_GRAPH_URL, drainAll } from './forwarder/worker.js';
import { verifyPendingPurchases } from './mayar/verify.js';
import { every } from '../jobs/every.js';
import { scheduleOnce } from '../jobs/runOnce.js';
import { type GraphPullOptions, enqueueScheduledRuns, processQueuedRuns } from './meta/pull.js';
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
  forwarderLeaseMs?: number;
  forwarderTimeoutMs?: number;
  /** Milliseconds between looks for queued Marketing API pulls (a new one also wakes the worker); false: off. */
  metaPullEveryMs?: number | false;
  /** The pull's polling and backoff timings (tests shorten them). */
  metaPull?: Partial<Omit<GraphPullOptions, 'baseUrl' | 'version'>>;
  /** MAYAR_VERIFY_PAID: paid only after the re-fetch from Mayar's API (src/intake/mayar/verify.ts). */
  verifyPaid?: boolean;
  /** Milliseconds between verification runs (a webhook waiting for one also wakes it at once). */
  verifyIntervalMs?: number;
  /** First retry delay of a re-fetch that could not reach Mayar. */
  verifyRetryBaseMs?: number;
}

export interface IntakeRuntime {
  mayarApi: MayarApi;
  /** Wakes the forwarder worker (no-op without workers). */
  kick: () => void;
  /** Wakes the Marketing API pull worker (no-op without workers). */
  kickPull: () => void;
  /** Wakes the verification job (no-op without workers or without verifyPaid). */
  kickVerify: () => void;
}

/** The intake's adapters and, when asked, its background work, started on ready and stopped on close. */
export function createIntakeRuntime(
  app: FastifyInstance,
  options: IntakeOptions,
  clock: () => Date,
): IntakeRuntime {
  const mayarApi = createMayarApi(options.mayarApiUrl ? { baseUrl: options.mayarApiUrl } : {});
  const runtime: IntakeRuntime = {
    mayarApi,
    kick: () => undefined,
    kickPull: () => undefined,
    kickVerify: () => undefined,
  };
  if (!options.workers) return runtime;

  const forwarder = every(
    options.forwarderIntervalMs ?? 2_000,
    async (signal) => {
      const result = await drainAll(
        app.database.db,
        {
          now: clock,
          ...(options.metaGraphUrl ? { graphUrl: options.metaGraphUrl } : {}),
          ...(options.metaGraphVersion ? { graphVersion: options.metaGraphVersion } : {}),
          ...(options.retryBaseMs ? { baseDelayMs: options.retryBaseMs } : {}),
          ...(options.forwarderTimeoutMs ? { timeoutMs: options.forwarderTimeoutMs } : {}),
          // A claim outlives the slowest send, so no other node takes rows still in flight.
          leaseMs: Math.max(options.forwarderLeaseMs ?? 60_000, (options.forwarderTimeoutMs ?? 10_000) * 2),
        },
        signal,
      );
      if (result.claimed > 0) app.log.info({ ...result }, 'forwarder drained');
    },
    'intake:forwarder',
  );
  runtime.kick = forwarder.kick;

  const minutes = options.reconcileEveryMinutes ?? 60;
  const reconciling =
    minutes === false
      ? null
      : every(
          minutes * 60_000,
          async () => {
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
                  verifyPaid: options.verifyPaid === true,
                  onTakenIn: (taken) => {
                    pushPurchaseChange(app, taken);
                    if (taken.deliveries > 0) forwarder.kick();
                    if (taken.awaitsVerification) verifying?.kick();
                  },
                });
                if (result.taken_in > 0) app.log.info({ account: account.id, ...result }, 'Mayar reconciled');
              } catch (error) {
                app.log.warn({ err: error, account: account.id }, 'Mayar reconciliation failed');
              }
            }
          },
          'intake:reconcile',
        );
  // Marketing API pulls: this node runs queued ones (claimed with SKIP LOCKED, so one node per run), and the
  // daily schedule queues each enabled account's window once a day across nodes.
  const graphUrl = options.metaGraphUrl ?? DEFAULT_META_GRAPH_URL;
  const pulling =
    options.metaPullEveryMs === false
      ? null
      : every(
          options.metaPullEveryMs ?? 30_000,
          async () => {
            const ran = await processQueuedRuns(app.database.db, {
              ...options.metaPull,
              baseUrl: graphUrl,
              ...(options.metaGraphVersion ? { version: options.metaGraphVersion } : {}),
              now: clock,
            });
            if (ran > 0) app.log.info({ ran }, 'Meta insights pulled');
          },
          'intake:meta-pull',
        );
  if (pulling) runtime.kickPull = pulling.kick;
  const pullSchedule =
    options.metaPullEveryMs === false
      ? null
      : scheduleOnce(
          app.database.db,
          { name: 'meta-pull:schedule', everyMs: 15 * 60_000 },
          () => enqueueScheduledRuns(app.database.db, clock()),
          {
            onRan: (queued) => {
              if (queued > 0) pulling?.kick();
            },
            onError: (error) => app.log.warn({ err: error }, 'Meta pull schedule failed'),
          },
        );
  const verifying = options.verifyPaid
    ? every(
        options.verifyIntervalMs ?? 15_000,
        async () => {
          const outcome = await verifyPendingPurchases(app.database.db, {
            api: mayarApi,
            now: clock,
            ...(options.verifyRetryBaseMs ? { baseDelayMs: options.verifyRetryBaseMs } : {}),
            onChanged: (change) => {
              pushPurchaseChange(app, {
                inboxId: 0,
                status: 'accepted',
                deliveries: change.deliveries,
                purchase: { id: change.purchaseId, action: 'update', version: change.version },
              });
              if (change.deliveries > 0) forwarder.kick();
            },
          });
          if (outcome.ran && outcome.result.checked > 0)
            app.log.info({ ...outcome.result }, 'Mayar verified');
        },
        'intake:verify',
      )
    : null;
  if (verifying) runtime.kickVerify = verifying.kick;
  app.addHook('onReady', async () => {
    forwarder.kick();
    pulling?.kick();
    verifying?.kick();
  });
  app.addHook('onClose', async () => {
    await verifying?.stop();
    await forwarder.stop();
    await reconciling?.stop();
    await pulling?.stop();
    await pullSchedule?.stop();
  });
  return runtime;
}
