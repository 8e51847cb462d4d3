import {
  COLUMN,
  field,
  handleField,
  nicheField,
  notesField,
  options,
  platformField,
  relationField,
  followersField,
  cityField,
} from './fields.js';
import type { EntityDef } from './types.js';

/**
 * Creator prospects that n8n scrapes and upserts (by platform + handle) through an API key, and staff qualify.
 * A qualified prospect is converted into a Creator (creator_id).
 */
export const n8nCreators: EntityDef = {
  name: 'n8n_creators',
  label: 'Creator prospect',
  labelPlural: 'N8N creator database',
  permissionKey: 'databank_creators',
  titleField: 'handle',
  description: 'Creator prospects collected by n8n (and by hand), qualified before they become creators.',
  defaultSort: { field: 'last_scraped_at', direction: 'desc' },
  softDelete: true,
  apiKeyWritable: true,
  uniqueTogether: [['platform', 'handle']],
  fields: [
    handleField(),
    platformField(),
    field.text('name', 'Name', { maxLength: 120, list: true, sortable: true, searchable: true }),
    field.url('profile_url', 'Profile URL'),
    followersField(),
    field.integer('following', 'Following', { min: 0, sortable: true }),
    field.integer('posts_count', 'Posts', { min: 0, sortable: true, filterable: true }),
    field.integer('avg_views', 'Average views', { min: 0, list: true, sortable: true, filterable: true }),
    field.percent('engagement_rate', 'Engagement rate', {
      min: 0,
      max: 100,
      ...COLUMN.sortable,
      help: '(likes + comments + shares + saves) ÷ followers × 100, over recent posts.',
    }),
    nicheField(),
    cityField(),
    field.phone('contact_phone', 'WhatsApp', { searchable: true, filterable: true }),
    field.email('contact_email', 'Email', { searchable: true, filterable: true }),
    field.longtext('bio', 'Bio', { maxLength: 1000, searchable: true }),
    field.enum('source', 'Source', {
      required: true,
      defaultValue: 'manual',
      options: options({
        n8n: 'n8n scraper',
        manual: 'Added by hand',
        csv_import: 'CSV import',
        referral: 'Referral',
      }),
      ...COLUMN.sortable,
    }),
    field.enum('status', 'Status', {
      required: true,
      defaultValue: 'new',
      options: options({
        new: 'New',
        qualified: 'Qualified',
        contacted: 'Contacted',
        rejected: 'Rejected',
        converted: 'Converted to creator',
      }),
      ...COLUMN.sortable,
    }),
    relationField('creator_id', 'Creator', 'creators', {
      filterable: true,
      help: 'Set when the prospect becomes a creator.',
    }),
    field.datetime('last_scraped_at', 'Last scraped', { list: true, sortable: true, filterable: true }),
    notesField(),
  ],
};
