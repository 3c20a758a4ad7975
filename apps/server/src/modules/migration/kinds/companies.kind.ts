import { businessNumberKindOf } from '@certs/shared/company/business-number';
import { CompanyRequest } from '@certs/shared/company/company.contract';
import { MIGRATION_MESSAGES, legacyDay } from '@certs/shared/migration/migration.contract';
import { COMPANY_IMPORT_MESSAGES, type COMPANIES_FILE } from '@certs/shared/migration/kinds/companies';
import { setCompanyMembership } from '../../../db/account-memberships';
import type { Executor } from '../../../db/executor';
import { AppError } from '../../../platform/app-error';
import type { CsvFileRow } from '../../../platform/csv-file';
import type { ImportKind, Outcome, Refusal, RowRun, UndoRun } from '../import-kind';
import { checkFile, commonIssue, yesNo } from '../migration-csv';
import type { MigrationRowRecord } from '../migration.repository';
import {
  companiesNamed,
  companyByNumber,
  companyStamp,
  deleteCompany,
  insertCompany,
  isCompanyChangedSince,
  membershipOf,
  restoreCompany,
  updateCompany,
  type CompanyFields,
  type CompanyRecord,
  type CorporateMembership,
  type Stamp,
} from './companies.repository';

type Column = (typeof COMPANIES_FILE.columns)[number];
/** The cells a row fills in the company itself (the form's fields); a blank one never erases what is there. */
const TEXT_FIELDS = ['name', 'streetAddress', 'city', 'state', 'postalCode', 'country', 'contactName', 'contactPosition', 'contactEmail', 'contactPhone'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export interface CompanyImportRow {
  rowNumber: number;
  fields: Record<TextField, string>;
  /** Digits only; null: the row gives none (the company is then found by name). */
  businessNumber: string | null;
  /** Null: the cell was blank (a new company is active; a known one keeps its state). */
  active: boolean | null;
  /** Null: no member number, so the row leaves the account's membership as it is. */
  membership: { memberNumber: string; startsOn: string | null; endsOn: string | null } | null;
}

/** Kept on the row for undo: what the row replaced, and the membership it wrote (to see whether staff changed it since). */
interface CompanyUndoFacts {
  company?: { fields: Partial<CompanyFields>; stamp: Stamp };
  membership?: { before: CorporateMembership | null; written: CorporateMembership };
}

function checkCompany(row: CsvFileRow): CompanyImportRow | Refusal {
  const issue = commonIssue('companies', row);
  if (issue) return issue;
  const c = row.cells as Record<Column, string>;
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  const active = yesNo(c.active);
  if (active === 'bad') return refuse('active', MIGRATION_MESSAGES.invalidYesNo('active'));
  const startsOn = c.membershipStartsOn ? legacyDay(c.membershipStartsOn) : null;
  if (c.membershipStartsOn && !startsOn) return refuse('membershipStartsOn', MIGRATION_MESSAGES.invalidDate('membershipStartsOn'));
  const endsOn = c.membershipEndsOn ? legacyDay(c.membershipEndsOn) : null;
  if (c.membershipEndsOn && !endsOn) return refuse('membershipEndsOn', MIGRATION_MESSAGES.invalidDate('membershipEndsOn'));
  if ((startsOn || endsOn) && !c.corporateMemberNumber) return refuse('corporateMemberNumber', COMPANY_IMPORT_MESSAGES.datesNeedNumber);
  if (startsOn && endsOn && endsOn < startsOn) return refuse('membershipEndsOn', COMPANY_IMPORT_MESSAGES.endBeforeStart);
  // The staff form's own checks and messages (the ABN and NZBN check digits among them); its field names are the columns.
  const parsed = CompanyRequest.safeParse({ ...c, membershipStartsOn: startsOn, membershipEndsOn: endsOn, active: active ?? true });
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    return refuse(String(first.path[0] ?? 'name'), first.message);
  }
  const form = parsed.data;
  return {
    rowNumber: row.rowNumber,
    fields: Object.fromEntries(TEXT_FIELDS.map((field) => [field, form[field]])) as Record<TextField, string>,
    businessNumber: form.businessNumber,
    active,
    membership: form.corporateMemberNumber ? { memberNumber: form.corporateMemberNumber, startsOn, endsOn } : null,
  };
}

