/**
 * Calendar days in Asia/Jakarta (UTC+7 all year, no daylight saving), computed from an instant whatever the
 * machine's time zone: the offset is added to the epoch and the UTC calendar read back.
 */

/** Asia/Jakarta is UTC+7 with no daylight saving since 1964. */
const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Jakarta calendar day of an instant, "YYYY-MM-DD". */
export function jakartaDay(instant: Date = new Date()): string {
  return new Date(instant.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether the text is a real calendar day "YYYY-MM-DD". */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Number of days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export type DateRangePreset =
  'today' | 'yesterday' | 'last7' | 'last14' | 'last30' | 'thisMonth' | 'lastMonth' | 'custom';

/** The presets in menu order with their Indonesian labels. */
export const DATE_RANGE_PRESETS: ReadonlyArray<{ id: DateRangePreset; label: string }> = [
  { id: 'today', label: 'Hari ini' },
  { id: 'yesterday', label: 'Kemarin' },
  { id: 'last7', label: '7 hari terakhir' },
  { id: 'last14', label: '14 hari terakhir' },
  { id: 'last30', label: '30 hari terakhir' },
  { id: 'thisMonth', label: 'Bulan ini' },
  { id: 'lastMonth', label: 'Bulan lalu' },
  { id: 'custom', label: 'Custom' },
];

export interface DayRange {
  /** First day, "YYYY-MM-DD", included. */
  from: string;
  /** Last day, "YYYY-MM-DD", included. */
  to: string;
}

/**
 * The days of a preset at `now`, in Asia/Jakarta. "N hari terakhir" ends yesterday, as in Meta Ads Manager
 * (today's figures are still arriving); "Bulan ini" runs to today.
 *
 * @example
 * ```tsx
 * presetRange('last7', new Date('2026-11-23T18:00:00Z')) // { from: '2026-11-17', to: '2026-11-23' } (already the 24th in Jakarta)
 * ```
 */
export function presetRange(preset: Exclude<DateRangePreset, 'custom'>, now: Date = new Date()): DayRange {
  const today = jakartaDay(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last7':
      return { from: addDays(today, -7), to: addDays(today, -1) };
    case 'last14':
      return { from: addDays(today, -14), to: addDays(today, -1) };
    case 'last30':
      return { from: addDays(today, -30), to: addDays(today, -1) };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const end = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${end.slice(0, 8)}01`, to: end };
    }
  }
}

/** The period of the same length just before `range` (what "compare to the previous period" compares with). */
export function previousRange(range: DayRange): DayRange {
  const length = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

/**
 * A short id-ID label of a day, independent of the machine's locale data: "28 Okt 2026", or "28 Okt" without the
 * year (a chart's days within one year).
 */
export function formatDay(day: string, { year = true }: { year?: boolean } = {}): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return year ? `${d} ${MONTHS[m - 1] ?? ''} ${y}` : `${d} ${MONTHS[m - 1] ?? ''}`;
}

/**
 * A short id-ID label of a range, independent of the machine's locale data: "1–7 Nov 2026", "28 Okt – 3 Nov 2026".
 */
export function formatDayRange({ from, to }: DayRange): string {
  if (from === to) return formatDay(to);
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const month = (m: number) => MONTHS[m - 1] ?? '';
  if (fy === ty && fm === tm) return `${fd}–${td} ${month(tm)} ${ty}`;
  if (fy === ty) return `${fd} ${month(fm)} – ${td} ${month(tm)} ${ty}`;
  return `${fd} ${month(fm)} ${fy} – ${td} ${month(tm)} ${ty}`;
}
