export { DataTable, renderFieldCell } from './DataTable.js';
export {
  DATA_TABLE_MESSAGES,
  columnsFromFields,
  nextSort,
  pageSummary,
  sortRows,
  type DataTableColumn,
  type DataTableMessages,
  type DataTableProps,
  type KeysetPagination,
  type SortDirection,
  type SortState,
} from './model.js';
export { Pagination, type PaginationProps } from './Pagination.js';
export { useDataTable, type DataTableState, type UseDataTableOptions } from './useDataTable.js';
export { useVirtualRows, type VirtualRows, type VirtualRowsOptions } from './useVirtualRows.js';
