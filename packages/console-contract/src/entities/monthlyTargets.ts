import { COLUMN, field, notesField, options, relationField } from './fields.js';
import type { EntityDef } from './types.js';

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
  rules: [
    {
      kind: 'requiredWhen',
      field: 'company_id',
      when: { field: 'scope', in: ['company'] },
      message: 'Company is required for a company target',
    },
    {
      kind: 'requiredWhen',
      field: 'tribe_id',
      when: { field: 'scope', in: ['tribe'] },
      message: 'Tribe is required for a tribe target',
    },
    {
      kind: 'requiredWhen',
      field: 'product_id',
      when: { field: 'scope', in: ['product'] },
      message: 'Product is required for a product target',
    },
    {
      kind: 'onlyWhen',
      field: 'company_id',
      when: { field: 'scope', in: ['company'] },
      message: 'Leave Company empty unless the scope is Company',
    },
    {
      kind: 'onlyWhen',
      field: 'tribe_id',
      when: { field: 'scope', in: ['tribe'] },
      message: 'Leave Tribe empty unless the scope is Tribe',
    },
    {
      kind: 'onlyWhen',
      field: 'product_id',
      when: { field: 'scope', in: ['product'] },
      message: 'Leave Product empty unless the scope is Product',
    },
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
