import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../applicant/applicant.contract';
import { pagedResponse, pagingShape } from '../common/paging';

export const ADVANCED_SEARCH_PATHS = { search: '/api/advancesearch', saved: '/api/advancesearch/saved' } as const;

export const SEARCH_ENTITIES = ['applications', 'applicants', 'awards', 'payments'] as const;
export type SearchEntity = (typeof SEARCH_ENTITIES)[number];
export const SEARCH_ENTITY_LABELS: Record<SearchEntity, string> = { applications: 'Applications', applicants: 'Applicants', awards: 'Awards', payments: 'Payments' };

export const ADVANCED_SEARCH_MESSAGES = {
  toBeforeFrom: 'To must not be before From',
  nameRequired: 'Name is required',
  nameTaken: 'You already have a saved search with this name',
  notFound: 'Saved search not found',
} as const;

const day = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

/** The combined filters; each applies where the entity has the field (dates: created, awarded or paid). */
export const AdvancedSearchFilters = z
  .strictObject({
    entity: z.enum(SEARCH_ENTITIES).default('applications'),
    searchTerm: z.string().trim().max(100).optional(),
    programId: z.uuid().optional(),
    programType: z.coerce.number().int().min(1).max(4).optional(),
    status: z.string().max(64).optional(),
    stage: z.string().max(64).optional(),
    from: day.optional(),
    to: day.optional(),
    membership: z.enum(MEMBERSHIP_TYPES).optional(),
    companyId: z.uuid().optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: ADVANCED_SEARCH_MESSAGES.toBeforeFrom });
export type AdvancedSearchFilters = z.input<typeof AdvancedSearchFilters>;

export const AdvancedSearchRequest = z.strictObject({ ...pagingShape, filters: AdvancedSearchFilters });
export type AdvancedSearchRequest = z.input<typeof AdvancedSearchRequest>;

/** One row whatever the entity: what it is, its number or name, the program, status and date, and where it opens. */
export const SearchResultRow = z.object({
  entity: z.enum(SEARCH_ENTITIES),
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  programCode: z.string().nullable(),
  programTitle: z.string().nullable(),
  status: z.string().nullable(),
  date: z.string().nullable(),
  link: z.string().nullable(),
});
export type SearchResultRow = z.infer<typeof SearchResultRow>;
export const SearchResultPage = pagedResponse(SearchResultRow);
export type SearchResultPage = z.infer<typeof SearchResultPage>;

export const SaveSearchRequest = z.strictObject({ name: z.string().trim().min(1, ADVANCED_SEARCH_MESSAGES.nameRequired).max(80), filters: AdvancedSearchFilters });
export type SaveSearchRequest = z.input<typeof SaveSearchRequest>;
export const SavedSearch = z.object({ id: z.string(), name: z.string(), filters: AdvancedSearchFilters, createdOn: z.string() });
export type SavedSearch = z.infer<typeof SavedSearch>;
export const SavedSearchList = z.array(SavedSearch);
