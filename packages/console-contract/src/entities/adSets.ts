import { field } from './fields.js';
import type { EntityDef } from './types.js';

const campaign = () =>
  field.relation('ad_campaign_id', 'Campaign', {
    relation: { entity: 'ad_campaigns', labelField: 'name' },
    list: true,
    filterable: true,
  });
const seen = () => [
  field.date('first_seen', 'First seen', { list: true, sortable: true, filterable: true }),
  field.date('last_seen', 'Last seen', { list: true, sortable: true, filterable: true }),
];

/** An entity of rows the uploads keep under their campaign: read-only, named, newest seen first. */
const seenInUploads = (
  name: string,
  label: string,
  labelPlural: string,
  ids: EntityDef['fields'],
): EntityDef => ({
  name,
  label,
  labelPlural,
  permissionKey: 'databank_ad_campaigns',
  titleField: 'name',
  description: `${labelPlural} seen in the Ads Manager data, under their campaign. Read-only.`,
  defaultSort: { field: 'last_seen', direction: 'desc' },
  softDelete: false,
  storage: 'migration',
  access: 'read-only',
  fields: [
    campaign(),
    field.text('name', 'Name', { required: true, list: true, sortable: true, searchable: true }),
    ...ids,
    ...seen(),
  ],
});

/**
 * Meta ad sets, kept from the Ads Manager uploads (src/intake/meta/import.ts in console-server) under their
 * campaign row. The table is the intake's (migrations 402 and 772), so the generator skips it; never written
 * by staff.
 */
export const adSets = seenInUploads('ad_sets', 'Ad set', 'Ad sets', [
  field.text('adset_id', 'Ad set id', { required: true, list: true, searchable: true }),
  field.text('campaign_id', 'Meta campaign id', { required: true }),
]);

/** Meta ads, kept from the Ads Manager uploads under their campaign row (as ad sets are). Read-only. */
export const ads = seenInUploads('ads', 'Ad', 'Ads', [
  field.text('ad_id', 'Ad id', { required: true, list: true, searchable: true }),
  field.text('adset_id', 'Ad set id', { list: true }),
  field.text('campaign_id', 'Meta campaign id', { required: true }),
]);
