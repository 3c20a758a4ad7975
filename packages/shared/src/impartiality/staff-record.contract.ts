import dayjs from 'dayjs';
import { z } from 'zod';
import { PROGRAM_USER_ROLE_VALUES } from '../program/program-user-role';
import { CompanyRef, PersonRef } from './impartiality.contract';

/**
 * Examiners' records (issue 43, ISO/IEC 17024 6.1 and 6.2): each staff member's employer and
 * position, the evidence of their competence (qualifications and training, with expiry and a file),
 * their authorisations per program and role (`program_users.authorised_until`) and the agreements
 * they signed (`/api/staffrecords`).
 */

/** An authorisation or a qualification lapsing within this many days is shown as lapsing soon. */
export const SOON_LAPSING_DAYS = 60;

export const EXPIRY_STATES = ['no_expiry', 'current', 'soon', 'lapsed'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];
export const EXPIRY_STATE_LABELS: Record<ExpiryState, string> = { no_expiry: 'No expiry', current: 'Current', soon: 'Lapses soon', lapsed: 'Lapsed' };
export const EXPIRY_STATE_COLORS: Record<ExpiryState, string> = { no_expiry: 'gray', current: 'green', soon: 'yellow', lapsed: 'red' };

/**
 * Whether a last valid day (YYYY-MM-DD, included) has passed on the body's `today`: an
 * authorisation "until 2026-06-30" still holds on that day and has lapsed on 1 July.
 */
export function expiryStateOf(lastDay: string | null, today: string, soonDays: number = SOON_LAPSING_DAYS): ExpiryState {
  if (!lastDay) return 'no_expiry';
  if (lastDay < today) return 'lapsed';
  return lastDay <= dayjs(today).add(soonDays, 'day').format('YYYY-MM-DD') ? 'soon' : 'current';
}

export const COMPETENCE_KINDS = ['qualification', 'training'] as const;
export type CompetenceKind = (typeof COMPETENCE_KINDS)[number];
export const COMPETENCE_KIND_LABELS: Record<CompetenceKind, string> = { qualification: 'Qualification', training: 'Training' };

export const STAFF_RECORD_MESSAGES = {
  staffNotFound: 'Staff member not found',
  companyNotFound: 'Company not found',
  positionMax: 'Position must be at most 200 characters',
  kindRequired: 'Choose qualification or training',
  titleRequired: 'Title is required',
  titleMax: 'Title must be at most 200 characters',
  issuerMax: 'Issuer must be at most 200 characters',
  notesMax: 'Notes must be at most 2000 characters',
  obtainedOnRequired: 'Enter the date obtained as YYYY-MM-DD',
  expiresOnInvalid: 'Enter the expiry as YYYY-MM-DD',
  expiresBeforeObtained: 'The expiry must not be before the date obtained',
  competenceNotFound: 'Qualification or training not found',
  fileNotFound: 'File not found',
  noFile: 'No file is attached',
  programRequired: 'Choose a program',
  roleRequired: 'Choose a role',
  authorisedUntilInvalid: 'Enter the last day of the authorisation as YYYY-MM-DD',
  basisMax: 'Basis must be at most 500 characters',
  authorisationNotFound: 'They do not hold this role in the program: add them as a program user first',
} as const;
const M = STAFF_RECORD_MESSAGES;

export const Competence = z.object({
  id: z.string(),
  kind: z.enum(COMPETENCE_KINDS),
  title: z.string(),
  issuer: z.string(),
  obtainedOn: z.string(),
  expiresOn: z.string().nullable(),
  notes: z.string(),
  file: z.object({ id: z.string(), name: z.string() }).nullable(),
  state: z.enum(EXPIRY_STATES),
});
export type Competence = z.infer<typeof Competence>;

export const Authorisation = z.object({
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  /** The program user role (1 assessor, 2 examiner, 3 invigilator, 4 manager). */
  role: z.number().int(),
  authorisedUntil: z.string().nullable(),
  authorisationBasis: z.string(),
  state: z.enum(EXPIRY_STATES),
  /** Whether the caller may change it: an account administrator, or the program's manager. */
  canEdit: z.boolean(),
});
export type Authorisation = z.infer<typeof Authorisation>;

