/** Numbers id-ID and times in Asia/Jakarta (WIB) in both languages, as everywhere in the console. */
const numberFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
const timeFormat = new Intl.DateTimeFormat('id-ID', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Jakarta',
});
const clockFormat = new Intl.DateTimeFormat('id-ID', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Jakarta',
});

export const formatNumber = (value: number) => numberFormat.format(value);

/** "02 Mar 2031 09.00.00 WIB"; "" for nothing. */
export function formatTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${timeFormat.format(date)} WIB`;
}

/** "09.00.00 WIB". */
export const formatClock = (iso: string) => `${clockFormat.format(new Date(iso))} WIB`;

/** Units of an age, in the reader's language. */
export interface AgeUnits {
  s: string;
  min: string;
  h: string;
  d: string;
}

/** An age in seconds as the largest units that matter: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatAge(seconds: number | null, u: AgeUnits): string {
  if (seconds === null) return '';
  const s = Math.round(seconds);
  if (s < 60) return `${s} ${u.s}`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} ${u.min}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} ${u.h} ${minutes % 60} ${u.min}`;
  return `${formatNumber(Math.floor(hours / 24))} ${u.d} ${hours % 24} ${u.h}`;
}

/** Bytes as "1,5 MB" (id-ID decimals). */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${numberFormat.format(Math.round(value * 10) / 10)} ${units[unit]}`;
}
