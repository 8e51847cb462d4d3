import type { EntityDef, FieldDef, FieldOption, FieldType } from './types.js';

/** Everything of a field but its name, label and type. */
export type FieldOptions = Omit<FieldDef, 'name' | 'label' | 'type'>;

const make =
  (type: FieldType) =>
  (name: string, label: string, options: FieldOptions = {}): FieldDef => ({ name, label, type, ...options });

/** Short builders so an entity file reads as a list of fields. */
export const field = {
  text: make('text'),
  longtext: make('longtext'),
  email: make('email'),
  url: make('url'),
  phone: make('phone'),
  integer: make('integer'),
  number: make('number'),
  money: make('money'),
  percent: make('percent'),
  enum: make('enum'),
  relation: make('relation'),
  boolean: make('boolean'),
  date: make('date'),
  month: make('month'),
  datetime: make('datetime'),
  daterange: make('daterange'),
  tags: make('tags'),
  json: make('json'),
  secret: make('secret'),
};

/** `options({ a: 'A' })` → `[{ value: 'a', label: 'A' }]`, in the object's order. */
export function options(labels: Record<string, string>): FieldOption[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

/** Options whose label is the value itself (Meta's upper-case statuses, bank names). */
export function sameOptions(values: readonly string[]): FieldOption[] {
  return values.map((value) => ({ value, label: value }));
}

/** "Active" switch, on by default; staff filter on it constantly. */
export const activeField = (): FieldDef =>
  field.boolean('active', 'Active', {
    required: true,
    defaultValue: true,
    list: true,
    sortable: true,
    filterable: true,
  });

/** The row's name: required, unique, and what staff list, sort and search by. */
export const nameField = (maxLength: number): FieldDef =>
  field.text('name', 'Name', {
    required: true,
    maxLength,
    unique: true,
    list: true,
    sortable: true,
    searchable: true,
  });

/**
 * Master data staff know by a unique name (a company, a tribe, a pixel): titled, listed and sorted by that name,
 * soft-deleted because other rows point to it. `fields` are the ones after the name.
 */
export function namedEntity(
  nameMaxLength: number,
  { name, label, labelPlural, permissionKey, description, fields, ...rest }: NamedEntityDef,
): EntityDef {
  return {
    name,
    label,
    labelPlural,
    permissionKey,
    titleField: 'name',
    description,
    defaultSort: { field: 'name', direction: 'asc' },
    softDelete: true,
    ...rest,
    fields: [nameField(nameMaxLength), ...fields],
  };
}

/** What a named entity says beyond the name and the defaults `namedEntity` gives it. */
export type NamedEntityDef = Omit<EntityDef, 'titleField' | 'defaultSort' | 'softDelete'>;

export const notesField = (extra: FieldOptions = {}): FieldDef =>
  field.longtext('notes', 'Notes', { maxLength: 2000, ...extra });

// Shared option lists ------------------------------------------------------------------------------------------

export const PLATFORM_OPTIONS = options({
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
});

export const NICHE_OPTIONS = options({
  beauty: 'Beauty & skincare',
  fashion: 'Fashion & hijab',
  food: 'Food & kuliner',
  parenting: 'Parenting & family',
  health: 'Health & fitness',
  finance: 'Finance & investing',
  business: 'Business & UMKM',
  education: 'Education',
  religion: 'Religi (Islamic content)',
  lifestyle: 'Lifestyle',
  tech: 'Tech & gadgets',
  travel: 'Travel',
  gaming: 'Gaming',
  automotive: 'Otomotif',
});

/** Banks Indonesian companies and creators actually use. */
export const BANK_OPTIONS = sameOptions([
  'BCA',
  'Mandiri',
  'BRI',
  'BNI',
  'BSI',
  'CIMB Niaga',
  'Permata',
  'Danamon',
  'BTN',
  'OCBC',
  'Bank Jago',
  'SeaBank',
  'Jenius (BTPN)',
]);

/** Instagram / TikTok style handle, stored lower-case without the leading @ (normalize: 'handle'). */
export const HANDLE_PATTERN = '^[A-Za-z0-9._]{1,30}$';
export const HANDLE_MESSAGE = 'Use 1–30 letters, digits, dots or underscores';

// Shared field shapes -----------------------------------------------------------------------------------------

/** How a field shows in the list: a column staff sort and filter by, only filter by, or sort and search by. */
export const COLUMN = {
  sortable: { list: true, sortable: true, filterable: true },
  searchable: { list: true, sortable: true, searchable: true },
  filterable: { list: true, filterable: true },
} as const;

/** A link to a row of `entity`, shown by its name (`required` stays first, as the definitions always wrote it). */
export const relationField = (
  name: string,
  label: string,
  entity: string,
  { required, ...rest }: FieldOptions = {},
): FieldDef =>
  field.relation(name, label, {
    ...(required === undefined ? {} : { required }),
    relation: { entity, labelField: 'name' },
    ...rest,
  });

/** A social handle (unique per platform where the entity says so), normalised and searchable. */
export const handleField = (extra: FieldOptions = {}): FieldDef =>
  field.text('handle', 'Handle', {
    required: true,
    maxLength: 30,
    pattern: HANDLE_PATTERN,
    patternMessage: HANDLE_MESSAGE,
    normalize: 'handle',
    ...COLUMN.searchable,
    ...extra,
  });

/** The social platform a creator or prospect posts on. */
export const platformField = (): FieldDef =>
  field.enum('platform', 'Platform', { required: true, options: PLATFORM_OPTIONS, ...COLUMN.sortable });

/** What a creator or prospect posts about. */
export const nicheField = (): FieldDef =>
  field.enum('niche', 'Niche', { options: NICHE_OPTIONS, list: true, sortable: true, filterable: true });

/** Follower count of a creator or prospect's account. */
export const followersField = (): FieldDef =>
  field.integer('followers', 'Followers', { min: 0, list: true, sortable: true, filterable: true });

/** The city a creator, prospect or company is in. */
export const cityField = (): FieldDef =>
  field.text('city', 'City', { maxLength: 80, list: true, sortable: true, filterable: true });

/**
 * A Meta object's numeric id (`what`: campaign, creative, ad, video). `required` and `unique` keep their places
 * before the pattern, as the definitions always wrote them.
 */
export const metaIdField = (
  name: string,
  label: string,
  what: string,
  { required, unique, ...rest }: FieldOptions = {},
): FieldDef =>
  field.text(name, label, {
    ...(required === undefined ? {} : { required }),
    maxLength: 24,
    ...(unique === undefined ? {} : { unique }),
    pattern: '^[0-9]{6,24}$',
    patternMessage: `Use the numeric Meta ${what} id`,
    ...rest,
  });

/** A Meta ad account (`act_` and its digits), which campaigns and pixels belong to. */
export const adAccountIdField = (extra: FieldOptions = {}): FieldDef =>
  field.text('ad_account_id', 'Ad account', {
    maxLength: 28,
    pattern: '^act_[0-9]{6,24}$',
    patternMessage: 'Use the form act_ followed by digits',
    filterable: true,
    ...extra,
  });
