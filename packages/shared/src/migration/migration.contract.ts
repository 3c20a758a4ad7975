import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';
import { APPLICANTS_FILE } from './kinds/applicants';
import { AWARDS_FILE } from './kinds/awards';
import { COMPANIES_FILE } from './kinds/companies';
import { CPD_FILE } from './kinds/cpd';
import { EMPLOYMENTS_FILE } from './kinds/employments';
import { RESULTS_FILE } from './kinds/results';
import { WPQ_FILE } from './kinds/wpq';

dayjs.extend(customParseFormat);

/**
 * Legacy import (issue 41, decision 035): an awarding body brings its existing people and awards
 * from another system as CSV files, one kind a file. The header names below are fixed and
 * documented (README "Moving from another system"); a file with another column is refused whole.
 */
export const MIGRATION_KINDS = ['applicants', 'companies', 'employments', 'awards', 'wpq', 'cpd', 'results'] as const;
export type MigrationKind = (typeof MIGRATION_KINDS)[number];

export const MIGRATION_PATHS = {
  template: (kind: MigrationKind) => `/api/migration/templates/${kind}`,
  start: (kind: MigrationKind) => `/api/migration/${kind}`,
  list: '/api/migration',
  one: (id: string) => `/api/migration/${id}`,
  upload: '/api/migration/uploads',
  undo: (id: string) => `/api/migration/${id}/undo`,
} as const;

/**
 * Each kind's fixed columns and the ones a row must fill, in its own file under `kinds/` (one
 * file a kind, so a kind is read, changed and tested on its own).
 */
export const MIGRATION_COLUMNS = {
  applicants: APPLICANTS_FILE.columns,
  awards: AWARDS_FILE.columns,
  companies: COMPANIES_FILE.columns,
  employments: EMPLOYMENTS_FILE.columns,
  wpq: WPQ_FILE.columns,
  cpd: CPD_FILE.columns,
  results: RESULTS_FILE.columns,
} as const satisfies Record<MigrationKind, readonly string[]>;
export const REQUIRED_MIGRATION_COLUMNS: Record<MigrationKind, readonly string[]> = {
  applicants: APPLICANTS_FILE.required,
  awards: AWARDS_FILE.required,
  companies: COMPANIES_FILE.required,
  employments: EMPLOYMENTS_FILE.required,
  wpq: WPQ_FILE.required,
  cpd: CPD_FILE.required,
  results: RESULTS_FILE.required,
};
export const APPLICANT_MIGRATION_COLUMNS = APPLICANTS_FILE.columns;
export const AWARD_MIGRATION_COLUMNS = AWARDS_FILE.columns;

/** An award's status as the old system named it, and the award status it becomes here. */
export const LEGACY_AWARD_STATUSES = {
  Current: 'current',
  'On hold': 'on hold',
  Cancelled: 'cancelled',
  Withdrawn: 'withdrawn',
  Expired: 'expired',
} as const;
export type LegacyAwardStatus = keyof typeof LEGACY_AWARD_STATUSES;
/** Statuses that need their reason (as staff give one when they hold, cancel or withdraw). */
export const STATUSES_WITH_REASON: readonly LegacyAwardStatus[] = ['On hold', 'Cancelled', 'Withdrawn'];

/** Dates: `YYYY-MM-DD` or the spec's `DD-MMM-YYYY` (07-Mar-2024). */
export const MIGRATION_DATE_FORMATS = ['YYYY-MM-DD', 'DD-MMM-YYYY'] as const;

/** A legacy date as `YYYY-MM-DD`, or null when it is in neither format or no real day. */
export function legacyDay(text: string): string | null {
  // A month written MAR or mar reads as Mar: old systems export either.
  const value = text.trim().replace(/^(\d{2})-([A-Za-z]{3})-/, (_all, day: string, month: string) => `${day}-${month[0]!.toUpperCase()}${month.slice(1).toLowerCase()}-`);
  for (const format of MIGRATION_DATE_FORMATS) {
    const parsed = dayjs(value, format, true);
    if (parsed.isValid()) return parsed.format('YYYY-MM-DD');
  }
  return null;
}

/** A file sent inside the request (`csvContent`): kept modest, the request holds it whole. */
export const MAX_MIGRATION_ROWS = 20_000;
export const MAX_MIGRATION_BYTES = 10 * 1024 * 1024;
/** A file uploaded to storage first (`fileKey`): the job streams it, so it may be much larger (the bytes: as an upload may be, `MAX_UPLOAD_BYTES`'s default). */
export const MAX_MIGRATION_UPLOAD_ROWS = 200_000;
export const MAX_MIGRATION_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The web app sends a file larger than this through the presigned upload rather than in the request. */
export const MIGRATION_INLINE_BYTES = 1024 * 1024;

export const MIGRATION_STATUSES = ['Queued', 'Running', 'Finished', 'Failed', 'Undone'] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];
export const MIGRATION_ROW_RESULTS = ['created', 'updated', 'unchanged', 'refused'] as const;
export type MigrationRowResult = (typeof MIGRATION_ROW_RESULTS)[number];

