import { activeField, field, nameField } from './fields.js';
import type { EntityDef } from './types.js';

/** Top level of the customer-problem taxonomy (Cust Problem Tracking classifies with it). */
export const problemCategories: EntityDef = {
  name: 'problem_categories',
  label: 'Problem category',
  labelPlural: 'Problem categories',
  permissionKey: 'ad_daily_tracker',
  titleField: 'name',
  description: 'Categories of customer problems. Deactivate instead of deleting once problems use one.',
  defaultSort: { field: 'sort_order', direction: 'asc' },
  softDelete: false,
  fields: [
    nameField(80),
    field.text('description', 'Description', { maxLength: 255, list: true, searchable: true }),
    field.integer('sort_order', 'Order', {
      required: true,
      defaultValue: 0,
      min: 0,
      max: 9999,
      list: true,
      sortable: true,
      help: 'Lower comes first in pickers.',
    }),
    activeField(),
  ],
};