/** A company is in the file once: by its number, or by its name when it has none. */
function companiesAcrossRows() {
  const numbers = new Map<string, number>();
  const names = new Map<string, number>();
  return (row: CompanyImportRow): Refusal | null => {
    if (row.businessNumber) {
      const first = numbers.get(row.businessNumber);
      if (first !== undefined) return { rowNumber: row.rowNumber, column: 'businessNumber', message: MIGRATION_MESSAGES.duplicateInFile('businessNumber', first) };
      numbers.set(row.businessNumber, row.rowNumber);
      return null;
    }
    const name = row.fields.name.toLowerCase();
    const first = names.get(name);
    if (first !== undefined) return { rowNumber: row.rowNumber, column: 'name', message: COMPANY_IMPORT_MESSAGES.duplicateNameInFile(first) };
    names.set(name, row.rowNumber);
    return null;
  };
}

/**
 * The company a row names: by its ABN or NZBN when it gives one (or a company of the same name
 * that has none yet, which the row then gives it), else by its exact name. Two companies of that
 * name cannot be told apart: refused, asking for the number.
 */
async function findCompany(tx: Executor, row: CompanyImportRow): Promise<CompanyRecord | null | Refusal> {
  if (row.businessNumber) {
    const byNumber = await companyByNumber(tx, row.businessNumber);
    if (byNumber) return byNumber;
  }
  const named = await companiesNamed(tx, row.fields.name, { withoutNumber: row.businessNumber !== null });
  if (named.length > 1) return { rowNumber: row.rowNumber, column: row.businessNumber ? 'businessNumber' : 'name', message: COMPANY_IMPORT_MESSAGES.sameNameTwice(row.fields.name, named.length) };
  return named[0] ?? null;
}

/** The row's filled-in cells that differ from the company, and what they replace. */
function companyChanges(row: CompanyImportRow, company: CompanyRecord): { changes: Partial<CompanyFields>; previous: Partial<CompanyFields> } {
  const changes: Partial<CompanyFields> = {};
  const previous: Partial<CompanyFields> = {};
  for (const field of TEXT_FIELDS) {
    if (row.fields[field] && row.fields[field] !== company[field]) {
      changes[field] = row.fields[field];
      previous[field] = company[field];
    }
  }
  if (row.businessNumber && company.businessNumber !== row.businessNumber) {
    Object.assign(changes, { businessNumber: row.businessNumber, businessNumberKind: businessNumberKindOf(row.businessNumber) });
    Object.assign(previous, { businessNumber: company.businessNumber, businessNumberKind: company.businessNumberKind });
  }
  if (row.active !== null && row.active !== company.active) {
    changes.active = row.active;
    previous.active = company.active;
  }
  return { changes, previous };
}

const sameMembership = (a: CorporateMembership | null, b: CorporateMembership | null) =>
  a?.memberNumber === b?.memberNumber && (a?.startsOn ?? null) === (b?.startsOn ?? null) && (a?.endsOn ?? null) === (b?.endsOn ?? null);

/**
 * `companies`: a new company is created with the account's corporate membership; a known one gets
 * the row's filled-in cells that differ (blank never erases) and the membership the row gives
 * (dates left blank keep theirs). What an update replaced is kept for undo.
 */
export const companiesKind: ImportKind<CompanyImportRow> = {
  kind: 'companies',
  recordWord: 'company',
  example: {
    name: 'Hunter Fabrication Pty Ltd',
    businessNumber: '51 824 753 556',
    streetAddress: '4 Forge Road',
    city: 'Newcastle',
    state: 'NSW',
    postalCode: '2300',
    country: 'Australia',
    contactName: 'Alex Coordinator',
    contactPosition: 'Welding Coordinator',
    contactEmail: 'welding@hunterfab.example.com',
    contactPhone: '+61 2 4900 0000',
    corporateMemberNumber: 'CM-1042',
    membershipStartsOn: '2024-07-01',
    membershipEndsOn: '30-Jun-2027',
    active: 'Yes',
  },
  check: (content) => checkFile('companies', content, checkCompany, companiesAcrossRows),
  // Each row is checked alone and against compact keys of the rows before: the file is streamed.
  checkRow: checkCompany,
  acrossRows: companiesAcrossRows,
  facts: async () => undefined,
  apply: applyCompany,
  undo: undoCompany,
};

