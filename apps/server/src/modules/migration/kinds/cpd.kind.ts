import { PERSONAL_DEVELOPMENT_TYPES } from '@certs/shared/applicant/applicant.contract';
import { CPD_HOURS, CPD_MESSAGES, type CPD_FILE } from '@certs/shared/migration/kinds/cpd';
import { MIGRATION_MESSAGES, legacyDay } from '@certs/shared/migration/migration.contract';
import { AppError } from '../../../platform/app-error';
import type { CsvFileRow } from '../../../platform/csv-file';
import type { ImportKind, Outcome, Refusal, RowRun } from '../import-kind';
import { checkFile, commonIssue } from '../migration-csv';
import { cpdEntryState, deleteCpdEntry, findCpdEntry, insertCpdEntry, isApplicantOfAccount, type CpdEntry } from './cpd.repository';
import { isStaff, personByEmail } from './holders';

export interface CpdRow {
  rowNumber: number;
  email: string;
  provider: string;
  developmentType: string;
  startDate: string;
  hours: number;
}

/** Hours as the profile keeps them: at most one decimal (`numeric(6,1)`), so the same file finds the same entry; trailing zeros as exports write them (7.50) are fine. */
const HOURS = /^\d{1,4}(\.\d0*)?$/;

function checkCpd(row: CsvFileRow, today: string): CpdRow | Refusal {
  const issue = commonIssue('cpd', row, { provider: 128 });
  if (issue) return issue;
  const c = row.cells as Record<(typeof CPD_FILE.columns)[number], string>;
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  const developmentType = PERSONAL_DEVELOPMENT_TYPES.find((type) => type.toLowerCase() === c.developmentType.toLowerCase());
  if (!developmentType) return refuse('developmentType', CPD_MESSAGES.invalidType);
  const startDate = legacyDay(c.startDate);
  if (!startDate) return refuse('startDate', MIGRATION_MESSAGES.invalidDate('startDate'));
  if (startDate > today) return refuse('startDate', CPD_MESSAGES.startInFuture);
  const hours = Number(c.hours);
  if (!HOURS.test(c.hours) || hours < CPD_HOURS.min || hours > CPD_HOURS.max) return refuse('hours', CPD_MESSAGES.invalidHours);
  return { rowNumber: row.rowNumber, email: c.email, provider: c.provider, developmentType, startDate, hours };
}

const keyOf = (row: CpdRow) => [row.email.toLowerCase(), row.provider.toLowerCase(), row.developmentType, row.startDate, row.hours].join('\u0000');

/** The same entry twice in the file is refused (the first row imports it). */
function cpdAcrossRows() {
  const seen = new Map<string, number>();
  return (row: CpdRow): Refusal | null => {
    const first = seen.get(keyOf(row));
    if (first !== undefined) return { rowNumber: row.rowNumber, column: 'provider', message: MIGRATION_MESSAGES.duplicateInFile('entry', first) };
    seen.set(keyOf(row), row.rowNumber);
    return null;
  };
}

/**
 * `cpd`: an entry of the person's Professional development list (the applicant profile's list,
 * which renewals count). The person must be on the platform already (the applicants or awards file
 * brings them) and be this account's applicant. An entry is its person, provider, type, start date
 * and hours: the same entry already listed (imported before, or entered by the holder) is unchanged.
 */
export const cpdKind: ImportKind<CpdRow> = {
  kind: 'cpd',
  recordWord: 'CPD entry',
  example: { email: 'jane.welder@example.com', provider: 'Weld Australia', developmentType: 'Course', startDate: '14-Aug-2023', hours: '7.5' },
  check: (content, today) => checkFile('cpd', content, (row) => checkCpd(row, today), cpdAcrossRows),
  // Checked a row at a time, so a large file is streamed.
  checkRow: checkCpd,
  acrossRows: cpdAcrossRows,
  facts: async () => undefined,
  apply: applyCpd,
  async undo(run, row) {
    if (row.result !== 'created' || !row.recordId) return;
    const state = await cpdEntryState(run.tx, row.recordId, row.id);
    if (state === 'touched') throw new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, 'CPD entry'));
    // The holder may have deleted it meanwhile: nothing left to remove.
    if (state === 'untouched') await deleteCpdEntry(run.tx, row.recordId);
  },
};

async function applyCpd(run: RowRun<unknown>, row: CpdRow): Promise<Outcome> {
  const base = { rowNumber: row.rowNumber };
  const refuse = (column: string, message: string): Outcome => ({ ...base, result: 'refused', column, message });
  const person = await personByEmail(run.repository, run.tx, row.email);
  if (!person) return refuse('email', CPD_MESSAGES.unknownPerson);
  if (isStaff(person)) return refuse('email', MIGRATION_MESSAGES.staffEmail);
  const ids = { userId: person.userId, applicantId: person.applicantId! };
  if (!(await isApplicantOfAccount(run.tx, ids.applicantId, run.record.accountId))) return refuse('email', CPD_MESSAGES.notOfAccount);
  const entry: CpdEntry = { applicantId: ids.applicantId, provider: row.provider, personalDevelopmentType: row.developmentType, startDate: row.startDate, numOfHours: row.hours };
  const existing = await findCpdEntry(run.tx, entry);
  if (existing) return { ...base, result: 'unchanged', ...ids, recordId: existing };
  if (!run.write) return { ...base, result: 'created', ...ids };
  return { ...base, result: 'created', ...ids, recordId: await insertCpdEntry(run.tx, entry, run.actorId) };
}
