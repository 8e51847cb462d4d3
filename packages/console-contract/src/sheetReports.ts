/**
 * Sheet Report schedules (issue 15): daily or weekly at a time of day in Asia/Jakarta. The due-time rule lives
 * here so the server's scheduler and the page's "next run" show the same instant. Jakarta has no daylight saving
 * (UTC+7 all year), so the rule is plain arithmetic and does not depend on the machine's zone.
 */
import { z } from './zod.js';
import { unknownKeyError } from './entities/validation.js';
import { REPORT_IDS } from './reports.js';

const JAKARTA_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** ISO weekdays: 1 Monday … 7 Sunday, with the Indonesian names the page shows. */
export const SHEET_WEEKDAYS = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] as const;

export const sheetScheduleSchema = z
  .strictObject({
    frequency: z.enum(['daily', 'weekly'], { error: 'Must be daily or weekly' }),
    time: z
      .string({ error: 'Required' })
      .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day as HH:MM (00:00–23:59, Asia/Jakarta)')),
    weekday: z.optional(
      z
        .number()
        .check(
          z.int(),
          z.gte(1, 'A weekday from 1 (Senin) to 7 (Minggu)'),
          z.lte(7, 'A weekday from 1 (Senin) to 7 (Minggu)'),
        ),
    ),
  })
  .check(
    z.superRefine((schedule, ctx) => {
      if (schedule.frequency === 'weekly' && schedule.weekday === undefined)
        ctx.addIssue({ code: 'custom', message: 'A weekly schedule needs its weekday', path: ['weekday'] });
    }),
  );
export type SheetSchedule = z.infer<typeof sheetScheduleSchema>;

/**
 * The first run strictly after `after`: today's (Jakarta) time if still ahead, else the next day; a weekly
 * schedule moves on to its weekday.
 *
 * @example
 * nextSheetRun({ frequency: 'daily', time: '06:00' }, new Date('2026-11-23T23:30:00Z')) // 2026-11-24T23:00:00Z (06:00 WIB on the 25th)
 */
export function nextSheetRun(schedule: SheetSchedule, after: Date): Date {
  const [hours, minutes] = schedule.time.split(':').map(Number) as [number, number];
  const local = after.getTime() + JAKARTA_OFFSET_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  let candidate = midnight + (hours * 60 + minutes) * 60_000;
  if (candidate <= local) candidate += DAY_MS;
  if (schedule.frequency === 'weekly') {
    // 1970-01-01 was a Thursday (ISO 4).
    const isoWeekday = ((((Math.floor(candidate / DAY_MS) + 3) % 7) + 7) % 7) + 1;
    candidate += ((((schedule.weekday! - isoWeekday) % 7) + 7) % 7) * DAY_MS;
  }
  return new Date(candidate - JAKARTA_OFFSET_MS);
}

/**
 * The spreadsheet id from a Google Sheets address (https://docs.google.com/spreadsheets/d/<id>/edit…) or the id
 * itself; null when it is neither.
 */
export function spreadsheetIdOf(text: string): string | null {
  const value = text.trim();
  const fromUrl = /^https:\/\/docs\.google\.com\/spreadsheets\/d\/([A-Za-z0-9_-]{20,})/.exec(value);
  if (fromUrl) return fromUrl[1]!;
  return /^[A-Za-z0-9_-]{20,}$/.test(value) ? value : null;
}

/**
 * A Google Sheet the run also writes into (issue 15): the spreadsheet (address or id), the sheet (tab) whose
 * cells are replaced, and the service account's JSON key, write-only: left out on an edit, the stored one stays.
 */
