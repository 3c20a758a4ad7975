import { randomBytes } from 'node:crypto';
import { APPLICATION_TYPES, applicationTypeOfProgram } from '@certs/shared/application/application-status';
import { formatDate } from '@certs/shared/common/dates';
import { MODULE_RESULTS, type ModuleResult } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { instantOfLocal } from '@certs/shared/exam-schedule/exam-schedule-time';
import { RESULTS_MESSAGES, type RESULTS_FILE } from '@certs/shared/migration/kinds/results';
import { MIGRATION_MESSAGES, legacyDay } from '@certs/shared/migration/migration.contract';
import { effectiveResultOf, type ResitStage } from '@certs/shared/resit/resit-rules';
import { AppError } from '../../../platform/app-error';
import type { CsvFileRow } from '../../../platform/csv-file';
import { AccountTimeZones, dayIn } from '../../account/account-time-zone';
import type { ImportKind, Outcome, Refusal, RowRun } from '../import-kind';
import { checkFile, commonIssue } from '../migration-csv';
import { isStaff, personByEmail } from './holders';
import {
  applicationState,
  deleteResultsApplication,
  deleteSitting,
  findImportedApplication,
  findResultsPrograms,
  insertFirstSitting,
  insertResitSitting,
  insertResultsApplication,
  isSittingTouched,
  restoreApplicationState,
  setApplicationResult,
  sittingsOf,
  type ApplicationState,
  type ResultsProgram,
} from './results.repository';

export interface ResultRow {
  rowNumber: number;
  email: string;
  programCode: string;
  moduleCode: string;
  satOn: string;
  result: ModuleResult;
  mark: number | null;
}

interface Facts {
  programs: Map<string, ResultsProgram>;
  /** The account's zone: a sitting is taken as at noon of its day there, so it reads as that day everywhere the body works. */
  timeZone: string;
}

/**
 * What a row did to its application, kept on the row for undo: the sitting's table, and whether the
 * row made the application, left it alone (an imported award's), or changed its result (as it stood).
 */
interface RowPrevious {
  sitting: 'first' | 'resit';
  application: 'created' | 'kept' | ApplicationState;
}

/** Program types whose results are per module, where re-sits and reviews live (decisions 022, 024). */
const MODULE_RESULT_TYPES = new Set([APPLICATION_TYPES.qualificationapplication.programType, APPLICATION_TYPES.aicipapplication.programType]);
const MARK = /^\d{1,3}(\.\d{1,2})?$/;
const SITTING_NOTE = 'Imported from the previous system (legacy import)';

function checkResult(row: CsvFileRow, today: string): ResultRow | Refusal {
  const issue = commonIssue('results', row, { moduleCode: 64 });
  if (issue) return issue;
  const c = row.cells as Record<(typeof RESULTS_FILE.columns)[number], string>;
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  const satOn = legacyDay(c.satOn);
  if (!satOn) return refuse('satOn', MIGRATION_MESSAGES.invalidDate('satOn'));
  if (satOn > today) return refuse('satOn', RESULTS_MESSAGES.satInFuture);
  const result = MODULE_RESULTS.find((value) => value.toLowerCase() === c.result.toLowerCase());
  if (!result) return refuse('result', RESULTS_MESSAGES.invalidResult);
  if (c.mark && (!MARK.test(c.mark) || Number(c.mark) > 100)) return refuse('mark', RESULTS_MESSAGES.invalidMark);
  if (c.mark && result === 'Absent') return refuse('mark', RESULTS_MESSAGES.absentWithMark);
  return { rowNumber: row.rowNumber, email: c.email, programCode: c.programCode, moduleCode: c.moduleCode, satOn, result, mark: c.mark ? Number(c.mark) : null };
}

/** A module's sittings come in the order they were sat, and none after a pass (in the file; `apply` holds the same rule against the platform). */
function resultsAcrossRows() {
  // Only what the rule needs of each module's last sitting, so a large file's state stays small.
  const last = new Map<string, Pick<ResultRow, 'rowNumber' | 'satOn' | 'result'>>();
  return (row: ResultRow): Refusal | null => {
    const key = [row.email, row.programCode, row.moduleCode].join('\u0000').toLowerCase();
    const before = last.get(key);
    const refuse = (message: string): Refusal => ({ rowNumber: row.rowNumber, column: 'satOn', message });
    if (before && before.satOn === row.satOn) return refuse(MIGRATION_MESSAGES.duplicateInFile('sitting', before.rowNumber));
    if (before && before.satOn > row.satOn) return refuse(RESULTS_MESSAGES.outOfOrder(before.rowNumber));
    if (before?.result === 'Pass') return { ...refuse(RESULTS_MESSAGES.passedInFile(before.rowNumber)), column: 'moduleCode' };
    last.set(key, { rowNumber: row.rowNumber, satOn: row.satOn, result: row.result });
    return null;
  };
}

