import {
  COLUMN,
  field,
  notesField,
  options,
  relationField,
  metaIdField,
  adAccountIdField,
} from './fields.js';
import { rule } from './rules.js';
import type { EntityDef } from './types.js';

/**
 * A Meta campaign mapped to the product (and tribe) it sells; the Ads X Mayar report joins through it. Campaigns
 * first seen in an Ads Manager upload are created from the data (`origin: meta`) without product, account or
 * objective, for staff to link; staff-entered ones must have them.
 */
export const adCampaigns: EntityDef = {
  name: 'ad_campaigns',
  label: 'Ad campaign',
  labelPlural: 'Ad campaigns',
  permissionKey: 'databank_ad_campaigns',
  titleField: 'name',
  description: 'Meta campaigns and the product / tribe each one sells.',
  defaultSort: { field: 'start_date', direction: 'desc' },
  softDelete: true,
  rules: [
    ...['product_id', 'ad_account_id', 'objective'].map((name) =>
      rule.requiredWhen(name, 'origin', ['staff'], 'Required for a campaign entered by staff'),
    ),
    rule.atMostOne(
      'lifetime_budget',
      ['daily_budget', 'lifetime_budget'],
      'Set a daily or a lifetime budget, not both',
    ),
    rule.notBefore('end_date', 'start_date', 'End date cannot be before the start date'),
  ],
  fields: [
    field.text('name', 'Name', {
      required: true,
      maxLength: 200,
      ...COLUMN.searchable,
    }),
    metaIdField('campaign_id', 'Campaign id', 'campaign', {
      required: true,
      unique: true,
      searchable: true,
      list: true,
    }),
    adAccountIdField({ searchable: true }),
    field.enum('objective', 'Objective', {
      options: options({
        OUTCOME_SALES: 'Sales',
        OUTCOME_LEADS: 'Leads',
        OUTCOME_TRAFFIC: 'Traffic',
        OUTCOME_ENGAGEMENT: 'Engagement',
        OUTCOME_AWARENESS: 'Awareness',
        OUTCOME_APP_PROMOTION: 'App promotion',
      }),
      ...COLUMN.sortable,
    }),
    field.enum('status', 'Status', {
      required: true,
      defaultValue: 'ACTIVE',
      options: options({ ACTIVE: 'Active', PAUSED: 'Paused', ARCHIVED: 'Archived', DELETED: 'Deleted' }),
      ...COLUMN.sortable,
    }),
    field.money('daily_budget', 'Daily budget', { min: 0, list: true, sortable: true, filterable: true }),
    field.money('lifetime_budget', 'Lifetime budget', { min: 0, sortable: true, filterable: true }),
    field.date('start_date', 'Start date', { list: true, sortable: true, filterable: true }),
    field.date('end_date', 'End date', { sortable: true, filterable: true }),
    relationField('product_id', 'Product', 'products', COLUMN.sortable),
    relationField('tribe_id', 'Tribe', 'tribes', COLUMN.filterable),
    field.enum('origin', 'Origin', {
      required: true,
      defaultValue: 'staff',
      // Only the import sets `meta`: staff cannot opt out of linking a product.
      readOnly: true,
      options: options({ staff: 'Entered by staff', meta: 'From Meta — link a product' }),
      list: true,
      filterable: true,
      help: 'From Meta: created from an Ads Manager upload; its name follows the data. Link its product here.',
    }),
    notesField(),
  ],
};
