import { activeField, COLUMN, field, options, relationField } from './fields.js';
import type { EntityDef } from './types.js';

/** Second level of the customer-problem taxonomy, with the response target CS works to. */
export const problemSubcategories: EntityDef = {
  name: 'problem_subcategories',
  label: 'Problem sub category',
  labelPlural: 'Problem sub categories',
  permissionKey: 'ad_daily_tracker',
  titleField: 'name',
  description: 'Sub categories of customer problems with default priority and resolution target.',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: false,
  uniqueTogether: [['category_id', 'name']],
  fields: [
    relationField('category_id', 'Category', 'problem_categories', { required: true, ...COLUMN.sortable }),
    field.text('name', 'Name', {
      required: true,
      maxLength: 80,
      ...COLUMN.searchable,
    }),
    field.text('description', 'Description', { maxLength: 255, searchable: true }),
    field.enum('default_priority', 'Default priority', {
      required: true,
      defaultValue: 'medium',
      options: options({ low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' }),
      ...COLUMN.sortable,
    }),
    field.integer('sla_hours', 'Resolve within (hours)', {
      min: 1,
      max: 720,
      ...COLUMN.sortable,
    }),
    field.integer('sort_order', 'Order', {
      required: true,
      defaultValue: 0,
      min: 0,
      max: 9999,
      sortable: true,
    }),
    activeField(),
  ],
};
