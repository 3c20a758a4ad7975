import { z } from 'zod';

/** Paging constants of spec section 9. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 50, 100, 150, 250] as const;
export const DEFAULT_PAGE = 1;

/** The paging fields every paged list takes; lists with their own filters extend them. */
export const pagingShape = {
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), {
      message: `Page size must be one of ${PAGE_SIZE_OPTIONS.join(', ')}`,
    })
    .default(DEFAULT_PAGE_SIZE),
};

/** Query string of a simple paged list: `page`, `pageSize` and an optional search term. */
export const PagingQuery = z.strictObject({ ...pagingShape, search: z.string().optional() });
export type PagingQuery = z.infer<typeof PagingQuery>;

/**
 * The spec's paging and search names (section 7: `currentPage`, `perPageCount`, `searchBy`,
 * `searchTerm`) beside today's (`page`, `pageSize`, `search`): every paged query (one whose schema
 * takes `page` and `pageSize`) is read through this one rule before its schema checks it, so each
 * list's schema keeps its own names and both spellings work on every paged route.
 */
export const SPEC_PAGING_NAMES = { currentPage: 'page', perPageCount: 'pageSize' } as const;

/**
 * A paged query with the spec's names turned into the names its schema accepts (`accepted`). A
 * name given both ways is left as it is, so the strict schema refuses the spare one (no guessing
 * which wins). `searchTerm` and `search` stand for each other; `searchBy` is dropped where the
 * list has no `searchBy` of its own: its search already looks in every field it searches.
 */
export function withSpecPagingNames(query: Readonly<Record<string, unknown>>, accepted: ReadonlySet<string>): Record<string, unknown> {
  const isPaged = accepted.has('page') && accepted.has('pageSize');
  if (!isPaged) return { ...query };
  const out: Record<string, unknown> = { ...query };
  const rename = (from: string, to: string) => {
    if (!(from in out) || accepted.has(from) || !accepted.has(to) || to in out) return;
    out[to] = out[from];
    delete out[from];
  };
  for (const [spec, today] of Object.entries(SPEC_PAGING_NAMES)) rename(spec, today);
  rename('searchTerm', 'search');
  rename('search', 'searchTerm');
  if ('searchBy' in out && !accepted.has('searchBy')) delete out.searchBy;
  return out;
}

export function pagedResponse<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalRows: z.number().int(),
  });
}

/** Total pages is derived and at least 1 (spec section 3, Paging). */
export function totalPages(totalRows: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(totalRows / pageSize));
}

/** "Showing 11 to 20 of 42", or "Showing 0 of 0" for an empty list. */
export function rangeText(page: number, pageSize: number, totalRows: number): string {
  if (totalRows <= 0) return 'Showing 0 of 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, totalRows);
  return `Showing ${first} to ${last} of ${totalRows}`;
}

/** Search terms are sent only when non-blank after trimming (spec section 5). */
export function searchTermOrUndefined(term: string | null | undefined): string | undefined {
  const trimmed = term?.trim();
  return trimmed ? trimmed : undefined;
}
