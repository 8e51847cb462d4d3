import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { runExclusive } from '../../jobs/runOnce.js';
import { intakeDb } from '../tables.js';
import { readSecret } from '../../secrets/index.js';
import type { MayarApi } from './api.js';
import { type IngestResult, ingestMayarEvent, parseMayarBody } from './webhook.js';

export interface ReconcileResult {
  pages: number;
  seen: number;
  taken_in: number;
  finished_at: string;
}

export interface ReconcileOptions {
  api: MayarApi;
  now: () => Date;
  pageSize?: number;
  /** Stop after this many pages even when Mayar has more (the schedule comes back). */
  maxPages?: number;
  /** MAYAR_VERIFY_PAID: what reconciliation takes in waits for the re-fetch too. */
  verifyPaid?: boolean;
  onTakenIn?: (result: IngestResult) => void;
}

export const reconcileJobName = (accountId: number) => `mayar-reconcile:${accountId}`;

/**
 * Compares Mayar's webhook history (newest first) with the inbox and takes in what never arrived, through the
 * same intake code as the webhook. Stops at the first page where every event is already known. Runs once
 * across nodes (a lease per account).
 */
export async function reconcileMayarAccount(
  database: Kysely<Database>,
  accountId: number,
  options: ReconcileOptions,
): Promise<ReconcileResult> {
  const db = intakeDb(database);
  const account = await db
    .selectFrom('mayar_accounts')
    .select(['id', 'api_key'])
    .where('id', '=', String(accountId))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!account) throw new Error(`Mayar account ${accountId} not found`);
  const apiKey = readSecret(account.api_key);
  if (!apiKey) throw new Error(`Mayar account ${accountId} has no API key`);
  const pageSize = options.pageSize ?? 50;
  const maxPages = options.maxPages ?? 20;

  return runExclusive(database, { name: reconcileJobName(accountId), leaseMs: 10 * 60_000 }, async () => {
    let pages = 0;
    let seen = 0;
    let takenIn = 0;
    for (let page = 1; page <= maxPages; page += 1) {
      const history = await options.api.webhookHistory(apiKey, page, pageSize);
      pages += 1;
      let newOnPage = 0;
      for (const entry of history.data) {
        seen += 1;
        let key: { event: string; dataId: string; updatedAt: Date | null };
        try {
          key = parseMayarBody(entry.payload);
        } catch {
          continue; // Mayar's own record of a body we could not read either: nothing to take in.
        }
        const known = await db
          .selectFrom('mayar_webhook_inbox')
          .select('id')
          .where('mayar_account_id', '=', String(accountId))
          .where('event', '=', key.event)
          .where('data_id', '=', key.dataId)
          .where('status', '<>', 'rejected')
          .executeTakeFirst();
        if (known) continue;
        newOnPage += 1;
        const result = await ingestMayarEvent(database, {
          accountId,
          rawBody: entry.payload,
          headers: {},
          source: 'reconciliation',
          historyId: entry.id,
          now: options.now(),
          verifyPaid: options.verifyPaid === true,
        });
        if (result.status === 'accepted') {
          takenIn += 1;
          options.onTakenIn?.(result);
        }
      }
      if (!history.hasMore || newOnPage === 0) break;
    }
    return { pages, seen, taken_in: takenIn, finished_at: options.now().toISOString() };
  });
}
