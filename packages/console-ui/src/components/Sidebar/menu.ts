import type { PermissionEntry } from '../../adapters.js';
import { CONSOLE_TIME_ZONE, fromWallTime } from '../../timeZone.js';

/** A sidebar link. Same shape as console-contract's `menuDefinition()` items (extra fields are ignored). */
export interface SidebarMenuItem {
  id: string;
  label: string;
  path: string;
  /** Keys needed to see the item, beyond its group's (none when left out). */
  requires?: string[];
  /**
   * The key the item's page checks on opening. In an always-shown group, an item whose key the user cannot
   * read is marked locked rather than leading to a denial unannounced.
   */
  key?: string;
}

/** A collapsible sidebar group. Same shape as console-contract's `menuDefinition()` groups. */
export interface SidebarMenuGroup {
  id: string;
  label: string;
  /** Shown with all its items to everyone, whatever their keys. */
  alwaysVisible?: boolean;
  /** Keys needed (all of them, readable) to see the group (none when left out). */
  requires?: string[];
  items: SidebarMenuItem[];
}

/** The keys the user may read: entries with `allow_read` above 0 (0 means no access). */
export function readableKeys(permissions: readonly PermissionEntry[] | null | undefined): Set<string> {
  const keys = new Set<string>();
  if (!Array.isArray(permissions)) return keys;
  for (const entry of permissions) {
    if (entry && typeof entry.permission_key === 'string' && Number(entry.allow_read) > 0) {
      keys.add(entry.permission_key);
    }
  }
  return keys;
}

/**
 * The menu a user sees: `alwaysVisible` groups show all their items to everyone; any
 * other group needs every key in its `requires` readable, and each of its items also needs its own
 * `requires`. Groups left without items are hidden.
 *
 * @example
 * ```tsx
 * visibleMenuGroups(menuDefinition(), [{ permission_key: 'ad_daily_tracker', allow_read: 1 }])
 * // → General Affairs, Automation Database, Operation Data, Reports (without KOL Report)
 * ```
 */
export function visibleMenuGroups<G extends SidebarMenuGroup>(
  menu: readonly G[],
  permissions: readonly PermissionEntry[] | null | undefined,
): G[] {
  const readable = readableKeys(permissions);
  const canReadAll = (keys: readonly string[] = []) => keys.every((key) => readable.has(key));
  const visible: G[] = [];
  for (const group of menu) {
    if (group.alwaysVisible) {
      if (group.items.length > 0) visible.push(group);
      continue;
    }
    if (!canReadAll(group.requires)) continue;
    const items = group.items.filter((item) => canReadAll(item.requires));
    if (items.length > 0) visible.push({ ...group, items });
  }
  return visible;
}

/** Paths compare without a trailing slash: the console lists some pages with one and some without. */
export function samePath(a: string, b: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return trim(a) === trim(b);
}

/** The group holding the link to `path`, if any. */
export function groupOfPath(groups: readonly SidebarMenuGroup[], path: string): string | undefined {
  return groups.find((group) => group.items.some((item) => samePath(item.path, path)))?.id;
}

const PLACEHOLDER = '—';

/** Parses the server's last-login value: ISO strings, and "YYYY-MM-DD HH:mm:ss" taken as local time. */
function parseDate(value: string, timeZone: string = CONSOLE_TIME_ZONE): Date | null {
  // A wall time without a zone ("2025-03-12 14:05:00") is read on the console's clock, not the browser's.
  const wall = fromWallTime(value, timeZone);
  if (wall) return wall;
  const direct = new Date(value);
  if (!Number.isNaN(direct.getTime())) return direct;
  const isoLike = new Date(value.trim().replace(' ', 'T'));
  return Number.isNaN(isoLike.getTime()) ? null : isoLike;
}

export interface FormatLastLoginOptions {
  /** Default 'id-ID' (e.g. "12 Mar 2025, 14.05"). */
  locale?: string;
  /** Default 'Asia/Jakarta' (the console's time zone), whatever the browser's. */
  timeZone?: string;
}

/**
 * A readable last-login time, "—" when there is none; an unparseable value is shown as it came.
 *
 * @example
 * ```tsx
 * formatLastLogin('2025-03-12T07:05:00Z', { timeZone: 'Asia/Jakarta' }) // "12 Mar 2025, 14.05"
 * ```
 */
export function formatLastLogin(
  value: string | null | undefined,
  options: FormatLastLoginOptions = {},
): string {
  if (value === null || value === undefined || value.trim() === '') return PLACEHOLDER;
  const timeZone = options.timeZone ?? CONSOLE_TIME_ZONE;
  const date = parseDate(value, timeZone);
  if (!date) return value;
  return new Intl.DateTimeFormat(options.locale ?? 'id-ID', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

/** The machine-readable form for `<time dateTime>`, or undefined when the value does not parse. */
export function lastLoginDateTime(
  value: string | null | undefined,
  timeZone: string = CONSOLE_TIME_ZONE,
): string | undefined {
  if (!value) return undefined;
  return parseDate(value, timeZone)?.toISOString();
}
