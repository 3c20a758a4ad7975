import { MIGRATION_MESSAGES } from '@certs/shared/migration/migration.contract';
import type { Executor } from '../../../db/executor';
import { AppError } from '../../../platform/app-error';
import type { Refusal, UndoRun } from '../import-kind';
import type { KnownPerson, MigrationRepository, MigrationRowRecord } from '../migration.repository';

/** The person on the platform with this email (any letter case), or none. */
export async function personByEmail(repository: MigrationRepository, tx: Executor, email: string): Promise<KnownPerson | undefined> {
  return (await repository.findPeople(tx, [email])).get(email.toLowerCase());
}

/** A person a row names must be an applicant: an email of staff is refused, never turned into a holder. */
export function isStaff(person: KnownPerson | undefined): boolean {
  return person !== undefined && (person.userType !== 'applicant' || !person.applicantId);
}

/**
 * Undoes the holder a row created (the kinds that create holders when new: applicants, awards,
 * and any kind naming a holder by email): refused when they have signed in, changed, applied
 * since. A holder the row only found is left alone.
 */
/** `undoCreatedHolder` for a chunk's rows at once: one check and one delete a table; refused naming the newest row touched. */
export async function undoCreatedHolders(run: UndoRun, rows: readonly MigrationRowRecord[], what: string): Promise<void> {
  const created = rows.filter((row) => row.result === 'created' && row.createdUser && row.userId && row.applicantId);
  const [touched] = await run.repository.touchedPersonRows(
    run.tx,
    created.map((row) => row.id),
  );
  if (touched !== undefined) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(touched, what));
  await run.repository.deletePeople(
    run.tx,
    created.map((row) => ({ userId: row.userId!, applicantId: row.applicantId! })),
  );
}

export async function undoCreatedHolder(run: UndoRun, row: MigrationRowRecord, what: string): Promise<void> {
  if (row.result !== 'created' || !row.createdUser || !row.userId || !row.applicantId) return;
  const person = { userId: row.userId, applicantId: row.applicantId };
  if (await run.repository.isPersonTouched(run.tx, person, row.id)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, what));
  await run.repository.deletePerson(run.tx, person);
}

/** A row that names a numbered record and its holder (awards, welder qualification records). */
interface NumberedHolderRow {
  rowNumber: number;
  email: string;
  firstName: string;
  lastName: string;
  certificateNumber: string;
}

/**
 * Across a file of numbered records with holders: a certificate number twice is refused, and so
 * is a holder's email given again with other names (the first row's names create the holder).
 */
export function numberedHoldersAcrossRows<R extends NumberedHolderRow>() {
  const numbers = new Map<string, number>();
  const holders = new Map<string, { rowNumber: number; names: string }>();
  return (row: R): Refusal | null => {
    const number = row.certificateNumber.toLowerCase();
    const firstNumber = numbers.get(number);
    if (firstNumber !== undefined) return { rowNumber: row.rowNumber, column: 'certificateNumber', message: MIGRATION_MESSAGES.duplicateInFile('certificateNumber', firstNumber) };
    const names = `${row.firstName}\u0000${row.lastName}`;
    const holder = holders.get(row.email.toLowerCase());
    if (holder && holder.names !== names) return { rowNumber: row.rowNumber, column: 'firstName', message: MIGRATION_MESSAGES.namesDifferInFile(holder.rowNumber) };
    numbers.set(number, row.rowNumber);
    if (!holder) holders.set(row.email.toLowerCase(), { rowNumber: row.rowNumber, names });
    return null;
  };
}
