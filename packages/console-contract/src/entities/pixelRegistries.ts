import { activeField, field, namedEntity, adAccountIdField } from './fields.js';
import type { EntityDef } from './types.js';

/** A Meta pixel with the Conversions API token the webhook forwarder uses to send purchases. */
export const pixelRegistries: EntityDef = namedEntity(120, {
  name: 'pixel_registries',
  label: 'Pixel',
  labelPlural: 'Pixel registries',
  permissionKey: 'databank_pixel_registries',
  description: 'Meta pixels and their Conversions API access tokens (write-only).',
  fields: [
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
    adAccountIdField(),
    field.text('domain', 'Domain', {
      maxLength: 120,
      list: true,
      searchable: true,
      placeholder: 'kelasbunda.id',
    }),
    activeField(),
  ],
});
