import {
  localizeReport,
  localizeReportRows,
  REPORT_DEFINITIONS,
  type Language,
  type ReportId,
  type ReportResponse,
} from '@staff/console-contract';
import ExcelJS from 'exceljs';

interface Column {
  key: string;
  label: string;
  format?: string;
}

function columnsOf(id: ReportId, answer: ReportResponse, language: Language): Column[] {
  const definition = localizeReport(REPORT_DEFINITIONS[id], language);
  const dimension = definition.dimensions.find((d) => d.key === answer.group_by);
  return [
    { key: answer.group_by, label: dimension?.label ?? answer.group_by },
    ...definition.measures.map((measure) => ({
      key: measure.key,
      label: measure.label,
      format: measure.format,
    })),
  ];
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // Quote what needs it, and neutralise text a spreadsheet would run as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && Number.isNaN(Number(text)) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

type Cell = string | number | null;

/**
 * The view as a grid: a header of labels (in `language`: a person's download speaks theirs; Sheet Report runs are
 * English), one line per row, then the totals line (CSV, XLSX and Google Sheets).
 */
export function reportTable(id: ReportId, answer: ReportResponse, language: Language = 'en'): Cell[][] {
  const columns = columnsOf(id, answer, language);
  const cell = (value: unknown): Cell =>
    value === null || value === undefined ? null : typeof value === 'number' ? value : String(value);
  return [
    columns.map((column) => column.label),
    ...localizeReportRows(answer.rows, language).map((row) =>
      columns.map((column) => cell(row.values[column.key])),
    ),
    // "Total" is the same word in Bahasa Indonesia.
    columns.map((column, index) => (index === 0 ? 'Total' : cell(answer.totals.values[column.key]))),
  ];
}

/** The view as CSV: a header of labels, one line per row, then the totals line. Plain numbers, dot decimals. */
export function reportCsv(id: ReportId, answer: ReportResponse, language: Language = 'en'): string {
  const lines = reportTable(id, answer, language).map((line) => line.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const NUMBER_FORMATS: Record<string, string> = {
  idr: '"Rp" #,##0',
  number: '#,##0',
  decimal: '#,##0.00',
  // Values are already × 100 (CTR 1.25 means 1.25 %).
  percent: '0.00"%"',
  ratio: '0.00"×"',
};

/** The view as a formatted XLSX sheet: IDR and % number formats, a bold totals row, the period in the title. */
export async function reportXlsx(
  id: ReportId,
  answer: ReportResponse,
  language: Language = 'en',
): Promise<Buffer> {
  const definition = REPORT_DEFINITIONS[id];
  const columns = columnsOf(id, answer, language);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(definition.title.slice(0, 31));
  sheet.addRow([`${definition.title} ${answer.from} – ${answer.to}`]).font = { bold: true };
  const table = reportTable(id, answer, language);
  table.forEach((line, index) => {
    const row = sheet.addRow(line);
    if (index === 0 || index === table.length - 1) row.font = { bold: true };
  });
  columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = index === 0 ? 32 : 16;
    if (column.format) sheetColumn.numFmt = NUMBER_FORMATS[column.format] ?? '';
  });
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 2 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
