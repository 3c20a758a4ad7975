import { APPLICANT_IMPORT_MESSAGES, LEGACY_MEMBERSHIP_TYPES } from '@certs/shared/migration/kinds/applicants';
import { type APPLICANT_MIGRATION_COLUMNS, MIGRATION_MESSAGES, legacyDay } from '@certs/shared/migration/migration.contract';
import { confirmApplicantMembership, membershipsOfApplicants, withdrawApplicantMemberships } from '../../../db/account-memberships';
import type { Executor } from '../../../db/executor';
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
  /** The importing body's membership of the person, as its staff would confirm it; null: none given (a known one is kept). */
  membership: Membership | null;
}

interface Membership {
  membershipType: 'individual' | 'corporate';
  memberNumber: string;
  endsOn: string | null;
}

/** What an update replaced, kept on the row for undo; `membership` only when the row changed it (null: there was none). */
interface PreviousPerson {
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string | null;
  homeAddress: Address | null;
  listedInRegister: boolean;
  membership?: Membership | null;
  /** False when the row changed only the membership: undo then leaves the person (and their stamps) alone. */
  personChanged?: boolean;
}

const sameMembership = (a: Membership | null, b: Membership | null) =>
  a === b || (a !== null && b !== null && a.membershipType === b.membershipType && a.memberNumber === b.memberNumber && a.endsOn === b.endsOn);

function checkApplicant(row: CsvFileRow): ApplicantRow | Refusal {
  const issue = commonIssue('applicants', row);
  if (issue) return issue;
  const c = row.cells as Record<(typeof APPLICANT_MIGRATION_COLUMNS)[number], string>;
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  if (!PHONE.test(c.phone)) return refuse('phone', MIGRATION_MESSAGES.invalidPhone);
  const dateOfBirth = c.dateOfBirth ? legacyDay(c.dateOfBirth) : null;
  if (c.dateOfBirth && !dateOfBirth) return refuse('dateOfBirth', MIGRATION_MESSAGES.invalidDate('dateOfBirth'));
  let membership: Membership | null = null;
  if (c.membershipType) {
    const type = (Object.keys(LEGACY_MEMBERSHIP_TYPES) as (keyof typeof LEGACY_MEMBERSHIP_TYPES)[]).find((name) => name.toLowerCase() === c.membershipType.toLowerCase());
    if (!type) return refuse('membershipType', APPLICANT_IMPORT_MESSAGES.invalidMembershipType);
    if (!c.memberNumber) return refuse('memberNumber', APPLICANT_IMPORT_MESSAGES.memberNumberRequired);
    const endsOn = c.membershipEndsOn ? legacyDay(c.membershipEndsOn) : null;
    if (c.membershipEndsOn && !endsOn) return refuse('membershipEndsOn', MIGRATION_MESSAGES.invalidDate('membershipEndsOn'));
    membership = { membershipType: LEGACY_MEMBERSHIP_TYPES[type], memberNumber: c.memberNumber, endsOn };
  } else if (c.memberNumber || c.membershipEndsOn) return refuse('membershipType', APPLICANT_IMPORT_MESSAGES.membershipTypeRequired);
  return {
    rowNumber: row.rowNumber,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    dateOfBirth,
    phone: c.phone,
    homeAddress: { streetNumber: c.streetNumber, streetName: c.streetName, city: c.city, state: c.state, postalCode: c.postalCode, country: c.country },
    listedInRegister: yesNo(c.listedInRegister) as boolean | null,
    membership,
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
    membershipType: 'Individual',
    memberNumber: 'M-10432',
    membershipEndsOn: '2027-06-30',
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
    await withdrawCreatedMemberships(run.tx, rows, run.record.accountId);
    await undoCreatedHolders(run, rows, 'person');
  },
  async undo(run, row) {
    if (row.result === 'created') {
      await withdrawCreatedMemberships(run.tx, [row], run.record.accountId);
      return undoCreatedHolder(run, row, 'person');
    }
    if (row.result !== 'updated' || !row.userId || !row.applicantId) return;
    const person = { userId: row.userId, applicantId: row.applicantId };
    if (await run.repository.isPersonChangedSince(run.tx, person, row.id)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, 'person'));
    const previous = row.previous as PreviousPerson;
    if (previous.personChanged !== false) {
      await run.repository.updatePerson(
        run.tx,
        person,
        {
          user: { firstName: previous.firstName, lastName: previous.lastName },
          applicant: { phone: previous.phone, dateOfBirth: previous.dateOfBirth, homeAddress: previous.homeAddress, listedInRegister: previous.listedInRegister },
        },
        run.actorId,
      );
    }
    if (previous.membership === undefined) return;
    if (previous.membership === null) await withdrawApplicantMemberships(run.tx, row.applicantId, run.record.accountId);
    else await confirmApplicantMembership(run.tx, { accountId: run.record.accountId, applicantId: row.applicantId, ...previous.membership, confirmedBy: run.actorId });
  },
};