export const sheetGoogleInputSchema = z.strictObject({
  spreadsheet: z
    .string({ error: 'A Google Sheets address or spreadsheet id' })
    .check(z.refine((value) => spreadsheetIdOf(value) !== null, 'A Google Sheets address or spreadsheet id')),
  sheet: z.string({ error: 'The sheet (tab) name' }).check(
    z.trim(),
    z.minLength(1, 'The sheet (tab) name'),
    z.maxLength(100, 'Must be at most 100 characters'),
    z.refine((value) => !/['[\]*?:/\\]/.test(value), "A sheet name without ' [ ] * ? : / \\"),
  ),
  credentials: z.optional(z.string().check(z.maxLength(20_000, 'Must be at most 20000 characters'))),
});

export const SHEET_FORMATS = ['csv', 'xlsx'] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

/** A schedule as the form sends it: which report, over how many days before today, in which file format. */
export const sheetReportInputSchema = z.strictObject(
  {
    name: z
      .string({ error: 'Name is required' })
      .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(80, 'Must be at most 80 characters')),
    report: z.enum(REPORT_IDS, {
      error: (issue) =>
        typeof issue.input === 'string' ? `Expected one of: ${REPORT_IDS.join(', ')}` : 'Choose a report',
    }),
    group_by: z.optional(z.string().check(z.regex(/^[a-z_]+$/, 'Expected a dimension key'))),
    /** The range: the last `days` whole Jakarta days, yesterday included. */
    days: z
      .number({ error: 'A number of days from 1 to 366' })
      .check(
        z.int('A whole number of days'),
        z.gte(1, 'A number of days from 1 to 366'),
        z.lte(366, 'A number of days from 1 to 366'),
      ),
    format: z.enum(SHEET_FORMATS, { error: 'Must be csv or xlsx' }),
    schedule: sheetScheduleSchema,
    /** Files kept for download: the last `keep` runs' files; older ones are deleted. */
    keep: z._default(
      z
        .number({ error: 'Keep 1 to 50 files' })
        .check(z.int('Keep 1 to 50 files'), z.gte(1, 'Keep 1 to 50 files'), z.lte(50, 'Keep 1 to 50 files')),
      5,
    ),
    active: z._default(z.boolean({ error: 'Must be true or false' }), true),
    /**
     * Export a saved list view (one's own or a shared one) instead of the report: its filters, search, sort and
     * columns, read whole when the run starts. `report`, `group_by` and `days` then do not apply.
     */
    view_id: z.optional(
      z.nullable(
        z
          .number({ error: 'A saved view id' })
          .check(
            z.int('A saved view id'),
            z.positive('A saved view id'),
            z.lte(2_147_483_647, 'A saved view id'),
          ),
      ),
    ),
    /** Also write the figures into a Google Sheet (null or absent: files only). */
    google_sheet: z.optional(z.nullable(sheetGoogleInputSchema)),
  },
  { error: unknownKeyError },
);
export type SheetReportInput = z.input<typeof sheetReportInputSchema>;

export const SHEET_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;

export const sheetReportRunSchema = z.object({
  id: z.number(),
  schedule_id: z.number(),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(SHEET_RUN_STATUSES),
  started_at: z.string(),
  finished_at: z.nullable(z.string()),
  duration_ms: z.nullable(z.number()),
  rows: z.nullable(z.number()),
  error: z.nullable(z.string()),
  /** The kept file's name; null when none was written or it was deleted (older than the last `keep`). */
  file_name: z.nullable(z.string()),
  /** The Google Sheet range the run wrote (e.g. `Laporan!A1:P42`); null without a Google Sheet. */
  sheet_range: z.nullable(z.string()),
});
export type SheetReportRun = z.infer<typeof sheetReportRunSchema>;

export const sheetReportScheduleSchema = z.object({
  id: z.number(),
  name: z.string(),
  report: z.enum(REPORT_IDS),
  group_by: z.nullable(z.string()),
  days: z.number(),
  format: z.enum(SHEET_FORMATS),
  schedule: z.object({
    frequency: z.enum(['daily', 'weekly']),
    time: z.string(),
    weekday: z.optional(z.number()),
  }),
  keep: z.number(),
  active: z.boolean(),
  /** When the scheduler runs it next (null while paused). */
  next_run_at: z.nullable(z.string()),
  /** What the schedule exports: a report, or a saved list view (null when that view was deleted). */
  source: z.enum(['report', 'view']),
  view: z.nullable(z.object({ id: z.number(), name: z.string(), entity: z.string() })),
  /** The Google Sheet written too; the key itself is never sent back, only the service account's address. */
  google_sheet: z.nullable(
    z.object({ spreadsheet_id: z.string(), sheet: z.string(), client_email: z.nullable(z.string()) }),
  ),
  last_run: z.nullable(sheetReportRunSchema),
  version: z.number(),
});
export type SheetReportSchedule = z.infer<typeof sheetReportScheduleSchema>;

export const sheetReportListSchema = z.object({ schedules: z.array(sheetReportScheduleSchema) });
export const sheetReportRunListSchema = z.object({ runs: z.array(sheetReportRunSchema) });

/** A saved list view a schedule may export: the caller's own or a shared one, of an entity the caller may read. */
export const sheetViewChoiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  entity: z.string(),
  entity_label: z.string(),
  owner: z.nullable(z.string()),
});
export type SheetViewChoice = z.infer<typeof sheetViewChoiceSchema>;
export const sheetViewChoiceListSchema = z.object({ views: z.array(sheetViewChoiceSchema) });
