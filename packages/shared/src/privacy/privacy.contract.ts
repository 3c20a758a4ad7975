import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';

/**
 * Personal data (issue 15; Australian Privacy Principles 11-13, NZ Privacy Act 2020; decision 016):
 * `GET api/privacy/me/export` (the applicant's archive), `POST api/privacy/me/deletion-request`,
 * `GET api/privacy/deletion-requests`, `POST api/privacy/deletion-requests/{id}/complete` (super
 * users and account administrators), `GET api/privacy/access-log` (super users).
 */
export const PRIVACY_MESSAGES = {
  reasonMax: 'Reason must be at most 1000 characters',
  openRequestExists: 'You have already asked for your personal data to be deleted; staff will complete that request',
  requestNotFound: 'Deletion request not found',
  alreadyCompleted: 'This deletion request has already been completed',
  invalidApplicantId: 'Applicant must be a valid id',
  invalidStaffId: 'Staff member must be a valid id',
  searchMax: 'Search at most 200 characters',
  invalidDate: 'Use a date as YYYY-MM-DD',
  dateRange: 'To must be on or after From',
} as const;

export const REASON_MAX = 1000;

/** requested: waiting for staff; completed: the applicant was anonymised. */
export const DELETION_REQUEST_STATUSES = ['requested', 'completed'] as const;
export type DeletionRequestStatus = (typeof DELETION_REQUEST_STATUSES)[number];

/** The body is optional: no body is a request without a reason. */
export const DeletionRequestBody = z.strictObject({ reason: z.string().trim().max(REASON_MAX, PRIVACY_MESSAGES.reasonMax).optional() }).nullish();
export type DeletionRequestBody = z.input<typeof DeletionRequestBody>;

export const DeletionRequest = z.object({
  id: z.string(),
  applicantId: z.string(),
  /** The applicant's name and sign-in email as they are now (after completion, the anonymised ones). */
  applicantName: z.string(),
  applicantEmail: z.string(),
  reason: z.string(),
  status: z.enum(DELETION_REQUEST_STATUSES),
  requestedOn: z.string(),
  completedOn: z.string().nullable(),
  completedByName: z.string().nullable(),
});
export type DeletionRequest = z.infer<typeof DeletionRequest>;

export const DeletionRequestListQuery = z.strictObject({ ...pagingShape, status: z.enum(DELETION_REQUEST_STATUSES).optional() });
export const DeletionRequestPage = pagedResponse(DeletionRequest);
export type DeletionRequestPage = z.infer<typeof DeletionRequestPage>;

/** A blank filter (`applicantId=`) is no filter. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const searchText = z.preprocess(blankAsMissing, z.string().trim().max(200, PRIVACY_MESSAGES.searchMax).optional());
const dayText = z.preprocess(blankAsMissing, z.iso.date({ error: PRIVACY_MESSAGES.invalidDate }).optional());

/**
 * The access log's filters: one applicant or one member of staff by id (links from other screens),
 * a part of the applicant's or the staff member's name or email, and a range of days in Sydney
 * (`from` and `to` both included).
 */
export const AccessLogQuery = z
  .strictObject({
    ...pagingShape,
    applicantId: z.preprocess(blankAsMissing, z.uuid({ error: PRIVACY_MESSAGES.invalidApplicantId }).optional()),
    actorUserId: z.preprocess(blankAsMissing, z.uuid({ error: PRIVACY_MESSAGES.invalidStaffId }).optional()),
    applicant: searchText,
    staff: searchText,
    from: dayText,
    to: dayText,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: PRIVACY_MESSAGES.dateRange, path: ['to'] });
export type AccessLogQuery = z.infer<typeof AccessLogQuery>;
/** The filters alone, as the screen keeps them (paging aside). */
export type AccessLogFilters = Omit<AccessLogQuery, 'page' | 'pageSize'>;

export const AccessLogEntry = z.object({
  id: z.string(),
  applicantId: z.string(),
  applicantName: z.string(),
  actorUserId: z.string(),
  actorName: z.string(),
  actorEmail: z.string(),
  /** The route read, as `GET /api/applicant/:id`. */
  route: z.string(),
  /** What was read when the route does not say it: a file's key, an application's id. */
  resource: z.string().nullable(),
  accessedOn: z.string(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntry>;
export const AccessLogPage = pagedResponse(AccessLogEntry);
export type AccessLogPage = z.infer<typeof AccessLogPage>;

/** The JSON files of the export archive, beside `files/` (the uploaded files) and `README.txt`. */
export const EXPORT_FILES = {
  profile: 'profile.json',
  education: 'education.json',
  experience: 'experience.json',
  professionalActivities: 'professional-activities.json',
  professionalDevelopment: 'professional-development.json',
  applications: 'applications.json',
  invoices: 'invoices.json',
  payments: 'payments.json',
  examSittings: 'exam-sittings.json',
  mail: 'mail.json',
  files: 'files.json',
  deletionRequests: 'deletion-requests.json',
  employers: 'employers.json',
} as const;

/** `my-data-2026-03-01.zip`: the archive's name on the day (Sydney) it is made. */
export function exportFileName(day: string): string {
  return `my-data-${day}.zip`;
}
