import { MEMBERSHIP_TYPES } from '@certs/shared/applicant/applicant.contract';
import {
  BULK_IMPORT_COLUMN_LABELS,
  BULK_IMPORT_COLUMNS,
  BULK_IMPORT_MESSAGES,
  bulkImportColumnOf,
  IMPORT_APPLICATION_STATUSES,
  MAX_BULK_IMPORT_ROWS,
  REQUIRED_BULK_IMPORT_COLUMNS,
  type BulkImportColumn,
  type RowError,
} from '@certs/shared/bulk-import/bulk-import.contract';
import { toCsv } from '../../platform/csv';
import { readCsvFile } from '../../platform/csv-file';

/** One row's values once checked; the home address and membership in the shape the applicant tables keep. */
export interface ImportRow {
  rowNumber: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string | null;
  homeAddress: { streetNumber: string; streetName: string; city: string; state: string; postalCode: string; country: string };
  membershipType: (typeof MEMBERSHIP_TYPES)[number];
  memberNumber: string;
  applicationStatus: (typeof IMPORT_APPLICATION_STATUSES)[number];
}

/** A row that cannot be imported, with every reason: each column's first failed rule. */
export interface RefusedRow {
  rowNumber: number;
  email: string;
  errors: RowError[];
}

export type CheckedFile = { ok: true; rows: ImportRow[]; refused: RefusedRow[]; totalRows: number } | { ok: false; reason: string };

