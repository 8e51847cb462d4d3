/**
 * Re-fetch before paid (MAYAR_VERIFY_PAID): purchases the webhook called paid wait as `unverified` until this
 * job reads each back from Mayar's API (`GET /hl/v2/transactions/{id}`). Mayar says paid with the same amount:
 * the purchase becomes paid (reports count it through their triggers) and its forwarder deliveries and package
 * are queued in the same transaction. Mayar says otherwise: it stays unpaid and is flagged `mismatch`. Mayar
 * unreachable: retried with exponential backoff. Runs once across nodes (job_leases, SKIP LOCKED).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { runOnce } from '../../jobs/runOnce.js';
import { type Attempt, doubling, drainClaimed } from '../../jobs/outbox.js';
import { writeAudit } from '../../services/audit.js';
import { intakeDb } from '../tables.js';
import { readSecret } from '../../secrets/index.js';
import { type MayarApi, MayarApiError, type MayarTransactionDetail } from './api.js';
import { queuePaidPurchase } from './webhook.js';

export const VERIFY_JOB = 'mayar:verify-paid';

export interface VerifyOptions {
  api: MayarApi;
  now: () => Date;
  /** Purchases per run; the rest wait for the next. */
  batch?: number;
  /** First retry delay after Mayar could not be reached; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** At most one run per this many ms across nodes (0: whenever no other node is running it). */
  everyMs?: number;
  /** A purchase that changed (became paid or was flagged), after its commit. */
  onChanged?: (change: VerifyChange) => void;
}

export interface VerifyChange {
  purchaseId: number;
  version: number;
  outcome: 'verified' | 'mismatch';
  deliveries: number;
}

export interface VerifyResult {
  checked: number;
  verified: number;
  mismatched: number;
  retried: number;
}

const idr = new Intl.NumberFormat('id-ID');

/** Why Mayar's answer contradicts the webhook, or null when it confirms a paid transaction of that amount. */
export function contradiction(detail: MayarTransactionDetail, amount: number): string | null {
  if (detail.status !== 'paid') return `Mayar says the transaction is "${detail.status}", not paid`;
  if (detail.amount === null) return 'Mayar answered without an amount';
  if (Math.round(detail.amount) !== amount)
    return `Mayar says the amount is Rp ${idr.format(detail.amount)}, the webhook said Rp ${idr.format(amount)}`;
  return null;
}

/** Delay before attempt `attempts + 1`: base · 2^attempts, capped (no jitter: one job sends them in turn). */
export const retryDelayMs = (attempts: number, baseMs: number, maxMs: number) =>
  doubling(baseMs, maxMs)(attempts + 1);

/** Verifies the due pending purchases once across nodes; `{ ran: false }` when another node holds the job. */
export async function verifyPendingPurchases(database: Kysely<Database>, options: VerifyOptions) {
  return runOnce(database, { name: VERIFY_JOB, everyMs: options.everyMs ?? 0, leaseMs: 5 * 60_000 }, () =>
    verifyDue(database, options),
  );
}

