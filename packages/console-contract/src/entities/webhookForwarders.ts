import { activeField, COLUMN, field, namedEntity, options, relationField } from './fields.js';
import { rule } from './rules.js';
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
export const webhookForwarders: EntityDef = namedEntity(120, {
  name: 'webhook_forwarders',
  label: 'Forwarding rule',
  labelPlural: 'Forwarding rules',
  permissionKey: 'databank_pixel_registries',
  description: 'Rules that forward Mayar webhooks to Meta Conversions API or another HTTP endpoint.',
  rules: [
    rule.requiredWhen(
      'pixel_registry_id',
      'destination',
      ['meta_capi'],
      'Pixel is required for Meta Conversions API',
    ),
    rule.requiredWhen(
      'capi_event_name',
      'destination',
      ['meta_capi'],
      'Meta event is required for Meta Conversions API',
    ),
    rule.requiredWhen('url', 'destination', ['http'], 'URL is required for an HTTP destination'),
  ],
  fields: [
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
});
