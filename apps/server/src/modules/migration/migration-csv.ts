import {
  LEGACY_AWARD_STATUSES,
  MAX_MIGRATION_ROWS,
  MIGRATION_COLUMNS,
  MIGRATION_MESSAGES,
  REQUIRED_MIGRATION_COLUMNS,
  STATUSES_WITH_REASON,
  legacyDay,
  type APPLICANT_MIGRATION_COLUMNS,
  type AWARD_MIGRATION_COLUMNS,
  type LegacyAwardStatus,
  type MigrationKind,
} from '@certs/shared/migration/migration.contract';
import type { AwardStatus } from '@certs/shared/award/award-status';
import { toCsv } from '../../platform/csv';
import { readCsvFile, type CsvFileRow } from '../../platform/csv-file';

/** A refusal: the row, the column and a message a person understands. */
export interface Refusal {
  rowNumber: number;
  column: string;
  message: string;
}

export interface Address {
  streetNumber: string;
  streetName: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface ApplicantRow {
  rowNumber: number;
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  phone: string;
  homeAddress: Address;
  /** Null: the cell was blank (a new person is listed; a known one keeps their choice). */
  listedInRegister: boolean | null;
}

export interface AwardRow {
  rowNumber: number;
  email: string;
  firstName: string;
  lastName: string;
  programCode: string;
  certificateNumber: string;
  awardedOn: string;
  expiresOn: string | null;
  status: AwardStatus;
  statusReason: string | null;
  listedInRegister: boolean | null;
}

export type CheckedRows<R> = { ok: true; rows: R[]; refused: Refusal[]; totalRows: number } | { ok: false; reason: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()\-\s]*$/;
/** Letters, digits, `-`, `.` and `/`: a number goes into the verification page's address, so no spaces or other signs. */
const CERTIFICATE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9./-]*$/;
const MAX_LENGTHS: Record<string, number> = {
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
  programCode: 64,
  certificateNumber: 64,
  statusReason: 500,
};

const EXAMPLES: Record<MigrationKind, Record<string, string>> = {
  applicants: {
    email: 'jane.welder@example.com',
    firstName: 'Jane',
    lastName: 'Welder',
    dateOfBirth: '1990-05-17',
    phone: '+61 2 9000 0000',
    streetNumber: '12',
    streetName: 'Arc Street',
    city: 'Newcastle',
    state: 'NSW',
    postalCode: '2300',
    country: 'Australia',
    listedInRegister: 'Yes',
  },
  awards: {
    email: 'jane.welder@example.com',
    firstName: 'Jane',
    lastName: 'Welder',
    programCode: 'WI-CERT',
    certificateNumber: 'WI-2019-00123',
    awardedOn: '07-Mar-2019',
    expiresOn: '2027-03-07',
    status: 'Current',
    statusReason: '',
    listedInRegister: 'Yes',
  },
};

/** A kind's template: its header row and one example row, written like every export (`toCsv`). */
export function templateCsv(kind: MigrationKind): string {
  const columns = MIGRATION_COLUMNS[kind];
  return toCsv([columns.map((column) => EXAMPLES[kind][column] ?? '')], { columns });
}

function yesNo(value: string): boolean | null | 'bad' {
  if (!value) return null;
  const lower = value.toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(lower)) return true;
  if (['no', 'n', 'false', '0'].includes(lower)) return false;
  return 'bad';
}

/** The checks every kind shares: required cells, lengths, the email and the names. */
function commonIssue(kind: MigrationKind, row: CsvFileRow): Refusal | null {
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  for (const column of REQUIRED_MIGRATION_COLUMNS[kind]) if (!row.cells[column]) return refuse(column, MIGRATION_MESSAGES.required(column));
  for (const column of MIGRATION_COLUMNS[kind]) {
    const max = MAX_LENGTHS[column];
    if (max && (row.cells[column] ?? '').length > max) return refuse(column, MIGRATION_MESSAGES.tooLong(column, max));
  }
  if (!EMAIL.test(row.cells.email!)) return refuse('email', MIGRATION_MESSAGES.invalidEmail);
  if (yesNo(row.cells.listedInRegister ?? '') === 'bad') return refuse('listedInRegister', MIGRATION_MESSAGES.invalidYesNo('listedInRegister'));
  return null;
}

function checkApplicant(row: CsvFileRow): ApplicantRow | Refusal {
  const issue = commonIssue('applicants', row);
  if (issue) return issue;
  const c = row.cells as Record<(typeof APPLICANT_MIGRATION_COLUMNS)[number], string>;
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  if (!PHONE.test(c.phone)) return refuse('phone', MIGRATION_MESSAGES.invalidPhone);
  const dateOfBirth = c.dateOfBirth ? legacyDay(c.dateOfBirth) : null;
  if (c.dateOfBirth && !dateOfBirth) return refuse('dateOfBirth', MIGRATION_MESSAGES.invalidDate('dateOfBirth'));
  return {
    rowNumber: row.rowNumber,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    dateOfBirth,
    phone: c.phone,
    homeAddress: { streetNumber: c.streetNumber, streetName: c.streetName, city: c.city, state: c.state, postalCode: c.postalCode, country: c.country },
    listedInRegister: yesNo(c.listedInRegister) as boolean | null,
  };
}

