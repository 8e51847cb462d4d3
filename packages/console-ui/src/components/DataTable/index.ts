export {
  DataTable,
  columnsFromFields,
  nextSort,
  pageSummary,
  renderFieldCell,
  type DataTableColumn,
  type DataTableProps,
  type KeysetPagination,
  type SortDirection,
  type SortState,
} from './DataTable.js';
export { useVirtualRows, type VirtualRows, type VirtualRowsOptions } from './useVirtualRows.js';
