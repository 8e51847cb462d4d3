import { COLUMN, field, options, relationField, metaIdField } from './fields.js';
import { rule } from './rules.js';
import type { EntityDef } from './types.js';

/** Statuses of a creative that runs (or ran) on Meta: it has a creative id and a format. A DRAFT (a hook sent from
 * Hook Generations) has neither yet. */
const PUBLISHED = ['ACTIVE', 'PAUSED', 'ARCHIVED'];

/** A Meta ad creative with its copy, hook and angle; the Ad Creative report groups performance by these. */
export const masterAdCreatives: EntityDef = {
  name: 'master_ad_creatives',
  label: 'Ad creative',
  labelPlural: 'Ad creatives',
  permissionKey: 'databank_mayar_accounts',
  titleField: 'name',
  description: 'Creatives with copy, hook and angle, linked to product, campaign and creator.',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: true,
  rules: [
    rule.requiredWhen('creative_id', 'status', PUBLISHED, 'Required unless the creative is a draft'),
    rule.requiredWhen('format', 'status', PUBLISHED, 'Required unless the creative is a draft'),
  ],
  fields: [
    field.text('name', 'Name', {
      required: true,
      maxLength: 200,
      ...COLUMN.searchable,
    }),
    metaIdField('creative_id', 'Creative id', 'creative', { unique: true, searchable: true }),
    metaIdField('ad_id', 'Ad id', 'ad', { searchable: true }),
    field.enum('format', 'Format', {
      options: options({ image: 'Image', video: 'Video', carousel: 'Carousel' }),
      ...COLUMN.sortable,
    }),
    field.text('hook_text', 'Hook', { maxLength: 300, list: true, searchable: true }),
    field.enum('angle', 'Angle', {
      options: options({
        testimonial: 'Testimonial',
        problem_solution: 'Problem → solution',
        demo: 'Product demo',
        ugc: 'UGC',
        before_after: 'Before / after',
        promo: 'Promo / discount',
        education: 'Education',
        founder_story: 'Founder story',
      }),
      ...COLUMN.sortable,
    }),
    field.text('title', 'Headline', { maxLength: 255, searchable: true }),
    field.longtext('body', 'Primary text', { maxLength: 3000, searchable: true }),
    field.enum('call_to_action_type', 'Call to action', {
      options: options({
        SHOP_NOW: 'Shop now',
        ORDER_NOW: 'Order now',
        BUY_NOW: 'Buy now',
        LEARN_MORE: 'Learn more',
        SIGN_UP: 'Sign up',
        GET_OFFER: 'Get offer',
        WHATSAPP_MESSAGE: 'Send WhatsApp message',
        CONTACT_US: 'Contact us',
        SUBSCRIBE: 'Subscribe',
        DOWNLOAD: 'Download',
      }),
      filterable: true,
    }),
    field.url('link_url', 'Destination URL'),
    field.text('url_tags', 'URL tags', {
      maxLength: 500,
      placeholder: 'utm_source=facebook&utm_campaign={{campaign.name}}',
    }),
    field.url('image_url', 'Image URL'),
    field.url('thumbnail_url', 'Thumbnail URL'),
    metaIdField('video_id', 'Video id', 'video'),
    relationField('product_id', 'Product', 'products', { required: true, ...COLUMN.sortable }),
    relationField('ad_campaign_id', 'Campaign', 'ad_campaigns', { filterable: true }),
    relationField('creator_id', 'Creator', 'creators', COLUMN.filterable),
    field.enum('status', 'Status', {
      required: true,
      defaultValue: 'ACTIVE',
      options: options({ ACTIVE: 'Active', PAUSED: 'Paused', ARCHIVED: 'Archived', DRAFT: 'Draft' }),
      ...COLUMN.sortable,
    }),
  ],
};
