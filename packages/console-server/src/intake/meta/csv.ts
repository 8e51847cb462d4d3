/**
 * Ads Manager exports (CSV): English or Indonesian headers, `,` or `;`, a BOM, id-ID numbers ("18.415"), and a
 * summary row whose entity names are empty. Parsed into daily ad rows with per-row errors.
 */
import type { AdInsightNames } from '../tables.js';

export type InsightColumn =
  | 'date_start'
  | 'date_stop'
  | 'campaign_name'
  | 'adset_name'
  | 'ad_name'
  | 'campaign_id'
  | 'adset_id'
  | 'ad_id'
  | 'spend'
  | 'impressions'
  | 'reach'
  | 'frequency'
  | 'inline_link_clicks'
  | 'clicks'
  | 'purchases'
  | 'purchase_value'
  | 'video_3s_views'
  | 'account_id';

/** Header text (lower-cased, trimmed) → column; `id` marks Indonesian headers (their numbers are id-ID). */
const HEADERS: Record<string, { column: InsightColumn; id?: boolean }> = {
  'reporting starts': { column: 'date_start' },
  'awal pelaporan': { column: 'date_start', id: true },
  'reporting ends': { column: 'date_stop' },
  'akhir pelaporan': { column: 'date_stop', id: true },
  'campaign name': { column: 'campaign_name' },
  'nama kampanye': { column: 'campaign_name', id: true },
  'ad set name': { column: 'adset_name' },
  'nama set iklan': { column: 'adset_name', id: true },
  'ad name': { column: 'ad_name' },
  'nama iklan': { column: 'ad_name', id: true },
  'campaign id': { column: 'campaign_id' },
  'id kampanye': { column: 'campaign_id', id: true },
  'ad set id': { column: 'adset_id' },
  'id set iklan': { column: 'adset_id', id: true },
  'ad id': { column: 'ad_id' },
  'id iklan': { column: 'ad_id', id: true },
  'amount spent (idr)': { column: 'spend' },
  'jumlah yang dibelanjakan (idr)': { column: 'spend', id: true },
  impressions: { column: 'impressions' },
  impresi: { column: 'impressions', id: true },
  reach: { column: 'reach' },
  jangkauan: { column: 'reach', id: true },
  frequency: { column: 'frequency' },
  frekuensi: { column: 'frequency', id: true },
  'link clicks': { column: 'inline_link_clicks' },
  'klik tautan': { column: 'inline_link_clicks', id: true },
  'clicks (all)': { column: 'clicks' },
  'klik (semua)': { column: 'clicks', id: true },
  purchases: { column: 'purchases' },
  pembelian: { column: 'purchases', id: true },
  'purchases conversion value': { column: 'purchase_value' },
  'nilai konversi pembelian': { column: 'purchase_value', id: true },
  // Optional: the Ad Creative report's hook rate; an export without it imports 0.
  '3-second video plays': { column: 'video_3s_views' },
  'pemutaran video 3 detik': { column: 'video_3s_views', id: true },
  'account id': { column: 'account_id' },
  'id akun': { column: 'account_id', id: true },
};

export interface InsightRow extends AdInsightNames {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  date: string;
  account_id: string | null;
  impressions: number;
  reach: number;
  /** Clicks (all); null when the file does not carry them (no such column, or an empty cell): unknown, not 0. */
  clicks: number | null;
  inline_link_clicks: number;
  spend: number;
  purchases: number;
  purchase_value: number;
  video_3s_views: number;
}

export interface RowError {
  line: number;
  field: string;
  message: string;
}

export interface ParsedExport {
  rows: InsightRow[];
  errors: RowError[];
  skippedSummaryRows: number;
  language: 'en' | 'id';
  delimiter: ',' | ';';
}

/** RFC 4180 records: quoted fields, doubled quotes, CRLF or LF. */
export function parseCsvRecords(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((row) => row.some((cell) => cell.trim() !== ''));
}

/** A number as the export writes it: id-ID "18.415" / "1.234,5", or English "18,415" / "1234.5"; empty → 0. */
export function parseExportNumber(text: string, locale: 'en' | 'id'): number | null {
  const raw = text.trim().replace(/\s/g, '');
  if (raw === '' || raw === '-') return 0;
  const normalised = locale === 'id' ? raw.replace(/\./g, '').replace(',', '.') : raw.replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}

/** A cell as text: an XLSX date as its calendar day (exceljs reads date cells as UTC midnight). */
function textOf(cell: ExportCell): string {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** YYYY-MM-DD, or D/M/YYYY as id-ID exports may write it. */
function parseExportDate(text: string): string | null {
  const value = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Number.isNaN(Date.parse(value)) ? null : value;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (dmy) {
    const iso = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
    return Number.isNaN(Date.parse(iso)) ? null : iso;
  }
  return null;
}

const LABELS: Record<InsightColumn, string> = {
  date_start: 'Reporting starts',
  date_stop: 'Reporting ends',
  campaign_name: 'Campaign name',
  adset_name: 'Ad set name',
  ad_name: 'Ad name',
  campaign_id: 'Campaign ID',
  adset_id: 'Ad set ID',
  ad_id: 'Ad ID',
  spend: 'Amount spent (IDR)',
  impressions: 'Impressions',
  reach: 'Reach',
  frequency: 'Frequency',
  inline_link_clicks: 'Link clicks',
  clicks: 'Clicks (all)',
  purchases: 'Purchases',
  purchase_value: 'Purchases conversion value',
  video_3s_views: '3-second video plays',
  account_id: 'Account ID',
};

export class ExportFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportFormatError';
  }
}

