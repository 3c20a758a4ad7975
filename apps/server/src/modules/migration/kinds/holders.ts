import { MIGRATION_MESSAGES } from '@certs/shared/migration/migration.contract';
import type { Executor } from '../../../db/executor';
import { AppError } from '../../../platform/app-error';
import type { UndoRun } from '../import-kind';
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
