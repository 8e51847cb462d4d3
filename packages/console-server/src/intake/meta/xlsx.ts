import ExcelJS from 'exceljs';
import { type ExportCell, ExportFormatError, type ParsedExport, parseAdsManagerRecords } from './csv.js';

/** The content type an Ads Manager "Excel" export is sent with. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One exceljs cell value as the parser's cell: formulas by their result, rich text and links by their text. */
function cellOf(value: ExcelJS.CellValue): ExportCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'string' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    return typeof result === 'number' || typeof result === 'string' || result instanceof Date ? result : '';
  }
  if ('text' in value) return String((value as { text: unknown }).text);
  return '';
}

/** Parses the first sheet of an XLSX export like a CSV one: same headers, rows, errors and summary row. */
export async function parseAdsManagerXlsx(input: Buffer): Promise<ParsedExport> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(input as unknown as ArrayBuffer);
  } catch {
    throw new ExportFormatError('The file is not an XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ExportFormatError('The file is empty');
  const records: ExportCell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    // row.values is 1-based: index 0 is always empty.
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const record = Array.from({ length: values.length }, (_, index) => cellOf(values[index]));
    if (record.some((cell) => textLength(cell) > 0)) records.push(record);
  });
  return parseAdsManagerRecords(records);
}

function textLength(cell: ExportCell): number {
  return cell instanceof Date || typeof cell === 'number' ? 1 : cell.trim().length;
}
