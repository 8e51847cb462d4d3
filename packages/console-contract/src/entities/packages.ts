import { COLUMN, field, sameOptions } from './fields.js';
import type { EntityAction, EntityDef } from './types.js';
import { COURIER_OPTIONS, normaliseReceipt, receiptProblem } from './couriers.js';

export { COURIER_OPTIONS } from './couriers.js';

/** Package statuses (spec section 3: Waiting, Ready to Ship, Shipping; domain model: Delivered, Returned). */
export const PACKAGE_STATUSES = ['Waiting', 'Ready to Ship', 'Shipping', 'Delivered', 'Returned', 'Problem'];

/**
 * The logistics window of both presets (spec section 9): 30 days, the default of the `logistics_filter_days`
 * config the app reads. The presets themselves are the `views` below, their one owner (the server filters by
 * them, the app hands them to console-ui's FilterBar as data).
 */
export const LOGISTICS_WINDOW_DAYS = 30;

/**
 * A package sent to a customer. Status moves only through the actions (Waiting → Ready to Ship → Shipping →
 * Delivered or Returned; Problem from any open state). The two logistics routes share it with two views.
 */
/** A write action that moves a package's status from one of `from` to `to` (spreading `extra` after). */
const move = (
  name: string,
  label: string,
  from: string[],
  to: string,
  extra: Pick<EntityAction, 'set' | 'bulk'> = {},
): EntityAction => ({ name, label, mode: 'write', transition: { field: 'status', from, to }, ...extra });

export const packages: EntityDef = {
  name: 'packages',
  label: 'Package',
  labelPlural: 'Packages',
  permissionKey: 'transaction_package_tracking',
  titleField: 'order_ref',
  description: 'Packages to customers: packing, shipping with a receipt (resi), receipt confirmation.',
  defaultSort: { field: 'date_sent', direction: 'desc' },
  softDelete: true,
  rules: [
    {
      // The same check as the bulk receipt entry: a typo in an edit is a parcel the customer cannot track.
      kind: 'formatBy',
      field: 'receipt',
      by: 'courier',
      problem: (courier, receipt) => receiptProblem(courier, normaliseReceipt(receipt)),
      message: 'The receipt does not fit its courier',
    },
  ],
  fields: [
    field.text('order_ref', 'Order', {
      required: true,
      maxLength: 60,
      ...COLUMN.searchable,
      help: 'Invoice or purchase number the package belongs to.',
    }),
    field.text('recipient_name', 'Recipient', {
      required: true,
      maxLength: 120,
      ...COLUMN.searchable,
    }),
    field.phone('phone', 'Phone', { required: true, list: true, searchable: true }),
    field.longtext('address', 'Address', { required: true, maxLength: 500 }),
    field.integer('qty', 'Qty', { required: true, min: 1, max: 1000, defaultValue: 1, list: true }),
    field.enum('status', 'Status', {
      required: true,
      options: sameOptions(PACKAGE_STATUSES),
      defaultValue: 'Waiting',
      ...COLUMN.sortable,
    }),
    field.enum('courier', 'Courier', { options: COURIER_OPTIONS, list: true, filterable: true }),
    field.enum('service', 'Service', { options: sameOptions(['REG', 'OKE', 'YES']), filterable: true }),
    field.text('receipt', 'Receipt', {
      maxLength: 40,
      list: true,
      searchable: true,
      help: 'Resi / airway bill.',
    }),
    field.money('shipping_cost', 'Shipping cost'),
    field.date('date_sent', 'Date sent', { list: true, sortable: true, filterable: true }),
    field.boolean('cust_notified', 'Customer notified', {
      required: true,
      defaultValue: false,
      ...COLUMN.filterable,
    }),
    field.datetime('notified_at', 'Notified at', { readOnly: true }),
    field.datetime('received_at', 'Received at', { sortable: true }),
    field.text('receiver_name', 'Received by', { maxLength: 120 }),
  ],
  actions: [
    move('ready', 'Ready to ship', ['Waiting', 'Problem'], 'Ready to Ship', { bulk: true }),
    move('ship', 'Shipped', ['Ready to Ship'], 'Shipping', { set: { date_sent: '$today' }, bulk: true }),
    move('deliver', 'Delivered', ['Shipping'], 'Delivered', { set: { received_at: '$now' }, bulk: true }),
    move('return', 'Returned', ['Shipping'], 'Returned'),
    move('problem', 'Problem', ['Waiting', 'Ready to Ship', 'Shipping'], 'Problem'),
    {
      name: 'notify',
      label: 'Customer notified',
      mode: 'write',
      set: { cust_notified: true, notified_at: '$now' },
      bulk: true,
    },
  ],
  views: [
    {
      // Spec section 4: status Waiting or Ready to Ship, or sent within 30 days, or not sent; cust_notified hidden.
      id: 'packaging',
      label: 'Packaging',
      any: [
        [{ field: 'status', op: 'in', values: ['Waiting', 'Ready to Ship'] }],
        [{ field: 'date_sent', op: 'within', days: LOGISTICS_WINDOW_DAYS }],
        [{ field: 'date_sent', op: 'empty', empty: true }],
      ],
      hiddenColumns: ['cust_notified'],
    },
    {
      // Spec section 4: status Shipping, or sent within 30 days; the receipt column's rendering hidden.
      id: 'receipt-confirmation',
      label: 'Receipt Confirmation',
      any: [
        [{ field: 'status', op: 'in', values: ['Shipping'] }],
        [{ field: 'date_sent', op: 'within', days: LOGISTICS_WINDOW_DAYS }],
      ],
      hiddenRenderings: ['receipt'],
    },
  ],
};

/**
 * Courier tracking history of a package: written by the tracking lookup, never by staff (read-only; the
 * first read-only entity — logs follow the same shape).
 */
export const packageEvents: EntityDef = {
  name: 'package_events',
  label: 'Tracking event',
  labelPlural: 'Tracking events',
  permissionKey: 'transaction_package_tracking',
  titleField: 'description',
  description: 'What the courier reported for a package, newest first.',
  defaultSort: { field: 'at', direction: 'desc' },
  softDelete: false,
  access: 'read-only',
  fields: [
    field.relation('package_id', 'Package', {
      required: true,
      relation: { entity: 'packages', labelField: 'order_ref' },
      ...COLUMN.filterable,
    }),
    field.datetime('at', 'At', { required: true, list: true, sortable: true, filterable: true }),
    field.text('description', 'Description', {
      required: true,
      maxLength: 300,
      list: true,
      searchable: true,
    }),
    field.text('location', 'Location', { maxLength: 120, list: true, searchable: true }),
  ],
};
