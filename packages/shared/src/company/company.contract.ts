import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, pagedResponse, pagingShape } from '../common/paging';
import { businessNumberKindOf, normaliseBusinessNumber } from './business-number';

/** Companies (`api/company`, decision 027): employers of applicants and corporate members. */
export const COMPANY_MESSAGES = {
  required: (label: string) => `${label} is required`,
  max: (label: string, n: number) => `${label} must be at most ${n} characters`,
  invalidEmail: 'Invalid email',
  abnInvalid: 'ABN is not valid: 11 digits with the ATO check digits',
  nzbnInvalid: 'NZBN is not valid: 13 digits with the GS1 check digit',
  businessNumberInvalid: 'ABN or NZBN must be an ABN of 11 digits or an NZBN of 13 digits',
  businessNumberTaken: 'A company with this ABN or NZBN already exists',
  membershipEndBeforeStart: 'Membership End must not be before Membership Start',
  membershipDatesNeedNumber: 'Corporate Member Number is required with membership dates',
  notFound: 'Company not found',
  inactiveEmployer: 'This company is not available to choose',
  claimNotFound: 'This person does not name the company as their employer',
} as const;

const M = COMPANY_MESSAGES;
const text = (label: string, max: number) => z.string().trim().max(max, M.max(label, max)).default('');
const requiredText = (label: string, max: number) => z.string({ error: M.required(label) }).trim().min(1, M.required(label)).max(max, M.max(label, max));
const email = (label: string) => z.string({ error: M.required(label) }).trim().min(1, M.required(label)).max(254).pipe(z.email(M.invalidEmail));
const optionalDate = (label: string) => z.iso.date({ error: `${label} must be a valid date` }).nullable().default(null);

/**
 * ABN (11 digits) or NZBN (13 digits), spaces and dashes allowed; blank is none. The message names
 * the kind its length suggests, so "ABN is not valid" is what a mistyped ABN gets.
 */
