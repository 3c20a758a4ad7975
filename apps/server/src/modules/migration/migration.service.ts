import { APPLICATION_TYPES, applicationTypeOfProgram, type ApplicationStatus } from '@certs/shared/application/application-status';
import { AWARD_REMINDER_KINDS, reminderDates } from '@certs/shared/award/award-expiry';
import type { AwardStatus } from '@certs/shared/award/award-status';
import {
  MIGRATION_MESSAGES,
  type MigrationImport,
  type MigrationKind,
  type MigrationListQuery,
  type MigrationPage,
  type MigrationRequest,
  type MigrationSummary,
} from '@certs/shared/migration/migration.contract';
import type { Executor } from '../../db/executor';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { AccountTimeZones, dayIn } from '../account/account-time-zone';
import { DEFAULT_SERIES, addYears } from '../award/award.service';
import { counterOfNumber } from './certificate-counter';
import { checkApplicantsFile, checkAwardsFile, fileIssue, templateCsv, type ApplicantRow, type AwardRow, type Refusal } from './migration-csv';
import type { ImportProgram, KnownAward, KnownPerson, MigrationImportRecord, MigrationRepository, NewMigrationRow } from './migration.repository';

/** Rows written per transaction: progress moves at this step, and a restart resumes after the last whole chunk. */
export const MIGRATION_CHUNK_ROWS = 100;
/** Program types whose awards this kind imports: Qualification, Certification, AICIP. Welder Qualification awards come with their records (the `wpq` kind, not built yet). */
const AWARDING_PROGRAM_TYPES = new Set([1, 2, 4]);
/** Certification and AICIP expire after the program's renewal period when the file gives no expiry (as awards made here do). */
const EXPIRING_PROGRAM_TYPES = new Set([2, 4]);
/** The application status an award's status goes with, as the award actions move it. */
const APPLICATION_STATUS_OF: Record<AwardStatus, ApplicationStatus> = {
  current: 'Awarded',
  'on hold': 'Awarded OnHold',
  cancelled: 'Award Cancelled',
  withdrawn: 'Award Withdrawn',
  expired: 'Awarded',
};

interface Settings {
  /** The platform's certificate number pattern (`CERTIFICATE_NUMBER_PATTERN`), for programs without their own. */
  defaultPattern: string;
  log: { warn(obj: object, msg: string): void };
  chunkRows?: number;
  now?: () => Date;
}

/** One run's context: the import, whether it writes, and the facts read once for it. */
interface RunContext {
  record: MigrationImportRecord;
  tx: Executor;
  write: boolean;
  actorId: string;
  programs: Map<string, ImportProgram>;
  /** The account's day, which judges expiry and the reminders already due. */
  today: string;
}

type Outcome = Omit<NewMigrationRow, 'importId' | 'createdBy' | 'modifiedBy'>;

function refusedOutcome(refusal: Refusal): Outcome {
  return { rowNumber: refusal.rowNumber, result: 'refused', column: refusal.column, message: refusal.message };
}

/**
 * Legacy import (issue 41, decision 035): an account's administrator sends a CSV of one kind;
 * the job checks every row (a dry run stops there) or applies it in chunks, each chunk in one
 * transaction with its row results, so a restart resumes without doing a row twice. Applying the
 * same file again finds every row unchanged; undo removes what the import created while nothing
 * else has touched it. Imported people are not mailed.
 */
export class MigrationService {
  constructor(
    private readonly repository: MigrationRepository,
    private readonly deps: { onQueued?: () => void },
    private readonly settings: Settings,
  ) {}

  template(kind: MigrationKind): string {
    return templateCsv(kind);
  }

