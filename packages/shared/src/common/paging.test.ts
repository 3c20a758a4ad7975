import { describe, expect, it } from 'vitest';
import { PagingQuery, rangeText, searchTermOrUndefined, totalPages, withSpecPagingNames } from './paging';

describe('paging', () => {
  it('derives total pages, never fewer than one', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(251, 250)).toBe(2);
    expect(totalPages(5, 0)).toBe(1);
  });

  it('derives the range text', () => {
    expect(rangeText(1, 10, 0)).toBe('Showing 0 of 0');
    expect(rangeText(1, 10, 42)).toBe('Showing 1 to 10 of 42');
    expect(rangeText(5, 10, 42)).toBe('Showing 41 to 42 of 42');
  });

  it('defaults to page 1 of 10 rows and accepts only the offered sizes', () => {
    expect(PagingQuery.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(PagingQuery.parse({ page: '3', pageSize: '150' })).toEqual({ page: 3, pageSize: 150 });
    expect(PagingQuery.safeParse({ pageSize: '20' }).success).toBe(false);
    expect(PagingQuery.safeParse({ page: '0' }).success).toBe(false);
  });

  it('sends a search term only when it is not blank', () => {
    expect(searchTermOrUndefined('  ')).toBeUndefined();
    expect(searchTermOrUndefined(undefined)).toBeUndefined();
    expect(searchTermOrUndefined('  WQ-01 ')).toBe('WQ-01');
  });
});

describe('the spec paging names (section 7)', () => {
  const accepted = new Set(['page', 'pageSize', 'search']);

  it('turns currentPage, perPageCount and searchTerm into the names the list takes', () => {
    expect(withSpecPagingNames({ currentPage: '2', perPageCount: '50', searchTerm: 'weld', searchBy: 'name' }, accepted)).toEqual({ page: '2', pageSize: '50', search: 'weld' });
    expect(PagingQuery.parse(withSpecPagingNames({ currentPage: '3', perPageCount: '100' }, accepted))).toEqual({ page: 3, pageSize: 100 });
  });

  it("keeps today's names and a list's own searchTerm and searchBy", () => {
    expect(withSpecPagingNames({ page: '2', pageSize: '50', search: 'x' }, accepted)).toEqual({ page: '2', pageSize: '50', search: 'x' });
    const own = new Set(['page', 'pageSize', 'searchTerm', 'searchBy']);
    expect(withSpecPagingNames({ search: 'x', searchBy: 'email' }, own)).toEqual({ searchTerm: 'x', searchBy: 'email' });
  });

  it('leaves a name given both ways for the schema to refuse, and leaves unpaged queries alone', () => {
    const both = withSpecPagingNames({ page: '1', currentPage: '2' }, accepted);
    expect(both).toEqual({ page: '1', currentPage: '2' });
    expect(PagingQuery.safeParse(both).success).toBe(false);
    expect(withSpecPagingNames({ currentPage: '2' }, new Set(['programId']))).toEqual({ currentPage: '2' });
  });
});
