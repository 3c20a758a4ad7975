import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessageOf } from './api-client';
import type { usePaging } from './use-paging';

/** One page of a paged list as the server sends it. */
export interface PagedRows<Row> {
  rows: Row[];
  totalRows: number;
}

/** What `pagedTableProps` reads of a list's query: its page, whether it is asking the server, and its error. */
export type PagedListQuery<Row> = Pick<UseQueryResult<PagedRows<Row>, unknown>, 'data' | 'isFetching' | 'error'>;

/** What `pagedTableProps` reads of `usePaging()`. */
export type PagingProps = Pick<ReturnType<typeof usePaging>, 'page' | 'pageSize' | 'onPageChange' | 'onPageSizeChange'>;

/** The props a paged table (PagedTable, or a table that passes them on to it) takes from its list query and its paging. */
export interface PagedTableProps<Row> extends PagingProps {
  rows: Row[];
  totalRows: number;
  isLoading: boolean;
  error: string | null;
}

/**
 * A paged list screen's query and paging as its table's props: the page's rows (none until the
 * first page arrives), the total, loading while the query asks the server (`isFetching`: also
 * when it asks again for another page or search), the query's error as the message to show (or
 * null), and the page, page size and their handlers from `usePaging()`.
 *
 * `<SomeTable {...pagedTableProps(list, paging)} onOpen={setOpen} />`
 */
export function pagedTableProps<Row>(list: PagedListQuery<Row>, paging: PagingProps): PagedTableProps<Row> {
  return {
    rows: list.data?.rows ?? [],
    totalRows: list.data?.totalRows ?? 0,
    isLoading: list.isFetching,
    error: list.error ? errorMessageOf(list.error) : null,
    page: paging.page,
    pageSize: paging.pageSize,
    onPageChange: paging.onPageChange,
    onPageSizeChange: paging.onPageSizeChange,
  };
}