  async start(actor: CurrentUser, kind: MigrationKind, input: MigrationRequest): Promise<{ id: string }> {
    const accountId = staffAccountOf(actor);
    const shape = fileIssue(kind, input.csvContent);
    if ('reason' in shape) throw new AppError('BAD_REQUEST', shape.reason, { csvContent: shape.reason });
    const id = await this.repository.insertImport({
      accountId,
      kind,
      fileName: input.fileName,
      content: input.csvContent,
      dryRun: input.dryRun ?? false,
      totalRows: shape.totalRows,
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
    this.deps.onQueued?.();
    return { id };
  }

  async list(actor: CurrentUser, query: MigrationListQuery & { page: number; pageSize: number }): Promise<MigrationPage> {
    const { rows, totalRows } = await this.repository.findPage(staffAccountOf(actor), query.page, query.pageSize);
    return { rows: rows.map(toSummary), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findOne(actor: CurrentUser, id: string): Promise<MigrationImport> {
    const record = await this.ownImport(actor, id);
    const refused = await this.repository.refusedRows(id);
    return { ...toSummary(record), refusedRows: refused.map((row) => ({ rowNumber: row.rowNumber, column: row.column ?? '', message: row.message ?? '' })) };
  }

  /** Another account's import is unknown here, not forbidden. */
  private async ownImport(actor: CurrentUser, id: string): Promise<MigrationImportRecord> {
    const record = await this.repository.findImport(id);
    if (!record || record.accountId !== staffAccountOf(actor)) throw new AppError('NOT_FOUND', MIGRATION_MESSAGES.notFound);
    return record;
  }

  // ---- The job -----------------------------------------------------------------------------------

  /** Runs every queued import, and any whose worker stopped (the job's pass; tests call it directly). */
  async runPending(): Promise<number> {
    let ran = 0;
    for (let next = await this.repository.claimNext(); next; next = await this.repository.claimNext()) {
      await this.runClaimed(next.id);
      ran += 1;
    }
    return ran;
  }

  /**
   * Runs a claimed import from where it stands: rows with a result already are skipped.
   * `stopAfterChunks` stops as a killed worker would (tests of the resume).
   */
  async runClaimed(importId: string, options: { stopAfterChunks?: number } = {}): Promise<void> {
    const record = await this.repository.findImport(importId);
    if (!record) return;
    try {
      const zone = await new AccountTimeZones(this.repository.executor).ofAccount(record.accountId);
      const today = dayIn(zone, this.settings.now?.() ?? new Date());
      const checked = record.kind === 'awards' ? checkAwardsFile(record.content, today) : checkApplicantsFile(record.content);
      if (!checked.ok) throw new Error(checked.reason);
      const done = await this.repository.processedRowNumbers(importId);
      const actorId = record.createdBy ?? '00000000-0000-0000-0000-000000000000';
      const stamp = (outcome: Outcome): NewMigrationRow => ({ ...outcome, importId, createdBy: actorId, modifiedBy: actorId });
      await this.repository.transaction(async (tx) => {
        await this.repository.insertRows(tx, checked.refused.filter((row) => !done.has(row.rowNumber)).map((row) => stamp(refusedOutcome(row))));
        await this.repository.refreshProgress(tx, importId);
      });
      const programs =
        record.kind === 'awards' ? await this.repository.findPrograms(this.repository.executor, record.accountId, [...new Set((checked.rows as AwardRow[]).map((row) => row.programCode))]) : new Map<string, ImportProgram>();
      const rows = (checked.rows as (ApplicantRow | AwardRow)[]).filter((row) => !done.has(row.rowNumber));
      const size = this.settings.chunkRows ?? MIGRATION_CHUNK_ROWS;
      let chunks = 0;
      for (let start = 0; start < rows.length; start += size) {
        if (options.stopAfterChunks !== undefined && chunks >= options.stopAfterChunks) return;
        const chunk = rows.slice(start, start + size);
        await this.repository.transaction(async (tx) => {
          const context: RunContext = { record, tx, write: !record.dryRun, actorId, programs, today };
          const outcomes: NewMigrationRow[] = [];
          for (const row of chunk) {
            const outcome = record.kind === 'awards' ? await this.awardRow(context, row as AwardRow) : await this.applicantRow(context, row as ApplicantRow);
            outcomes.push(stamp(outcome));
          }
          await this.repository.insertRows(tx, outcomes);
          await this.repository.refreshProgress(tx, importId);
        });
        chunks += 1;
      }
      await this.repository.finish(importId, 'Finished', null);
    } catch (error) {
      this.settings.log.warn({ err: error, importId }, 'legacy import failed');
      await this.repository.finish(importId, 'Failed', error instanceof Error ? error.message : String(error));
    }
  }

  private async person(context: RunContext, email: string): Promise<KnownPerson | undefined> {
    return (await this.repository.findPeople(context.tx, [email])).get(email.toLowerCase());
  }

  /**
   * An applicants row: a new person is created (not mailed); a known applicant's filled-in cells
   * that differ update them (what they replaced is kept for undo), else the row is unchanged.
   * Blank cells never erase what is there.
   */
  private async applicantRow(context: RunContext, row: ApplicantRow): Promise<Outcome> {
    const base = { rowNumber: row.rowNumber };
    const person = await this.person(context, row.email);
    if (!person) {
      if (!context.write) return { ...base, result: 'created' };
      const ids = await this.repository.insertPerson(
        context.tx,
        { email: row.email, firstName: row.firstName, lastName: row.lastName, phone: row.phone, dateOfBirth: row.dateOfBirth, homeAddress: row.homeAddress, listedInRegister: row.listedInRegister ?? true },
        context.actorId,
      );
      return { ...base, result: 'created', ...ids, createdUser: true };
    }
    if (person.userType !== 'applicant' || !person.applicantId) return { ...base, result: 'refused', column: 'email', message: MIGRATION_MESSAGES.staffEmail };
    const user: { firstName?: string; lastName?: string } = {};
    const applicant: { phone?: string; dateOfBirth?: string; homeAddress?: ApplicantRow['homeAddress']; listedInRegister?: boolean } = {};
    if (row.firstName !== person.firstName) user.firstName = row.firstName;
    if (row.lastName !== person.lastName) user.lastName = row.lastName;
    if (row.phone && row.phone !== (person.phone ?? '')) applicant.phone = row.phone;
    if (row.dateOfBirth && row.dateOfBirth !== person.dateOfBirth) applicant.dateOfBirth = row.dateOfBirth;
    const current = person.homeAddress ?? { streetNumber: '', streetName: '', city: '', state: '', postalCode: '', country: '' };
    const merged = { ...current };
    for (const key of Object.keys(row.homeAddress) as (keyof ApplicantRow['homeAddress'])[]) if (row.homeAddress[key]) merged[key] = row.homeAddress[key];
    if (JSON.stringify(merged) !== JSON.stringify(current)) applicant.homeAddress = merged;
    if (row.listedInRegister !== null && row.listedInRegister !== person.listedInRegister) applicant.listedInRegister = row.listedInRegister;
    const ids = { userId: person.userId, applicantId: person.applicantId };
    if (Object.keys(user).length + Object.keys(applicant).length === 0) return { ...base, result: 'unchanged', ...ids };
    const previous = {
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone ?? '',
      dateOfBirth: person.dateOfBirth,
      homeAddress: person.homeAddress,
      listedInRegister: person.listedInRegister ?? true,
    };
    if (context.write) await this.repository.updatePerson(context.tx, ids, { user, applicant }, context.actorId);
    return { ...base, result: 'updated', ...ids, previous };
  }

  /**
   * An awards row: the program must be the account's and award; the number must be new on the
   * platform, or one an earlier import here created for the same holder and program (then the
   * row is unchanged, or updates its dates and status). A new award keeps its number as issued,
   * and the program's counter moves past it when it follows the program's pattern.
   */
  private async awardRow(context: RunContext, row: AwardRow): Promise<Outcome> {
    const base = { rowNumber: row.rowNumber };
    const refuse = (column: string, message: string): Outcome => ({ ...base, result: 'refused', column, message });
    const program = context.programs.get(row.programCode.toLowerCase());
    if (!program) return refuse('programCode', MIGRATION_MESSAGES.unknownProgram(row.programCode));
    if (!AWARDING_PROGRAM_TYPES.has(program.programType)) return refuse('programCode', MIGRATION_MESSAGES.programDoesNotAward(row.programCode));
    const person = await this.person(context, row.email);
    if (person && (person.userType !== 'applicant' || !person.applicantId)) return refuse('email', MIGRATION_MESSAGES.staffEmail);
    const expiresOn = row.expiresOn ?? (EXPIRING_PROGRAM_TYPES.has(program.programType) && program.renewalPeriod ? addYears(row.awardedOn, program.renewalPeriod) : null);
    // A "Current" award past its last day is expired here and now: stored so, the expiry job has nothing to do (and mails no one).
    const status: AwardStatus = row.status === 'current' && expiresOn !== null && expiresOn < context.today ? 'expired' : row.status;
    const applicationStatus = APPLICATION_STATUS_OF[status];
    const existing = (await this.repository.findAwards(context.tx, context.record.accountId, [row.certificateNumber])).get(row.certificateNumber.toLowerCase());
    if (existing) return this.existingAward(context, row, { program, person, existing, expiresOn, status, applicationStatus });

    // A dry run: the holder is found or would be created (the file's first row with the email names them).
    if (!context.write) return { ...base, result: 'created' };
    let holder = person ? { userId: person.userId, applicantId: person.applicantId! } : null;
    const createdUser = !holder;
    holder ??= await this.repository.insertPerson(context.tx, { email: row.email, firstName: row.firstName, lastName: row.lastName, listedInRegister: row.listedInRegister ?? true }, context.actorId);
    const type = applicationTypeOfProgram(program.programType)!;
    const created = await this.repository.insertImportedAward(context.tx, {
      applicationNumber: `${APPLICATION_TYPES[type].prefix}-IMP-${row.certificateNumber}`,
      applicationStatus,
      applicantId: holder.applicantId,
      program,
      certificateNumber: row.certificateNumber,
      awardedOn: row.awardedOn,
      expiresOn,
      status,
      statusReason: row.statusReason,
      note: `Imported from ${context.record.fileName} (legacy import)`,
      actorId: context.actorId,
    });
    await this.moveCounter(context.tx, program, row.certificateNumber);
    await this.markRemindersPassed(context, created.awardId, expiresOn);
    return { ...base, result: 'created', ...holder, createdUser, ...created };
  }

  private async existingAward(
    context: RunContext,
    row: AwardRow,
    found: { program: ImportProgram; person: KnownPerson | undefined; existing: KnownAward; expiresOn: string | null; status: AwardStatus; applicationStatus: ApplicationStatus },
  ): Promise<Outcome> {
    const { existing, program, person } = found;
    const base = { rowNumber: row.rowNumber };
    if (!existing.importedHere) return { ...base, result: 'refused', column: 'certificateNumber', message: MIGRATION_MESSAGES.numberTaken(row.certificateNumber) };
    if (existing.programId !== program.id || existing.holderEmail !== row.email.toLowerCase() || !person) {
      return { ...base, result: 'refused', column: 'certificateNumber', message: MIGRATION_MESSAGES.numberOfOtherAward(row.certificateNumber) };
    }
    const ids = { userId: person.userId, applicantId: person.applicantId!, applicationId: existing.applicationId, awardId: existing.id };
    const same = existing.awardedOn === row.awardedOn && existing.expiresOn === found.expiresOn && existing.status === found.status && (existing.statusReason ?? null) === row.statusReason;
    if (same) return { ...base, result: 'unchanged', ...ids };
    const previous = {
      awardedOn: existing.awardedOn,
      expiresOn: existing.expiresOn,
      status: existing.status,
      statusReason: existing.statusReason,
      applicationStatus: APPLICATION_STATUS_OF[existing.status as AwardStatus] ?? 'Awarded',
    };
    if (context.write) {
      await this.repository.updateImportedAward(context.tx, existing, {
        awardedOn: row.awardedOn,
        expiresOn: found.expiresOn,
        status: found.status,
        statusReason: row.statusReason,
        applicationStatus: found.applicationStatus,
        actorId: context.actorId,
      });
      await this.markRemindersPassed(context, existing.id, found.expiresOn);
    }
    return { ...base, result: 'updated', ...ids, previous };
  }

  /** The reminders whose day has come by the import (for its expiry day) count as sent: only those still ahead go out. */
  private async markRemindersPassed(context: RunContext, awardId: string, expiresOn: string | null): Promise<void> {
    if (!expiresOn) return;
    const dates = reminderDates(expiresOn);
    await this.repository.markRemindersPassed(context.tx, awardId, expiresOn, AWARD_REMINDER_KINDS.filter((kind) => dates[kind] <= context.today), context.today);
  }

  /** The series the award module numbers the program's awards in (award.service nextCertificateNumber), moved past the imported number. */
  private async moveCounter(tx: Executor, program: ImportProgram, certificateNumber: string): Promise<void> {
    const own = program.numberPatternCheck && program.certificateNumPattern.length > 0;
    const counter = counterOfNumber(own ? program.certificateNumPattern : this.settings.defaultPattern, certificateNumber);
    if (counter !== null) await this.repository.moveCounterPast(tx, own ? program.id : DEFAULT_SERIES, counter);
  }

  // ---- Undo --------------------------------------------------------------------------------------

  /**
   * Removes what the import created and puts back what it updated, newest row first, in one
   * transaction: refused (409, nothing changed) when any of it was touched since. Numbers the
   * import moved a counter past stay taken: a number is never handed out twice.
   */
  async undo(actor: CurrentUser, id: string): Promise<MigrationImport> {
    const record = await this.ownImport(actor, id);
    if (record.dryRun) throw new AppError('CONFLICT', MIGRATION_MESSAGES.dryRunNoUndo);
    if (record.status === 'Undone') throw new AppError('CONFLICT', MIGRATION_MESSAGES.alreadyUndone);
    if (record.status !== 'Finished') throw new AppError('CONFLICT', MIGRATION_MESSAGES.notFinished);
    const rows = await this.repository.rowsOf(id);
    let current = { rowNumber: 0, what: 'record' };
    try {
      await this.repository.transaction(async (tx) => {
        for (const row of rows) {
          if (row.result === 'refused' || row.result === 'unchanged') continue;
          const person = row.userId && row.applicantId ? { userId: row.userId, applicantId: row.applicantId } : null;
          if (row.awardId && row.applicationId) {
            current = { rowNumber: row.rowNumber, what: 'award' };
            if (await this.repository.isAwardTouched(tx, row.awardId, row.id)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, 'award'));
            if (row.result === 'created') await this.repository.deleteImportedAward(tx, row.awardId, row.applicationId);
            else await this.repository.restoreAward(tx, row.awardId, row.applicationId, row.previous as Parameters<MigrationRepository['restoreAward']>[3], actor.id);
          }
          if (!person) continue;
          const what = record.kind === 'awards' ? 'holder' : 'person';
          current = { rowNumber: row.rowNumber, what };
          if (row.result === 'created' && row.createdUser) {
            if (await this.repository.isPersonTouched(tx, person, row.id)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, what));
            await this.repository.deletePerson(tx, person);
          } else if (row.result === 'updated' && record.kind === 'applicants') {
            if (await this.repository.isPersonChangedSince(tx, person, row.id)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, what));
            const previous = row.previous as { firstName: string; lastName: string; phone: string; dateOfBirth: string | null; homeAddress: ApplicantRow['homeAddress'] | null; listedInRegister: boolean };
            await this.repository.updatePerson(
              tx,
              person,
              {
                user: { firstName: previous.firstName, lastName: previous.lastName },
                applicant: { phone: previous.phone, dateOfBirth: previous.dateOfBirth, homeAddress: previous.homeAddress, listedInRegister: previous.listedInRegister },
              },
              actor.id,
            );
          }
        }
        await this.repository.markUndone(tx, id, actor.id);
      });
    } catch (error) {
      // Something else refers to a record the import made (a mail, a payment, a credential): it was touched.
      if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(current.rowNumber, current.what));
      throw error;
    }
    return this.findOne(actor, id);
  }
}

function toSummary(record: MigrationImportRecord): MigrationSummary {
  return {
    id: record.id,
    kind: record.kind,
    fileName: record.fileName,
    dryRun: record.dryRun,
    status: record.status,
    totalRows: record.totalRows,
    processedRows: record.processedRows,
    created: record.createdCount,
    updated: record.updatedCount,
    unchanged: record.unchangedCount,
    refused: record.refusedCount,
    error: record.error,
    createdOn: record.createdOn.toISOString(),
    finishedOn: record.finishedOn?.toISOString() ?? null,
    undoneOn: record.undoneOn?.toISOString() ?? null,
  };
}