async function verifyDue(database: Kysely<Database>, options: VerifyOptions): Promise<VerifyResult> {
  const db = intakeDb(database);
  const baseDelayMs = options.baseDelayMs ?? 30_000;
  const maxDelayMs = options.maxDelayMs ?? 3_600_000;
  const due = await db
    .selectFrom('purchases')
    .select(['id', 'mayar_id', 'transaction_id', 'mayar_account_id', 'amount', 'verify_attempts', 'version'])
    .where('verification', '=', 'pending')
    .where('verify_next_at', '<=', options.now())
    .orderBy('verify_next_at')
    .limit(options.batch ?? 50)
    .execute();
  const result: VerifyResult = { checked: due.length, verified: 0, mismatched: 0, retried: 0 };
  const keys = new Map<string, string | null>();
  type Due = (typeof due)[number];
  /** Mayar's word on a purchase: paid as the webhook said (no note), or the contradiction. */
  const ask = async (purchase: Due): Promise<Attempt<{ note: string | null }>> => {
    if (!keys.has(purchase.mayar_account_id)) {
      const account = await db
        .selectFrom('mayar_accounts')
        .select('api_key')
        .where('id', '=', purchase.mayar_account_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      keys.set(purchase.mayar_account_id, account ? readSecret(account.api_key) : null);
    }
    const apiKey = keys.get(purchase.mayar_account_id);
    if (!apiKey) return { status: 'retry', error: 'The Mayar account has no API key' };
    try {
      const detail = await options.api.transactionDetail(
        apiKey,
        purchase.transaction_id ?? purchase.mayar_id,
      );
      return { status: 'sent', value: { note: contradiction(detail, Number(purchase.amount)) } };
    } catch (error) {
      if (!(error instanceof MayarApiError)) throw error;
      // Mayar not knowing the transaction contradicts the webhook; anything else may pass: try again later.
      return error.status === 404
        ? { status: 'sent', value: { note: 'Mayar does not know this transaction (404)' } }
        : { status: 'retry', error: error.message.slice(0, 500) };
    }
  };

  await drainClaimed<Due, { note: string | null }>({
    rows: due,
    send: ([purchase]) => ask(purchase!),
    record: async ([purchase], settled) => {
      const now = options.now();
      if (settled.status !== 'sent') {
        result.retried += 1;
        await db
          .updateTable('purchases')
          .set({
            verify_attempts: purchase!.verify_attempts + 1,
            verify_next_at: settled.nextAttemptAt,
            verify_note: settled.error,
          })
          .where('id', '=', purchase!.id)
          .where('verification', '=', 'pending')
          .execute();
        return;
      }
      const change = await recordAnswer(database, purchase!, settled.value.note, now);
      if (!change) return;
      if (change.outcome === 'verified') result.verified += 1;
      else result.mismatched += 1;
      options.onChanged?.(change);
    },
    // Tried again until Mayar answers (never given up: the purchase waits as unverified meanwhile).
    attemptsOf: (purchase) => purchase.verify_attempts + 1,
    policy: { schedule: doubling(baseDelayMs, maxDelayMs), maxAttempts: Infinity },
    now: options.now,
  });
  return result;
}

/**
 * Writes Mayar's answer on a purchase, with its audit entry and (paid) its deliveries and package, in one
 * transaction; null when a newer webhook changed the purchase meanwhile (its own verification follows).
 */
async function recordAnswer(
  database: Kysely<Database>,
  purchase: {
    id: string;
    verify_attempts: number;
    version: number;
  },
  note: string | null,
  now: Date,
): Promise<VerifyChange | null> {
  const verified = note === null;
  return database.transaction().execute(async (trx) => {
    const written = await intakeDb(trx)
      .updateTable('purchases')
      .set((eb) => ({
        ...(verified
          ? {
              transaction_status: 'paid',
              paid_at: eb.ref('mayar_updated_at'),
              verification: 'verified' as const,
              verify_note: null,
            }
          : { verification: 'mismatch' as const, verify_note: note }),
        verify_attempts: purchase.verify_attempts + 1,
        verify_next_at: null,
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      // A newer webhook written meanwhile starts its own verification: this answer is about the old one.
      .where('id', '=', purchase.id)
      .where('version', '=', purchase.version)
      .where('verification', '=', 'pending')
      .returning(['id', 'version', 'transaction_status', 'verification', 'verify_note'])
      .executeTakeFirst();
    if (!written) return null;
    await writeAudit(trx, {
      actorId: null,
      action: verified ? 'mayar_verified' : 'mayar_mismatch',
      entity: 'purchases',
      entityId: written.id,
      before: { transaction_status: 'unverified', verification: 'pending' },
      after: {
        transaction_status: written.transaction_status,
        verification: written.verification,
        verify_note: written.verify_note,
      },
    });
    const queued = verified ? await queuePaidPurchase(intakeDb(trx), written.id, now) : null;
    return {
      purchaseId: Number(written.id),
      version: written.version,
      outcome: verified ? ('verified' as const) : ('mismatch' as const),
      deliveries: queued?.deliveries ?? 0,
    };
  });
}
