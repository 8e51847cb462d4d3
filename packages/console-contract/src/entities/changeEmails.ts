import { COLUMN, field, notesField, options, relationField } from './fields.js';
import { rule } from './rules.js';
import type { EntityDef } from './types.js';

/** A buyer's request to move product access to another email. */
export const changeEmails: EntityDef = {
  name: 'change_emails',
  label: 'Email change',
  labelPlural: 'Email changes',
  permissionKey: 'databank_mayar_accounts',
  titleField: 'new_email',
  description: 'Requests to move a buyer’s product access to a corrected email, and how they were handled.',
  defaultSort: { field: 'requested_at', direction: 'desc' },
  softDelete: true,
  rules: [
    rule.differentFrom('new_email', 'old_email', 'New email must differ from the old email'),
    rule.requiredWhen(
      'processed_at',
      'status',
      ['done', 'rejected'],
      'Processed at is required once the request is done or rejected',
    ),
  ],
  fields: [
    field.text('customer_name', 'Customer', {
      required: true,
      maxLength: 120,
      ...COLUMN.searchable,
    }),
    field.phone('customer_phone', 'Customer WhatsApp', { searchable: true }),
    field.email('old_email', 'Old email', { required: true, list: true, searchable: true, filterable: true }),
    field.email('new_email', 'New email', { required: true, list: true, searchable: true, filterable: true }),
    field.text('mayar_transaction_id', 'Mayar transaction id', {
      maxLength: 64,
      searchable: true,
      help: 'The purchase whose access moves (from the Purchase Log).',
    }),
    relationField('product_id', 'Product', 'products', COLUMN.filterable),
    field.enum('reason', 'Reason', {
      required: true,
      options: options({
        typo: 'Typo at checkout',
        lost_access: 'Lost access to the old email',
        new_email: 'Buyer changed email',
        gift: 'Bought as a gift',
        other: 'Other',
      }),
      ...COLUMN.filterable,
    }),
    field.enum('status', 'Status', {
      required: true,
      defaultValue: 'pending',
      options: options({ pending: 'Pending', done: 'Done', rejected: 'Rejected' }),
      ...COLUMN.sortable,
    }),
    field.datetime('requested_at', 'Requested at', {
      required: true,
      ...COLUMN.sortable,
    }),
    field.datetime('processed_at', 'Processed at', { sortable: true, filterable: true }),
    notesField(),
  ],
};
