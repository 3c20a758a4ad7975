import { BusinessNumber } from '@certs/shared/company/company.contract';
import { MIGRATION_MESSAGES, legacyDay } from '@certs/shared/migration/migration.contract';
import { EMPLOYMENT_IMPORT_MESSAGES, type EMPLOYMENTS_FILE } from '@certs/shared/migration/kinds/employments';
import { AppError } from '../../../platform/app-error';
import type { CsvFileRow } from '../../../platform/csv-file';
import type { ImportKind, Outcome, Refusal, RowRun, UndoRun } from '../import-kind';
import { checkFile, commonIssue, yesNo } from '../migration-csv';
import type { MigrationRowRecord } from '../migration.repository';
import { companiesNamed, companyByNumber, type CompanyRecord, type Stamp } from './companies.repository';
import { deleteJob, employerOf, findJob, insertJob, isApplicantChangedSince, isJobChangedSince, restoreEmployer, restoreJob, setEmployer, updateJob, type Job } from './employments.repository';
import { isStaff, personByEmail } from './holders';

type Column = (typeof EMPLOYMENTS_FILE.columns)[number];
/** The experience list's own limits (ExperienceRequest). */
const LENGTHS = { companyName: 128, businessNumber: 32, position: 128, duties: 2000 };

export interface EmploymentRow {
  rowNumber: number;
  email: string;
  /** Digits only; null: the company is named by `companyName`. */
  businessNumber: string | null;
  companyName: string;
  /** Null: the row records no job, only the current employer. */
  job: { position: string; duties: string; startDate: string; endDate: string | null } | null;
  current: boolean;
}

/** Kept on the row for undo: what the row replaced. */
interface EmploymentUndoFacts {
  job?: { before: Partial<Job>; stamp: Stamp };
  employer?: { before: string | null; written: string; stamp: Stamp };
}

function checkEmployment(row: CsvFileRow, today: string): EmploymentRow | Refusal {
  const issue = commonIssue('employments', row, LENGTHS);
  if (issue) return issue;
  const c = row.cells as Record<Column, string>;
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  if (!c.businessNumber && !c.companyName) return refuse('companyName', EMPLOYMENT_IMPORT_MESSAGES.companyRequired);
  // The company form's ABN and NZBN check (check digits, and its messages).
  const number = BusinessNumber.safeParse(c.businessNumber);
  if (!number.success) return refuse('businessNumber', number.error.issues[0]!.message);
  const startDate = c.startedOn ? legacyDay(c.startedOn) : null;
  if (c.startedOn && !startDate) return refuse('startedOn', MIGRATION_MESSAGES.invalidDate('startedOn'));
  const endDate = c.endedOn ? legacyDay(c.endedOn) : null;
  if (c.endedOn && !endDate) return refuse('endedOn', MIGRATION_MESSAGES.invalidDate('endedOn'));
  if ((c.position || startDate || endDate || c.duties) && !(c.position && startDate)) return refuse(c.position ? 'startedOn' : 'position', EMPLOYMENT_IMPORT_MESSAGES.positionWithStart);
  if (startDate && startDate > today) return refuse('startedOn', EMPLOYMENT_IMPORT_MESSAGES.startInFuture);
  if (startDate && endDate && endDate < startDate) return refuse('endedOn', EMPLOYMENT_IMPORT_MESSAGES.endBeforeStart);
  const current = yesNo(c.current);
  if (current === 'bad') return refuse('current', MIGRATION_MESSAGES.invalidYesNo('current'));
  if (current === true && endDate) return refuse('endedOn', EMPLOYMENT_IMPORT_MESSAGES.currentWithEnd);
  // Blank: a job without an end is where they work now.
  const isCurrent = current ?? !endDate;
  if (!startDate && !isCurrent) return refuse('position', EMPLOYMENT_IMPORT_MESSAGES.nothingToRecord);
  return {
    rowNumber: row.rowNumber,
    email: c.email,
    businessNumber: number.data,
    companyName: c.companyName,
    job: startDate ? { position: c.position, duties: c.duties, startDate, endDate } : null,
    current: isCurrent,
  };
}

/** One current employer a person in the file, and each job once. */
function employmentsAcrossRows() {
  const currents = new Map<string, number>();
  const jobs = new Map<string, number>();
  return (row: EmploymentRow): Refusal | null => {
    const person = row.email.toLowerCase();
    if (row.current) {
      const first = currents.get(person);
      if (first !== undefined) return { rowNumber: row.rowNumber, column: 'current', message: EMPLOYMENT_IMPORT_MESSAGES.secondCurrent(first) };
    }
    if (row.job) {
      const key = [person, row.businessNumber ?? row.companyName.toLowerCase(), row.job.startDate].join('\u0000');
      const first = jobs.get(key);
      if (first !== undefined) return { rowNumber: row.rowNumber, column: 'startedOn', message: EMPLOYMENT_IMPORT_MESSAGES.sameJobInFile(first) };
      jobs.set(key, row.rowNumber);
    }
    if (row.current) currents.set(person, row.rowNumber);
    return null;
  };
}