function checkAward(row: CsvFileRow, today: string): AwardRow | Refusal {
  const issue = commonIssue('awards', row);
  if (issue) return issue;
  const c = row.cells as Record<(typeof AWARD_MIGRATION_COLUMNS)[number], string>;
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  if (!CERTIFICATE_NUMBER.test(c.certificateNumber)) return refuse('certificateNumber', 'certificateNumber may hold only letters, digits, "-", "." and "/"');
  const awardedOn = legacyDay(c.awardedOn);
  if (!awardedOn) return refuse('awardedOn', MIGRATION_MESSAGES.invalidDate('awardedOn'));
  if (awardedOn > today) return refuse('awardedOn', MIGRATION_MESSAGES.awardedInFuture);
  const expiresOn = c.expiresOn ? legacyDay(c.expiresOn) : null;
  if (c.expiresOn && !expiresOn) return refuse('expiresOn', MIGRATION_MESSAGES.invalidDate('expiresOn'));
  if (expiresOn && expiresOn <= awardedOn) return refuse('expiresOn', MIGRATION_MESSAGES.expiresBeforeAwarded);
  const legacy = (Object.keys(LEGACY_AWARD_STATUSES) as LegacyAwardStatus[]).find((status) => status.toLowerCase() === c.status.toLowerCase());
  if (!legacy) return refuse('status', MIGRATION_MESSAGES.invalidStatus);
  if (STATUSES_WITH_REASON.includes(legacy) && !c.statusReason) return refuse('statusReason', MIGRATION_MESSAGES.reasonRequired(legacy));
  return {
    rowNumber: row.rowNumber,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    programCode: c.programCode,
    certificateNumber: c.certificateNumber,
    awardedOn,
    expiresOn,
    status: LEGACY_AWARD_STATUSES[legacy],
    statusReason: c.statusReason || null,
    listedInRegister: yesNo(c.listedInRegister) as boolean | null,
  };
}

function readKind(kind: MigrationKind, content: string) {
  return readCsvFile(content, { columns: MIGRATION_COLUMNS[kind], required: REQUIRED_MIGRATION_COLUMNS[kind], maxRows: MAX_MIGRATION_ROWS, messages: MIGRATION_MESSAGES });
}

/** Only the file's shape (header, row count): what the request checks before queueing it. */
export function fileIssue(kind: MigrationKind, content: string): { reason: string } | { totalRows: number } {
  const read = readKind(kind, content);
  return read.ok ? { totalRows: read.rows.length } : { reason: read.reason };
}

/** An applicants file: each row checked; a second row with an email already in the file is refused. */
export function checkApplicantsFile(content: string): CheckedRows<ApplicantRow> {
  const read = readKind('applicants', content);
  if (!read.ok) return read;
  const rows: ApplicantRow[] = [];
  const refused: Refusal[] = [];
  const seen = new Map<string, number>();
  for (const raw of read.rows) {
    const checked = checkApplicant(raw);
    if ('message' in checked) {
      refused.push(checked);
      continue;
    }
    const first = seen.get(checked.email.toLowerCase());
    if (first !== undefined) {
      refused.push({ rowNumber: checked.rowNumber, column: 'email', message: MIGRATION_MESSAGES.duplicateInFile('email', first) });
      continue;
    }
    seen.set(checked.email.toLowerCase(), checked.rowNumber);
    rows.push(checked);
  }
  return { ok: true, rows, refused, totalRows: read.rows.length };
}

/**
 * An awards file: each row checked; a certificate number twice in the file is refused, and so is
 * a holder's email given again with other names (the first row's names create the holder).
 */
export function checkAwardsFile(content: string, today: string): CheckedRows<AwardRow> {
  const read = readKind('awards', content);
  if (!read.ok) return read;
  const rows: AwardRow[] = [];
  const refused: Refusal[] = [];
  const numbers = new Map<string, number>();
  const holders = new Map<string, { rowNumber: number; names: string }>();
  for (const raw of read.rows) {
    const checked = checkAward(raw, today);
    if ('message' in checked) {
      refused.push(checked);
      continue;
    }
    const number = checked.certificateNumber.toLowerCase();
    const firstNumber = numbers.get(number);
    if (firstNumber !== undefined) {
      refused.push({ rowNumber: checked.rowNumber, column: 'certificateNumber', message: MIGRATION_MESSAGES.duplicateInFile('certificateNumber', firstNumber) });
      continue;
    }
    const names = `${checked.firstName}\u0000${checked.lastName}`;
    const holder = holders.get(checked.email.toLowerCase());
    if (holder && holder.names !== names) {
      refused.push({ rowNumber: checked.rowNumber, column: 'firstName', message: MIGRATION_MESSAGES.namesDifferInFile(holder.rowNumber) });
      continue;
    }
    numbers.set(number, checked.rowNumber);
    if (!holder) holders.set(checked.email.toLowerCase(), { rowNumber: checked.rowNumber, names });
    rows.push(checked);
  }
  return { ok: true, rows, refused, totalRows: read.rows.length };
}
