import { z } from './zod.js';

/**
 * Processing the Change Email page's requests (issue #32): a pending request is approved (its purchases move to
 * the new email, the customer hears it on WhatsApp, Mayar's customer is updated) or rejected with a reason.
 * Each decision is kept once per request in `change_email_decisions`.
 */

/** The approved WhatsApp template that tells a customer their access moved (a business opens with a template). */
export const EMAIL_CHANGED_TEMPLATE = { name: 'email_changed', language: 'id' } as const;

/** The template's body parameters in order: {{1}} name, {{2}} old email, {{3}} new email. */
export function emailChangedParameters(values: { name: string; oldEmail: string; newEmail: string }) {
  return [values.name, values.oldEmail, values.newEmail];
}

/** What the template says with its parameters filled in (Indonesian, the customers' language). */
export function emailChangedMessage(values: { name: string; oldEmail: string; newEmail: string }) {
  const [name, oldEmail, newEmail] = emailChangedParameters(values);
  return `Halo ${name}, akses produk Anda sudah dipindahkan dari ${oldEmail} ke ${newEmail}. Silakan masuk dengan email baru.`;
}

export const CHANGE_EMAIL_REASON_MAX = 500;
/** How many requests one bulk decision may carry. */
export const CHANGE_EMAIL_BULK_MAX = 100;

export const CHANGE_EMAIL_MESSAGES = {
  reasonRequired: 'Give a reason for rejecting',
  alreadyApproved: 'This email change was already approved; it cannot be processed again.',
  alreadyRejected: 'This email change was already rejected; it cannot be processed again.',
  nothingToMove:
    'No purchase under the old email matches this request; check the old email, the transaction id and the product.',
} as const;

/** Error codes of a refused decision. */
export const CHANGE_EMAIL_CODES = {
  alreadyProcessed: 'ALREADY_PROCESSED',
  nothingToMove: 'NOTHING_TO_MOVE',
} as const;

const reasonSchema = z
  .string(CHANGE_EMAIL_MESSAGES.reasonRequired)
  .check(
    z.trim(),
    z.minLength(1, CHANGE_EMAIL_MESSAGES.reasonRequired),
    z.maxLength(CHANGE_EMAIL_REASON_MAX),
  );

/** `POST /api/change-emails/:id/approve` takes no body; `…/reject` a reason. */
export const changeEmailIdParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });
export const rejectChangeEmailBodySchema = z.object({ reason: reasonSchema });

/** A bulk decision: each request in its own transaction; a reject needs its reason. */
export const bulkChangeEmailBodySchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    ids: z
      .array(z.number().check(z.int(), z.positive()))
      .check(z.minLength(1), z.maxLength(CHANGE_EMAIL_BULK_MAX)),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(CHANGE_EMAIL_REASON_MAX))),
  })
  .check(
    z.refine((body) => body.decision === 'approve' || Boolean(body.reason), {
      message: CHANGE_EMAIL_MESSAGES.reasonRequired,
      path: ['reason'],
    }),
  );

/** Where the customer's WhatsApp message stands (`skipped` with why when none could be queued). */
export const changeEmailNotificationSchema = z.object({
  status: z.enum(['pending', 'accepted', 'sent', 'delivered', 'read', 'failed', 'skipped']),
  message_id: z.nullable(z.number()),
  detail: z.nullable(z.string()),
});

/** One call to Mayar's "update customer email" per Mayar account whose purchases moved. */
export const changeEmailMayarUpdateSchema = z.object({
  id: z.number(),
  mayar_account_id: z.number(),
  status: z.enum(['pending', 'done', 'failed']),
  attempts: z.number(),
  last_error: z.nullable(z.string()),
});

export const changeEmailDecisionSchema = z.object({
  change_email_id: z.number(),
  decision: z.enum(['approved', 'rejected']),
  reason: z.nullable(z.string()),
  decided_by: z.nullable(z.number()),
  decided_by_name: z.nullable(z.string()),
  decided_at: z.string(),
  purchases_moved: z.number(),
  notification: z.nullable(changeEmailNotificationSchema),
  mayar_updates: z.array(changeEmailMayarUpdateSchema),
});
export type ChangeEmailDecision = z.infer<typeof changeEmailDecisionSchema>;

export const changeEmailDecisionResponseSchema = z.object({ data: changeEmailDecisionSchema });
/** `GET /api/change-emails/:id/decision`: null while the request is pending. */
export const changeEmailDecisionOrNoneSchema = z.object({ data: z.nullable(changeEmailDecisionSchema) });

/** One request's outcome in a bulk decision: its decision, or the refusal as the single call would answer. */
export const bulkChangeEmailResultSchema = z.object({
  id: z.number(),
  ok: z.boolean(),
  decision: z.nullable(changeEmailDecisionSchema),
  status: z.nullable(z.number()),
  code: z.nullable(z.string()),
  message: z.nullable(z.string()),
});
export type BulkChangeEmailResult = z.infer<typeof bulkChangeEmailResultSchema>;
export const bulkChangeEmailResponseSchema = z.object({ results: z.array(bulkChangeEmailResultSchema) });
