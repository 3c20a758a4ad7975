import { type APPLICANT_MIGRATION_COLUMNS, MIGRATION_MESSAGES, legacyDay } from '@certs/shared/migration/migration.contract';
import { AppError } from '../../../platform/app-error';
import type { CsvFileRow } from '../../../platform/csv-file';
import type { ImportKind, Outcome, Refusal, RowRun } from '../import-kind';
import { PHONE, checkFile, commonIssue, yesNo, type Address } from '../migration-csv';
import type { KnownPerson } from '../migration.repository';
import { undoCreatedHolder, undoCreatedHolders } from './holders';

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

/** What an update replaced, kept on the row for undo. */
interface PreviousPerson {
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string | null;
  homeAddress: Address | null;
  listedInRegister: boolean;
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

/**
 * `applicants`: a new person is created (not mailed); a known applicant's filled-in cells that
 * differ update them (what they replaced is kept for undo), else the row is unchanged. Blank cells
 * never erase what is there. A second row with an email already in the file is refused.
 */
export const applicantsKind: ImportKind<ApplicantRow> = {
  kind: 'applicants',
  recordWord: 'person',
  example: {
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
  check: (content) => checkFile('applicants', content, checkApplicant, applicantsAcrossRows),
  checkRow: checkApplicant,
  acrossRows: applicantsAcrossRows,
  facts: async () => undefined,
  apply: async (run, row) => (await applyApplicants(run, [row]))[0]!,
  applyChunk: applyApplicants,
  async undoChunk(run, rows) {
    // What updates replaced, row by row (few); the people the chunk created, all at once.
    for (const row of rows) if (row.result === 'updated') await applicantsKind.undo(run, row);
    await undoCreatedHolders(run, rows, 'person');
  },
  async undo(run, row) {
    if (row.result === 'created') return undoCreatedHolder(run, row, 'person');
    if (row.result !== 'updated' || !row.userId || !row.applicantId) return;
    const person = { userId: row.userId, applicantId: row.applicantId };
    if (await run.repository.isPersonChangedSince(run.tx, person, row.id)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, 'person'));
    const previous = row.previous as PreviousPerson;
    await run.repository.updatePerson(
      run.tx,
      person,
      {
        user: { firstName: previous.firstName, lastName: previous.lastName },
        applicant: { phone: previous.phone, dateOfBirth: previous.dateOfBirth, homeAddress: previous.homeAddress, listedInRegister: previous.listedInRegister },
      },
      run.actorId,
    );
  },
};

/** A second row with an email already in the file is refused (the map keeps only emails and row numbers). */
function applicantsAcrossRows() {
  const seen = new Map<string, number>();
  return (row: ApplicantRow): Refusal | null => {
    const first = seen.get(row.email.toLowerCase());
    if (first !== undefined) return { rowNumber: row.rowNumber, column: 'email', message: MIGRATION_MESSAGES.duplicateInFile('email', first) };
    seen.set(row.email.toLowerCase(), row.rowNumber);
    return null;
  };
}

/** A chunk's rows: their people read with one statement, the new ones created with one (emails are unique in the file). */
async function applyApplicants(run: RowRun<unknown>, rows: readonly ApplicantRow[]): Promise<Outcome[]> {
  const people = await run.repository.findPeople(run.tx, rows.map((row) => row.email));
  const outcomes: Outcome[] = [];
  const fresh: { index: number; row: ApplicantRow }[] = [];
  for (const [index, row] of rows.entries()) {
    const person = people.get(row.email.toLowerCase());
    if (person) outcomes[index] = await applyKnownApplicant(run, row, person);
    else if (!run.write) outcomes[index] = { rowNumber: row.rowNumber, result: 'created' };
    else fresh.push({ index, row });
  }
  const made = await run.repository.insertPeople(
    run.tx,
    fresh.map(({ row }) => ({ email: row.email, firstName: row.firstName, lastName: row.lastName, phone: row.phone, dateOfBirth: row.dateOfBirth, homeAddress: row.homeAddress, listedInRegister: row.listedInRegister ?? true })),
    run.actorId,
  );
  for (const { index, row } of fresh) outcomes[index] = { rowNumber: row.rowNumber, result: 'created', ...made.get(row.email.toLowerCase())!, createdUser: true };
  return outcomes;
}

async function applyKnownApplicant(run: RowRun<unknown>, row: ApplicantRow, person: KnownPerson): Promise<Outcome> {
  const base = { rowNumber: row.rowNumber };
  if (person.userType !== 'applicant' || !person.applicantId) return { ...base, result: 'refused', column: 'email', message: MIGRATION_MESSAGES.staffEmail };
  const user: { firstName?: string; lastName?: string } = {};
  const applicant: { phone?: string; dateOfBirth?: string; homeAddress?: Address; listedInRegister?: boolean } = {};
  if (row.firstName !== person.firstName) user.firstName = row.firstName;
  if (row.lastName !== person.lastName) user.lastName = row.lastName;
  if (row.phone && row.phone !== (person.phone ?? '')) applicant.phone = row.phone;
  if (row.dateOfBirth && row.dateOfBirth !== person.dateOfBirth) applicant.dateOfBirth = row.dateOfBirth;
  const current = person.homeAddress ?? { streetNumber: '', streetName: '', city: '', state: '', postalCode: '', country: '' };
  const merged = { ...current };
  for (const key of Object.keys(row.homeAddress) as (keyof Address)[]) if (row.homeAddress[key]) merged[key] = row.homeAddress[key];
  if (JSON.stringify(merged) !== JSON.stringify(current)) applicant.homeAddress = merged;
  if (row.listedInRegister !== null && row.listedInRegister !== person.listedInRegister) applicant.listedInRegister = row.listedInRegister;
  const ids = { userId: person.userId, applicantId: person.applicantId };
  if (Object.keys(user).length + Object.keys(applicant).length === 0) return { ...base, result: 'unchanged', ...ids };
  const previous: PreviousPerson = {
    firstName: person.firstName,
    lastName: person.lastName,
    phone: person.phone ?? '',
    dateOfBirth: person.dateOfBirth,
    homeAddress: person.homeAddress,
    listedInRegister: person.listedInRegister ?? true,
  };
  if (run.write) await run.repository.updatePerson(run.tx, ids, { user, applicant }, run.actorId);
  return { ...base, result: 'updated', ...ids, previous };
}
