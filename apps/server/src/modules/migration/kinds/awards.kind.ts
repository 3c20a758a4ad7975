import { APPLICATION_TYPES, applicationTypeOfProgram, type ApplicationStatus } from '@certs/shared/application/application-status';
import { AWARD_REMINDER_KINDS, reminderDates } from '@certs/shared/award/award-expiry';
import type { AwardStatus } from '@certs/shared/award/award-status';
import {
  type AWARD_MIGRATION_COLUMNS,
  LEGACY_AWARD_STATUSES,
  MIGRATION_MESSAGES,
  STATUSES_WITH_REASON,
  legacyDay,
  type LegacyAwardStatus,
} from '@certs/shared/migration/migration.contract';
import type { Executor } from '../../../db/executor';
import { AppError } from '../../../platform/app-error';
import type { CsvFileRow } from '../../../platform/csv-file';
import { DEFAULT_SERIES, addYears } from '../../award/award.service';
import { counterOfNumber } from '../certificate-counter';
import type { ImportKind, KindRun, Outcome, Refusal, RowRun } from '../import-kind';
import { CERTIFICATE_NUMBER, checkFile, commonIssue, yesNo } from '../migration-csv';
import type { ImportProgram, KnownAward, KnownPerson, NewPerson } from '../migration.repository';
import { isStaff, undoCreatedHolder, undoCreatedHolders, numberedHoldersAcrossRows } from './holders';

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
  /** The days the old system renewed it, `YYYY-MM-DD`, oldest first. */
  renewals: string[];
}

/** Program types whose awards this kind imports: Qualification, Certification, AICIP. Welder Qualification awards come with their records (the `wpq` kind). */
const AWARDING_PROGRAM_TYPES = new Set([1, 2, 4]);
/** Certification and AICIP expire after the program's renewal period when the file gives no expiry (as awards made here do). */
const EXPIRING_PROGRAM_TYPES = new Set([2, 4]);
/** The application status an award's status goes with, as the award actions move it. */
export const APPLICATION_STATUS_OF: Record<AwardStatus, ApplicationStatus> = {
  current: 'Awarded',
  'on hold': 'Awarded OnHold',
  cancelled: 'Award Cancelled',
  withdrawn: 'Award Withdrawn',
  expired: 'Awarded',
};

interface PreviousAward {
  awardedOn: string;
  expiresOn: string | null;
  status: string;
  statusReason: string | null;
  applicationStatus: string;
  /** Absent on rows written before renewals were imported. */
  renewals?: string[];
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
  const renewals = renewalDays(c.renewals, awardedOn, today);
  if (!Array.isArray(renewals)) return refuse('renewals', renewals.message);
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
    renewals,
  };
}

/** `2021-03-07;07-Mar-2024`: each a real day after the award and not in the future, none twice; oldest first. A trailing `;` is forgiven. */
function renewalDays(cell: string, awardedOn: string, today: string): string[] | { message: string } {
  const days: string[] = [];
  for (const part of cell.split(';').map((text) => text.trim())) {
    if (!part) continue;
    const day = legacyDay(part);
    if (!day) return { message: MIGRATION_MESSAGES.invalidRenewal(part) };
    if (day <= awardedOn) return { message: MIGRATION_MESSAGES.renewalNotAfterAward(part) };
    if (day > today) return { message: MIGRATION_MESSAGES.renewalInFuture(part) };
    if (days.includes(day)) return { message: MIGRATION_MESSAGES.renewalTwice(part) };
    days.push(day);
  }
  return days.sort();
}

type Programs = Map<string, ImportProgram>;

/**
 * `awards`: the program must be the account's and award; the number must be new on the platform,
 * or one an earlier import here created for the same holder and program (then the row is
 * unchanged, or updates its dates and status). A new award keeps its number as issued, and the
 * program's counter moves past it when it follows the program's pattern.
 */
export const awardsKind: ImportKind<AwardRow, Programs> = {
  kind: 'awards',
  recordWord: 'award',
  example: {
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
    renewals: '2022-03-07;2025-03-07',
  },
  check: (content, today) => checkFile('awards', content, (row) => checkAward(row, today), numberedHoldersAcrossRows<AwardRow>),
  checkRow: checkAward,
  acrossRows: numberedHoldersAcrossRows<AwardRow>,
  // Streamed, the facts are read a chunk at a time: the programs the chunk's rows name.
  facts: (run, rows) => run.repository.findPrograms(run.repository.executor, run.record.accountId, [...new Set(rows.map((row) => row.programCode))]),
  apply: async (run, row) => (await applyAwards(run, [row]))[0]!,
  applyChunk: applyAwards,
  async undo(run, row) {
    if (row.awardId && row.applicationId) {
      if (await run.repository.isAwardTouched(run.tx, row.awardId, row.id)) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, 'award'));
      if (row.result === 'created') await run.repository.deleteImportedAward(run.tx, row.awardId, row.applicationId);
      else {
        const previous = row.previous as PreviousAward;
        await run.repository.restoreAward(run.tx, row.awardId, row.applicationId, previous, run.actorId);
        if (previous.renewals) await run.repository.replaceImportedRenewals(run.tx, row.awardId, previous.renewals, run.actorId);
      }
    }
    await undoCreatedHolder(run, row, 'holder');
  },
  async undoChunk(run, rows) {
    const created = rows.filter((row) => row.result === 'created' && row.awardId && row.applicationId);
    const [touched] = await run.repository.touchedAwardRows(run.tx, created.map((row) => row.id));
    if (touched !== undefined) throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(touched, 'award'));
    await run.repository.deleteImportedAwards(run.tx, created.map((row) => ({ awardId: row.awardId!, applicationId: row.applicationId! })));
    // What an update replaced, and the holders the chunk's rows created (their awards are gone by now, newer rows' in earlier chunks).
    for (const row of rows) if (row.result === 'updated') await awardsKind.undo(run, row);
    await undoCreatedHolders(run, rows, 'holder');
  },
};