export const StaffRecord = z.object({
  staff: PersonRef.extend({ role: z.number().int(), active: z.boolean() }),
  /** The body's today and year (its time zone). */
  today: z.string(),
  year: z.number().int(),
  employer: CompanyRef.nullable(),
  position: z.string(),
  competences: z.array(Competence),
  authorisations: z.array(Authorisation),
  agreements: z.array(z.object({ id: z.string(), year: z.number().int(), signedOn: z.string() })),
  signedThisYear: z.boolean(),
  activeConflicts: z.number().int(),
  /** Employer, position, qualifications and training: account administrators. */
  canEdit: z.boolean(),
});
export type StaffRecord = z.infer<typeof StaffRecord>;

export const StaffRecordRequest = z.strictObject({
  employerCompanyId: z.uuid({ error: M.companyNotFound }).nullable(),
  position: z.string().trim().max(200, M.positionMax).default(''),
});
export type StaffRecordRequest = z.input<typeof StaffRecordRequest>;

export const CompetenceRequest = z
  .strictObject({
    kind: z.enum(COMPETENCE_KINDS, { error: M.kindRequired }),
    title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.titleMax),
    issuer: z.string().trim().max(200, M.issuerMax).default(''),
    obtainedOn: z.iso.date({ error: M.obtainedOnRequired }),
    expiresOn: z.iso.date({ error: M.expiresOnInvalid }).nullable().default(null),
    attachmentId: z.uuid({ error: M.fileNotFound }).nullable().default(null),
    notes: z.string().trim().max(2000, M.notesMax).default(''),
  })
  .refine((value) => !value.expiresOn || value.expiresOn >= value.obtainedOn, { path: ['expiresOn'], message: M.expiresBeforeObtained });
export type CompetenceRequest = z.input<typeof CompetenceRequest>;

export const AuthorisationRequest = z.strictObject({
  programId: z.uuid({ error: M.programRequired }),
  role: z.union(PROGRAM_USER_ROLE_VALUES.map((role) => z.literal(role)), { error: M.roleRequired }),
  authorisedUntil: z.iso.date({ error: M.authorisedUntilInvalid }).nullable(),
  authorisationBasis: z.string().trim().max(500, M.basisMax).default(''),
});
export type AuthorisationRequest = z.input<typeof AuthorisationRequest>;

export const STAFF_REGISTER_FILTERS = ['all', 'attention', 'lapsed', 'soon', 'unsigned'] as const;
export type StaffRegisterFilter = (typeof STAFF_REGISTER_FILTERS)[number];
export const STAFF_REGISTER_FILTER_LABELS: Record<StaffRegisterFilter, string> = {
  all: 'All staff',
  attention: 'Needing attention (lapsed, lapsing or unsigned)',
  lapsed: 'Lapsed authorisation',
  soon: 'Authorisation lapsing soon',
  unsigned: "This year's agreement unsigned",
};

export const StaffRegisterQuery = z.strictObject({
  filter: z.enum(STAFF_REGISTER_FILTERS).default('all'),
  searchTerm: z.string().max(200).optional(),
});
export type StaffRegisterQuery = z.input<typeof StaffRegisterQuery>;

export const StaffRegisterRow = z.object({
  staff: PersonRef.extend({ role: z.number().int() }),
  employerName: z.string().nullable(),
  position: z.string(),
  authorisations: z.number().int(),
  lapsedAuthorisations: z.number().int(),
  soonAuthorisations: z.number().int(),
  lapsedCompetences: z.number().int(),
  signedOn: z.string().nullable(),
});
export type StaffRegisterRow = z.infer<typeof StaffRegisterRow>;
export const StaffRegister = z.object({
  today: z.string(),
  year: z.number().int(),
  counts: z.object({ staff: z.number().int(), lapsed: z.number().int(), soon: z.number().int(), unsigned: z.number().int() }),
  rows: z.array(StaffRegisterRow),
});
export type StaffRegister = z.infer<typeof StaffRegister>;

export const FileLink = z.object({ url: z.string(), expiresOn: z.string() });