export const MIGRATION_MESSAGES = {
  fileRequired: 'Choose a CSV file',
  unreadable: 'The file could not be read as CSV',
  noRows: 'The file has no rows',
  tooManyRows: `A file may hold at most ${MAX_MIGRATION_ROWS} rows`,
  tooManyUploadRows: `A file may hold at most ${MAX_MIGRATION_UPLOAD_ROWS} rows`,
  uploadTooLarge: `A file may be at most ${MAX_MIGRATION_UPLOAD_BYTES / 1024 / 1024} MB`,
  uploadNotFound: 'The uploaded file was not found; upload it again',
  fileOrKey: 'Send the file (csvContent) or the key of its upload (fileKey), not both',
  missingColumns: (columns: readonly string[]) => `The file has no ${columns.join(', ')} column${columns.length > 1 ? 's' : ''}; use the template`,
  unknownColumns: (columns: readonly string[]) => `Unknown column${columns.length > 1 ? 's' : ''} ${columns.join(', ')}; use the template`,
  required: (column: string) => `${column} is required`,
  tooLong: (column: string, n: number) => `${column} must be at most ${n} characters`,
  invalidEmail: 'Invalid email',
  invalidPhone: 'Phone must be digits, spaces and + ( ) - only',
  invalidDate: (column: string) => `${column} must be a date as YYYY-MM-DD or DD-MMM-YYYY (2024-03-07 or 07-Mar-2024)`,
  invalidYesNo: (column: string) => `${column} must be Yes or No`,
  invalidStatus: `Use one of ${Object.keys(LEGACY_AWARD_STATUSES).join(', ')}`,
  reasonRequired: (status: string) => `A reason is required for an award ${status.toLowerCase()}`,
  expiresBeforeAwarded: 'expiresOn must be after awardedOn',
  awardedInFuture: 'awardedOn must not be in the future',
  invalidRenewal: (value: string) => `renewals must be dates as YYYY-MM-DD or DD-MMM-YYYY separated by ";" ("${value}" is not one)`,
  renewalNotAfterAward: (value: string) => `renewals: ${value} is not after awardedOn`,
  renewalInFuture: (value: string) => `renewals: ${value} is in the future`,
  renewalTwice: (value: string) => `renewals: ${value} is given twice`,
  duplicateInFile: (column: string, row: number) => `The same ${column} appears on row ${row}`,
  namesDifferInFile: (row: number) => `The same email appears on row ${row} with other names`,
  staffEmail: 'This email belongs to a staff account',
  unknownProgram: (code: string) => `No program ${code} in this account`,
  programDoesNotAward: (code: string) => `Program ${code} does not issue awards that can be imported`,
  numberTaken: (number: string) => `Certificate number ${number} is already issued`,
  numberOfOtherAward: (number: string) => `Certificate number ${number} was imported for another holder or program`,
  notFound: 'Import not found',
  dryRunNoUndo: 'A dry run changed nothing, so there is nothing to undo',
  notFinished: 'Only a finished import can be undone',
  alreadyUndone: 'This import has already been undone',
  invitedNoUndo: 'People this import created have been invited, so the import cannot be undone',
  touched: (row: number, what: string) => `Row ${row}: the ${what} it created has changed since the import, so the import cannot be undone`,
} as const;

/** Where a large file is uploaded first: keys are the server's, under this account's folder. */
export const MIGRATION_UPLOAD_PREFIX = 'uploads/legacy-import/';

/**
 * The file, inside the request (`csvContent`, up to `MAX_MIGRATION_BYTES`), or the key of its
 * presigned upload (`fileKey`, from `POST /api/migration/uploads`): one of the two.
 */
export const MigrationRequest = z
  .strictObject({
    fileName: z.string().trim().min(1).max(200),
    csvContent: z.string().min(1, MIGRATION_MESSAGES.fileRequired).max(MAX_MIGRATION_BYTES).optional(),
    fileKey: z.string().min(1).max(300).optional(),
    dryRun: z.boolean().default(false),
  })
  .refine((body) => (body.csvContent === undefined) !== (body.fileKey === undefined), { message: MIGRATION_MESSAGES.fileOrKey, path: ['csvContent'] });
export type MigrationRequest = z.input<typeof MigrationRequest>;

/** A presigned upload of a large legacy file: PUT the CSV to `url` with `headers`, then start the import with `fileKey`. */
export const MigrationUploadRequest = z.strictObject({
  fileName: z.string().trim().min(1).max(200),
  size: z.number().int().min(1, MIGRATION_MESSAGES.noRows).max(MAX_MIGRATION_UPLOAD_BYTES, MIGRATION_MESSAGES.uploadTooLarge),
});
export type MigrationUploadRequest = z.infer<typeof MigrationUploadRequest>;
export const MigrationUploadResponse = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  fileKey: z.string(),
  expiresOn: z.string(),
});
export type MigrationUploadResponse = z.infer<typeof MigrationUploadResponse>;

export const MigrationKindParams = z.strictObject({ kind: z.enum(MIGRATION_KINDS) });

export const MigrationRefusedRow = z.object({ rowNumber: z.number().int(), column: z.string(), message: z.string() });
export type MigrationRefusedRow = z.infer<typeof MigrationRefusedRow>;

const counts = { created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), refused: z.number().int() };

export const MigrationSummary = z.object({
  id: z.string(),
  kind: z.enum(MIGRATION_KINDS),
  fileName: z.string(),
  dryRun: z.boolean(),
  status: z.enum(MIGRATION_STATUSES),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  ...counts,
  error: z.string().nullable(),
  createdOn: z.string(),
  finishedOn: z.string().nullable(),
  undoneOn: z.string().nullable(),
});
export type MigrationSummary = z.infer<typeof MigrationSummary>;

/** One import with every refused row (row numbers count the header as row 1, as a spreadsheet shows them). */
export const MigrationImport = MigrationSummary.extend({ refusedRows: z.array(MigrationRefusedRow) });
export type MigrationImport = z.infer<typeof MigrationImport>;

export const MigrationCreated = z.object({ id: z.string() });
export const MigrationPage = pagedResponse(MigrationSummary);
export type MigrationPage = z.infer<typeof MigrationPage>;
export const MigrationListQuery = z.strictObject({ ...pagingShape });
export type MigrationListQuery = z.input<typeof MigrationListQuery>;
