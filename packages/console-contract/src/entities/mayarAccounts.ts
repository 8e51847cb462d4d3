import { activeField, COLUMN, field, namedEntity, notesField, options } from './fields.js';
import type { EntityDef } from './types.js';

/** A Mayar merchant account: its API key pulls transactions, its webhook token verifies incoming webhooks. */
export const mayarAccounts: EntityDef = namedEntity(120, {
  name: 'mayar_accounts',
  label: 'Mayar account',
  labelPlural: 'Mayar accounts',
  permissionKey: 'databank_mayar_accounts',
  description: 'Mayar merchant accounts with their API key and webhook token (write-only).',
  fields: [
    field.text('merchant_id', 'Merchant id', {
      required: true,
      maxLength: 64,
      unique: true,
      list: true,
      searchable: true,
    }),
    field.email('merchant_email', 'Merchant email', { required: true, list: true, searchable: true }),
    field.enum('env', 'Environment', {
      required: true,
      defaultValue: 'production',
      options: options({ production: 'Production', sandbox: 'Sandbox' }),
      ...COLUMN.sortable,
    }),
    field.secret('api_key', 'API key', {
      required: true,
      maxLength: 500,
      list: true,
      help: 'Mayar dashboard → Integration → API Key. Never shown again in full.',
    }),
    field.secret('webhook_token', 'Webhook token', {
      required: true,
      maxLength: 500,
      help: 'Verifies webhooks Mayar sends to us.',
    }),
    activeField(),
    notesField(),
  ],
});
