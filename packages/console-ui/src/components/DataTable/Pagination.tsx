import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useMessages } from '../../theme/messages.js';
import { formatGrouped } from '../../resource.js';
import { Button } from '../../primitives/Button.js';
import {
  DATA_TABLE_MESSAGES,
  DEFAULT_PAGE_SIZES,
  pageSummary,
  type DataTableMessages,
  type KeysetPagination,
} from './model.js';
import { controlBoxCss } from '../../primitives/css.js';

export interface PaginationProps {
  /** Rows on this page. */
  count: number;
  /** All rows matching (offset pagination); without it and without `keyset` nothing renders. */
  total?: number;
  totalEstimated?: boolean;
  /** Keyset pagination (previous/next cursors) instead of pages. */
  keyset?: KeysetPagination;
  /** 1-based page. */
  page: number;
  pageSize: number;
  pageSizeOptions?: number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Disables the buttons while a page loads. */
  loading?: boolean;
  /** The page failed to load: the count is unknown, so none is shown. */
  failed?: boolean;
  messages?: Partial<DataTableMessages>;
  className?: string;
}

/**
 * The table footer: rows per page, "1–50 of 1.234" and previous/next (offset), or "50 shown" and
 * previous/next (keyset). Usable on its own under a table rendered with `useDataTable`.
 *
 * @example
 * ```tsx
 * <Pagination count={rows.length} total={1234} page={page} pageSize={50} onPageChange={setPage} onPageSizeChange={setPageSize} />
 * ```
 */
export function Pagination({
  count,
  total,
  totalEstimated = false,
  keyset,
  page,
  pageSize,
  pageSizeOptions = DEFAULT_PAGE_SIZES,
  onPageChange,
  onPageSizeChange,
  loading = false,
  failed = false,
  messages,
  className,
}: PaginationProps) {
  const m = useMessages('dataTable', DATA_TABLE_MESSAGES, messages);
  // No count is known before the first page arrives or after a failure: never "0 of 0" then.
  const countUnknown = failed || (loading && count === 0);
  return (
    <Footer className={['cui-data-table-footer', className].filter(Boolean).join(' ')}>
      {keyset ? (
        <>
          <span className="cui-data-table-summary">
            {countUnknown
              ? ''
              : m.keysetSummary({
                  shown: formatGrouped(count),
                  total: total === undefined ? undefined : formatGrouped(total),
                  estimated: totalEstimated,
                })}
          </span>
          <div className="cui-data-table-pager">
            <Button disabled={!keyset.hasPrev || loading} onClick={keyset.onPrev}>
              {m.previousPage}
            </Button>
            <Button disabled={!keyset.hasNext || loading} onClick={keyset.onNext}>
              {m.nextPage}
            </Button>
          </div>
        </>
      ) : total !== undefined ? (
        <>
          <label className="cui-data-table-page-size">
            {m.rowsPerPage}
            <select value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <span className="cui-data-table-summary" aria-live="polite">
            {countUnknown ? '' : pageSummary(page, pageSize, count, total, totalEstimated, m.pageSummary)}
          </span>
          <div className="cui-data-table-pager">
            <Button disabled={page <= 1 || loading} onClick={() => onPageChange(page - 1)}>
              {m.previousPage}
            </Button>
            <Button
              disabled={page * pageSize >= total || loading || failed}
              onClick={() => onPageChange(page + 1)}
            >
              {m.nextPage}
            </Button>
          </div>
        </>
      ) : null}
    </Footer>
  );
}

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${t.space2} ${t.space4};
  font-size: ${t.fontSizeSm};
  color: ${t.colorTextMuted};
  &:empty {
    display: none;
  }
  .cui-data-table-page-size {
    display: inline-flex;
    align-items: center;
    gap: ${t.space2};
  }
  select {
    ${controlBoxCss}
    padding: 2px ${t.space1};
  }
  .cui-data-table-pager {
    display: inline-flex;
    gap: ${t.space2};
  }
`;