export const BusinessNumber = z
  .string()
  .trim()
  .max(32)
  .default('')
  .transform((value, ctx) => {
    const digits = normaliseBusinessNumber(value);
    if (!digits) return null;
    if (businessNumberKindOf(digits)) return digits;
    const message = /^\d{11}$/.test(digits) ? M.abnInvalid : /^\d{13}$/.test(digits) ? M.nzbnInvalid : M.businessNumberInvalid;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

const companyFields = {
  name: requiredText('Company Name', 128),
  businessNumber: BusinessNumber,
  streetAddress: text('Street Address', 160),
  city: text('City', 64),
  state: text('State', 64),
  postalCode: text('Postal Code', 16),
  country: text('Country', 64),
  contactName: text('Contact Name', 128),
  contactPosition: text('Contact Position', 128),
  contactEmail: email('Contact Email'),
  contactPhone: z.string().trim().max(32).regex(/^[0-9+()\-\s]*$/, 'Phone must be digits, spaces and + ( ) - only').default(''),
};

/**
 * Staff's form: every field, with the corporate membership of the staff's own awarding body (the
 * company is shared by every account; each body keeps its own membership) and whether it is active.
 */
export const CompanyRequest = z
  .strictObject({
    ...companyFields,
    corporateMemberNumber: text('Corporate Member Number', 32),
    membershipStartsOn: optionalDate('Membership Start'),
    membershipEndsOn: optionalDate('Membership End'),
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.membershipStartsOn && value.membershipEndsOn && value.membershipEndsOn < value.membershipStartsOn) {
      ctx.addIssue({ code: 'custom', path: ['membershipEndsOn'], message: M.membershipEndBeforeStart });
    }
    if ((value.membershipStartsOn || value.membershipEndsOn) && !value.corporateMemberNumber) {
      ctx.addIssue({ code: 'custom', path: ['corporateMemberNumber'], message: M.membershipDatesNeedNumber });
    }
  });
export type CompanyRequest = z.input<typeof CompanyRequest>;

/** An applicant asks for their employer to be added: created inactive until staff approve it. */
export const NewCompanyRequest = z.strictObject(companyFields);
export type NewCompanyRequest = z.input<typeof NewCompanyRequest>;

export const Company = z.object({
  id: z.string(),
  name: z.string(),
  businessNumberKind: z.enum(['ABN', 'NZBN']).nullable(),
  businessNumber: z.string().nullable(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  contactName: z.string(),
  contactPosition: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** The corporate membership of the reader's account ('' and null: not its member). */
  corporateMemberNumber: z.string(),
  membershipStartsOn: z.string().nullable(),
  membershipEndsOn: z.string().nullable(),
  /** Whether the corporate membership is current today (Sydney's date). */
  isCurrentCorporateMember: z.boolean(),
  active: z.boolean(),
  /** Asked for by an applicant (created inactive). */
  isRequested: z.boolean(),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type Company = z.infer<typeof Company>;

/**
 * An applicant's claim to work for a company (issue 42, decision 036): their own choice waits
 * 'pending' for staff; only an 'approved' one gives the company's corporate-member rights.
 */
export const EMPLOYER_CLAIM_STATUSES = ['pending', 'approved', 'declined'] as const;
export const EmployerClaimStatus = z.enum(EMPLOYER_CLAIM_STATUSES);
export type EmployerClaimStatus = z.infer<typeof EmployerClaimStatus>;

/** Its people: the applicants whose claim to work for the company staff approved. */
export const CompanyPerson = z.object({ applicantId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), memberNumber: z.string() });
export type CompanyPerson = z.infer<typeof CompanyPerson>;

/** A claim for staff to decide (`api/company/claims`). */
export const EmployerClaim = z.object({
  applicantId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  status: EmployerClaimStatus,
  claimedOn: z.string().nullable(),
  decidedOn: z.string().nullable(),
});
export type EmployerClaim = z.infer<typeof EmployerClaim>;
export const EmployerClaimListQuery = z.strictObject({ status: EmployerClaimStatus.default('pending') });
export const DecideEmployerClaimRequest = z.strictObject({ decision: z.enum(['approve', 'decline'], { error: "Decision must be 'approve' or 'decline'" }) });
export type DecideEmployerClaimRequest = z.input<typeof DecideEmployerClaimRequest>;

export const CompanyDetails = Company.extend({ people: z.array(CompanyPerson), claims: z.array(EmployerClaim) });
export type CompanyDetails = z.infer<typeof CompanyDetails>;

export const CompanyPage = pagedResponse(Company);
export type CompanyPage = z.infer<typeof CompanyPage>;

export const COMPANY_SEARCH_BY = ['all', 'name', 'businessNumber', 'memberNumber', 'email'] as const;

/**
 * `api/company/pagination` takes the spec's names (currentPage, perPageCount, searchBy, searchTerm)
 * as well as today's page and pageSize; the spec's win when both are sent.
 */
export const CompanyListQuery = z
  .strictObject({
    ...pagingShape,
    currentPage: pagingShape.page.optional(),
    perPageCount: pagingShape.pageSize.optional(),
    searchBy: z.enum(COMPANY_SEARCH_BY).default('all'),
    searchTerm: z.string().max(200).optional(),
    active: z.enum(['true', 'false']).optional(),
  })
  .transform(({ currentPage, perPageCount, ...rest }) => ({ ...rest, page: currentPage ?? rest.page ?? DEFAULT_PAGE, pageSize: perPageCount ?? rest.pageSize ?? DEFAULT_PAGE_SIZE }));
export type CompanyListQuery = z.input<typeof CompanyListQuery>;

/** What an applicant sees of a company when choosing an employer. */
export const CompanyOption = z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string(), active: z.boolean() });
export type CompanyOption = z.infer<typeof CompanyOption>;
export const CompanyOptionsQuery = z.strictObject({ searchTerm: z.string().max(200).optional() });

/** The applicant's employer link (`api/company/employer`). */
export const Employer = z.object({ company: CompanyOption.nullable(), claimStatus: EmployerClaimStatus.nullable() });
export type Employer = z.infer<typeof Employer>;
export const SetEmployerRequest = z.strictObject({ companyId: z.uuid({ error: M.notFound }).nullable() });
export type SetEmployerRequest = z.input<typeof SetEmployerRequest>;