/** What a row that makes a new award needs once its checks against the database have passed. */
interface NewAwardRow {
  index: number;
  row: AwardRow;
  program: ImportProgram;
  expiresOn: string | null;
  status: AwardStatus;
}

/**
 * A chunk of rows: their people, their numbers and the renewals already recorded read with one
 * statement each; new holders, applications, awards, history lines and reminders written with
 * one statement each; each series' counter moved once, past the chunk's highest number.
 */
async function applyAwards(run: RowRun<Programs>, rows: readonly AwardRow[]): Promise<Outcome[]> {
  const people = await run.repository.findPeople(run.tx, [...new Set(rows.map((row) => row.email.toLowerCase()))]);
  const known = await run.repository.findAwards(run.tx, run.record.accountId, rows.map((row) => row.certificateNumber));
  const renewalsOf = await run.repository.importedRenewals(run.tx, [...known.values()].filter((award) => award.importedHere).map((award) => award.id));
  const outcomes: Outcome[] = [];
  const fresh: NewAwardRow[] = [];
  for (const [index, row] of rows.entries()) {
    const base = { rowNumber: row.rowNumber };
    const refuse = (column: string, message: string): Outcome => ({ ...base, result: 'refused', column, message });
    const program = run.facts.get(row.programCode.toLowerCase());
    if (!program) outcomes[index] = refuse('programCode', MIGRATION_MESSAGES.unknownProgram(row.programCode));
    else if (!AWARDING_PROGRAM_TYPES.has(program.programType)) outcomes[index] = refuse('programCode', MIGRATION_MESSAGES.programDoesNotAward(row.programCode));
    else {
      const person = people.get(row.email.toLowerCase());
      if (isStaff(person)) {
        outcomes[index] = refuse('email', MIGRATION_MESSAGES.staffEmail);
        continue;
      }
      const expiresOn = row.expiresOn ?? (EXPIRING_PROGRAM_TYPES.has(program.programType) && program.renewalPeriod ? addYears(row.awardedOn, program.renewalPeriod) : null);
      // A "Current" award past its last day is expired here and now: stored so, the expiry job has nothing to do (and mails no one).
      const status: AwardStatus = row.status === 'current' && expiresOn !== null && expiresOn < run.today ? 'expired' : row.status;
      const existing = known.get(row.certificateNumber.toLowerCase());
      if (existing) outcomes[index] = await existingAward(run, row, { program, person, existing, expiresOn, status, renewals: renewalsOf.get(existing.id) ?? [] });
      // A dry run: the holder is found or would be created (the file's first row with the email names them).
      else if (!run.write) outcomes[index] = { ...base, result: 'created' };
      else fresh.push({ index, row, program, expiresOn, status });
    }
  }
  if (fresh.length > 0) await createAwards(run, fresh, people, outcomes);
  return outcomes;
}

