export {
  ReportTable,
  REPORT_TABLE_MESSAGES,
  nextReportSort,
  sortReportRows,
  type ReportSort,
  type ReportTableColumn,
  type ReportTableMessages,
  type ReportTableProps,
  type ReportTableRow,
  type ReportValue,
} from './ReportTable.js';
