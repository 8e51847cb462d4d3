import {
  BANK_OPTIONS,
  COLUMN,
  field,
  handleField,
  nicheField,
  notesField,
  options,
  platformField,
  followersField,
  cityField,
} from './fields.js';
import type { EntityDef } from './types.js';

/** Follower bands of the tier field: nano < 10k ≤ micro < 100k ≤ macro < 1M ≤ mega. */
export function creatorTier(followers: number): 'nano' | 'micro' | 'macro' | 'mega' {
  if (followers >= 1_000_000) return 'mega';
  if (followers >= 100_000) return 'macro';
  if (followers >= 10_000) return 'micro';
  return 'nano';
}

/** KOLs the team contracts; projects (deliverables) and ad creatives point here. */
export const creators: EntityDef = {
  name: 'creators',
  label: 'Creator',
  labelPlural: 'Creators',
  permissionKey: 'databank_creators',
  titleField: 'name',
  description: 'Creators (KOLs) we contract for content: contact, rate and payout details.',
  defaultSort: { field: 'name', direction: 'asc' },
  softDelete: true,
  uniqueTogether: [['platform', 'handle']],
  // The tier's help says it follows from followers: the server keeps it so whenever followers are known.
  derive: (row) => {
    const followers = row.followers === null || row.followers === '' ? NaN : Number(row.followers);
    return Number.isFinite(followers) ? { tier: creatorTier(followers) } : {};
  },
  fields: [
    field.text('name', 'Name', {
      required: true,
      maxLength: 120,
      ...COLUMN.searchable,
    }),
    handleField({ placeholder: 'nadia.glow' }),
    platformField(),
    followersField(),
    field.enum('tier', 'Tier', {
      options: options({
        nano: 'Nano (< 10k)',
        micro: 'Micro (10k–100k)',
        macro: 'Macro (100k–1M)',
        mega: 'Mega (≥ 1M)',
      }),
      ...COLUMN.sortable,
      help: 'Set from Followers when they are filled in: nano < 10k, micro 10k–100k, macro 100k–1M, mega 1M and up.',
    }),
    nicheField(),
    field.money('rate_fee', 'Rate per post', {
      min: 0,
      ...COLUMN.sortable,
      help: 'Usual fee for one deliverable, in rupiah.',
    }),
    field.phone('phone', 'WhatsApp', {
      list: true,
      searchable: true,
      filterable: true,
      placeholder: '0812…',
    }),
    field.email('email', 'Email', { searchable: true, filterable: true }),
    cityField(),
    field.enum('status', 'Status', {
      required: true,
      defaultValue: 'prospect',
      options: options({
        prospect: 'Prospect',
        negotiating: 'Negotiating',
        active: 'Active',
        inactive: 'Inactive',
        blacklisted: 'Blacklisted',
      }),
      ...COLUMN.sortable,
    }),
    field.enum('bank_name', 'Bank', { options: BANK_OPTIONS, filterable: true }),
    field.text('bank_account_number', 'Account number', {
      maxLength: 20,
      pattern: '^[0-9]{6,20}$',
      patternMessage: 'Use 6–20 digits',
    }),
    field.text('bank_account_holder', 'Account holder', { maxLength: 120 }),
    notesField(),
  ],
};