const MAX_LENGTHS: Partial<Record<BulkImportColumn, number>> = {
  email: 254,
  firstName: 64,
  lastName: 64,
  phone: 32,
  streetNumber: 16,
  streetName: 128,
  city: 64,
  state: 64,
  postalCode: 16,
  country: 64,
  memberNumber: 32,
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()\-\s]*$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The template: the header row (the columns' labels) and one example row, written like every export (`toCsv`). */
export function templateCsv(): string {
  const example: Record<BulkImportColumn, string> = {
    email: 'jane.welder@example.com',
    firstName: 'Jane',
    lastName: 'Welder',
    phone: '+61 2 9000 0000',
    dateOfBirth: '1990-05-17',
    streetNumber: '12',
    streetName: 'Arc Street',
    city: 'Newcastle',
    state: 'NSW',
    postalCode: '2300',
    country: 'Australia',
    membershipType: 'individual',
    memberNumber: 'M-1001',
    applicationStatus: 'Application Submitted',
  };
  return toCsv([BULK_IMPORT_COLUMNS.map((column) => example[column])], { columns: BULK_IMPORT_COLUMNS.map((column) => BULK_IMPORT_COLUMN_LABELS[column]) });
}

/**
 * A row's values and everything wrong with them: the same rules and messages as the profile form,
 * each column checked (its first failed rule), so that one look at the preview fixes the whole row.
 * Cells come trimmed, formula quotes taken off (readCsvFile).
 */
function checkRow(rowNumber: number, cells: Record<string, string>): { row: ImportRow; errors: RowError[] } {
  const value = (column: BulkImportColumn) => cells[column] ?? '';
  const errors = new Map<BulkImportColumn, string>();
  const refuse = (column: BulkImportColumn, reason: string) => {
    if (!errors.has(column)) errors.set(column, reason);
  };
  const label = (column: BulkImportColumn) => BULK_IMPORT_COLUMN_LABELS[column];
  for (const column of REQUIRED_BULK_IMPORT_COLUMNS) if (!value(column)) refuse(column, BULK_IMPORT_MESSAGES.required(label(column)));
  for (const column of BULK_IMPORT_COLUMNS) {
    const max = MAX_LENGTHS[column];
    if (max && value(column).length > max) refuse(column, BULK_IMPORT_MESSAGES.tooLong(label(column), max));
  }
  const email = value('email');
  if (email && !EMAIL.test(email)) refuse('email', BULK_IMPORT_MESSAGES.invalidEmail);
  if (!PHONE.test(value('phone'))) refuse('phone', BULK_IMPORT_MESSAGES.invalidPhone);
  const dateOfBirth = value('dateOfBirth');
  if (dateOfBirth && !isRealDay(dateOfBirth)) refuse('dateOfBirth', BULK_IMPORT_MESSAGES.invalidDate);
  const membershipType = (value('membershipType') || 'none').toLowerCase();
  if (!(MEMBERSHIP_TYPES as readonly string[]).includes(membershipType)) refuse('membershipType', BULK_IMPORT_MESSAGES.invalidMembership);
  else if (membershipType !== 'none' && !value('memberNumber')) refuse('memberNumber', BULK_IMPORT_MESSAGES.memberNumberRequired);
  const status = value('applicationStatus') || 'Application Submitted';
  const applicationStatus = IMPORT_APPLICATION_STATUSES.find((s) => s.toLowerCase() === status.toLowerCase());
  if (!applicationStatus) refuse('applicationStatus', BULK_IMPORT_MESSAGES.invalidStatus);
  return {
    row: {
      rowNumber,
      email,
      firstName: value('firstName'),
      lastName: value('lastName'),
      phone: value('phone'),
      dateOfBirth: dateOfBirth || null,
      homeAddress: { streetNumber: value('streetNumber'), streetName: value('streetName'), city: value('city'), state: value('state'), postalCode: value('postalCode'), country: value('country') },
      membershipType: membershipType as ImportRow['membershipType'],
      memberNumber: membershipType === 'none' ? '' : value('memberNumber'),
      applicationStatus: applicationStatus ?? 'Application Submitted',
    },
    // In the template's column order, whatever order the rules ran in.
    errors: BULK_IMPORT_COLUMNS.flatMap((column) => (errors.has(column) ? [{ field: label(column), reason: errors.get(column)! }] : [])),
  };
}

/** Whether a row's email is already refused (then nothing more is said about it). */
export function hasEmailError(errors: readonly RowError[]): boolean {
  return errors.some((error) => error.field === BULK_IMPORT_COLUMN_LABELS.email);
}

/** The messages of a whole-file refusal, naming columns by their labels. */
const FILE_MESSAGES = {
  ...BULK_IMPORT_MESSAGES,
  missingColumns: (columns: readonly string[]) => BULK_IMPORT_MESSAGES.missingColumns(columns.map((column) => BULK_IMPORT_COLUMN_LABELS[column as BulkImportColumn] ?? column)),
  duplicateColumns: (columns: readonly string[]) => BULK_IMPORT_MESSAGES.duplicateColumns(columns.map((column) => BULK_IMPORT_COLUMN_LABELS[column as BulkImportColumn] ?? column)),
};

/**
 * Reads a file with the shared template reader (`platform/csv-file.ts`: required columns present,
 * named by label or machine name, none unknown or twice, row numbers counting the header as row 1)
 * and checks every row. A second row with the email of a row that imports is refused, so one file
 * never names a person twice.
 */
export function checkFile(content: string): CheckedFile {
  const file = readCsvFile(content, {
    columns: BULK_IMPORT_COLUMNS,
    required: REQUIRED_BULK_IMPORT_COLUMNS,
    maxRows: MAX_BULK_IMPORT_ROWS,
    messages: FILE_MESSAGES,
    columnOf: bulkImportColumnOf,
  });
  if (!file.ok) return file;
  const rows: ImportRow[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Map<string, number>();
  file.rows.forEach(({ rowNumber, cells }) => {
    const { row, errors } = checkRow(rowNumber, cells);
    const key = row.email.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined && !hasEmailError(errors)) {
      errors.unshift({ field: BULK_IMPORT_COLUMN_LABELS.email, reason: BULK_IMPORT_MESSAGES.duplicateInFile(first) });
    }
    if (errors.length > 0) {
      refused.push({ rowNumber, email: row.email, errors });
      return;
    }
    seen.set(key, rowNumber);
    rows.push(row);
  });
  return { ok: true, rows, refused, totalRows: file.rows.length };
}

/** Every error of a row in the one field and reason the results keep (and the results file writes). */
export function joinedRowErrors(errors: readonly RowError[]): { field: string | null; reason: string | null } {
  if (errors.length === 0) return { field: null, reason: null };
  return { field: errors.map((error) => error.field).join(', '), reason: errors.map((error) => error.reason).join('; ') };
}
