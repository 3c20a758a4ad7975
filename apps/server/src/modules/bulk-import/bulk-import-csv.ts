import { parse } from 'csv-parse/sync';
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
import { restoreNeutralisedFormula } from '../../platform/csv';

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

/** The per-row reason a row cannot be imported, or its values: the same rules and messages as the profile form. */
function checkRow(rowNumber: number, cells: Record<string, string>): ImportRow | RefusedRow {
  const value = (column: BulkImportColumn) => restoreNeutralisedFormula((cells[column] ?? '').trim());
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
 * Reads a file with csv-parse and checks it: the header (required columns present, none unknown),
 * then every row (row numbers count the header as row 1, as a spreadsheet shows them). A second
 * row with an email already in the file is refused, so one file never names a person twice.
 */
export function checkFile(content: string): CheckedFile {
  let records: Record<string, string>[];
  try {
    records = parse(content, { bom: true, columns: (header: string[]) => header.map((h) => h.trim()), skip_empty_lines: true, relax_column_count: true, trim: false }) as Record<string, string>[];
  } catch {
    return { ok: false, reason: BULK_IMPORT_MESSAGES.unreadable };
  }
  const header = Object.keys(records[0] ?? {});
  if (records.length === 0) return { ok: false, reason: BULK_IMPORT_MESSAGES.noRows };
  const missing = REQUIRED_BULK_IMPORT_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) return { ok: false, reason: BULK_IMPORT_MESSAGES.missingColumns(missing) };
  const unknown = header.filter((column) => !(BULK_IMPORT_COLUMNS as readonly string[]).includes(column));
  if (unknown.length > 0) return { ok: false, reason: BULK_IMPORT_MESSAGES.unknownColumns(unknown) };
  if (records.length > MAX_BULK_IMPORT_ROWS) return { ok: false, reason: BULK_IMPORT_MESSAGES.tooManyRows };
  const rows: ImportRow[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Map<string, number>();
  records.forEach((cells, index) => {
    const checked = checkRow(index + 2, cells);
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
  return { ok: true, rows, refused, totalRows: records.length };
}
