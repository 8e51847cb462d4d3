/**
 * Wire shapes of the logistics page's own calls (`/api/logistics/…`): receipt numbers in bulk, receipt
 * confirmation, packing labels, customer notifications and courier tracking. Row changes themselves are the
 * `packages` entity's (actions at `/api/resources/packages/:id/actions/:action`).
 */
import { z } from './zod.js';
import {
  COURIER_OPTIONS,
  RECEIPT_PATTERN,
  RECEIPT_FORMAT_MESSAGE,
  normaliseReceipt,
  receiptProblem,
} from './entities/couriers.js';

export {
  RECEIPT_FORMATS,
  RECEIPT_FORMAT_MESSAGE,
  RECEIPT_PATTERN,
  normaliseReceipt,
  receiptProblem,
} from './entities/couriers.js';

export const COURIER_CODES = COURIER_OPTIONS.map((option) => option.value);

const courier = z.enum(COURIER_CODES as [string, ...string[]], {
  error: `Must be one of the courier codes: ${COURIER_CODES.join(', ')}`,
});
const receipt = z
  .pipe(z.string({ error: 'Required' }), z.transform(normaliseReceipt))
  .check(z.refine((value) => RECEIPT_PATTERN.test(value), RECEIPT_FORMAT_MESSAGE));

/** One receipt to record: the package by id or by its order number. */
export const receiptRowSchema = z
  .strictObject({
    id: z.optional(z.number().check(z.int(), z.positive())),
    order_ref: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
    courier,
    receipt,
  })
  .check(
    z.refine((row) => row.id !== undefined || row.order_ref !== undefined, {
      message: 'Give the package id or its order number',
      path: ['order_ref'],
    }),
    z.superRefine((row, ctx) => {
      const problem = receiptProblem(row.courier, row.receipt);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['receipt'] });
    }),
  );
export type ReceiptRow = z.input<typeof receiptRowSchema>;

export const RECEIPTS_MAX = 500;

/** `POST /api/logistics/receipts`: all rows or none; a receipt is unique per courier. */
export const receiptsBodySchema = z.strictObject({
  rows: z.array(receiptRowSchema).check(z.minLength(1, 'At least one row'), z.maxLength(RECEIPTS_MAX)),
});
export type ReceiptsBody = z.input<typeof receiptsBodySchema>;

const packageRowSchema = z.record(z.string(), z.unknown());

export const packagesChangedSchema = z.object({
  count: z.number().check(z.int()),
  rows: z.array(packageRowSchema),
});
export type PackagesChanged = z.infer<typeof packagesChangedSchema>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (value: string) =>
  ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

export const idsSchema = z
  .array(z.number().check(z.int(), z.positive()), { error: 'A list of package ids' })
  .check(z.minLength(1, 'Select at least one package'), z.maxLength(RECEIPTS_MAX));

/** `POST /api/logistics/confirm`: Shipping → Delivered with who received it and on which day (Jakarta). */
export const confirmBodySchema = z.strictObject({
  ids: idsSchema,
  receiver_name: z
    .string({ error: 'Required' })
    .check(z.trim(), z.minLength(1, 'Required'), z.maxLength(120)),
  received_date: z.string({ error: 'Required' }).check(z.refine(realDay, 'A day as YYYY-MM-DD')),
});
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

/** `GET /api/logistics/labels.pdf?ids=1,2,3`. */
export const labelsQuerySchema = z.object({
  ids: z
    .pipe(
      z.string({ error: 'Required' }).check(z.regex(/^\d+(,\d+)*$/, 'Package ids separated by commas')),
      z.transform((text) => [...new Set(text.split(',').map(Number))]),
    )
    .check(z.refine((ids) => ids.length <= RECEIPTS_MAX, `At most ${RECEIPTS_MAX} packages`)),
});

/**
 * Receipt lines pasted or uploaded (CSV or tab-separated, as copied from a sheet): `order, courier, receipt`.
 * A header line is skipped; blank lines are ignored. Each problem names its line (1-based).
 *
 * @example
 * parseReceiptLines('INV-1,jne,JNE0012345678') // { rows: [{ order_ref: 'INV-1', courier: 'jne', receipt: 'JNE0012345678' }], errors: [] }
 */
