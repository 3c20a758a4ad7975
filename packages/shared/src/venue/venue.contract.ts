import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';

/** Venues (`api/venue`): a title (spec section 3, Venue). */
export const VENUE_MESSAGES = {
  titleRequired: 'Title is required',
  titleMax: 'Title must be at most 128 characters',
  titleTaken: 'A venue with this title already exists',
  notFound: 'Venue not found',
  inUse: 'This venue is named in an exam schedule and cannot be removed',
} as const;

export const VenueRequest = z.strictObject({
  title: z.string({ error: VENUE_MESSAGES.titleRequired }).trim().min(1, VENUE_MESSAGES.titleRequired).max(128, VENUE_MESSAGES.titleMax),
});
export type VenueRequest = z.input<typeof VenueRequest>;

export const Venue = z.object({ id: z.string(), title: z.string(), createdOn: z.string(), modifiedOn: z.string() });
export type Venue = z.infer<typeof Venue>;
export const VenuePage = pagedResponse(Venue);
export type VenuePage = z.infer<typeof VenuePage>;

/** Paged lists of venues and test centres, searched by title (venues) or reference, company, city and email (centres). */
export const VenueListQuery = z.strictObject({ ...pagingShape, searchTerm: z.string().max(200).optional() });
export type VenueListQuery = z.input<typeof VenueListQuery>;

/** Test centres (`api/testingagency`): spec section 3 fields, spec section 5 rules. */
export const TESTING_AGENCY_MESSAGES = {
  required: (label: string) => `${label} is required`,
  max: (label: string, n: number) => `${label} must be at most ${n} characters`,
  invalidEmail: 'Invalid email',
  phoneInvalid: 'Phone must be digits, spaces and + ( ) - only',
  referenceTaken: 'A test centre with this reference number already exists',
  notFound: 'Test centre not found',
  inUse: 'This test centre is named in an exam schedule and cannot be removed',
} as const;

const M = TESTING_AGENCY_MESSAGES;
const required = (label: string, max: number) => z.string({ error: M.required(label) }).trim().min(1, M.required(label)).max(max, M.max(label, max));
const phone = (label: string) => required(label, 32).regex(/^[0-9+()\-\s]*$/, M.phoneInvalid);

export const TESTING_AGENCY_LABELS = {
  referenceNumber: 'Reference Number',
  companyName: 'Company Name',
  streetNumber: 'Street Number',
  streetName: 'Street Name',
  postalCode: 'Postal Code',
  city: 'City',
  state: 'State',
  country: 'Country',
  phone: 'Phone',
  mobile: 'Mobile',
  primaryEmail: 'Primary Email',
  alternateEmail: 'Alternate Email',
} as const;
const L = TESTING_AGENCY_LABELS;

/** primaryEmail valid; streetNumber and alternateEmail optional (alternateEmail valid when given); the rest required. */
export const TestingAgencyRequest = z.strictObject({
  referenceNumber: required(L.referenceNumber, 32),
  companyName: required(L.companyName, 128),
  streetNumber: z.string().trim().max(16, M.max(L.streetNumber, 16)).default(''),
  streetName: required(L.streetName, 128),
  postalCode: required(L.postalCode, 16),
  city: required(L.city, 64),
  state: required(L.state, 64),
  country: required(L.country, 64),
  phone: phone(L.phone),
  mobile: phone(L.mobile),
  primaryEmail: z.string({ error: M.required(L.primaryEmail) }).trim().min(1, M.required(L.primaryEmail)).max(254).pipe(z.email(M.invalidEmail)),
  alternateEmail: z.string().trim().max(254).pipe(z.union([z.literal(''), z.email(M.invalidEmail)], { error: M.invalidEmail })).default(''),
});
export type TestingAgencyRequest = z.input<typeof TestingAgencyRequest>;

export const TestingAgency = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  companyName: z.string(),
  streetNumber: z.string(),
  streetName: z.string(),
  postalCode: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  phone: z.string(),
  mobile: z.string(),
  primaryEmail: z.string(),
  alternateEmail: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type TestingAgency = z.infer<typeof TestingAgency>;
export const TestingAgencyPage = pagedResponse(TestingAgency);
export type TestingAgencyPage = z.infer<typeof TestingAgencyPage>;
