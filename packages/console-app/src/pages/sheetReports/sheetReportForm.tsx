// The Sheet Report page's form: its state, choices and the mapping to and from a schedule, and the tables' columns.
import {
  REPORT_DEFINITIONS,
  REPORT_IDS,
  SHEET_WEEKDAYS,
  type ReportId,
  type SheetReportInput,
  type SheetReportSchedule,
} from '@staff/console-contract';
import { ApiError } from '../../api/apiError.js';
import { type FieldOption } from '../common/FormField.js';
import { numColumn, type ColumnHeading } from '../common/TableHead.js';
import { type SHEET_REPORT_TEXTS } from './texts.js';

export type SheetTexts = (typeof SHEET_REPORT_TEXTS)['en'];

/** The schedule table's columns. */
export const scheduleColumns = ({ columns: c }: SheetTexts): ColumnHeading[] => [
  c.name,
  c.report,
  c.schedule,
  c.next,
  c.last,
  { label: <span className="sr">{c.actions}</span> },
];

/** The run log's columns. */
export const runColumns = ({ columns: c }: SheetTexts): ColumnHeading[] => [
  c.started,
  c.trigger,
  c.status,
  numColumn(c.rows),
  numColumn(c.duration),
  c.error,
  'Google Sheet',
  c.file,
];

export const when = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
export const messageOf = (error: unknown, texts: SheetTexts) =>
  ApiError.from(error).message || texts.requestFailed;

export interface FormState {
  name: string;
  /** What is exported: a report, or a saved list view (its id as text). */
  source: 'report' | 'view';
  view: string;
  report: ReportId;
  group_by: string;
  days: string;
  format: 'csv' | 'xlsx';
  frequency: 'daily' | 'weekly';
  time: string;
  weekday: string;
  keep: string;
  active: boolean;
  /** Also write into a Google Sheet. */
  google: boolean;
  spreadsheet: string;
  sheet: string;
  /** The service account's JSON key: empty on an edit keeps the stored one. */
  credentials: string;
  /** The stored key's account, shown instead of the key. */
  clientEmail: string | null;
}

// The server's bounds: days of data in a report export, files kept per schedule.
export const DAYS_INPUT = { type: 'number', min: 1, max: 366 } as const;
export const KEEP_INPUT = { type: 'number', min: 1, max: 50 } as const;

/** The form's text-valued fields (those a field row edits). */
export type TextKey = { [K in keyof FormState]: FormState[K] extends string ? K : never }[keyof FormState];

/**
 * The form field that shows a message about a body path that is not itself a field: the schedule's parts, the
 * view, the Google Sheet's parts (a message on the whole Google Sheet goes under the spreadsheet).
 */
export const FIELD_OF_PATH: Partial<Record<string, keyof FormState & string>> = {
  'schedule.frequency': 'frequency',
  'schedule.time': 'time',
  'schedule.weekday': 'weekday',
  schedule: 'time',
  view_id: 'view',
  'google_sheet.spreadsheet': 'spreadsheet',
  'google_sheet.sheet': 'sheet',
  'google_sheet.credentials': 'credentials',
  google_sheet: 'spreadsheet',
};

/** An address, the same in both languages. */
export const SPREADSHEET_PLACEHOLDER = 'https://docs.google.com/spreadsheets/d/…';

export const EMPTY_FORM: FormState = {
  name: '',
  source: 'report',
  view: '',
  report: 'ads-x-mayar',
  group_by: '',
  days: '7',
  format: 'xlsx',
  frequency: 'daily',
  time: '07:00',
  weekday: '1',
  keep: '5',
  active: true,
  google: false,
  spreadsheet: '',
  sheet: 'Sheet1',
  credentials: '',
  clientEmail: null,
};

export const sourceOptions = ({ sources }: SheetTexts): FieldOption<FormState['source']>[] => [
  { value: 'report', label: sources.report },
  { value: 'view', label: sources.view },
];
export const REPORT_OPTIONS: FieldOption<ReportId>[] = REPORT_IDS.map((id) => ({
  value: id,
  label: REPORT_DEFINITIONS[id].title,
}));
export const FORMAT_OPTIONS: FieldOption<FormState['format']>[] = [
  { value: 'xlsx', label: 'XLSX' },
  { value: 'csv', label: 'CSV' },
];
export const frequencyOptions = ({ frequencies }: SheetTexts): FieldOption<FormState['frequency']>[] => [
  { value: 'daily', label: frequencies.daily },
  { value: 'weekly', label: frequencies.weekly },
];
export const WEEKDAY_OPTIONS: FieldOption[] = SHEET_WEEKDAYS.map((name, index) => ({
  value: String(index + 1),
  label: name,
}));

export const formOf = (schedule: SheetReportSchedule): FormState => ({
  name: schedule.name,
  source: schedule.source,
  view: schedule.view ? String(schedule.view.id) : '',
  report: schedule.report,
  group_by: schedule.group_by ?? '',
  days: String(schedule.days),
  format: schedule.format,
  frequency: schedule.schedule.frequency,
  time: schedule.schedule.time,
  weekday: String(schedule.schedule.weekday ?? 1),
  keep: String(schedule.keep),
  active: schedule.active,
  google: schedule.google_sheet !== null,
  spreadsheet: schedule.google_sheet?.spreadsheet_id ?? '',
  sheet: schedule.google_sheet?.sheet ?? 'Sheet1',
  credentials: '',
  clientEmail: schedule.google_sheet?.client_email ?? null,
});

export const inputOf = (form: FormState): SheetReportInput => ({
  name: form.name,
  report: form.report,
  ...(form.group_by ? { group_by: form.group_by } : {}),
  days: Number(form.days),
  format: form.format,
  schedule:
    form.frequency === 'weekly'
      ? { frequency: 'weekly', time: form.time, weekday: Number(form.weekday) }
      : { frequency: 'daily', time: form.time },
  keep: Number(form.keep),
  active: form.active,
  view_id: form.source === 'view' && form.view ? Number(form.view) : null,
  google_sheet: form.google
    ? {
        spreadsheet: form.spreadsheet,
        sheet: form.sheet,
        ...(form.credentials.trim() ? { credentials: form.credentials } : {}),
      }
    : null,
});

export const scheduleText = (schedule: SheetReportSchedule['schedule'], texts: SheetTexts) =>
  schedule.frequency === 'weekly'
    ? texts.scheduleText.weekly(SHEET_WEEKDAYS[(schedule.weekday ?? 1) - 1]!, schedule.time)
    : texts.scheduleText.daily(schedule.time);
