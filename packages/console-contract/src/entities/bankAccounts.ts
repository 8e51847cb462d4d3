import { activeField, BANK_OPTIONS, COLUMN, field, options, relationField } from './fields.js';
import type { EntityDef } from './types.js';

/** A company's bank account (where Mayar pays out, where ads are paid from). */
export const bankAccounts: EntityDef = {
  name: 'bank_accounts',
  label: 'Bank account',
  labelPlural: 'Bank accounts',
  permissionKey: 'finance_manage_bank_accounts',
  titleField: 'account_number',
  description: 'Company bank accounts and what each is used for.',
  defaultSort: { field: 'bank_name', direction: 'asc' },
  softDelete: true,
  uniqueTogether: [['bank_name', 'account_number']],
  fields: [
    relationField('company_id', 'Company', 'companies', { required: true, ...COLUMN.sortable }),
    field.enum('bank_name', 'Bank', {
      required: true,
      options: BANK_OPTIONS,
      ...COLUMN.sortable,
    }),
    field.text('account_number', 'Account number', {
      required: true,
      maxLength: 20,
      pattern: '^[0-9]{6,20}$',
      patternMessage: 'Use 6–20 digits',
      list: true,
      searchable: true,
    }),
    field.text('account_holder', 'Account holder', {
      required: true,
      maxLength: 120,
      ...COLUMN.searchable,
    }),
    field.text('branch', 'Branch', { maxLength: 120, placeholder: 'KCP Kemang' }),
    field.enum('purpose', 'Purpose', {
      required: true,
      defaultValue: 'operational',
      options: options({
        operational: 'Operational',
        receiving: 'Receiving (Mayar payouts)',
        ads: 'Ad spend',
        payroll: 'Payroll',
        tax: 'Tax',
      }),
      ...COLUMN.sortable,
    }),
    activeField(),
  ],
};
