import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../applicant/applicant.contract';
import { pagedResponse, pagingShape } from '../common/paging';

export const BULK_IMPORT_PATHS = {
  template: '/api/bulkimportprocess/template',
  preview: '/api/bulkimportprocess/preview',
  add: '/api/bulkimportprocess/add',
  lists: '/api/bulkimportprocess/lists',
  one: (id: string) => `/api/bulkimportprocess/${id}`,
  results: (id: string) => `/api/bulkimportprocess/${id}/results`,
} as const;

/** The template's columns, in order: the applicant, their home address and membership, and the application's status. */
export const BULK_IMPORT_COLUMNS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'dateOfBirth',
  'streetNumber',
  'streetName',
  'city',
  'state',
  'postalCode',
  'country',
  'membershipType',
  'memberNumber',
  'applicationStatus',
] as const;
export type BulkImportColumn = (typeof BULK_IMPORT_COLUMNS)[number];
/**
 * The template's header row names the columns as the profile form does; a file may name them so or
 * by the machine names above (older templates): case, spaces and punctuation do not count.
 */
export const BULK_IMPORT_COLUMN_LABELS: Record<BulkImportColumn, string> = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  phone: 'Phone',
  dateOfBirth: 'Date of Birth',
  streetNumber: 'Street Number',
  streetName: 'Street Name',
  city: 'City',
  state: 'State',
  postalCode: 'Postal Code',
  country: 'Country',
  membershipType: 'Membership Type',
  memberNumber: 'Member Number',
  applicationStatus: 'Application Status',
};
const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_BY_HEADER = new Map<string, BulkImportColumn>(
  BULK_IMPORT_COLUMNS.flatMap((column) => [[headerKey(column), column] as const, [headerKey(BULK_IMPORT_COLUMN_LABELS[column]), column] as const]),
);
/** The column a header cell names, by its label or its machine name, or undefined. */
export function bulkImportColumnOf(header: string): BulkImportColumn | undefined {
  return COLUMN_BY_HEADER.get(headerKey(header));
}
export const REQUIRED_BULK_IMPORT_COLUMNS: readonly BulkImportColumn[] = ['email', 'firstName', 'lastName'];
/** An imported application is a draft for the applicant to finish, or one received on paper. */
export const IMPORT_APPLICATION_STATUSES = ['Application Started', 'Application Submitted'] as const;
export const MAX_BULK_IMPORT_ROWS = 5000;
export const MAX_BULK_IMPORT_BYTES = 5 * 1024 * 1024;

export const BULK_IMPORT_MESSAGES = {
  fileRequired: 'Choose a CSV file',
  missingColumns: (columns: string[]) => `The file has no ${columns.join(', ')} column${columns.length > 1 ? 's' : ''}; use the template`,
  unknownColumns: (columns: string[]) => `Unknown column${columns.length > 1 ? 's' : ''} ${columns.join(', ')}; use the template`,
  duplicateColumns: (columns: string[]) => `The file names the ${columns.join(', ')} column${columns.length > 1 ? 's' : ''} twice; use the template`,
  tooManyRows: `A file may hold at most ${MAX_BULK_IMPORT_ROWS} rows`,
  noRows: 'The file has no rows',
  unreadable: 'The file could not be read as CSV',
  required: (column: string) => `${column} is required`,
  invalidEmail: 'Invalid email',
  invalidDate: 'Use a date as YYYY-MM-DD',
  invalidPhone: 'Phone must be digits, spaces and + ( ) - only',
  invalidMembership: `Use one of ${MEMBERSHIP_TYPES.join(', ')}`,
  memberNumberRequired: 'Member Number is required for a membership',
  invalidStatus: `Use one of ${IMPORT_APPLICATION_STATUSES.join(', ')}`,
  tooLong: (column: string, n: number) => `${column} must be at most ${n} characters`,
  duplicateInFile: (row: number) => `The same email appears on row ${row}`,
  staffEmail: 'This email belongs to a staff account',
  programNotOpen: 'Applications can be imported only into a published program',
  notFound: 'Import not found',
} as const;

export const BulkImportRequest = z.strictObject({
  programId: z.uuid(),
  fileName: z.string().trim().min(1).max(200),
  csvContent: z.string().min(1, BULK_IMPORT_MESSAGES.fileRequired).max(MAX_BULK_IMPORT_BYTES),
});
export type BulkImportRequest = z.infer<typeof BulkImportRequest>;

export const ROW_RESULTS = ['created', 'updated', 'unchanged', 'refused'] as const;
export type RowResult = (typeof ROW_RESULTS)[number];
export const ROW_RESULT_LABELS: Record<RowResult, string> = { created: 'Created', updated: 'Updated', unchanged: 'Unchanged', refused: 'Refused' };

/** One thing wrong with a row: the column (by its label) and why. */
export const RowError = z.object({ field: z.string(), reason: z.string() });
export type RowError = z.infer<typeof RowError>;

export const RowOutcome = z.object({
  rowNumber: z.number().int(),
  email: z.string(),
  result: z.enum(ROW_RESULTS),
  /** A refused row's columns and reasons, every one of them, joined as the results file writes them. */
  field: z.string().nullable(),
  reason: z.string().nullable(),
  errors: z.array(RowError),
});
export type RowOutcome = z.infer<typeof RowOutcome>;

const counts = { created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), refused: z.number().int() };
export const BulkImportPreview = z.object({ totalRows: z.number().int(), ...counts, rows: z.array(RowOutcome) });
export type BulkImportPreview = z.infer<typeof BulkImportPreview>;

export const IMPORT_STATUSES = ['Queued', 'Running', 'Completed', 'Failed'] as const;
export const BulkImport = z.object({
  id: z.string(),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  ...counts,
  error: z.string().nullable(),
  createdOn: z.string(),
  createdByName: z.string(),
  finishedOn: z.string().nullable(),
});
export type BulkImport = z.infer<typeof BulkImport>;
export const BulkImportPage = pagedResponse(BulkImport);
export type BulkImportPage = z.infer<typeof BulkImportPage>;
export const BulkImportListQuery = z.strictObject({ ...pagingShape, programId: z.uuid().optional() });
export type BulkImportListQuery = z.input<typeof BulkImportListQuery>;
