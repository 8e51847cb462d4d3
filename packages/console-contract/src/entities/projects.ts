import { COLUMN, field, notesField, options, relationField } from './fields.js';
import { rule } from './rules.js';
import type { EntityDef } from './types.js';

/** One KOL deliverable: who posts what for which product, for how much, and how it performed. */
export const projects: EntityDef = {
  name: 'projects',
  label: 'Project',
  labelPlural: 'Projects',
  permissionKey: 'databank_projects',
  titleField: 'title',
  description: 'KOL deliverables with fee, posting date and the post’s metrics (the KOL report reads these).',
  defaultSort: { field: 'post_date', direction: 'desc' },
  softDelete: true,
  rules: [
    rule.notBefore('post_date', 'brief_date', 'Post date cannot be before the brief date'),
    rule.requiredWhen(
      'post_url',
      'status',
      ['posted', 'paid'],
      'Post URL is required once the content is posted',
    ),
  ],
  fields: [
    field.text('title', 'Title', {
      required: true,
      maxLength: 150,
      ...COLUMN.searchable,
      placeholder: 'Reel review Serum Glow',
    }),
    relationField('creator_id', 'Creator', 'creators', { required: true, ...COLUMN.sortable }),
    relationField('product_id', 'Product', 'products', { required: true, ...COLUMN.sortable }),
    relationField('tribe_id', 'Tribe', 'tribes', COLUMN.filterable),
    field.enum('content_type', 'Content type', {
      required: true,
      options: options({
        reel: 'Reel',
        feed: 'Feed post',
        story: 'Story',
        video: 'Video',
        short: 'Short',
        live: 'Live',
      }),
      ...COLUMN.sortable,
    }),
    field.enum('status', 'Status', {
      required: true,
      defaultValue: 'draft',
      options: options({
        draft: 'Draft',
        briefed: 'Briefed',
        posted: 'Posted',
        paid: 'Paid',
        cancelled: 'Cancelled',
      }),
      ...COLUMN.sortable,
    }),
    field.money('fee', 'Fee', { required: true, min: 0, list: true, sortable: true, filterable: true }),
    field.date('brief_date', 'Brief date', { sortable: true, filterable: true }),
    field.date('post_date', 'Post date', { list: true, sortable: true, filterable: true }),
    field.url('post_url', 'Post URL'),
    field.integer('views', 'Views', { min: 0, list: true, sortable: true, filterable: true }),
    field.integer('reach', 'Reach', { min: 0, sortable: true }),
    field.integer('likes', 'Likes', { min: 0, sortable: true }),
    field.integer('comments', 'Comments', { min: 0, sortable: true }),
    field.integer('shares', 'Shares', { min: 0, sortable: true }),
    field.integer('saves', 'Saves', { min: 0, sortable: true }),
    field.text('voucher_code', 'Voucher code', {
      maxLength: 30,
      unique: true,
      pattern: '^[A-Z0-9_-]{3,30}$',
      patternMessage: 'Use 3–30 capital letters, digits, - or _',
      normalize: 'upper',
      searchable: true,
      filterable: true,
      help: 'Orders using this code are attributed to the project.',
    }),
    field.url('utm_link', 'UTM link'),
    field.date('paid_at', 'Paid on', { sortable: true, filterable: true }),
    notesField(),
  ],
};
