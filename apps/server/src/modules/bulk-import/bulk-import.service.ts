import { passwordLinkPath } from '@certs/shared/auth/registration.contract';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { APPLICATION_TYPES, applicationTypeOfProgram } from '@certs/shared/application/application-status';
import {
  BULK_IMPORT_COLUMN_LABELS,
  BULK_IMPORT_MESSAGES,
  type BulkImport,
  type BulkImportListQuery,
  type BulkImportPage,
  type BulkImportPreview,
  type BulkImportRequest,
  type RowError,
  type RowOutcome,
  type RowResult,
} from '@certs/shared/bulk-import/bulk-import.contract';
import { PROGRAM_STATUS } from '@certs/shared/program/program-status';
import { AppError } from '../../platform/app-error';
import { hasMenuAccess, staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { hashToken, newRandomToken } from '../../platform/auth/tokens';
import { toCsv } from '../../platform/csv';
import type { MailService } from '../../platform/mail/mail.service';
import type { Executor } from '../../db/executor';
import type { ProgramService } from '../program/program.service';
import { isAccountWide, type StaffScope } from '../report/staff-scope';
import { checkFile, hasEmailError, joinedRowErrors, templateCsv, type ImportRow, type RefusedRow } from './bulk-import-csv';
import type { BulkImportRepository, ImportRecord, ImportRowResult, KnownPerson } from './bulk-import.repository';

/** Rows written per transaction: progress moves at this step, and a restart redoes at most one chunk. */
export const IMPORT_CHUNK_ROWS = 200;
/** How long an invited applicant's link to choose a password lasts. */
export const INVITATION_DAYS = 7;

interface Settings {
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
}

type Decision = { result: RowResult; errors: RowError[]; changes: Changes };
interface Changes {
  user: { firstName?: string; lastName?: string };
  applicant: { phone?: string; dateOfBirth?: string; homeAddress?: ImportRow['homeAddress']; membershipType?: ImportRow['membershipType']; memberNumber?: string };
}

/**
 * What a row does to the person with its email (the row key is the email and the program): a
 * new person and application are created; a known applicant without an application in the program
 * gets one (created); otherwise the filled-in cells that differ update the applicant (updated) or
 * nothing changes (unchanged), so the same file imported twice creates nothing twice. Blank cells
 * never erase what the applicant entered.
 */
export function decide(row: ImportRow, person: KnownPerson | undefined): Decision {
  const changes: Changes = { user: {}, applicant: {} };
  if (!person) return { result: 'created', errors: [], changes };
  if (isStaff(person)) return { result: 'refused', errors: [STAFF_EMAIL], changes };
  if (row.firstName !== person.firstName) changes.user.firstName = row.firstName;
  if (row.lastName !== person.lastName) changes.user.lastName = row.lastName;
  if (row.phone && row.phone !== (person.phone ?? '')) changes.applicant.phone = row.phone;
  if (row.dateOfBirth && row.dateOfBirth !== person.dateOfBirth) changes.applicant.dateOfBirth = row.dateOfBirth;
  const current = person.homeAddress ?? { streetNumber: '', streetName: '', city: '', state: '', postalCode: '', country: '' };
  const merged = { ...current };
  for (const key of Object.keys(row.homeAddress) as (keyof ImportRow['homeAddress'])[]) if (row.homeAddress[key]) merged[key] = row.homeAddress[key];
  if (JSON.stringify(merged) !== JSON.stringify(current)) changes.applicant.homeAddress = merged;
  if (row.membershipType !== 'none' && (row.membershipType !== person.membershipType || row.memberNumber !== person.memberNumber)) {
    // A changed membership waits for staff to confirm it again, as when the applicant changes it (the repository withdraws the confirmations).
    Object.assign(changes.applicant, { membershipType: row.membershipType, memberNumber: row.memberNumber });
  }
  if (!person.hasApplication) return { result: 'created', errors: [], changes };
  const changed = Object.keys(changes.user).length + Object.keys(changes.applicant).length > 0;
  return { result: changed ? 'updated' : 'unchanged', errors: [], changes };
}

const STAFF_EMAIL: RowError = { field: BULK_IMPORT_COLUMN_LABELS.email, reason: BULK_IMPORT_MESSAGES.staffEmail };

function isStaff(person: KnownPerson): boolean {
  return person.userType !== 'applicant' || !person.applicantId;
}

/** A refused row's errors, with the staff account's email among them when nothing else is wrong with the email. */
function refusedErrors(row: RefusedRow, person: KnownPerson | undefined): RowError[] {
  return person && isStaff(person) && !hasEmailError(row.errors) ? [STAFF_EMAIL, ...row.errors] : row.errors;
}


/**
 * `bulkimportprocess` (spec section 7): a CSV of applicants and their applications to one program.
 * The preview checks every row without writing; `add` keeps the file and queues it; the job runs
 * it in chunks with progress, inviting new applicants with a link to choose their password.
 * Administrators import into any program, a program's manager into theirs (decision 030).
 */
export class BulkImportService {
  constructor(
    private readonly repository: BulkImportRepository,
    private readonly deps: { scopes: StaffScope; programs: ProgramService; mail: MailService; onQueued?: () => void },
    private readonly settings: Settings,
  ) {}

  template(): string {
    return templateCsv();
  }

  async preview(actor: CurrentUser, input: BulkImportRequest): Promise<BulkImportPreview> {
    await this.assertCanImport(actor, input.programId);
    const checked = this.checked(input.csvContent);
    const emails = [...checked.rows, ...checked.refused].map((row) => row.email).filter(Boolean);
    const people = await this.repository.findPeople(this.repository.executor, emails, input.programId);
    const outcomes: RowOutcome[] = [
      ...checked.refused.map((row) => {
        const errors = refusedErrors(row, people.get(row.email.toLowerCase()));
        return { rowNumber: row.rowNumber, email: row.email, result: 'refused' as const, ...joinedRowErrors(errors), errors };
      }),
      ...checked.rows.map((row) => {
        const decision = decide(row, people.get(row.email.toLowerCase()));
        return { rowNumber: row.rowNumber, email: row.email, result: decision.result, ...joinedRowErrors(decision.errors), errors: decision.errors };
      }),
    ].sort((a, b) => a.rowNumber - b.rowNumber);
    const tally = (result: RowResult) => outcomes.filter((row) => row.result === result).length;
    return { totalRows: checked.totalRows, created: tally('created'), updated: tally('updated'), unchanged: tally('unchanged'), refused: tally('refused'), rows: outcomes };
  }

  async add(actor: CurrentUser, input: BulkImportRequest): Promise<BulkImport> {
    await this.assertCanImport(actor, input.programId);
    const checked = this.checked(input.csvContent);
    const id = await this.repository.insertImport({
      accountId: staffAccountOf(actor),
      programId: input.programId,
      fileName: input.fileName,
      content: input.csvContent,
      totalRows: checked.totalRows,
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
    this.deps.onQueued?.();
    return this.findOne(actor, id);
  }

  async list(actor: CurrentUser, query: BulkImportListQuery & { page: number; pageSize: number }): Promise<BulkImportPage> {
    const scope = await this.deps.scopes.narrowed(actor, query.programId);
    const { rows, totalRows } = await this.repository.findPage(scope, query.programId, query.page, query.pageSize);
    return { rows: rows.map(toBulkImport), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findOne(actor: CurrentUser, id: string): Promise<BulkImport> {
    const found = await this.repository.findImport(id);
    // Another account's import is unknown here, not forbidden.
    if (!found || found.import.accountId !== staffAccountOf(actor)) throw new AppError('NOT_FOUND', BULK_IMPORT_MESSAGES.notFound);
    await this.deps.scopes.narrowed(actor, found.import.programId);
    return toBulkImport(found);
  }

  /** The per-row results as CSV: row, email, result, field, reason. */
  async resultsCsv(actor: CurrentUser, id: string): Promise<{ fileName: string; csv: string }> {
    const found = await this.findOne(actor, id);
    const rows = await this.repository.findRowResults(id);
    return {
      fileName: `import-results-${found.programCode}-${found.createdOn.slice(0, 10)}.csv`,
      csv: toCsv(
        rows.map((row) => [row.rowNumber, row.email, row.result, row.field ?? '', row.reason ?? '']),
        { columns: ['Row', 'Email', 'Result', 'Field', 'Reason'] },
      ),
    };
  }

  /** Runs every queued import (the job's pass; tests call it directly). */
  async runPending(): Promise<number> {
    let ran = 0;
    for (let next = await this.repository.claimNext(); next; next = await this.repository.claimNext()) {
      await this.run(next.id);
      ran += 1;
    }
    return ran;
  }

  private async run(importId: string): Promise<void> {
    const stored = await this.repository.contentOf(importId);
    if (!stored) return;
    try {
      const program = await this.repository.findProgram(stored.programId);
      const checked = checkFile(stored.content);
      if (!program || !checked.ok) throw new Error(checked.ok ? 'program missing' : checked.reason);
      const done = await this.repository.processedRowNumbers(importId);
      const actorId = stored.createdBy ?? '00000000-0000-0000-0000-000000000000';
      await this.repository.transaction(async (tx) => {
        const refused = checked.refused.filter((row) => !done.has(row.rowNumber));
        const people = await this.repository.findPeople(tx, refused.map((row) => row.email).filter(Boolean), program.id);
        await this.repository.insertRowResults(
          tx,
          refused.map((row) => ({
            importId,
            rowNumber: row.rowNumber,
            email: row.email,
            result: 'refused',
            ...joinedRowErrors(refusedErrors(row, people.get(row.email.toLowerCase()))),
            createdBy: actorId,
            modifiedBy: actorId,
          })),
        );
        await this.repository.refreshProgress(tx, importId);
      });
      const todo = checked.rows.filter((row) => !done.has(row.rowNumber));
      for (let start = 0; start < todo.length; start += IMPORT_CHUNK_ROWS) {
        const chunk = todo.slice(start, start + IMPORT_CHUNK_ROWS);
        await this.repository.transaction(async (tx) => {
          await this.applyChunk(tx, { importId, fileName: stored.fileName, actorId, program }, chunk);
          await this.repository.refreshProgress(tx, importId);
        });
      }
      await this.repository.finish(importId, 'Completed', null);
    } catch (error) {
      this.settings.log.warn({ err: error, importId }, 'bulk import failed');
      await this.repository.finish(importId, 'Failed', error instanceof Error ? error.message : String(error));
    }
  }

  private async applyChunk(
    tx: Executor,
    context: { importId: string; fileName: string; actorId: string; program: { id: string; programCode: string; programTitle: string; programType: number } },
    chunk: ImportRow[],
  ): Promise<void> {
    const { importId, actorId, program } = context;
    const people = await this.repository.findPeople(tx, chunk.map((row) => row.email), program.id);
    const results: ImportRowResult[] = [];
    const decided = chunk.map((row) => ({ row, person: people.get(row.email.toLowerCase()), decision: decide(row, people.get(row.email.toLowerCase())) }));
    const created = await this.repository.insertApplicants(
      tx,
      decided.filter((d) => !d.person && d.decision.result !== 'refused').map((d) => d.row),
      actorId,
    );
    const needsApplication: { row: ImportRow; applicantId: string; userId: string; invite: boolean }[] = [];
    for (const { row, person, decision } of decided) {
      const base = { importId, rowNumber: row.rowNumber, email: row.email, result: decision.result, ...joinedRowErrors(decision.errors), createdBy: actorId, modifiedBy: actorId };
      if (decision.result === 'refused') {
        results.push(base);
        continue;
      }
      if (!person) {
        const ids = created.get(row.email.toLowerCase())!;
        needsApplication.push({ row, ...ids, invite: true });
        results.push({ ...base, applicantId: ids.applicantId });
        continue;
      }
      const ids = { userId: person.userId, applicantId: person.applicantId! };
      await this.repository.updateApplicant(tx, ids, decision.changes, actorId);
      if (!person.hasApplication) needsApplication.push({ row, ...ids, invite: false });
      results.push({ ...base, applicantId: ids.applicantId });
    }
    const applicationIds = await this.createApplications(tx, context, needsApplication);
    for (const result of results) if (result.applicantId) result.applicationId = applicationIds.get(result.applicantId) ?? null;
    await this.repository.insertRowResults(tx, results);
  }

  /** The applications of one chunk, numbered as the applicant's own would be, each with its first history entry; new applicants are invited. */
  private async createApplications(
    tx: Executor,
    context: { fileName: string; actorId: string; program: { id: string; programCode: string; programTitle: string; programType: number } },
    rows: { row: ImportRow; applicantId: string; userId: string; invite: boolean }[],
  ): Promise<Map<string, string>> {
    if (rows.length === 0) return new Map();
    const { program, actorId } = context;
    const type = applicationTypeOfProgram(program.programType);
    if (!type) throw new Error(`no application type for program type ${program.programType}`);
    const year = new Date().getUTCFullYear();
    const first = await this.repository.takeNumbers(tx, program.programType, year, rows.length);
    const now = new Date();
    // The applicant's own applications are numbered `{prefix}-{year}-{00001}` (application.service saveDraft); imported ones the same way.
    const inserted = await this.repository.insertApplications(
      tx,
      rows.map(({ row, applicantId }, index) => ({
        applicationNumber: `${APPLICATION_TYPES[type].prefix}-${year}-${String(first + index).padStart(5, '0')}`,
        applicantId,
        programId: program.id,
        programType: program.programType,
        status: row.applicationStatus,
        submittedOn: row.applicationStatus === 'Application Submitted' ? now : null,
        createdBy: actorId,
        modifiedBy: actorId,
      })),
    );
    const byApplicant = new Map(inserted.map((row) => [row.applicantId, row.id]));
    await this.repository.insertHistory(
      tx,
      rows.map(({ row, applicantId }) => ({
        applicationId: byApplicant.get(applicantId)!,
        fromStatus: null,
        toStatus: row.applicationStatus,
        note: `Imported from ${context.fileName}`,
        createdBy: actorId,
        modifiedBy: actorId,
      })),
    );
    await this.invite(
      tx,
      rows.filter((entry) => entry.invite).map(({ row, userId }) => ({ userId, email: row.email, firstName: row.firstName })),
      program,
    );
    return byApplicant;
  }

  /** The invitation: a single-use link (the password-reset kind, which also activates the account) to choose a password. */
  private async invite(tx: Executor, people: { userId: string; email: string; firstName: string }[], program: { id: string; programCode: string; programTitle: string }): Promise<void> {
    const expiresOn = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
    const tokens = people.map(() => newRandomToken());
    await this.repository.insertTokens(
      tx,
      people.map((person, index) => ({ userId: person.userId, tokenHash: hashToken(tokens[index]!), expiresOn })),
    );
    for (const [index, person] of people.entries()) await this.mailInvitation(tx, person, program, tokens[index]!);
  }

  private async mailInvitation(tx: Executor, person: { userId: string; email: string; firstName: string }, program: { id: string; programCode: string; programTitle: string }, token: string): Promise<void> {
    await this.deps.mail.send(
      {
        to: person.email,
        toUserId: person.userId,
        programId: program.id,
        subject: 'Your account is ready: choose your password',
        paragraphs: [
          `Hello ${person.firstName},`,
          // The body is the program's account: the mail's From name and its last line name it.
          `An account has been created for you, with an application to ${program.programTitle} (${program.programCode}).`,
          `Use the link below within ${INVITATION_DAYS} days to choose your password and sign in. After that, use Forgot password on the sign-in page.`,
        ],
        links: [{ label: 'Choose your password', url: `${this.settings.publicUrl}${passwordLinkPath(token, 'invitation')}` }],
      },
      tx,
    );
  }

  private checked(content: string) {
    const checked = checkFile(content);
    if (!checked.ok) throw new AppError('BAD_REQUEST', checked.reason, { csvContent: checked.reason });
    return checked;
  }

  /** Administrators import into any program of their account; a program's manager into theirs; a program must be published. */
  private async assertCanImport(actor: CurrentUser, programId: string): Promise<void> {
    if (actor.userType !== 'admin' || !hasMenuAccess(actor, 'Programs')) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const program = await this.repository.findProgram(programId);
    if (!program || program.accountId !== staffAccountOf(actor)) throw new AppError('NOT_FOUND', 'Program not found');
    if (!isAccountWide(actor)) {
      const standing = await this.deps.programs.programPrivilege(actor, programId);
      if (!standing.isManager) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    }
    if (program.status !== PROGRAM_STATUS.Published) throw new AppError('BAD_REQUEST', BULK_IMPORT_MESSAGES.programNotOpen, { programId: BULK_IMPORT_MESSAGES.programNotOpen });
  }
}

function toBulkImport(row: { import: ImportRecord; programCode: string; programTitle: string; firstName: string | null; lastName: string | null }): BulkImport {
  const i = row.import;
  return {
    id: i.id,
    programId: i.programId,
    programCode: row.programCode,
    programTitle: row.programTitle,
    fileName: i.fileName,
    status: i.status,
    totalRows: i.totalRows,
    processedRows: i.processedRows,
    created: i.createdCount,
    updated: i.updatedCount,
    unchanged: i.unchangedCount,
    refused: i.refusedCount,
    error: i.error,
    createdOn: i.createdOn.toISOString(),
    createdByName: row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : '',
    finishedOn: i.finishedOn?.toISOString() ?? null,
  };
}
