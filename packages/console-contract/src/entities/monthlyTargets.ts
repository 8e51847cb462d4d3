import { COLUMN, field, notesField, options, relationField } from './fields.js';
import { rule } from './rules.js';
import type { EntityDef } from './types.js';

/** A target's scope, the field that names its company, tribe or product, and that field's label. */
const TARGET_SCOPES = [
  ['company', 'company_id', 'Company'],
  ['tribe', 'tribe_id', 'Tribe'],
  ['product', 'product_id', 'Product'],
] as const;

/** A month's target for the company, a tribe or a product; the Monthly report sets achievement against it. */
export const monthlyTargets: EntityDef = {
  name: 'monthly_targets',
  label: 'Monthly target',
  labelPlural: 'Monthly targets',
  permissionKey: 'finance_manage_bank_accounts',
  titleField: 'period',
  titleFields: ['period', 'company_id', 'tribe_id', 'product_id'],
  description: 'Monthly revenue, spend and order targets per company, tribe or product.',
  defaultSort: { field: 'period', direction: 'desc' },
  softDelete: true,
  // NULLS NOT DISTINCT: only the scope's own reference is set.
  uniqueTogether: [['period', 'scope', 'company_id', 'tribe_id', 'product_id']],
  // Each scope's reference is required for that scope and left empty for the others.
  rules: [
    ...TARGET_SCOPES.map(([scope, reference, label]) =>
      rule.requiredWhen(reference, 'scope', [scope], `${label} is required for a ${scope} target`),
    ),
    ...TARGET_SCOPES.map(([scope, reference, label]) =>
      rule.onlyWhen(reference, 'scope', [scope], `Leave ${label} empty unless the scope is ${label}`),
    ),
  ],
  fields: [
    field.month('period', 'Month', { required: true, list: true, sortable: true, filterable: true }),
    field.enum('scope', 'Scope', {
      required: true,
      options: options({ company: 'Company', tribe: 'Tribe', product: 'Product' }),
      ...COLUMN.sortable,
    }),
    relationField('company_id', 'Company', 'companies', COLUMN.filterable),
    relationField('tribe_id', 'Tribe', 'tribes', COLUMN.filterable),
    relationField('product_id', 'Product', 'products', COLUMN.filterable),
    field.money('target_revenue', 'Target revenue', {
      required: true,
      min: 0,
      ...COLUMN.sortable,
    }),
    field.money('target_spend', 'Ad spend budget', { min: 0, list: true, sortable: true, filterable: true }),
    field.integer('target_orders', 'Target orders', { min: 0, list: true, sortable: true, filterable: true }),
    notesField({ searchable: true }),
  ],
};
