import { activeField, COLUMN, field, nameField, options, relationField } from './fields.js';
import type { EntityDef } from './types.js';

/** A WhatsApp number the business sends from (notifications, CS, bot) and its gateway token. */
export const waRegistries: EntityDef = {
  name: 'wa_registries',
  label: 'WhatsApp number',
  labelPlural: 'WA registries',
  permissionKey: 'databank_whatsapp_notifications',
  titleField: 'name',
  description: 'WhatsApp sender numbers, their gateway and token (write-only).',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: true,
  fields: [
    nameField(120),
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
};
