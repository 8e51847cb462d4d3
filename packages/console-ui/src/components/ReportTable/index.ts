export {
  ReportTable,
  nextReportSort,
  sortReportRows,
  type ReportSort,
  type ReportTableColumn,
  type ReportTableProps,
  type ReportTableRow,
  type ReportValue,
} from './ReportTable.js';
