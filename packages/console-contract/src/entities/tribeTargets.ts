import { COLUMN, field, notesField, relationField } from './fields.js';
import type { EntityDef } from './types.js';

/** A tribe's monthly goal; the Tribe X Mayar report sets achievement against it. */
export const tribeTargets: EntityDef = {
  name: 'tribe_targets',
  label: 'Tribe target',
  labelPlural: 'Tribe targets',
  permissionKey: 'databank_tribes',
  titleField: 'period',
  titleFields: ['period', 'tribe_id'],
  description: 'Monthly revenue (and optional spend and ROAS) targets per tribe.',
  defaultSort: { field: 'period', direction: 'desc' },
  softDelete: false,
  uniqueTogether: [['tribe_id', 'period']],
  fields: [
    relationField('tribe_id', 'Tribe', 'tribes', { required: true, ...COLUMN.sortable }),
    field.month('period', 'Month', { required: true, list: true, sortable: true, filterable: true }),
    field.money('target_revenue', 'Target revenue', {
      required: true,
      min: 0,
      ...COLUMN.sortable,
    }),
    field.money('target_spend', 'Ad spend budget', { min: 0, list: true, sortable: true, filterable: true }),
    field.number('target_roas', 'Target ROAS', {
      min: 0,
      max: 100,
      ...COLUMN.sortable,
      help: 'Revenue ÷ ad spend, e.g. 3.5',
    }),
    notesField({ searchable: true }),
  ],
};
