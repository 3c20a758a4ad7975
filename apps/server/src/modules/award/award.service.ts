import { APPLICATION_TYPES, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { ACTION_PAST, AWARD_MESSAGES, awardActionRequest, type Award, type AwardPage, type AwardRow, type StaffAwardListQuery } from '@certs/shared/award/award.contract';
import { AWARD_ACTIONS, AWARD_STATUS_LABELS, type AwardAction, type AwardStatus, type AwardType } from '@certs/shared/award/award-status';
import { counterWidth, firstCounter, formatCertificateNumber } from '@certs/shared/award/certificate-number';
import { awardDateIssue } from '@certs/shared/award/award-date';
import { formatDay } from '@certs/shared/common/dates';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import type { Executor } from '../../db/executor';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import type { PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import { hasMenuAccess, staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { toCsv } from '../../platform/csv';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { moveApplication } from '../application/application-move';
import { dayIn } from '../account/account-time-zone';
import { awardDateRangeOf } from './award-date';
import { isApplicationAdministrator } from '../application/application-workflow.policy';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { ProgramService } from '../program/program.service';
import { canManageAward, canStaffReadAward, isAwardHolder } from './award.policy';
import type { AwardFilters, AwardProgramFacts, AwardRepository, AwardTableRow } from './award.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The default series' counter starts at 1, five digits wide (WCB-2026-00001). */
export const DEFAULT_SERIES = 'default';
export const DEFAULT_SERIES_START = '00001';
/** Where the holder's awards are listed in the web app (their applications page). */
export const HOLDER_AWARDS_PATH = '/student/applications';
/** Program types whose award expires after the program's renewal period: Certification and AICIP. */
const EXPIRING_PROGRAM_TYPES = new Set([2, 4]);
const MAIL_SUBJECT_ENDINGS: Record<AwardAction, string> = { hold: 'on hold', release: 'current again', cancel: 'cancelled', withdraw: 'withdrawn' };

export interface AwardRecordsDeps {
  repository: AwardRepository;
  /** The application table's writer: lock and move (through moveApplication), and the programs staff serve on. */
  workflow: ApplicationWorkflowRepository;
  /** The platform's pattern for programs without their own (`CERTIFICATE_NUMBER_PATTERN`). */
  defaultPattern: string;
  now?: () => Date;
}

export interface AwardDeps extends AwardRecordsDeps {
  programs: Pick<ProgramService, 'programPrivilege'>;
  mail: Pick<MailService, 'send'>;
  accessLog: PersonalDataAccessLog;
  publicUrl: string;
}

export interface CreateAwardInput {
  applicationId: string;
  actorId: string | null;
  awardType: AwardType;
  /** The day the body decided it (YYYY-MM-DD, staff's entry); absent means today in the program's account zone. */
  awardedOn?: string;
}

/** What an awarding path needs of the award module (the result stage; later re-sit, review and renewal). */
export type AwardCreator = Pick<AwardService, 'createForAwardedApplication'>;

type ListedRow = NonNullable<Awaited<ReturnType<AwardRepository['findById']>>>;

/** The constraint a database error names (both drivers put it on the error or its cause). */
function constraintOf(error: unknown): string | undefined {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { constraint } = current as { constraint?: unknown };
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** The date `years` whole years after a `YYYY-MM-DD` day; 29 February becomes 28 February in a common year. */
export function addYears(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const lastDay = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}

/**
 * The award's writes inside a caller's transaction, with no access check (the caller has made
 * it): creation with the move that awards, and the status actions. AwardService uses it behind
 * its checks; the demo seed uses it directly.
 */
export class AwardRecords {
  constructor(private readonly deps: AwardRecordsDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Creates the award of an application that has just been moved to Awarded, in the caller's
   * transaction (which holds the application's row lock, so two submissions queue and the second
   * is refused by the transition table). The partial unique index on (application, 'Awarded') is
   * the backstop: a second initial award is a 409 and rolls the whole move back. Every path that
   * awards (result stage; later: re-sit, review, renewal) calls this.
   */
  async createForAwardedApplication(tx: Executor, input: CreateAwardInput): Promise<AwardTableRow> {
    const application = await this.deps.repository.findApplicationFacts(tx, input.applicationId);
    if (!application) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    const program = await this.deps.repository.findProgramFacts(tx, application.programId);
    if (!program) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    // The awarding body's day: a New Zealand award made at 00:30 in Auckland is dated that day.
    // Staff may date the award the day the body decided it, but never ahead of the body's today
    // nor before the application existed as submitted (judged in the same zone, by the forms' own check).
    const range = awardDateRangeOf(program.timeZone, application.submittedOn, this.now());
    const awardedOn = input.awardedOn ?? range.latest;
    const issue = awardDateIssue(awardedOn, range);
    if (issue) throw new AppError('BAD_REQUEST', issue, { awardedOn: issue });
    const certificateNumber = await this.nextCertificateNumber(tx, program, Number(awardedOn.slice(0, 4)));
    let award: AwardTableRow;
    try {
      award = await this.deps.repository.insert(tx, {
        applicationId: application.id,
        applicantId: application.applicantId,
        programId: application.programId,
        programType: application.programType,
        awardType: input.awardType,
        certificateNumber,
        awardedOn,
        expiresOn: this.expiryOf(program, awardedOn),
        status: 'current',
        createdBy: input.actorId,
        modifiedBy: input.actorId,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same number taken at the same moment in another series (two series whose patterns meet) is rare; the caller may simply retry.
      throw new AppError('CONFLICT', constraintOf(error) === 'awards_certificate_number_unique' ? AWARD_MESSAGES.numberTaken : AWARD_MESSAGES.alreadyAwarded);
    }
    await this.deps.repository.insertHistory(tx, {
      awardId: award.id,
      action: 'awarded',
      fromStatus: null,
      toStatus: 'current',
      reason: null,
      createdBy: input.actorId,
      modifiedBy: input.actorId,
    });
    return award;
  }

  /** Certification and AICIP: the program's renewal period in whole years; Qualification none; Welder Qualification none until its own issue. */
  private expiryOf(program: AwardProgramFacts, awardedOn: string): string | null {
    if (!EXPIRING_PROGRAM_TYPES.has(program.programType) || !program.renewalPeriod) return null;
    return addYears(awardedOn, program.renewalPeriod);
  }

  /**
   * The next number of the program's series (its own pattern when the number pattern check is on,
   * else the platform's default series), under the counter row's lock. A number that already
   * exists (the pattern was changed back, or two programs share a pattern) is skipped, never reused.
   */
  private async nextCertificateNumber(tx: Executor, program: AwardProgramFacts, year: number): Promise<string> {
    const own = program.numberPatternCheck && program.certificateNumPattern.length > 0;
    const series = own ? program.programId : DEFAULT_SERIES;
    const pattern = own ? program.certificateNumPattern : this.deps.defaultPattern;
    const start = own ? program.certificateStartNum : DEFAULT_SERIES_START;
    const width = counterWidth(start);
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const counter = await this.deps.repository.nextCounter(tx, series, firstCounter(start));
      const number = formatCertificateNumber(pattern, { year, counter, width });
      if (!(await this.deps.repository.isCertificateNumberTaken(tx, number))) return number;
    }
    throw new Error(`no free certificate number in series ${series}`);
  }

  /**
   * Hold, release, cancel or withdraw the application's latest award: the application moves
   * through the shared table (409 when it refuses), the award's status, reason and certificate
   * version change, and both histories are written. Returns the award as it was before.
   */
  async applyAction(tx: Executor, input: { applicationId: string; typePath: ApplicationTypePath; action: AwardAction; reason: string; actorId: string | null }): Promise<AwardTableRow> {
    const rule = AWARD_ACTIONS[input.action];
    // The application first, as every move locks it; then the award, re-read under the lock.
    const locked = await this.deps.workflow.lock(tx, input.applicationId);
    const award = await this.deps.repository.findLatestOfApplication(input.applicationId, { tx, lock: true });
    if (!locked || !award) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    const fromStatus = award.status as AwardStatus;
    if (!(rule.from as readonly AwardStatus[]).includes(fromStatus)) throw new AppError('CONFLICT', AWARD_MESSAGES.notAllowed(AWARD_STATUS_LABELS[fromStatus].toLowerCase(), input.action));
    await moveApplication(tx, this.deps.workflow, {
      locked,
      typePath: input.typePath,
      action: rule.workflowAction,
      what: `${ACTION_PAST[input.action]} (award)`,
      note: `Award ${award.certificateNumber} ${ACTION_PAST[input.action]}: ${input.reason}`,
      actorId: input.actorId,
    });
    await this.deps.repository.update(tx, award.id, { status: rule.to, statusReason: input.reason, certificateVersion: award.certificateVersion + 1, modifiedBy: input.actorId });
    await this.deps.repository.insertHistory(tx, { awardId: award.id, action: input.action, fromStatus, toStatus: rule.to, reason: input.reason, createdBy: input.actorId, modifiedBy: input.actorId });
    return award;
  }

  /**
   * Reinstates the application's award when an appeal against its hold or cancellation is upheld
   * (issue 43), in the caller's transaction: an award on hold is released (the release action's
   * move and history), a cancelled one is made current again (`reinstateAward`: Award Cancelled ->
   * Awarded, certificate version bumped, history `reinstated`). Refused (409) when the award is
   * neither. Returns the award and the id of the award history row that records the change.
   */
  async reinstate(tx: Executor, input: { applicationId: string; typePath: ApplicationTypePath; reason: string; actorId: string }): Promise<{ award: AwardTableRow; historyId: number }> {
    const locked = await this.deps.workflow.lock(tx, input.applicationId);
    const award = await this.deps.repository.findLatestOfApplication(input.applicationId, { tx, lock: true });
    if (!locked || !award) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    if (award.status === 'on hold') {
      await this.applyAction(tx, { applicationId: input.applicationId, typePath: input.typePath, action: 'release', reason: input.reason, actorId: input.actorId });
    } else if (award.status === 'cancelled') {
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: input.typePath,
        action: 'reinstateAward',
        what: 'reinstated (award)',
        note: `Award ${award.certificateNumber} reinstated: ${input.reason}`,
        actorId: input.actorId,
      });
      await this.deps.repository.update(tx, award.id, { status: 'current', statusReason: input.reason, certificateVersion: award.certificateVersion + 1, modifiedBy: input.actorId });
      await this.deps.repository.insertHistory(tx, { awardId: award.id, action: 'reinstated', fromStatus: 'cancelled', toStatus: 'current', reason: input.reason, createdBy: input.actorId, modifiedBy: input.actorId });
    } else {
      throw new AppError('CONFLICT', `An award that is ${AWARD_STATUS_LABELS[award.status as AwardStatus].toLowerCase()} cannot be reinstated`);
    }
    const history = await this.deps.repository.findHistory(award.id, tx);
    return { award, historyId: history.at(-1)!.entry.id };
  }

  // ---- Renewal (issue 17, decision 023) ---------------------------------------------------------

  /**
   * Renews the application's award in the caller's transaction, which has locked the application
   * and moved it (Applied for Renewal -> Awarded): the same row and certificate number, type
   * Renewal, the expiry moved on by the program's renewal period from the old expiry, the
   * certificate version bumped (a new PDF; the credential is signed from the row) and a history
   * row. Refused (409) unless the award is current and expires. A late renewal (`lateAllowed`,
   * within the program's grace period) renews an expired award and makes it current again; where
   * the program says so (`newCertificateNumber`) the award takes the next number of its series.
   */
  async renewForApplication(
    tx: Executor,
    input: { applicationId: string; actorId: string | null; lateAllowed?: boolean; newCertificateNumber?: boolean },
  ): Promise<{ award: AwardTableRow; previousExpiresOn: string; newExpiresOn: string; certificateNumber: string }> {
    const award = await this.deps.repository.findLatestOfApplication(input.applicationId, { tx, lock: true });
    if (!award) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    const renewable = award.status === 'current' || (input.lateAllowed === true && award.status === 'expired');
    if (!renewable) throw new AppError('CONFLICT', `An award that is ${AWARD_STATUS_LABELS[award.status as AwardStatus].toLowerCase()} cannot be renewed`);
    const program = await this.deps.repository.findProgramFacts(tx, award.programId);
    if (!award.expiresOn || !program?.renewalPeriod || !EXPIRING_PROGRAM_TYPES.has(award.programType)) throw new AppError('CONFLICT', 'An award without an expiry cannot be renewed');
    const newExpiresOn = addYears(award.expiresOn, program.renewalPeriod);
    const certificateNumber = input.newCertificateNumber ? await this.nextCertificateNumber(tx, program, Number(dayIn(program.timeZone, this.now()).slice(0, 4))) : award.certificateNumber;
    await this.deps.repository.update(tx, award.id, {
      status: 'current',
      awardType: 'Renewal',
      certificateNumber,
      expiresOn: newExpiresOn,
      statusReason: null,
      certificateVersion: award.certificateVersion + 1,
      modifiedBy: input.actorId,
    });
    const numbered = certificateNumber === award.certificateNumber ? '' : `, new certificate number ${certificateNumber} (was ${award.certificateNumber})`;
    await this.deps.repository.insertHistory(tx, {
      awardId: award.id,
      action: 'renewed',
      fromStatus: award.status,
      toStatus: 'current',
      reason: `Renewed until ${formatDay(newExpiresOn)} (was ${formatDay(award.expiresOn)})${numbered}`,
      createdBy: input.actorId,
      modifiedBy: input.actorId,
    });
    return { award, previousExpiresOn: award.expiresOn, newExpiresOn, certificateNumber };
  }

  /**
   * Withdraws the application's award when its renewal is refused, in the caller's transaction
   * (which has locked the application and moved it Applied for Renewal -> Award Withdrawn).
   */
  async withdrawForRefusedRenewal(tx: Executor, input: { applicationId: string; reason: string; actorId: string | null }): Promise<AwardTableRow> {
    const award = await this.deps.repository.findLatestOfApplication(input.applicationId, { tx, lock: true });
    if (!award) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    if (award.status !== 'current') throw new AppError('CONFLICT', AWARD_MESSAGES.notAllowed(AWARD_STATUS_LABELS[award.status as AwardStatus].toLowerCase(), 'withdraw'));
    await this.deps.repository.update(tx, award.id, { status: 'withdrawn', statusReason: input.reason, certificateVersion: award.certificateVersion + 1, modifiedBy: input.actorId });
    await this.deps.repository.insertHistory(tx, { awardId: award.id, action: 'renewal refused', fromStatus: 'current', toStatus: 'withdrawn', reason: input.reason, createdBy: input.actorId, modifiedBy: input.actorId });
    return award;
  }
}

/** What the appeal module needs of the award module (issue 43): reinstating a held or cancelled award. */
export type AwardReinstater = Pick<AwardService, 'reinstate'>;

/** What the renewal module needs of the award module: the renewal's writes, behind its own checks. */
export type AwardRenewer = Pick<AwardService, 'renewForApplication' | 'withdrawForRefusedRenewal'>;

/** Awards (decision 017): created with the status move that awards an application, acted on by the program's managers, read by holder and staff. */
export class AwardService {
  private readonly records: AwardRecords;

  constructor(private readonly deps: AwardDeps) {
    this.records = new AwardRecords(deps);
  }

  /** See AwardRecords.createForAwardedApplication: every awarding path calls this in its own transaction. */
  createForAwardedApplication(tx: Executor, input: CreateAwardInput): Promise<AwardTableRow> {
    return this.records.createForAwardedApplication(tx, input);
  }

  /** See AwardRecords.renewForApplication: the renewal module calls it in the transaction of its move (decision 023). */
  renewForApplication(tx: Executor, input: { applicationId: string; actorId: string | null; lateAllowed?: boolean; newCertificateNumber?: boolean }) {
    return this.records.renewForApplication(tx, input);
  }

  /** See AwardRecords.reinstate: an upheld appeal against a hold or a cancellation (issue 43), in the appeal's transaction. */
  reinstate(tx: Executor, input: { applicationId: string; typePath: ApplicationTypePath; reason: string; actorId: string }) {
    return this.records.reinstate(tx, input);
  }

  /** See AwardRecords.withdrawForRefusedRenewal (decision 023). */
  withdrawForRefusedRenewal(tx: Executor, input: { applicationId: string; reason: string; actorId: string | null }) {
    return this.records.withdrawForRefusedRenewal(tx, input);
  }

  // ---- Actions ---------------------------------------------------------------------------------

  /**
   * Hold, release, cancel or withdraw the application's award: the application moves through the
   * shared table, the award's status, reason and certificate version change, both histories are
   * written and the holder is mailed, in one transaction under the application's row lock.
   */
  async act(actor: CurrentUser, typePath: ApplicationTypePath, applicationId: string, action: AwardAction, body: unknown): Promise<Award> {
    const parsed = awardActionRequest(action).safeParse(body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? AWARD_MESSAGES.reasonRequired(action);
      throw new AppError('BAD_REQUEST', message, { reason: message });
    }
    const { reason } = parsed.data;
    const found = UUID.test(applicationId) ? await this.deps.repository.findLatestOfApplication(applicationId) : undefined;
    if (!found || found.programType !== APPLICATION_TYPES[typePath].programType) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    const standing = await this.deps.programs.programPrivilege(actor, found.programId);
    if (!canManageAward(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    await this.deps.repository.transaction(async (tx) => {
      const award = await this.records.applyAction(tx, { applicationId, typePath, action, reason, actorId: actor.id });
      const row = await this.deps.repository.findById(award.id, tx);
      if (row) await this.deps.mail.send(this.actionMail(row, action, reason), tx);
    });
    return this.findAward(actor, found.id);
  }

  private actionMail(row: ListedRow, action: AwardAction, reason: string): OutgoingMail {
    const what = `your award of ${row.programTitle} (${row.programCode}), certificate ${row.award.certificateNumber}`;
    const sentences: Record<AwardAction, string[]> = {
      hold: [`We have put ${what} on hold.`, `Reason: ${reason}`, 'While it is on hold the certificate is not valid: the public register and the verification page show it as on hold.'],
      release: [`We have released ${what} from hold: it is current again.`, `Note: ${reason}`, 'The public register and the verification page show it as current.'],
      cancel: [`We have cancelled ${what}.`, `Reason: ${reason}`, 'The certificate is no longer valid: the public register and the verification page show it as cancelled.'],
      withdraw: [`We have withdrawn ${what}.`, `Reason: ${reason}`, 'The certificate is no longer valid: the public register and the verification page show it as withdrawn.'],
    };
    return {
      to: row.email,
      toUserId: row.userId,
      programId: row.award.programId,
      subject: `Your certificate ${row.award.certificateNumber}: ${MAIL_SUBJECT_ENDINGS[action]}`,
      paragraphs: [`Dear ${row.firstName},`, ...sentences[action], 'If you have a question, write to us through Contact us.'],
      links: [{ label: 'Your awards', url: `${this.deps.publicUrl}${HOLDER_AWARDS_PATH}` }],
    };
  }

  // ---- Reads -----------------------------------------------------------------------------------

  /**
   * The award for a read by its holder or by staff who may read its program's applications (other
   * applicants: 404, as if it did not exist; staff without a standing: 403). Certificates and
   * credentials check access through here too.
   */
  async findReadable(actor: CurrentUser, id: string): Promise<{ row: ListedRow; isHolder: boolean }> {
    const row = UUID.test(id) ? await this.deps.repository.findById(id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
    if (actor.userType !== 'admin') {
      if (!isAwardHolder(actor, row.award)) throw new AppError('NOT_FOUND', AWARD_MESSAGES.notFound);
      return { row, isHolder: true };
    }
    const standing = await this.deps.programs.programPrivilege(actor, row.award.programId);
    if (!canStaffReadAward(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { row, isHolder: false };
  }

  async findAward(actor: CurrentUser, id: string): Promise<Award> {
    const { row, isHolder } = await this.findReadable(actor, id);
    const history = await this.deps.repository.findHistory(row.award.id);
    const { award } = row;
    return {
      ...toAwardRow(row),
      statusReason: award.statusReason,
      certificateReady: !!award.certificateKey && award.certificateGeneratedVersion === award.certificateVersion,
      history: history.map(({ entry, firstName, lastName, userType }) => ({
        id: entry.id,
        action: entry.action,
        fromStatus: entry.fromStatus as AwardStatus | null,
        toStatus: entry.toStatus as AwardStatus,
        reason: entry.reason,
        createdOn: entry.createdOn.toISOString(),
        // Staff's names stay with staff; the holder sees what happened and why.
        createdByName: !isHolder && userType === 'admin' && firstName ? `${firstName} ${lastName ?? ''}`.trim() : null,
      })),
    };
  }

  /** The signed-in applicant's own awards. */
  async findMine(actor: CurrentUser, query: { page: number; pageSize: number }): Promise<AwardPage> {
    if (!actor.applicantId) return { rows: [], page: query.page, pageSize: query.pageSize, totalRows: 0 };
    return this.page({ applicantId: actor.applicantId }, query.page, query.pageSize);
  }

  /** Staff's sub-list of one applicant's awards: only those of programs the caller may read (a logged read of personal data). */
  async findOfApplicant(actor: CurrentUser, applicantId: string, query: { page: number; pageSize: number }, route: string): Promise<AwardPage> {
    const programIds = await this.readableProgramIds(actor);
    const accountId = staffAccountOf(actor);
    // An applicant with no application to the caller's account is unknown to its staff.
    if (!UUID.test(applicantId) || !(await this.deps.repository.isApplicantOfAccount(applicantId, accountId))) throw new AppError('NOT_FOUND', AWARD_MESSAGES.holderNotFound);
    await this.deps.accessLog.record(actor, { applicantId }, { route });
    return this.page({ accountId, applicantId, programIds }, query.page, query.pageSize);
  }

  /** Staff's Awards screen: one program (which the caller may read) or every program the caller may read. */
  async findStaffPage(actor: CurrentUser, query: StaffAwardListQuery): Promise<AwardPage> {
    return this.page(await this.staffFilters(actor, query), query.page, query.pageSize);
  }

  async exportCsv(actor: CurrentUser, query: Omit<StaffAwardListQuery, 'page' | 'pageSize'>): Promise<string> {
    const { rows } = await this.deps.repository.findPage(await this.staffFilters(actor, query), 1, 0);
    return toCsv(
      rows.map((row) => {
        const r = toAwardRow(row);
        // Days as people read dates (issue 45 item 9).
        return [r.name, r.holderNumber, r.programCode, r.programTitle, formatDay(r.awardDate), r.certificateNumber, r.applicationNumber, r.awardType, AWARD_STATUS_LABELS[r.status], r.expiresOn ? formatDay(r.expiresOn) : ''];
      }),
      { columns: ['Name', 'Member Number', 'Program Code', 'Program Title', 'Award Date', 'Certificate Number', 'Application Number', 'Award Type', 'Status', 'Expires On'] },
    );
  }

  private async staffFilters(actor: CurrentUser, query: Pick<StaffAwardListQuery, 'programId' | 'status' | 'search'>): Promise<AwardFilters> {
    const filters: AwardFilters = { accountId: staffAccountOf(actor), status: query.status, search: searchTermOrUndefined(query.search) };
    if (query.programId) {
      const standing = await this.deps.programs.programPrivilege(actor, query.programId);
      if (!canStaffReadAward(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
      filters.programId = query.programId;
    } else {
      filters.programIds = await this.readableProgramIds(actor);
    }
    return filters;
  }

  /** Administrators read every program's awards (undefined: every program of their account); other staff the programs they serve on, as the application queue does (decision 006). */
  private async readableProgramIds(actor: CurrentUser): Promise<string[] | undefined> {
    if (actor.userType !== 'admin' || !hasMenuAccess(actor, 'Programs')) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return isApplicationAdministrator(actor) ? undefined : this.deps.workflow.findProgramIdsServedBy(actor.id);
  }

  private async page(filters: AwardFilters, page: number, pageSize: number): Promise<AwardPage> {
    const { rows, totalRows } = await this.deps.repository.findPage(filters, page, pageSize);
    return { rows: rows.map(toAwardRow), page, pageSize, totalRows };
  }
}

function toAwardRow(row: ListedRow): AwardRow {
  const { award } = row;
  return {
    id: award.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    holderNumber: row.memberNumber || '-',
    applicantId: award.applicantId,
    applicationId: award.applicationId,
    applicationNumber: row.applicationNumber,
    programId: award.programId,
    programCode: row.programCode,
    programTitle: row.programTitle,
    programType: award.programType,
    awardType: award.awardType as AwardType,
    certificateNumber: award.certificateNumber,
    awardDate: award.awardedOn,
    expiresOn: award.expiresOn,
    status: award.status as AwardStatus,
    statusReason: award.status === 'current' ? null : award.statusReason,
  };
}