/** The company a row names: by its ABN or NZBN when given, else by its exact name (one company of it). */
async function findCompany(run: RowRun<unknown>, row: EmploymentRow): Promise<CompanyRecord | Refusal> {
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  if (row.businessNumber) return (await companyByNumber(run.tx, row.businessNumber)) ?? refuse('businessNumber', EMPLOYMENT_IMPORT_MESSAGES.unknownCompanyByNumber(row.businessNumber));
  const named = await companiesNamed(run.tx, row.companyName);
  if (named.length > 1) return refuse('companyName', EMPLOYMENT_IMPORT_MESSAGES.sameNameTwice(row.companyName, named.length));
  return named[0] ?? refuse('companyName', EMPLOYMENT_IMPORT_MESSAGES.unknownCompanyByName(row.companyName));
}

/**
 * `employments`: the person must be on the platform (the applicants file) and the company too
 * (the companies file, applied). A job adds an entry to their experience, at the company's name as
 * the platform has it (the same employer and start day again updates its position, duties and end
 * day, blank cells kept); a current one makes the company their employer. Nothing is mailed.
 */
export const employmentsKind: ImportKind<EmploymentRow> = {
  kind: 'employments',
  recordWord: 'employment',
  example: {
    email: 'jane.welder@example.com',
    businessNumber: '51 824 753 556',
    companyName: 'Hunter Fabrication Pty Ltd',
    position: 'Welding Supervisor',
    duties: 'Supervises the pipe shop',
    startedOn: '2019-02-04',
    endedOn: '',
    current: 'Yes',
  },
  check: (content, today) => checkFile('employments', content, (row) => checkEmployment(row, today), employmentsAcrossRows),
  // Each row is checked alone and against compact keys of the rows before: the file is streamed.
  checkRow: checkEmployment,
  acrossRows: employmentsAcrossRows,
  facts: async () => undefined,
  apply: applyEmployment,
  undo: undoEmployment,
};

async function applyEmployment(run: RowRun<unknown>, row: EmploymentRow): Promise<Outcome> {
  const base = { rowNumber: row.rowNumber };
  const person = await personByEmail(run.repository, run.tx, row.email);
  if (!person) return { ...base, result: 'refused', column: 'email', message: EMPLOYMENT_IMPORT_MESSAGES.unknownPerson };
  if (isStaff(person)) return { ...base, result: 'refused', column: 'email', message: MIGRATION_MESSAGES.staffEmail };
  const company = await findCompany(run, row);
  if ('message' in company) return { ...base, result: 'refused', column: company.column, message: company.message };
  const applicantId = person.applicantId!;
  const ids = { userId: person.userId, applicantId };
  const facts: EmploymentUndoFacts = {};

  let created = false;
  let recordId: string | undefined;
  let jobChanges: Partial<Job> = {};
  if (row.job) {
    const known = await findJob(run.tx, applicantId, company.name, row.job.startDate);
    if (!known) created = true;
    else {
      recordId = known.id;
      // Blank duties and end day keep the entry's own.
      const wanted: Partial<Job> = { position: row.job.position, ...(row.job.duties && { duties: row.job.duties }), ...(row.job.endDate && { endDate: row.job.endDate }) };
      const changed = (Object.keys(wanted) as (keyof Job)[]).filter((key) => wanted[key] !== known[key]);
      jobChanges = Object.fromEntries(changed.map((key) => [key, wanted[key]]));
      if (changed.length > 0) facts.job = { before: Object.fromEntries(changed.map((key) => [key, known[key]])), stamp: known.stamp };
    }
  }
  if (row.current) {
    const employer = await employerOf(run.tx, applicantId);
    // A claim the person made to this company and staff have not approved is approved by the import (staff's record of the link, decision 036).
    if (employer.companyId !== company.id || employer.stamp.claimStatus !== 'approved') facts.employer = { before: employer.companyId, written: company.id, stamp: employer.stamp };
  }
  if (!created && !facts.job && !facts.employer) return { ...base, result: 'unchanged', ...ids, recordId };
  const result = created ? 'created' : 'updated';
  if (!run.write) return { ...base, result, ...ids };

  if (created) recordId = await insertJob(run.tx, { applicantId, employer: company.name, ...row.job! }, run.actorId);
  else if (facts.job) await updateJob(run.tx, recordId!, jobChanges, run.actorId);
  if (facts.employer) await setEmployer(run.tx, applicantId, company.id, run.actorId);
  return { ...base, result, ...ids, recordId, previous: facts };
}

/**
 * Removes the experience entry the row created, or puts back what it replaced, and the employer
 * the person had. Refused when the entry or the person changed after the row, or the employer is
 * no longer the one it set.
 */
async function undoEmployment(run: UndoRun, row: MigrationRowRecord): Promise<void> {
  const facts = (row.previous ?? {}) as EmploymentUndoFacts;
  const touched = () => new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, 'employment'));
  const jobWritten = row.recordId && (row.result === 'created' || facts.job);
  if (jobWritten && (await isJobChangedSince(run.tx, row.recordId!, row.id))) throw touched();
  if (facts.employer && row.applicantId) {
    const now = await employerOf(run.tx, row.applicantId);
    if (now.companyId !== facts.employer.written || (await isApplicantChangedSince(run.tx, row.applicantId, row.id))) throw touched();
    await restoreEmployer(run.tx, row.applicantId, facts.employer.before, facts.employer.stamp);
  }
  if (row.result === 'created' && row.recordId) await deleteJob(run.tx, row.recordId);
  else if (facts.job && row.recordId) await restoreJob(run.tx, row.recordId, facts.job.before, facts.job.stamp);
}
