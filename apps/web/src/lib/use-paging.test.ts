import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@certs/shared/common/paging';
import { SEARCH_DELAY_MS, useDebouncedSearch, usePaging } from './use-paging';

describe('usePaging', () => {
  it('starts on the first page at the default size', () => {
    const { result } = renderHook(() => usePaging());
    expect(result.current.page).toBe(DEFAULT_PAGE);
    expect(result.current.pageSize).toBe(DEFAULT_PAGE_SIZE);
  });

  it('goes back to the first page when the page size changes', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.onPageChange(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.onPageSizeChange(50));
    expect(result.current.pageSize).toBe(50);
    expect(result.current.page).toBe(DEFAULT_PAGE);
  });

  it('resetPage goes back to the first page and keeps the size', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.onPageSizeChange(100));
    act(() => result.current.onPageChange(4));
    act(() => result.current.resetPage());
    expect(result.current.page).toBe(DEFAULT_PAGE);
    expect(result.current.pageSize).toBe(100);
  });
});

describe('useDebouncedSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the text at once and follows it with the term only after the delay', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.onTextChange('we'));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    act(() => result.current.onTextChange('weld'));
    expect(result.current.text).toBe('weld');
    expect(result.current.term).toBe('');
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(result.current.term).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.term).toBe('weld');
  });

  it('calls onChange on every change, so a paged list can go back to its first page', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch(onChange));
    act(() => result.current.onTextChange('a'));
    act(() => result.current.onTextChange('ab'));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('with usePaging: typing puts the list back on the first page', () => {
    const { result } = renderHook(() => {
      const paging = usePaging();
      const search = useDebouncedSearch(paging.resetPage);
      return { paging, search };
    });
    act(() => result.current.paging.onPageChange(2));
    act(() => result.current.search.onTextChange('x'));
    expect(result.current.paging.page).toBe(DEFAULT_PAGE);
  });
});
