import { describe, expect, it, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '@certs/shared/common/api-error';
import { ApiError } from './api-client';
import { pagedTableProps, type PagedListQuery, type PagingProps } from './paged-table-props';

interface Row {
  id: string;
}

const paging: PagingProps = { page: 2, pageSize: 50, onPageChange: vi.fn(), onPageSizeChange: vi.fn() };

function query(state: Partial<PagedListQuery<Row>>): PagedListQuery<Row> {
  return { data: undefined, isFetching: false, error: null, ...state };
}

describe('pagedTableProps', () => {
  it('while the first page loads: no rows, no total, loading, no error', () => {
    expect(pagedTableProps(query({ isFetching: true }), paging)).toEqual({ rows: [], totalRows: 0, isLoading: true, error: null, ...paging });
  });

  it('with a page: its rows and total, not loading, no error', () => {
    const rows = [{ id: 'a' }, { id: 'b' }];
    const props = pagedTableProps(query({ data: { rows, totalRows: 120 } }), paging);
    expect(props).toEqual({ rows, totalRows: 120, isLoading: false, error: null, ...paging });
    expect(props.rows).toBe(rows);
  });

  it('while it asks again (another page or search): keeps the rows it has and is loading', () => {
    const rows = [{ id: 'a' }];
    const props = pagedTableProps(query({ data: { rows, totalRows: 1 }, isFetching: true }), paging);
    expect(props.rows).toBe(rows);
    expect(props.isLoading).toBe(true);
  });

  it("on an error: the server's message, or the generic one when the error is not a call's", () => {
    expect(pagedTableProps(query({ error: new ApiError(403, 'You may not see these.') }), paging).error).toBe('You may not see these.');
    expect(pagedTableProps(query({ error: new Error('boom') }), paging).error).toBe(GENERIC_ERROR_MESSAGE);
  });

  it("passes the paging's page, size and handlers on", () => {
    const props = pagedTableProps(query({}), paging);
    props.onPageChange(3);
    props.onPageSizeChange(100);
    expect(paging.onPageChange).toHaveBeenCalledWith(3);
    expect(paging.onPageSizeChange).toHaveBeenCalledWith(100);
    expect([props.page, props.pageSize]).toEqual([2, 50]);
  });
});
