import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@certs/shared/common/paging';

/** How long a list waits after the last keystroke before it asks the server again. */
export const SEARCH_DELAY_MS = 300;

/**
 * The page and page size of one paged list. A new page size goes back to the first page: the
 * current page number may not exist at the new size. Callers call `resetPage` when a search or
 * filter changes, for the same reason.
 */
export function usePaging() {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const resetPage = () => setPage(DEFAULT_PAGE);
  return {
    page,
    pageSize,
    onPageChange: setPage,
    onPageSizeChange: (size: number) => {
      setPageSize(size);
      resetPage();
    },
    resetPage,
  };
}

/**
 * A search box's text, shown at once, and the term sent to the server, SEARCH_DELAY_MS after the
 * last change (one request per pause, not per keystroke). `onChange` runs on every change; a
 * paged list passes its `resetPage`.
 */
export function useDebouncedSearch(onChange?: () => void) {
  const [text, setText] = useState('');
  const [term] = useDebouncedValue(text, SEARCH_DELAY_MS);
  return {
    text,
    term,
    onTextChange: (value: string) => {
      setText(value);
      onChange?.();
    },
  };
}
