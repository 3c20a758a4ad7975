import { MEMBERSHIP_TYPES } from '@certs/shared/applicant/applicant.contract';
import {
  BULK_IMPORT_COLUMNS,
  BULK_IMPORT_MESSAGES,
  IMPORT_APPLICATION_STATUSES,
  MAX_BULK_IMPORT_ROWS,
  REQUIRED_BULK_IMPORT_COLUMNS,
  type BulkImportColumn,
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

export interface RefusedRow {
  rowNumber: number;
  email: string;
  field: string;
  reason: string;
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

/** The template: the header row and one example row, written like every export (`toCsv`). */
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
  return toCsv([BULK_IMPORT_COLUMNS.map((column) => example[column])], { columns: BULK_IMPORT_COLUMNS });
}

/** The per-row reason a row cannot be imported, or its values: the same rules and messages as the profile form. Cells come trimmed, formula quotes taken off (readCsvFile). */
function checkRow(rowNumber: number, cells: Record<string, string>): ImportRow | RefusedRow {
  const value = (column: BulkImportColumn) => cells[column] ?? '';
  const email = value('email');
  const refuse = (field: BulkImportColumn, reason: string): RefusedRow => ({ rowNumber, email, field, reason });
  for (const column of REQUIRED_BULK_IMPORT_COLUMNS) if (!value(column)) return refuse(column, BULK_IMPORT_MESSAGES.required(column));
  for (const column of BULK_IMPORT_COLUMNS) {
    const max = MAX_LENGTHS[column];
    if (max && value(column).length > max) return refuse(column, BULK_IMPORT_MESSAGES.tooLong(column, max));
  }
  if (!EMAIL.test(email)) return refuse('email', BULK_IMPORT_MESSAGES.invalidEmail);
  if (!PHONE.test(value('phone'))) return refuse('phone', BULK_IMPORT_MESSAGES.invalidPhone);
  const dateOfBirth = value('dateOfBirth');
  if (dateOfBirth && !isRealDay(dateOfBirth)) return refuse('dateOfBirth', BULK_IMPORT_MESSAGES.invalidDate);
  const membershipType = (value('membershipType') || 'none').toLowerCase();
  if (!(MEMBERSHIP_TYPES as readonly string[]).includes(membershipType)) return refuse('membershipType', BULK_IMPORT_MESSAGES.invalidMembership);
  if (membershipType !== 'none' && !value('memberNumber')) return refuse('memberNumber', BULK_IMPORT_MESSAGES.memberNumberRequired);
  const status = value('applicationStatus') || 'Application Submitted';
  const applicationStatus = IMPORT_APPLICATION_STATUSES.find((s) => s.toLowerCase() === status.toLowerCase());
  if (!applicationStatus) return refuse('applicationStatus', BULK_IMPORT_MESSAGES.invalidStatus);
  return {
    rowNumber,
    email,
    firstName: value('firstName'),
    lastName: value('lastName'),
    phone: value('phone'),
    dateOfBirth: dateOfBirth || null,
    homeAddress: { streetNumber: value('streetNumber'), streetName: value('streetName'), city: value('city'), state: value('state'), postalCode: value('postalCode'), country: value('country') },
    membershipType: membershipType as ImportRow['membershipType'],
    memberNumber: membershipType === 'none' ? '' : value('memberNumber'),
    applicationStatus,
  };
}

/**
 * Reads a file with the shared template reader (`platform/csv-file.ts`: required columns present,
 * none unknown, row numbers counting the header as row 1) and checks every row. A second row with
 * an email already in the file is refused, so one file never names a person twice.
 */
export function checkFile(content: string): CheckedFile {
  const file = readCsvFile(content, { columns: BULK_IMPORT_COLUMNS, required: REQUIRED_BULK_IMPORT_COLUMNS, maxRows: MAX_BULK_IMPORT_ROWS, messages: BULK_IMPORT_MESSAGES });
  if (!file.ok) return file;
  const rows: ImportRow[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Map<string, number>();
  file.rows.forEach(({ rowNumber, cells }) => {
    const checked = checkRow(rowNumber, cells);
    if ('reason' in checked) {
      refused.push(checked);
      return;
    }
    const key = checked.email.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      refused.push({ rowNumber: checked.rowNumber, email: checked.email, field: 'email', reason: BULK_IMPORT_MESSAGES.duplicateInFile(first) });
      return;
    }
    seen.set(key, checked.rowNumber);
    rows.push(checked);
  });
  return { ok: true, rows, refused, totalRows: file.rows.length };
}