/** The memberships the rows' new people were given go before the people (they refer to them). */
async function withdrawCreatedMemberships(tx: Executor, rows: readonly { result: string; createdUser: boolean; applicantId: string | null }[], accountId: string): Promise<void> {
  for (const row of rows) if (row.result === 'created' && row.createdUser && row.applicantId) await withdrawApplicantMemberships(tx, row.applicantId, accountId);
}

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
  const known = [...people.values()].flatMap((person) => (person.applicantId ? [person.applicantId] : []));
  const memberships = new Map((await membershipsOfApplicants(run.tx, known, run.record.accountId)).map((m) => [m.applicantId!, { membershipType: m.membershipType, memberNumber: m.memberNumber, endsOn: m.endsOn }]));
  const outcomes: Outcome[] = [];
  const fresh: { index: number; row: ApplicantRow }[] = [];
  for (const [index, row] of rows.entries()) {
    const person = people.get(row.email.toLowerCase());
    if (person) outcomes[index] = await applyKnownApplicant(run, row, person, (person.applicantId && memberships.get(person.applicantId)) || null);
    else if (!run.write) outcomes[index] = { rowNumber: row.rowNumber, result: 'created' };
    else fresh.push({ index, row });
  }
  const made = await run.repository.insertPeople(
    run.tx,
    fresh.map(({ row }) => ({ email: row.email, firstName: row.firstName, lastName: row.lastName, phone: row.phone, dateOfBirth: row.dateOfBirth, homeAddress: row.homeAddress, listedInRegister: row.listedInRegister ?? true })),
    run.actorId,
  );
  for (const { index, row } of fresh) {
    const ids = made.get(row.email.toLowerCase())!;
    if (row.membership) await confirmApplicantMembership(run.tx, { accountId: run.record.accountId, applicantId: ids.applicantId, ...row.membership, confirmedBy: run.actorId });
    outcomes[index] = { rowNumber: row.rowNumber, result: 'created', ...ids, createdUser: true };
  }
  return outcomes;
}

async function applyKnownApplicant(run: RowRun<unknown>, row: ApplicantRow, person: KnownPerson, membership: Membership | null): Promise<Outcome> {
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
  const membershipChanged = row.membership !== null && !sameMembership(row.membership, membership);
  if (Object.keys(user).length + Object.keys(applicant).length === 0 && !membershipChanged) return { ...base, result: 'unchanged', ...ids };
  const previous: PreviousPerson = {
    firstName: person.firstName,
    lastName: person.lastName,
    phone: person.phone ?? '',
    dateOfBirth: person.dateOfBirth,
    homeAddress: person.homeAddress,
    listedInRegister: person.listedInRegister ?? true,
    ...(membershipChanged ? { membership } : {}),
    personChanged: Object.keys(user).length + Object.keys(applicant).length > 0,
  };
  if (run.write) {
    await run.repository.updatePerson(run.tx, ids, { user, applicant }, run.actorId);
    if (membershipChanged) await confirmApplicantMembership(run.tx, { accountId: run.record.accountId, applicantId: person.applicantId, ...row.membership!, confirmedBy: run.actorId });
  }
  return { ...base, result: 'updated', ...ids, previous };
}
