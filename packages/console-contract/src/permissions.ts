/** The spec's 17 permission keys, in the spec's order (section 6). */
export const PERMISSION_KEYS = [
  'databank_products',
  'statistics',
  'databank_projects',
  'databank_creators',
  'databank_pixel_registries',
  'databank_whatsapp_notifications',
  'databank_ad_campaigns',
  'databank_tribes',
  'databank_mayar_accounts',
  'ad_daily_tracker',
  'transaction_package_tracking',
  'finance_kol_report',
  'transaction_read_purchase_logs',
  'admin_manage_user',
  'finance_manage_bank_accounts',
  'finance_manage_companies',
  'crm_cust_problems',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export function isPermissionKey(value: unknown): value is PermissionKey {
  return typeof value === 'string' && (PERMISSION_KEYS as readonly string[]).includes(value);
}

/**
 * One entry of `GET /api/a/verify/___ca`. `allow_read` is 0 or 1 as the spec says (0 = no access);
 * `allow_write` is our addition for writes (master data, administration).
 */
export interface PermissionEntry {
  permission_key: string;
  allow_read: number;
  allow_write?: number;
}

/** A user's permissions reduced to what the client and server ask: may read? may write? */
export type PermissionMap = Partial<Record<string, { read: boolean; write: boolean }>>;

/** Builds a lookup from the `___ca` list; a missing or malformed list counts as empty (spec section 7). */
export function toPermissionMap(entries: readonly PermissionEntry[] | null | undefined): PermissionMap {
  const map: PermissionMap = {};
  if (!Array.isArray(entries)) return map;
  for (const entry of entries) {
    if (!entry || typeof entry.permission_key !== 'string') continue;
    const prev = map[entry.permission_key];
    const read = Number(entry.allow_read) > 0;
    const write = Number(entry.allow_write ?? 0) > 0;
    map[entry.permission_key] = {
      read: (prev?.read ?? false) || read,
      write: (prev?.write ?? false) || write,
    };
  }
  return map;
}

export function canRead(permissions: PermissionMap, key: string): boolean {
  return permissions[key]?.read === true;
}

export function canWrite(permissions: PermissionMap, key: string): boolean {
  return permissions[key]?.write === true;
}