/** Parses a whole CSV export; throws ExportFormatError when the header row is not an Ads Manager export's. */
export function parseAdsManagerCsv(input: string): ParsedExport {
  const text = input.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter: ',' | ';' =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  return parseAdsManagerRecords(parseCsvRecords(text, delimiter), delimiter);
}

/**
 * A cell as a file holds it: text from CSV; from XLSX also typed numbers (parsed as they are, whatever the
 * header language) and dates.
 */
export type ExportCell = string | number | Date;

/** Parses the records of an export (CSV or the first XLSX sheet); the header row first. */
export function parseAdsManagerRecords(
  records: readonly (readonly ExportCell[])[],
  delimiter: ',' | ';' = ',',
): ParsedExport {
  const header = records[0];
  if (!header) throw new ExportFormatError('The file is empty');
  const columns = header.map((cell) => HEADERS[String(cell).trim().toLowerCase()]);
  const language: 'en' | 'id' = columns.some((entry) => entry?.id) ? 'id' : 'en';
  const indexOf = (column: InsightColumn) => columns.findIndex((entry) => entry?.column === column);
  for (const required of ['date_start', 'ad_id', 'campaign_id'] as const) {
    if (indexOf(required) < 0)
      throw new ExportFormatError(
        `The export has no "${LABELS[required]}" column: include it in the Ads Manager report (ad level, breakdown by day)`,
      );
  }
  const rows: InsightRow[] = [];
  const errors: RowError[] = [];
  let skippedSummaryRows = 0;
  for (let position = 1; position < records.length; position += 1) {
    const record = records[position]!;
    const line = position + 1;
    const raw = (column: InsightColumn): ExportCell => {
      const index = indexOf(column);
      return index < 0 ? '' : (record[index] ?? '');
    };
    const cell = (column: InsightColumn) => textOf(raw(column));
    // The summary row: totals with no campaign, ad set or ad named.
    if (cell('campaign_name') === '' && cell('ad_name') === '' && cell('ad_id') === '') {
      skippedSummaryRows += 1;
      continue;
    }
    const rowErrors: RowError[] = [];
    const date = parseExportDate(cell('date_start'));
    if (!date)
      rowErrors.push({
        line,
        field: 'date_start',
        message: `${LABELS.date_start} must be a date (YYYY-MM-DD)`,
      });
    for (const column of ['ad_id', 'campaign_id'] as const) {
      if (!/^\d{1,30}$/.test(cell(column)))
        rowErrors.push({ line, field: column, message: `${LABELS[column]} must be a numeric id` });
    }
    const numbers = {} as Record<
      | 'impressions'
      | 'reach'
      | 'inline_link_clicks'
      | 'spend'
      | 'purchases'
      | 'purchase_value'
      | 'video_3s_views',
      number
    >;
    // Clicks (all) may be missing from a file (an export with "Link clicks" only) or from a row of it: unknown.
    const clicksCell = raw('clicks');
    const clicksText = typeof clicksCell === 'number' ? String(clicksCell) : cell('clicks');
    let clicks: number | null = null;
    if (indexOf('clicks') >= 0 && clicksText !== '' && clicksText !== '-') {
      const value = typeof clicksCell === 'number' ? clicksCell : parseExportNumber(clicksText, language);
      if (value === null || value < 0)
        rowErrors.push({
          line,
          field: 'clicks',
          message: `${LABELS.clicks} must be a number, got "${clicksText}"`,
        });
      else clicks = Math.round(value);
    }
    for (const column of [
      'impressions',
      'reach',
      'inline_link_clicks',
      'spend',
      'purchases',
      'purchase_value',
      'video_3s_views',
    ] as const) {
      const typed = raw(column);
      const value = typeof typed === 'number' ? typed : parseExportNumber(cell(column), language);
      if (value === null || value < 0)
        rowErrors.push({
          line,
          field: column,
          message: `${LABELS[column]} must be a number, got "${cell(column)}"`,
        });
      numbers[column] = Math.round(value ?? 0);
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    const optional = (column: InsightColumn) => cell(column) || null;
    rows.push({
      line,
      date: date!,
      campaign_id: cell('campaign_id'),
      campaign_name: optional('campaign_name'),
      adset_id: optional('adset_id'),
      adset_name: optional('adset_name'),
      ad_id: cell('ad_id'),
      ad_name: optional('ad_name'),
      account_id: optional('account_id'),
      ...numbers,
      clicks,
    });
  }
  return { rows, errors, skippedSummaryRows, language, delimiter };
}

/**
 * Purchases from the Marketing API's `actions`: the same purchases repeat under several action types, so one
 * canonical type is counted (the first present of omni_purchase, purchase, the pixel's), never their sum.
 */
export const PURCHASE_ACTION_TYPES = [
  'omni_purchase',
  'purchase',
  'offsite_conversion.fb_pixel_purchase',
] as const;

export function canonicalPurchases(
  actions: readonly { action_type: string; value: string | number }[] | undefined,
): number {
  for (const type of PURCHASE_ACTION_TYPES) {
    const found = actions?.find((action) => action.action_type === type);
    if (found) return Number(found.value) || 0;
  }
  return 0;
}