async function createAwards(run: RowRun<Programs>, fresh: readonly NewAwardRow[], people: Map<string, KnownPerson>, outcomes: Outcome[]): Promise<void> {
  // A new holder is made by the first of the chunk's rows that names them; the others find them.
  const newHolders = new Map<string, NewPerson>();
  for (const { row } of fresh) {
    const email = row.email.toLowerCase();
    if (!people.has(email) && !newHolders.has(email)) newHolders.set(email, { email: row.email, firstName: row.firstName, lastName: row.lastName, listedInRegister: row.listedInRegister ?? true });
  }
  const made = await run.repository.insertPeople(run.tx, [...newHolders.values()], run.actorId);
  const holderOf = (email: string) => {
    const person = people.get(email);
    return person ? { userId: person.userId, applicantId: person.applicantId! } : made.get(email)!;
  };
  const note = `Imported from ${run.record.fileName} (legacy import)`;
  const created = await run.repository.insertImportedAwards(
    run.tx,
    fresh.map(({ row, program, expiresOn, status }) => ({
      applicationNumber: `${APPLICATION_TYPES[applicationTypeOfProgram(program.programType)!].prefix}-IMP-${row.certificateNumber}`,
      applicationStatus: APPLICATION_STATUS_OF[status],
      applicantId: holderOf(row.email.toLowerCase()).applicantId,
      program,
      certificateNumber: row.certificateNumber,
      awardedOn: row.awardedOn,
      expiresOn,
      status,
      statusReason: row.statusReason,
      renewals: row.renewals,
      note,
      actorId: run.actorId,
    })),
  );
  const counters = new Map<string, number>();
  const reminders: { awardId: string; expiresOn: string; kind: string }[] = [];
  const holdersCreated = new Set<string>();
  for (const [i, { index, row, program, expiresOn }] of fresh.entries()) {
    const email = row.email.toLowerCase();
    const createdUser = made.has(email) && !holdersCreated.has(email);
    holdersCreated.add(email);
    outcomes[index] = { rowNumber: row.rowNumber, result: 'created', ...holderOf(email), createdUser, ...created[i]! };
    const counter = counterOf(run, program, row.certificateNumber);
    if (counter) counters.set(counter.series, Math.max(counters.get(counter.series) ?? 0, counter.counter));
    if (expiresOn) for (const kind of remindersDue(run, expiresOn)) reminders.push({ awardId: created[i]!.awardId, expiresOn, kind });
  }
  for (const [series, counter] of counters) await run.repository.moveCounterPast(run.tx, series, counter);
  await run.repository.markManyRemindersPassed(run.tx, reminders, run.today);
}

async function existingAward(
  run: RowRun<Programs>,
  row: AwardRow,
  found: { program: ImportProgram; person: KnownPerson | undefined; existing: KnownAward; expiresOn: string | null; status: AwardStatus; renewals: readonly string[] },
): Promise<Outcome> {
  const { existing, program, person } = found;
  const base = { rowNumber: row.rowNumber };
  if (!existing.importedHere) return { ...base, result: 'refused', column: 'certificateNumber', message: MIGRATION_MESSAGES.numberTaken(row.certificateNumber) };
  if (existing.programId !== program.id || existing.holderEmail !== row.email.toLowerCase() || !person) {
    return { ...base, result: 'refused', column: 'certificateNumber', message: MIGRATION_MESSAGES.numberOfOtherAward(row.certificateNumber) };
  }
  const ids = { userId: person.userId, applicantId: person.applicantId!, applicationId: existing.applicationId, awardId: existing.id };
  const sameRenewals = found.renewals.join(';') === row.renewals.join(';');
  const same = sameRenewals && existing.awardedOn === row.awardedOn && existing.expiresOn === found.expiresOn && existing.status === found.status && (existing.statusReason ?? null) === row.statusReason;
  if (same) return { ...base, result: 'unchanged', ...ids };
  const previous: PreviousAward = {
    awardedOn: existing.awardedOn,
    expiresOn: existing.expiresOn,
    status: existing.status,
    statusReason: existing.statusReason,
    applicationStatus: APPLICATION_STATUS_OF[existing.status as AwardStatus] ?? 'Awarded',
    renewals: [...found.renewals],
  };
  if (run.write) {
    await run.repository.updateImportedAward(run.tx, existing, {
      awardedOn: row.awardedOn,
      expiresOn: found.expiresOn,
      status: found.status,
      statusReason: row.statusReason,
      applicationStatus: APPLICATION_STATUS_OF[found.status],
      actorId: run.actorId,
    });
    await markRemindersPassed(run, run.tx, existing.id, found.expiresOn);
    if (!sameRenewals) await run.repository.replaceImportedRenewals(run.tx, existing.id, row.renewals, run.actorId);
  }
  return { ...base, result: 'updated', ...ids, previous };
}

/** The reminders whose day has come by the import (for its expiry day) count as sent: only those still ahead go out. */
export async function markRemindersPassed(run: KindRun, tx: Executor, awardId: string, expiresOn: string | null): Promise<void> {
  if (!expiresOn) return;
  await run.repository.markRemindersPassed(tx, awardId, expiresOn, remindersDue(run, expiresOn), run.today);
}

function remindersDue(run: KindRun, expiresOn: string) {
  const dates = reminderDates(expiresOn);
  return AWARD_REMINDER_KINDS.filter((kind) => dates[kind] <= run.today);
}

/** The series the award module numbers the program's awards in (award.service nextCertificateNumber), moved past the imported number. */
export async function moveCounter(run: KindRun, tx: Executor, program: ImportProgram, certificateNumber: string): Promise<void> {
  const found = counterOf(run, program, certificateNumber);
  if (found) await run.repository.moveCounterPast(tx, found.series, found.counter);
}

/** The series a number belongs to and its counter there, when it follows the series' pattern. */
function counterOf(run: KindRun, program: ImportProgram, certificateNumber: string): { series: string; counter: number } | null {
  const own = program.numberPatternCheck && program.certificateNumPattern.length > 0;
  const counter = counterOfNumber(own ? program.certificateNumPattern : run.defaultPattern, certificateNumber);
  return counter === null ? null : { series: own ? program.id : DEFAULT_SERIES, counter };
}
