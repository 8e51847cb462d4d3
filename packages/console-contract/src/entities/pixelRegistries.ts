import { activeField, field, nameField } from './fields.js';
import type { EntityDef } from './types.js';

/** A Meta pixel with the Conversions API token the webhook forwarder uses to send purchases. */
export const pixelRegistries: EntityDef = {
  name: 'pixel_registries',
  label: 'Pixel',
  labelPlural: 'Pixel registries',
  permissionKey: 'databank_pixel_registries',
  titleField: 'name',
  description: 'Meta pixels and their Conversions API access tokens (write-only).',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: true,
  fields: [
    nameField(120),
    field.text('pixel_id', 'Pixel id', {
      required: true,
      maxLength: 20,
      unique: true,
      pattern: '^[0-9]{10,20}$',
      patternMessage: 'Use the numeric pixel id (10–20 digits)',
      list: true,
      searchable: true,
    }),
    field.secret('capi_access_token', 'CAPI access token', {
      required: true,
      maxLength: 1000,
      list: true,
      help: 'Events Manager → Settings → Conversions API → Generate access token.',
    }),
    field.text('test_event_code', 'Test event code', {
      maxLength: 20,
      pattern: '^TEST[0-9]{3,10}$',
      patternMessage: 'Use the code from Events Manager, e.g. TEST12345',
      normalize: 'upper',
      help: 'While set, events go to Test Events only. Clear it for live traffic.',
    }),
    field.text('ad_account_id', 'Ad account', {
      maxLength: 28,
      pattern: '^act_[0-9]{6,24}$',
      patternMessage: 'Use the form act_ followed by digits',
      filterable: true,
    }),
    field.text('domain', 'Domain', {
      maxLength: 120,
      list: true,
      searchable: true,
      placeholder: 'kelasbunda.id',
    }),
    activeField(),
  ],
};
