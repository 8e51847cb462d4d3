import { COLUMN, field, options, relationField } from './fields.js';
import type { EntityDef } from './types.js';

/** Mayar transaction statuses (lower-cased by the intake; anything else is shown as stored). */
export const PURCHASE_STATUS_OPTIONS = options({
  paid: 'Paid',
  unpaid: 'Unpaid',
  created: 'Created',
  pending: 'Pending',
  expired: 'Expired',
  failed: 'Failed',
  refunded: 'Refunded',
  closed: 'Closed',
  unknown: 'Unknown',
  // MAYAR_VERIFY_PAID: the webhook said paid, Mayar's API has not confirmed it (yet).
  unverified: 'Unverified',
});

/**
 * The Purchase Log: the newest state of each Mayar transaction, written by the webhook intake (never by staff).
 * Its table belongs to the intake's hand-written migration 400 (src/intake/migrations.ts in console-server), so
 * the generator skips it and no field here adds a column: every field is a column of that table. Writes are
 * refused by `access: 'read-only'` (as for package_events).
 */
export const purchases: EntityDef = {
  name: 'purchases',
  label: 'Purchase',
  labelPlural: 'Purchases',
  permissionKey: 'transaction_read_purchase_logs',
  titleField: 'mayar_id',
  description: 'Purchases Mayar reported through the webhook, newest first. Read-only.',
  defaultSort: { field: 'mayar_created_at', direction: 'desc' },
  softDelete: false,
  storage: 'migration',
  access: 'read-only',
  fields: [
    field.datetime('mayar_created_at', 'Created', {
      required: true,
      ...COLUMN.sortable,
    }),
    // Amount and Status right after the customer: the list's key columns, in view at 1440 px before the
    // contact and attribution columns (the table scrolls sideways for those).
    field.text('customer_name', 'Customer', { list: true, sortable: true, searchable: true }),
    field.money('amount', 'Amount', { required: true, list: true, sortable: true }),
    field.enum('transaction_status', 'Status', {
      required: true,
      options: PURCHASE_STATUS_OPTIONS,
      ...COLUMN.sortable,
    }),
    field.datetime('paid_at', 'Paid at', { list: true, sortable: true, filterable: true }),
    field.email('customer_email', 'Email', { list: true, sortable: true, searchable: true }),
    field.phone('customer_mobile', 'Phone', { list: true, searchable: true }),
    field.text('product_name', 'Product name', { list: true, sortable: true }),
    relationField('product_id', 'Product', 'products', { filterable: true }),
    field.boolean('unknown_product', 'Unknown product', {
      required: true,
      ...COLUMN.filterable,
      help: 'No product of the account has this Mayar product id.',
    }),
    relationField('mayar_account_id', 'Mayar account', 'mayar_accounts', {
      required: true,
      ...COLUMN.filterable,
    }),
    field.enum('verification', 'Mayar check', {
      options: options({ pending: 'Pending', verified: 'Verified', mismatch: 'Mismatch' }),
      list: true,
      filterable: true,
      help: 'MAYAR_VERIFY_PAID: the re-fetch from Mayar before the purchase counts as paid. Mismatch: Mayar contradicts the webhook.',
    }),
    field.text('verify_note', 'Mayar check note', {
      maxLength: 500,
      help: 'Why Mayar contradicts the webhook, or the last error reaching it.',
    }),
    field.text('payment_method', 'Payment method', { list: true, filterable: true }),
    field.text('coupon_used', 'Coupon', { list: true }),
    field.text('utm_source', 'UTM source', { list: true }),
    field.text('utm_campaign', 'UTM campaign'),
    field.text('mayar_id', 'Mayar id', { required: true, searchable: true }),
    field.text('transaction_id', 'Transaction id'),
    field.text('last_event', 'Last event', { required: true }),
  ],
};