async function applyCompany(run: RowRun<unknown>, row: CompanyImportRow): Promise<Outcome> {
  const base = { rowNumber: row.rowNumber };
  const found = await findCompany(run.tx, row);
  if (found && 'message' in found) return { ...base, result: 'refused', column: found.column, message: found.message };
  const accountId = run.record.accountId;

  if (!found) {
    if (!run.write) return { ...base, result: 'created' };
    const recordId = await insertCompany(
      run.tx,
      {
        ...row.fields,
        country: row.fields.country || 'Australia',
        businessNumber: row.businessNumber,
        businessNumberKind: row.businessNumber ? businessNumberKindOf(row.businessNumber) : null,
        active: row.active ?? true,
      },
      run.actorId,
    );
    const facts: CompanyUndoFacts = {};
    if (row.membership) {
      await setCompanyMembership(run.tx, { accountId, companyId: recordId, ...row.membership, by: run.actorId });
      facts.membership = { before: null, written: row.membership };
    }
    return { ...base, result: 'created', recordId, previous: facts };
  }

  const { changes, previous } = companyChanges(row, found);
  const facts: CompanyUndoFacts = {};
  if (Object.keys(changes).length > 0) facts.company = { fields: previous, stamp: await companyStamp(run.tx, found.id) };
  if (row.membership) {
    const before = await membershipOf(run.tx, accountId, found.id);
    // Dates left blank keep the membership's own.
    const written = { memberNumber: row.membership.memberNumber, startsOn: row.membership.startsOn ?? before?.startsOn ?? null, endsOn: row.membership.endsOn ?? before?.endsOn ?? null };
    if (written.startsOn && written.endsOn && written.endsOn < written.startsOn) return { ...base, result: 'refused', column: 'membershipEndsOn', message: COMPANY_IMPORT_MESSAGES.endBeforeStart };
    if (!sameMembership(before, written)) facts.membership = { before, written };
  }
  const outcome = { ...base, recordId: found.id };
  if (!facts.company && !facts.membership) return { ...outcome, result: 'unchanged' };
  if (run.write) {
    if (facts.company) await updateCompany(run.tx, found.id, changes, run.actorId);
    if (facts.membership) await setCompanyMembership(run.tx, { accountId, companyId: found.id, ...facts.membership.written, by: run.actorId });
  }
  return { ...outcome, result: 'updated', previous: facts };
}

/**
 * A created company goes (with the account's membership of it); an updated one gets back what the
 * row replaced. Refused when the company changed after the row, or the membership is no longer
 * the one the row wrote.
 */
async function undoCompany(run: UndoRun, row: MigrationRowRecord): Promise<void> {
  if (!row.recordId) return;
  const facts = (row.previous ?? {}) as CompanyUndoFacts;
  const touched = () => new AppError('CONFLICT', MIGRATION_MESSAGES.touched(row.rowNumber, 'company'));
  const accountId = run.record.accountId;
  const membershipKept = async () => !facts.membership || sameMembership(await membershipOf(run.tx, accountId, row.recordId!), facts.membership.written);

  if (row.result === 'created') {
    if ((await isCompanyChangedSince(run.tx, row.recordId, row.id)) || !(await membershipKept())) throw touched();
    // A membership staff added since (the row wrote none) is theirs: the company is in use.
    if (!facts.membership && (await membershipOf(run.tx, accountId, row.recordId))) throw touched();
    await setCompanyMembership(run.tx, { accountId, companyId: row.recordId, memberNumber: '', startsOn: null, endsOn: null, by: run.actorId });
    await deleteCompany(run.tx, row.recordId);
    return;
  }
  if (facts.company && (await isCompanyChangedSince(run.tx, row.recordId, row.id))) throw touched();
  if (!(await membershipKept())) throw touched();
  if (facts.company) await restoreCompany(run.tx, row.recordId, facts.company.fields, facts.company.stamp);
  if (facts.membership) {
    const before = facts.membership.before ?? { memberNumber: '', startsOn: null, endsOn: null };
    await setCompanyMembership(run.tx, { accountId, companyId: row.recordId, ...before, by: run.actorId });
  }
}