/**
 * `results`: one past sitting of a module. The person must be on the platform (the applicants or
 * awards file brings them); the program must be the account's and have module results
 * (Qualification, AICIP), and the module one of its modules.
 *
 * Where a result goes (the choice, decision 035's "each award gets a minimal application"): results
 * belong to an application, so a person's results in a program go on their imported application in
 * it: one already holding imported results, else their imported award's (`{prefix}-IMP-{number}`;
 * the award stands, the application's status is not touched: the results are its record), else a
 * new minimal application `{prefix}-IMP-R-{random}` marked by its history note. That application's
 * status follows its modules as the result stage decides it: a module whose latest sitting is Fail or
 * Absent makes it Failed, recorded on the latest sitting's day (the review window counts from it,
 * decision 022); otherwise it stands at Examinations Stage with every module evaluated, for staff
 * to record the result. A module's first sitting is its application module, each later one a
 * decided re-sit (attempt 1, 2, ...), so the re-sit rules see a Failed application, the module's
 * current result, and the attempts the program's cap counts (decision 024).
 *
 * A sitting is its module and day: the same again is unchanged, another result on that day is
 * refused (undo the import to change it), and sittings come in date order, none after a pass.
 */
export const resultsKind: ImportKind<ResultRow, Facts> = {
  kind: 'results',
  recordWord: 'result',
  example: { email: 'jane.welder@example.com', programCode: 'WI-QUAL', moduleCode: 'M1', satOn: '14-Aug-2023', result: 'Fail', mark: '42.5' },
  check: (content, today) => checkFile('results', content, (row) => checkResult(row, today), resultsAcrossRows),
  // Checked a row at a time, so a large file is streamed (the service reads the facts a chunk at a time).
  checkRow: checkResult,
  acrossRows: resultsAcrossRows,
  async facts(run, rows) {
    const [programs, timeZone] = await Promise.all([
      findResultsPrograms(run.repository.executor, run.record.accountId, [...new Set(rows.map((row) => row.programCode))]),
      new AccountTimeZones(run.repository.executor).ofAccount(run.record.accountId),
    ]);
    return { programs, timeZone };
  },
  apply: applyResult,
  async undo(run, row) {
    if (row.result !== 'created' || !row.recordId || !row.applicationId) return;
    const previous = row.previous as RowPrevious;
    const sitting = { id: row.recordId, kind: previous.sitting };
    if (await isSittingTouched(run.tx, sitting, row.applicationId, row.id, previous.application !== 'kept')) {
      throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, 'result'));
    }
    await deleteSitting(run.tx, sitting);
    if (previous.application === 'created') await deleteResultsApplication(run.tx, row.applicationId);
    else if (previous.application !== 'kept') await restoreApplicationState(run.tx, row.applicationId, previous.application);
  },
};

