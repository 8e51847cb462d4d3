import { CONSOLE_TIME_ZONE, fromWallTime } from '../../timeZone.js';

/**
 * A sidebar link, as the user sees it. The Sidebar decides nothing about who sees what: the app hands it the
 * groups and items to show (console-contract's `visibleMenu` gives them); extra fields are ignored.
 */
export interface SidebarMenuItem {
  id: string;
  label: string;
  path: string;
  /**
   * Shown, but its page would refuse this user: the link gets a padlock and a "no access" hint rather than
   * leading to a denial unannounced. Default false.
   */
  locked?: boolean;
}

/** A collapsible sidebar group, with the items the user sees. A group without items is not shown. */
export interface SidebarMenuGroup {
  id: string;
  label: string;
  items: SidebarMenuItem[];
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
