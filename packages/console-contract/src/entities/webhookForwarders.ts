import { activeField, COLUMN, field, nameField, options, relationField } from './fields.js';
import type { EntityDef } from './types.js';

export const MAYAR_EVENT_OPTIONS = options({
  'payment.received': 'Payment received',
  'payment.reminder': 'Payment reminder',
  'shipper.status': 'Shipping status',
  'membership.newMemberRegistered': 'Membership: new member',
  'membership.changeTierMemberRegistered': 'Membership: tier changed',
  'membership.memberUnsubscribed': 'Membership: unsubscribed',
  'membership.memberExpired': 'Membership: expired',
});

/** A rule: which Mayar events (of which account / product) are forwarded where (Meta CAPI or an HTTP URL). */
export const webhookForwarders: EntityDef = {
  name: 'webhook_forwarders',
  label: 'Forwarding rule',
  labelPlural: 'Forwarding rules',
  permissionKey: 'databank_pixel_registries',
  titleField: 'name',
  description: 'Rules that forward Mayar webhooks to Meta Conversions API or another HTTP endpoint.',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: true,
  rules: [
    {
      kind: 'requiredWhen',
      field: 'pixel_registry_id',
      when: { field: 'destination', in: ['meta_capi'] },
      message: 'Pixel is required for Meta Conversions API',
    },
    {
      kind: 'requiredWhen',
      field: 'capi_event_name',
      when: { field: 'destination', in: ['meta_capi'] },
      message: 'Meta event is required for Meta Conversions API',
    },
    {
      kind: 'requiredWhen',
      field: 'url',
      when: { field: 'destination', in: ['http'] },
      message: 'URL is required for an HTTP destination',
    },
  ],
  fields: [
    nameField(120),
    relationField('mayar_account_id', 'Mayar account', 'mayar_accounts', {
      required: true,
      ...COLUMN.sortable,
    }),
    field.enum('event_filter', 'Mayar event', {
      required: true,
      defaultValue: 'payment.received',
      options: MAYAR_EVENT_OPTIONS,
      ...COLUMN.filterable,
    }),
    relationField('product_id', 'Only for product', 'products', {
      ...COLUMN.filterable,
      help: 'Leave empty to forward every product of the account.',
    }),
    field.enum('destination', 'Destination', {
      required: true,
      options: options({ meta_capi: 'Meta Conversions API', http: 'HTTP endpoint' }),
      ...COLUMN.sortable,
    }),
    relationField('pixel_registry_id', 'Pixel', 'pixel_registries', COLUMN.filterable),
    field.enum('capi_event_name', 'Meta event', {
      options: options({
        Purchase: 'Purchase',
        Lead: 'Lead',
        CompleteRegistration: 'Complete registration',
        InitiateCheckout: 'Initiate checkout',
        Subscribe: 'Subscribe',
      }),
      filterable: true,
    }),
    field.url('url', 'URL', { searchable: true }),
    field.secret('secret_header', 'Secret header', {
      maxLength: 500,
      help: 'Sent as X-Forwarder-Secret so the receiver can verify us.',
    }),
    field.integer('max_attempts', 'Max attempts', {
      required: true,
      defaultValue: 5,
      min: 1,
      max: 20,
      help: 'Failed deliveries are retried with backoff up to this many times.',
    }),
    activeField(),
  ],
};