export function parseReceiptLines(text: string): {
  rows: { order_ref: string; courier: string; receipt: string; line: number }[];
  errors: { line: number; message: string }[];
} {
  const rows: { order_ref: string; courier: string; receipt: string; line: number }[] = [];
  const errors: { line: number; message: string }[] = [];
  const names = new Map<string, string>();
  for (const option of COURIER_OPTIONS) {
    names.set(option.value, option.value);
    names.set(option.label.toLowerCase(), option.value);
  }
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const cells = raw.split(/\t|,|;/).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    if (index === 0 && /order/i.test(cells[0] ?? '') && /courier|kurir/i.test(cells[1] ?? '')) return;
    if (cells.length < 3) {
      errors.push({ line, message: 'Needs three columns: order, courier, receipt' });
      return;
    }
    const [order, courierText, receiptText] = cells as [string, string, string];
    const code = names.get(courierText.toLowerCase());
    const receiptValue = normaliseReceipt(receiptText);
    const problem = code ? receiptProblem(code, receiptValue) : null;
    if (!order) errors.push({ line, message: 'The order number is missing' });
    else if (!code) errors.push({ line, message: `Unknown courier "${courierText.slice(0, 30)}"` });
    else if (problem) errors.push({ line, message: problem });
    else rows.push({ order_ref: order, courier: code, receipt: receiptValue, line });
  });
  return { rows, errors };
}

/** The tracking state of a package: "not yet trackable" is a state of a new receipt, not an error. */
export const TRACKING_STATES = [
  'not_trackable_yet',
  'in_transit',
  'delivered',
  'returned',
  'problem',
  'error',
] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

export const trackingEventSchema = z.object({
  at: z.string(),
  description: z.string(),
  location: z.nullable(z.string()),
});

/** `GET /api/logistics/packages/:id/tracking` and the answer of `POST …/tracking` (look up now). */
export const trackingSchema = z.object({
  package_id: z.number().check(z.int()),
  state: z.nullable(z.enum(TRACKING_STATES)),
  courier_status: z.nullable(z.string()),
  message: z.nullable(z.string()),
  checked_at: z.nullable(z.string()),
  link: z.nullable(z.string()),
  events: z.array(trackingEventSchema),
});
export type Tracking = z.infer<typeof trackingSchema>;

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const;

export const notificationSchema = z.object({
  id: z.number().check(z.int()),
  package_id: z.number().check(z.int()),
  order_ref: z.string(),
  phone: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().check(z.int()),
  last_error: z.nullable(z.string()),
  next_attempt_at: z.string(),
  sent_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type PackageNotification = z.infer<typeof notificationSchema>;

/** `POST /api/logistics/notify` `{ ids }`: queues one WhatsApp message per package. */
export const notifyBodySchema = z.strictObject({ ids: idsSchema });
export const notifyResponseSchema = z.object({
  queued: z.number().check(z.int()),
  ids: z.array(z.number().check(z.int())),
});

/** `GET /api/logistics/notifications?status=failed`: newest first. */
export const notificationsQuerySchema = z.object({
  status: z.optional(z.enum(NOTIFICATION_STATUSES)),
  package_id: z.optional(z.coerce.number().check(z.int(), z.positive())),
});
export const notificationsResponseSchema = z.object({ data: z.array(notificationSchema) });

/** The path of one package or one customer message (`…/packages/:id/tracking`, `…/notifications/:id/retry`). */
export const logisticsIdParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });
/** `POST /api/logistics/notifications/:id/retry`. */
export const retryNotificationResponseSchema = z.object({ ok: z.literal(true) });
/** `GET /api/logistics/labels.pdf`: the file itself (the app fetches it as a Blob). */
export const labelsPdfSchema = z.string().check(z.describe('application/pdf'));

/** The approved WhatsApp template of the "package sent" message (a business may only open with a template). */
export const SHIPPED_TEMPLATE = { name: 'package_shipped', language: 'id' } as const;

/** The template's body parameters in order: {{1}} name, {{2}} courier, {{3}} receipt, {{4}} tracking link. */
export function shippedParameters(values: { name: string; courier: string; receipt: string; link: string }) {
  const courierLabel =
    COURIER_OPTIONS.find((option) => option.value === values.courier)?.label ?? values.courier.toUpperCase();
  return [values.name, courierLabel, values.receipt, values.link];
}

/**
 * The WhatsApp message telling a customer their package is on its way, in words (Indonesian, the customers'
 * language): what the template says with its parameters filled in.
 */
export function shippedMessage(values: { name: string; courier: string; receipt: string; link: string }) {
  const [name, courier, receipt, link] = shippedParameters(values);
  return `Halo ${name}, paket Anda sudah dikirim dengan ${courier}, nomor resi ${receipt}. Lacak paket: ${link}`;
}
