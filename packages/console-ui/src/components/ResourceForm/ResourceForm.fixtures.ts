// Story and test fixtures: one field of every type, a stored record, and an async relation search.
import type { ResourceField, ResourceFieldOption } from '../../resource.js';
import { platformOptions } from '../DataTable/DataTable.fixtures.js';

export const allTypeFields: ResourceField[] = [
  { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 60, placeholder: 'Budi Santoso' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'website', label: 'Website', type: 'url' },
  { name: 'phone', label: 'WhatsApp', type: 'phone', placeholder: '0812…' },
  { name: 'followers', label: 'Followers', type: 'integer', min: 0 },
  { name: 'engagement', label: 'Engagement rate', type: 'percent', min: 0, max: 100 },
  { name: 'rating', label: 'Rating', type: 'number', min: 0, max: 5 },
  { name: 'rate_fee', label: 'Rate per post', type: 'money', min: 0, required: true, help: 'Whole rupiah.' },
  {
    name: 'platform',
    label: 'Platform',
    type: 'enum',
    required: true,
    options: platformOptions,
  },
  { name: 'tribe_id', label: 'Tribe', type: 'relation', relation: { entity: 'tribes', labelField: 'name' } },
  { name: 'active', label: 'Active', type: 'boolean' },
  { name: 'joined_on', label: 'Joined', type: 'date' },
  { name: 'period', label: 'Period', type: 'month' },
  { name: 'last_contact', label: 'Last contact', type: 'datetime' },
  { name: 'contract', label: 'Contract', type: 'daterange' },
  { name: 'bio', label: 'Bio', type: 'longtext', maxLength: 280 },
  { name: 'tags', label: 'Tags', type: 'tags', maxLength: 5 },
  { name: 'api_key', label: 'API key', type: 'secret' },
  { name: 'settings', label: 'Settings (JSON)', type: 'json' },
  { name: 'created_at', label: 'Created', type: 'datetime', readOnly: true },
];

export const storedRecord = {
  id: 'c1',
  name: 'Budi Santoso',
  email: 'budi@contoh.co.id',
  website: 'https://budi.id',
  phone: '6281234567890',
  followers: 125000,
  engagement: 4.5,
  rating: 4.2,
  rate_fee: '2500000',
  platform: 'instagram',
  tribe_id: 't2',
  active: true,
  joined_on: '2024-03-15',
  period: '2025-01',
  last_contact: '2025-01-10T03:30:00.000Z',
  contract: { from: '2025-01-01', to: '2025-06-30' },
  bio: 'Food and travel creator from Bandung.',
  tags: ['kuliner', 'travel'],
  api_key: '••••ab12',
  settings: { notify: true },
  created_at: '2024-03-15T02:00:00.000Z',
};

export const TRIBES: ResourceFieldOption[] = [
  { value: 't1', label: 'Tribe Elang' },
  { value: 't2', label: 'Tribe Garuda' },
  { value: 't3', label: 'Tribe Harimau' },
  { value: 't4', label: 'Tribe Komodo' },
];

/** Searches the tribes after a short, fixed wait, like a server would. */
export async function loadTribeOptions(_entity: string, query: string): Promise<ResourceFieldOption[]> {
  await new Promise((resolve) => setTimeout(resolve, 30));
  const q = query.trim().toLowerCase();
  return TRIBES.filter((tribe) => tribe.label.toLowerCase().includes(q));
}