async function applyResult(run: RowRun<Facts>, row: ResultRow): Promise<Outcome> {
  const base = { rowNumber: row.rowNumber };
  const refuse = (column: string, message: string): Outcome => ({ ...base, result: 'refused', column, message });
  const program = run.facts.programs.get(row.programCode.toLowerCase());
  if (!program) return refuse('programCode', MIGRATION_MESSAGES.unknownProgram(row.programCode));
  if (!MODULE_RESULT_TYPES.has(program.programType as 1 | 4)) return refuse('programCode', RESULTS_MESSAGES.programWithoutModules(row.programCode));
  const module = program.modules.get(row.moduleCode.toLowerCase());
  if (!module) return refuse('moduleCode', RESULTS_MESSAGES.unknownModule(row.moduleCode, program.programCode));
  const person = await personByEmail(run.repository, run.tx, row.email);
  if (!person) return refuse('email', RESULTS_MESSAGES.unknownPerson);
  if (isStaff(person)) return refuse('email', MIGRATION_MESSAGES.staffEmail);
  const ids = { userId: person.userId, applicantId: person.applicantId! };
  const { prefix } = APPLICATION_TYPES[applicationTypeOfProgram(program.programType)!];
  const { timeZone } = run.facts;
  const application = await findImportedApplication(run.tx, ids.applicantId, program.id, prefix);
  // Results the platform moved on from (a re-sit or review asked for since) are not rewritten under it.
  if (application && !application.hasAward && application.status !== 'Failed' && application.status !== 'Examinations Stage') {
    return refuse('programCode', RESULTS_MESSAGES.applicationMoved(application.status));
  }
  const sittings = application ? await sittingsOf(run.tx, application.id, module.id) : [];
  const dayOf = (at: Date | null) => (at ? dayIn(timeZone, at) : '');
  const sameDay = sittings.find((sitting) => dayOf(sitting.scheduledAt) === row.satOn);
  if (sameDay) {
    if (sameDay.result === row.result && (sameDay.percentage ?? null) === row.mark) return { ...base, result: 'unchanged', ...ids, applicationId: application!.id, recordId: sameDay.id };
    return refuse('result', RESULTS_MESSAGES.otherResult(formatDate(row.satOn), `${sameDay.result}${sameDay.percentage !== null ? ` ${sameDay.percentage}%` : ''}`));
  }
  const latest = sittings.at(-1);
  if (latest && dayOf(latest.scheduledAt) > row.satOn) return refuse('satOn', RESULTS_MESSAGES.laterSitting(formatDate(dayOf(latest.scheduledAt))));
  if (latest?.result === 'Pass') return refuse('moduleCode', RESULTS_MESSAGES.passedBefore(formatDate(dayOf(latest.scheduledAt))));
  if (latest?.stage && latest.stage !== 'Resit Result') return refuse('moduleCode', RESULTS_MESSAGES.applicationMoved('Applied for re-sit'));
  if (!run.write) return { ...base, result: 'created', ...ids };

  const reading = instantOfLocal(`${row.satOn}T12:00`, timeZone);
  const satAt = 'instant' in reading ? reading.instant : new Date(`${row.satOn}T12:00:00Z`);
  let applicationId = application?.id;
  let previous: RowPrevious['application'];
  if (!applicationId) {
    applicationId = await insertResultsApplication(run.tx, {
      applicationNumber: `${prefix}-IMP-R-${randomBytes(6).toString('hex').toUpperCase()}`,
      applicantId: ids.applicantId,
      programId: program.id,
      programType: program.programType,
      submittedOn: satAt,
      note: `Imported from ${run.record.fileName} (legacy import): past module results`,
      actorId: run.actorId,
    });
    previous = 'created';
  } else {
    previous = application!.hasAward ? 'kept' : await applicationState(run.tx, applicationId);
  }
  const sitting = { applicationId, result: row.result, percentage: row.mark, satAt, timeZone, note: SITTING_NOTE, actorId: run.actorId };
  const first = sittings[0];
  const recordId = first
    ? await insertResitSitting(run.tx, { ...sitting, applicationModuleId: first.id, attempt: sittings.length })
    : await insertFirstSitting(run.tx, { ...sitting, programModuleId: module.id, order: module.sortOrder });
  if (previous !== 'kept') await decideAgain(run, applicationId, satAt);
  const rowPrevious: RowPrevious = { sitting: first ? 'resit' : 'first', application: previous };
  return { ...base, result: 'created', ...ids, applicationId, recordId, previous: rowPrevious };
}

/** The application's result as every module's latest sitting decides it (the result stage's rule): Failed, or waiting at Examinations Stage. */
async function decideAgain(run: RowRun<Facts>, applicationId: string, satAt: Date): Promise<void> {
  const all = await sittingsOf(run.tx, applicationId);
  const byModule = new Map<string, typeof all>();
  for (const sitting of all) byModule.set(sitting.programModuleId, [...(byModule.get(sitting.programModuleId) ?? []), sitting]);
  const current = [...byModule.values()].map((sittings) =>
    effectiveResultOf(
      sittings.find((s) => s.kind === 'first')?.result ?? null,
      sittings.filter((s) => s.kind === 'resit').map((s) => ({ attempt: s.attempt, result: s.result, stage: s.stage as ResitStage })),
    ),
  );
  const failed = current.some((result) => result === 'Fail' || result === 'Absent');
  const lastSatAt = all.reduce<Date>((latest, s) => (s.scheduledAt && s.scheduledAt > latest ? s.scheduledAt : latest), satAt);
  await setApplicationResult(run.tx, applicationId, {
    status: failed ? 'Failed' : 'Examinations Stage',
    overallResult: failed ? 'Failed' : null,
    resultRecordedOn: failed ? lastSatAt : null,
    submittedOn: satAt,
    actorId: run.actorId,
  });
}
