import { activeField, COLUMN, field, namedEntity } from './fields.js';
import type { EntityDef } from './types.js';

/** A selling team. Products, campaigns, targets and projects belong to a tribe. */
export const tribes: EntityDef = namedEntity(80, {
  name: 'tribes',
  label: 'Tribe',
  labelPlural: 'Tribes',
  permissionKey: 'databank_tribes',
  description: 'Selling teams; revenue and ad spend roll up by tribe.',
  fields: [
    field.text('code', 'Code', {
      required: true,
      maxLength: 12,
      unique: true,
      pattern: '^[A-Z0-9-]{2,12}$',
      patternMessage: 'Use 2–12 capital letters, digits or -',
      normalize: 'upper',
      ...COLUMN.searchable,
      help: 'Short code used in campaign names and UTM tags.',
    }),
    field.text('leader_name', 'Leader', { maxLength: 120, list: true, sortable: true, searchable: true }),
    field.phone('leader_phone', 'Leader WhatsApp'),
    field.tags('members', 'Members', {
      maxLength: 50,
      itemMaxLength: 120,
      help: 'Names of the people in the tribe.',
    }),
    field.longtext('description', 'Description', { maxLength: 1000 }),
    activeField(),
  ],
});
