// Story and test fixtures: a creators-like entity with deterministic demo rows (no randomness between runs).
import type { Decorator } from '@storybook/react-vite';
import { creators, localizeEntity } from '@staff/console-contract';
import type { ResourceField, ResourceFieldOption, ResourceRow } from '../../resource.js';

/** The creators' platforms, also the ResourceForm fixtures' enum. */
export const platformOptions: ResourceFieldOption[] = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'youtube', label: 'YouTube' },
];

export const creatorFields: ResourceField[] = [
  {
    name: 'name',
    label: 'Name',
    type: 'text',
    required: true,
    maxLength: 120,
    list: true,
    sortable: true,
    searchable: true,
  },
  {
    name: 'platform',
    label: 'Platform',
    type: 'enum',
    required: true,
    list: true,
    sortable: true,
    filterable: true,
    options: platformOptions,
  },
  {
    name: 'followers',
    label: 'Followers',
    type: 'integer',
    min: 0,
    list: true,
    sortable: true,
    filterable: true,
  },
  {
    name: 'rate_fee',
    label: 'Rate per post',
    type: 'money',
    min: 0,
    list: true,
    sortable: true,
    filterable: true,
    help: 'Usual fee for one deliverable, in rupiah.',
  },
  { name: 'active', label: 'Active', type: 'boolean', list: true, filterable: true },
  { name: 'joined_on', label: 'Joined', type: 'date', list: true, sortable: true, filterable: true },
  { name: 'city', label: 'City', type: 'text', maxLength: 80, list: true, sortable: true, filterable: true },
  { name: 'api_key', label: 'API key', type: 'secret', list: true },
  { name: 'email', label: 'Email', type: 'email', filterable: true },
  { name: 'updated_at', label: 'Updated', type: 'datetime', readOnly: true, sortable: true },
];

const FIRST = [
  'Budi',
  'Siti',
  'Agus',
  'Dewi',
  'Rizky',
  'Putri',
  'Andi',
  'Ayu',
  'Fajar',
  'Nadia',
  'Yusuf',
  'Intan',
];
const LAST = [
  'Santoso',
  'Rahmawati',
  'Pratama',
  'Lestari',
  'Hidayat',
  'Wulandari',
  'Saputra',
  'Kusuma',
  'Nugroho',
  'Permata',
];
const CITIES = ['Jakarta', 'Bandung', 'Surabaya', 'Yogyakarta', 'Medan', 'Makassar', 'Denpasar', 'Semarang'];
const PLATFORMS = ['instagram', 'tiktok', 'youtube'];

/** The repeating parts of a row, built once: a row's name, dates, city, platform and fee recur with a short period. */
const NAMES = Array.from(
  { length: 60 },
  (_, n) => `${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]}`,
);
const DAYS = Array.from({ length: 28 }, (_, n) => String(n + 1).padStart(2, '0'));
const MONTHS = Array.from({ length: 12 }, (_, n) => String(n + 1).padStart(2, '0'));
const JOINED = Array.from({ length: 84 }, (_, n) => `2024-${MONTHS[n % 12]}-${DAYS[n % 28]}`);
const UPDATED = Array.from({ length: 140 }, (_, n) => `2025-01-${DAYS[n % 28]}T0${n % 10}:30:00.000Z`);
const FEES = Array.from({ length: 90 }, (_, n) => String(n * 250_000 + 500_000));

/**
 * `count` creator rows; row i is always the same. Cheap enough for the big-data story's 100 000 rows: what recurs is
 * looked up, only the id, followers, key and email are made per row.
 */
export function creatorRows(count: number, offset = 0): ResourceRow[] {
  const rows: ResourceRow[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const n = i + offset;
    rows[i] = {
      id: `c${n + 1}`,
      name: NAMES[n % 60],
      platform: PLATFORMS[n % PLATFORMS.length],
      followers: ((n * 7919) % 2_000_000) + 1200,
      rate_fee: FEES[(n * 131) % 90],
      active: n % 4 !== 0,
      joined_on: JOINED[n % 84],
      city: CITIES[n % CITIES.length],
      api_key: n % 3 === 0 ? null : `••••${(4096 + n * 37).toString(16).slice(-4)}`,
      email: `creator${n + 1}@contoh.co.id`,
      updated_at: UPDATED[n % 140],
    };
  }
  return rows;
}

export const creatorLabel = (row: ResourceRow) => String(row.name);

/** The creators entity in Indonesian, as the console shows it: most fixture fields are creators' fields. */
const CREATORS_ID = localizeEntity(creators, 'id');
const creatorFieldIn = (name: string) => CREATORS_ID.fields.find((field) => field.name === name);

/** Indonesian labels of the fixture fields the creators entity does not have. */
const OTHER_LABELS_ID: Readonly<Record<string, string>> = {
  active: 'Aktif',
  joined_on: 'Bergabung',
  api_key: 'API key',
  updated_at: 'Diperbarui',
  website: 'Situs web',
  engagement: 'Engagement rate',
  rating: 'Penilaian',
  tribe_id: 'Tribe',
  period: 'Periode',
  last_contact: 'Kontak terakhir',
  contract: 'Kontrak',
  bio: 'Bio',
  tags: 'Tag',
  settings: 'Pengaturan (JSON)',
  created_at: 'Dibuat',
};
const OTHER_HELP_ID: Readonly<Record<string, string>> = { 'Whole rupiah.': 'Rupiah tanpa sen.' };

/**
 * The fixtures' fields in `language` (`id`: the creators entity's Indonesian texts where the field is one of its
 * fields with the same help, else the fixtures' own; anything else: as written). The stories show them when the
 * Language toolbar (or the visual test's Indonesian run) chooses `id`.
 */
export function fixtureFieldsIn(fields: readonly ResourceField[], language: unknown): ResourceField[] {
  if (language !== 'id') return [...fields];
  return fields.map((field) => {
    const creator = creatorFieldIn(field.name);
    const sameHelp = creator && creators.fields.find((f) => f.name === field.name)?.help === field.help;
    return {
      ...field,
      label: creator?.label ?? OTHER_LABELS_ID[field.name] ?? field.label,
      ...(field.help ? { help: (sameHelp ? creator.help : OTHER_HELP_ID[field.help]) ?? field.help } : {}),
    };
  });
}

/** For a stories file: its `fields` arg in the language the Language toolbar chose. */
export const fieldsInChosenLanguage: Decorator = (Story, { args, globals }) =>
  globals.language === 'id' && Array.isArray(args.fields)
    ? Story({ args: { ...args, fields: fixtureFieldsIn(args.fields as ResourceField[], 'id') } })
    : Story();

/** A fixture field as the stories show it under the toolbar's language (`fieldsInChosenLanguage`). */
export function fixtureField(
  { globals }: { globals: Record<string, unknown> },
  name: string,
  fields: readonly ResourceField[] = creatorFields,
): ResourceField {
  const field = fixtureFieldsIn(fields, globals.language).find((f) => f.name === name);
  if (!field) throw new Error(`No fixture field ${name}`);
  return field;
}

/** A fixture field's label as the stories show it under the toolbar's language. */
export const fixtureLabel = (
  context: { globals: Record<string, unknown> },
  name: string,
  fields: readonly ResourceField[] = creatorFields,
): string => fixtureField(context, name, fields).label;
