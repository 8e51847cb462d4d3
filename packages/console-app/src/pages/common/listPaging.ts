/** What listPaging reads of a list controller (console-ui's useListController). */
interface PagedList {
  view: { page: number; pageSize: number };
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  total: number;
  totalKnown: boolean;
  totalEstimated: boolean;
}

/**
 * A DataTable's paging props from a list controller: the total only once it is known (not "0 of 0" while
 * loading), the page and its size from the view, the controller's setters.
 *
 * @example
 * <DataTable rows={list.rows} {...listPaging(list, PAGE_SIZES)} … />
 */
export function listPaging(list: PagedList, pageSizeOptions: number[]) {
  return {
    ...(list.totalKnown ? { total: list.total } : {}),
    totalEstimated: list.totalEstimated,
    page: list.view.page,
    onPageChange: list.setPage,
    pageSize: list.view.pageSize,
    pageSizeOptions,
    onPageSizeChange: list.setPageSize,
  };
}
