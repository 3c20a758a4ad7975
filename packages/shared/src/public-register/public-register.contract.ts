import { z } from 'zod';
import { AWARD_STATUSES, type AwardStatus } from '../award/award-status';
import { pagedResponse, pagingShape } from '../common/paging';

/**
 * The public register of certificate holders and certificate verification (issue 16, decision 021):
 * `POST unauth/application/companyreports/search` and `.../aicip`, `GET unauth/verify/{certificateNumber}`.
 */
export const PUBLIC_REGISTER_PATHS = {
  search: '/unauth/application/companyreports/search',
  aicip: '/unauth/application/companyreports/aicip',
  verify: (certificateNumber: string) => `/unauth/verify/${encodeURIComponent(certificateNumber)}`,
  /** The awarding bodies whose registers the platform holds (issue 40): the register page's body filter. */
  bodies: '/unauth/accounts',
} as const;

// The web pages, apart from the schemas so that the app's routes can name them without zod (issue 46).
export { PUBLIC_REGISTER_PAGES, REGISTER_BODY_PARAM, registerPagePath, verificationPagePath } from './public-register-pages';

export const PUBLIC_REGISTERS = ['search', 'aicip'] as const;
export type PublicRegister = (typeof PUBLIC_REGISTERS)[number];

/**
 * Program types each register lists (spec section 9: 1 Qualification, 2 Certification, 3 Welder
 * Qualification, 4 AICIP). The spec has two registers; AICIP inspectors have their own, so the
 * personnel search holds every other holder, welders' qualification certificates included.
 */
export const REGISTER_PROGRAM_TYPES: Record<PublicRegister, readonly number[]> = {
  search: [1, 2, 3],
  aicip: [4],
};

export const REGISTER_SEARCH_BY = ['name', 'certificateNumber', 'program'] as const;
export type RegisterSearchBy = (typeof REGISTER_SEARCH_BY)[number];
export const REGISTER_SEARCH_BY_LABELS: Record<RegisterSearchBy, string> = {
  name: 'Name',
  certificateNumber: 'Certificate number',
  program: 'Program',
};

/** Fewest characters a search needs besides wildcards and spaces, so that no search dumps the register. */
export const MIN_REGISTER_SEARCH_CHARACTERS = 3;
export const MAX_REGISTER_SEARCH_LENGTH = 100;

export const PUBLIC_REGISTER_MESSAGES = {
  searchTermRequired: 'Search term is required',
  searchTermTooShort: `Enter at least ${MIN_REGISTER_SEARCH_CHARACTERS} letters or digits to search`,
  searchTermTooLong: `Search term must be at most ${MAX_REGISTER_SEARCH_LENGTH} characters`,
  certificateNotFound: 'No certificate has this number',
  bodyNotFound: 'No awarding body has this short name',
  tooManySearches: 'Too many searches from your network. Please wait a few minutes and try again.',
  tooManyVerifications: 'Too many certificate checks from your network. Please wait a few minutes and try again.',
} as const;

/** Characters of a search term that narrow it: not `%`, `_`, `*` (wildcards elsewhere) or spaces. */
export function significantSearchCharacters(term: string): number {
  return term.replace(/[%_*\s]/g, '').length;
}

/** The register's search (spec section 7: `searchTerm`, `searchBy`, `currentPage`, `perPageCount`). */
export const RegisterSearchRequest = z.strictObject({
  searchTerm: z
    .string({ error: PUBLIC_REGISTER_MESSAGES.searchTermRequired })
    .trim()
    .min(1, PUBLIC_REGISTER_MESSAGES.searchTermRequired)
    .max(MAX_REGISTER_SEARCH_LENGTH, PUBLIC_REGISTER_MESSAGES.searchTermTooLong)
    .refine((term) => term.length === 0 || significantSearchCharacters(term) >= MIN_REGISTER_SEARCH_CHARACTERS, PUBLIC_REGISTER_MESSAGES.searchTermTooShort),
  /** Absent: name, certificate number and program alike. */
  searchBy: z.enum(REGISTER_SEARCH_BY, { error: `Search by must be one of ${REGISTER_SEARCH_BY.join(', ')}` }).optional(),
  /** One awarding body's register (its account's short name); absent: every body's. */
  accountShortName: z.string().trim().toLowerCase().min(1).max(32).optional(),
  currentPage: pagingShape.page,
  perPageCount: pagingShape.pageSize,
});
export type RegisterSearchRequest = z.input<typeof RegisterSearchRequest>;

/** Everything the public may read about a certificate and its holder; nothing else leaves the server. */
export const PublicCertificate = z.strictObject({
  /** The holder's name as on the certificate. */
  name: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  certificateNumber: z.string(),
  awardDate: z.string(),
  /** Last day of validity; null when the award does not expire. */
  expiresOn: z.string().nullable(),
  /** The status now: a current award past its expiry reads `expired`. */
  status: z.enum(AWARD_STATUSES),
  /** A welder qualification's range in the standard's designations (ISO 9606-1 135 P BW ...); empty for other awards. */
  designations: z.array(z.string()),
  /** The awarding body that issued it: the name of the account of the award's program. */
  issuingBody: z.string(),
  /** The issuing body's logo (a public path), or null when it has none. */
  issuingBodyLogoUrl: z.string().nullable(),
});
export type PublicCertificate = z.infer<typeof PublicCertificate>;

export const PublicRegisterPage = pagedResponse(PublicCertificate);
export type PublicRegisterPage = z.infer<typeof PublicRegisterPage>;

/** An awarding body as the register names it and filters by it. */
export const RegisterBody = z.strictObject({ name: z.string(), shortName: z.string() });
export type RegisterBody = z.infer<typeof RegisterBody>;
export const RegisterBodyList = z.array(RegisterBody);

export const VerifyCertificateParams = z.strictObject({ certificateNumber: z.string().trim().min(1).max(100) });

/** The status a visitor reads today (the issuing body's today): a current award whose last valid day has passed is expired. */
export function publicStatusOf(status: AwardStatus, expiresOn: string | null, today: string): AwardStatus {
  if (status === 'current' && expiresOn !== null && expiresOn < today) return 'expired';
  return status;
}

/** What the verification page says under each status, plainly. */
export const VERIFICATION_STATUS_TEXT: Record<AwardStatus, { headline: string; detail: string }> = {
  current: { headline: 'Current', detail: 'This certificate is valid.' },
  'on hold': { headline: 'On hold', detail: 'This certificate is not valid at present.' },
  cancelled: { headline: 'Cancelled', detail: 'This certificate has been cancelled and is not valid.' },
  withdrawn: { headline: 'Withdrawn', detail: 'This certificate has been withdrawn and is not valid.' },
  expired: { headline: 'Expired', detail: 'This certificate has expired and is no longer valid.' },
};
