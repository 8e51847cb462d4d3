import { REPORT_DEFINITIONS, type ReportId, type ReportResponse } from '@staff/console-contract';
import ExcelJS from 'exceljs';

interface Column {
  key: string;
  label: string;
  format?: string;
}

function columnsOf(id: ReportId, answer: ReportResponse): Column[] {
  const definition = REPORT_DEFINITIONS[id];
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

/** The view as CSV: a header of labels, one line per row, then the totals line. Plain numbers, dot decimals. */
export function reportCsv(id: ReportId, answer: ReportResponse): string {
  const columns = columnsOf(id, answer);
  const lines = [columns.map((column) => csvCell(column.label)).join(',')];
  for (const row of answer.rows)
    lines.push(columns.map((column) => csvCell(row.values[column.key])).join(','));
  lines.push(
    columns
      .map((column, index) => csvCell(index === 0 ? 'Total' : answer.totals.values[column.key]))
      .join(','),
  );
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
export async function reportXlsx(id: ReportId, answer: ReportResponse): Promise<Buffer> {
  const definition = REPORT_DEFINITIONS[id];
  const columns = columnsOf(id, answer);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(definition.title.slice(0, 31));
  sheet.addRow([`${definition.title} ${answer.from} – ${answer.to}`]).font = { bold: true };
  const header = sheet.addRow(columns.map((column) => column.label));
  header.font = { bold: true };
  for (const row of answer.rows) sheet.addRow(columns.map((column) => row.values[column.key] ?? null));
  const totals = sheet.addRow(
    columns.map((column, index) => (index === 0 ? 'Total' : (answer.totals.values[column.key] ?? null))),
  );
  totals.font = { bold: true };
  columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = index === 0 ? 32 : 16;
    if (column.format) sheetColumn.numFmt = NUMBER_FORMATS[column.format] ?? '';
  });
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 2 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
