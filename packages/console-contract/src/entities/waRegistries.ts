import { activeField, COLUMN, field, namedEntity, options, relationField } from './fields.js';
import type { EntityDef } from './types.js';

/** A WhatsApp number the business sends from (notifications, CS, bot) and its gateway token. */
export const waRegistries: EntityDef = namedEntity(120, {
  name: 'wa_registries',
  label: 'WhatsApp number',
  labelPlural: 'WA registries',
  permissionKey: 'databank_whatsapp_notifications',
  description: 'WhatsApp sender numbers, their gateway and token (write-only).',
  fields: [
    field.phone('phone', 'Number', {
      required: true,
      unique: true,
      list: true,
      searchable: true,
      filterable: true,
    }),
    field.enum('purpose', 'Purpose', {
      required: true,
      options: options({ notification: 'Notification', cs: 'Customer service', bot: 'Bot' }),
      ...COLUMN.sortable,
    }),
    field.enum('provider', 'Gateway', {
      required: true,
      options: options({
        fonnte: 'Fonnte',
        wablas: 'Wablas',
        woowa: 'Woowa',
        qontak: 'Qontak',
        cloud_api: 'WhatsApp Cloud API',
      }),
      ...COLUMN.sortable,
    }),
    field.secret('provider_token', 'Gateway token', { required: true, maxLength: 1000, list: true }),
    relationField('product_id', 'Product', 'products', { filterable: true }),
    relationField('tribe_id', 'Tribe', 'tribes', COLUMN.filterable),
    activeField(),
  ],
});
