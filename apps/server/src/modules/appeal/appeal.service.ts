import {
  APPEAL_MESSAGES,
  APPEAL_REFERENCE_PATTERN,
  APPEAL_SUBJECT_LABELS,
  appealWindowClosedMessage,
  dayText,
  normaliseAppealReference,
  staffAppealPath,
  type Appeal,
  type AppealDecisionRequest,
  type AppealOptions,
  type AppealPage,
  type AppealRegisterQuery,
  type AppealRow,
  type AppealStaffView,
  type AppealStatusRequest,
  type AppealSubject,
  type AppealableDecision,
  type AssignHandlerRequest,
  type HandlerCandidates,
  type LodgeAppealRequest,
  type MyAppealsQuery,
} from '@certs/shared/appeal/appeal.contract';
import { applicationTypeOfProgram, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { CASE_MESSAGES, CASE_OUTCOME_LABELS, CASE_STATUS_LABELS, OPEN_CASE_STATUSES, caseAge, type CaseNoteRequest, type CaseStatus } from '@certs/shared/case/case.contract';
import { REVIEW_MESSAGES, isReviewWindowOpen, reviewWindowClosesOn } from '@certs/shared/review/review.contract';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import type { CaseChange } from '../../db/schema/appeal';
import { AppError } from '../../platform/app-error';
import { hasMenuAccess, staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { MailService } from '../../platform/mail/mail.service';
import { AccountTimeZones, accountZone, dayIn } from '../account/account-time-zone';
import { isApplicationAdministrator, type ProgramStanding } from '../application/application-workflow.policy';
import type { AttachmentService } from '../attachment/attachment.service';
import { awardDateRangeOf } from '../award/award-date';
import type { AwardReinstater } from '../award/award.service';
import type { ProgramService } from '../program/program.service';
import type { ReviewService } from '../review/review.service';
import type { WpqService } from '../wpq/wpq.service';
import type { AppealInvolvement } from './appeal-involvement';
import type { AppealRecords } from './appeal-records';
import { canManageAppeals, canReadAppeal, canRecordOnAppeal, hasProgramStanding, isAppellant } from './appeal.policy';
import { nameOf, type AppealApplicationFacts, type AppealRepository, type RegisterFilters } from './appeal.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Program types whose result is judged per module (an upheld appeal names the modules that pass). */
const TYPES_WITH_MODULES = new Set([1, 4]);
const WELDER_QUALIFICATION = 3;
/** Upheld, the platform makes no change of these itself: the decider says what the outcome changes. */
const DESCRIBED_SUBJECTS: readonly AppealSubject[] = ['assessment', 'renewal_refusal'];

/** What the impartiality check of issue 43 offers an appeal's handler (declared conflicts; `modules/impartiality`). */
export interface AppealImpartiality {
  assertAssignable(
    actor: CurrentUser,
    standing: ProgramStanding,
    checks: readonly { programId: string; applicationId?: string | null; applicantUserId: string; staffUserId: string; role: 'appeal_handler' }[],
    override?: { reason: string } | null,
  ): Promise<{ record(tx: Executor): Promise<void> }>;
}

export interface AppealDeps {
  repository: AppealRepository;
  records: AppealRecords;
  involvement: AppealInvolvement;
  /** A review of a result is its appeal: lodging, correcting and dismissing a result go through the review (decision 022). */
  reviews: Pick<ReviewService, 'lodgeResultAppeal' | 'resultAppealState' | 'reviewableModules' | 'decideInTransaction'>;
  awards: AwardReinstater;
  welderQualifications: Pick<WpqService, 'approveOnAppeal'>;
  programs: Pick<ProgramService, 'programPrivilege'>;
  attachments: Pick<AttachmentService, 'findOwned' | 'findByIds'>;
  mail: Pick<MailService, 'send'>;
  impartiality?: AppealImpartiality;
  publicUrl: string;
  now?: () => Date;
}

type Row = NonNullable<Awaited<ReturnType<AppealRepository['findById']>>>;

interface Decision {
  subject: AppealSubject;
  decidedOn: Date;
  awardId: string | null;
  windowClosesOn: string;
  refusal: string | null;
}

interface StaffLoaded {
  row: Row;
  standing: ProgramStanding;
}

/** The review's refusals of a result, in an appeal's words. */
function appealWordsOf(message: string, windowClosesOn: string | null): string {
  const words: Record<string, string> = {
    [REVIEW_MESSAGES.alreadyOpen]: APPEAL_MESSAGES.alreadyOpen,
    [REVIEW_MESSAGES.alreadyReviewed]: APPEAL_MESSAGES.alreadyAppealed,
    [REVIEW_MESSAGES.noModuleAllowsReview]: APPEAL_MESSAGES.resultNotAppealable,
    [REVIEW_MESSAGES.programDoesNotAllowReview]: APPEAL_MESSAGES.programDoesNotAllow,
    [REVIEW_MESSAGES.notFailed]: APPEAL_MESSAGES.noDecision.result,
  };
  if (words[message]) return words[message];
  if (message.startsWith('The review window closed on') && windowClosesOn) return appealWindowClosedMessage(windowClosesOn);
  return message;
}

/**
 * Appeals against a decision (issue 43, ISO/IEC 17024 9.8). The person lodges within the program's
 * window; staff of the program read them; the program's managers assign a handler who took no part
 * in the application (anyone of the program may take one they took no part in); the handler or the
 * program's managers, never someone involved, decide. An upheld appeal changes what it appealed (a
 * result through the review, an award through the award module) in the decision's transaction,
 * and the appeal links that change's history row.
 */
export class AppealService {
  constructor(private readonly deps: AppealDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  // ---- The person ------------------------------------------------------------------------------

  /** What the person may appeal on their application, each with its window and why not (if so). */
  async options(actor: CurrentUser, applicationId: string): Promise<AppealOptions> {
    const facts = await this.ownApplication(actor, applicationId);
    const decisions = await this.decisionsOf(facts);
    return {
      applicationId: facts.id,
      decisions: decisions.map(
        (decision): AppealableDecision => ({
          subject: decision.subject,
          label: APPEAL_SUBJECT_LABELS[decision.subject],
          decidedOn: decision.decidedOn.toISOString(),
          windowClosesOn: decision.windowClosesOn,
          cannotAppealBecause: decision.refusal,
          awardId: decision.awardId,
        }),
      ),
    };
  }

  async lodge(actor: CurrentUser, input: z.output<typeof LodgeAppealRequest>): Promise<Appeal> {
    const facts = await this.ownApplication(actor, input.applicationId);
    const typePath = applicationTypeOfProgram(facts.programType);
    if (!typePath) throw new AppError('NOT_FOUND', APPEAL_MESSAGES.applicationNotFound);
    const decision = (await this.decisionsOf(facts)).find((candidate) => candidate.subject === input.subject);
    if (!decision) throw new AppError('CONFLICT', APPEAL_MESSAGES.noDecision[input.subject]);
    if (decision.refusal) throw new AppError('CONFLICT', decision.refusal);
    let appealId: string;
    if (input.subject === 'result') {
      try {
        appealId = await this.deps.reviews.lodgeResultAppeal(actor, typePath, facts.id, { grounds: input.grounds, attachmentIds: input.attachmentIds });
      } catch (error) {
        // Read again under the application's lock by the review: the same refusals, in an appeal's words.
        if (error instanceof AppError && error.code === 'CONFLICT') throw new AppError('CONFLICT', appealWordsOf(error.message, decision.windowClosesOn));
        throw error;
      }
    } else {
      const attachmentIds = [...new Set(input.attachmentIds)];
      const owned = await this.deps.attachments.findOwned(actor.id, attachmentIds);
      if (owned.length !== attachmentIds.length) throw new AppError('BAD_REQUEST', APPEAL_MESSAGES.fileNotFound, { attachmentIds: APPEAL_MESSAGES.fileNotFound });
      appealId = await this.deps.repository.transaction(async (tx) => {
        // Under the application's lock: two appeals of the same decision at once take turns, and the second is refused.
        await this.deps.repository.lockApplication(tx, facts.id);
        const refusal = await this.earlierAppealRefusal(facts.id, decision.subject, decision.decidedOn, tx);
        if (refusal) throw new AppError('CONFLICT', refusal);
        const appeal = await this.deps.records.create(tx, { applicationId: facts.id, awardId: decision.awardId, subject: decision.subject, appellantUserId: actor.id, grounds: input.grounds, attachmentIds });
        await this.deps.records.acknowledge(tx, appeal.id);
        return appeal.id;
      });
    }
    return this.findOne(actor, appealId);
  }

  async mine(actor: CurrentUser, query: z.output<typeof MyAppealsQuery>): Promise<AppealPage> {
    if (actor.userType !== 'applicant') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const { rows, totalRows } = await this.deps.repository.findPage({ appellantUserId: actor.id, applicationId: query.applicationId }, query.page, query.pageSize);
    return { rows: rows.map((row) => this.toRow(row, false)), page: query.page, pageSize: query.pageSize, totalRows };
  }

  /** One appeal by id: its person (another's: 404), or staff of its account who may read it (others of the account: 403). */
  async findOne(actor: CurrentUser, id: string): Promise<Appeal> {
    const row = UUID.test(id) ? await this.deps.repository.findById(id) : undefined;
    return this.viewFor(actor, row);
  }

  /** One appeal by the reference its person was mailed: the same rules as by id. */
  async findByReference(actor: CurrentUser, reference: string): Promise<Appeal> {
    const normalised = normaliseAppealReference(reference);
    const row = APPEAL_REFERENCE_PATTERN.test(normalised) ? await this.deps.repository.findByReference(normalised) : undefined;
    return this.viewFor(actor, row);
  }

  private async viewFor(actor: CurrentUser, row: Row | undefined): Promise<Appeal> {
    if (!row) throw new AppError('NOT_FOUND', APPEAL_MESSAGES.notFound);
    if (actor.userType !== 'admin') {
      if (!isAppellant(actor, row.appeal)) throw new AppError('NOT_FOUND', APPEAL_MESSAGES.notFound);
      return this.toAppeal(row, null);
    }
    const loaded = await this.staffLoaded(actor, row);
    return this.toAppeal(row, await this.staffViewOf(actor, loaded));
  }

  // ---- Staff -----------------------------------------------------------------------------------

  /** The register: the account's appeals the caller may read (a program they serve on, or one they handle), with filters. */
  async register(actor: CurrentUser, query: z.output<typeof AppealRegisterQuery>): Promise<AppealPage> {
    if (!hasMenuAccess(actor, 'Appeals')) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const accountId = staffAccountOf(actor);
    const filters: RegisterFilters = {
      accountId,
      status: query.status,
      subject: query.subject,
      handlerId: query.handlerId,
      applicationId: query.applicationId,
      search: query.search || undefined,
    };
    if (query.programId) {
      const standing = await this.deps.programs.programPrivilege(actor, query.programId);
      if (!hasProgramStanding(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
      filters.programId = query.programId;
    } else if (!isApplicationAdministrator(actor)) {
      filters.reach = { programIds: await this.deps.repository.findProgramIdsServedBy(actor.id), handlerId: actor.id };
    }
    if (query.overdue !== undefined) {
      const zone = await new AccountTimeZones(this.deps.repository.reader()).ofAccount(accountId);
      filters.overdueOn = { today: dayIn(zone, this.now()), isOverdue: query.overdue };
    }
    const { rows, totalRows } = await this.deps.repository.findPage(filters, query.page, query.pageSize);
    return { rows: rows.map((row) => this.toRow(row, true)), page: query.page, pageSize: query.pageSize, totalRows };
  }

  /** The account's staff an appeal may be given to, each with the part they took in the application (if any). */
  async handlers(actor: CurrentUser, id: string): Promise<HandlerCandidates> {
    const { row } = await this.loadForStaff(actor, id);
    const [staff, involved] = await Promise.all([this.deps.repository.findStaffOfAccount(row.appeal.accountId), this.involvedIn(row)]);
    return {
      rows: staff.map((person) => ({ id: person.id, name: `${person.firstName} ${person.lastName}`.trim(), email: person.email, involvedAs: involved.find((entry) => entry.userId === person.id)?.role ?? null })),
    };
  }

  /**
   * Gives the appeal to a handler: the program's managers give it to anyone of the account; anyone
   * of the program may take it themselves. Refused (409, at `handlerId`) when the handler took part
   * in the application; then the impartiality check (declared conflicts) where it is wired.
   */
  async assignHandler(actor: CurrentUser, id: string, input: z.output<typeof AssignHandlerRequest>): Promise<Appeal> {
    const loaded = await this.loadForStaff(actor, id);
    const { row, standing } = loaded;
    const { appeal } = row;
    if (!OPEN_CASE_STATUSES.includes(appeal.status as CaseStatus)) throw new AppError('CONFLICT', APPEAL_MESSAGES.notOpen);
    const isSelf = input.handlerId === actor.id;
    if (!(canManageAppeals(actor, standing) || (isSelf && hasProgramStanding(actor, standing)))) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const handler = await this.deps.repository.findStaffMember(input.handlerId, appeal.accountId, ROLES.SuperUser);
    if (!handler) throw new AppError('BAD_REQUEST', CASE_MESSAGES.handlerNotStaff, { handlerId: CASE_MESSAGES.handlerNotStaff });
    const role = appeal.applicationId ? await this.deps.involvement.roleOf(appeal.applicationId, handler.id) : null;
    if (role) {
      const message = CASE_MESSAGES.handlerInvolved(role);
      throw new AppError('CONFLICT', message, { handlerId: message });
    }
    const clearance = this.deps.impartiality
      ? await this.deps.impartiality.assertAssignable(
          actor,
          standing,
          [{ programId: appeal.programId, applicationId: appeal.applicationId, applicantUserId: appeal.appellantUserId, staffUserId: handler.id, role: 'appeal_handler' }],
          input.overrideReason ? { reason: input.overrideReason } : null,
        )
      : null;
    const handlerName = `${handler.firstName} ${handler.lastName}`.trim();
    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.deps.repository.lock(tx, appeal.id);
      if (!locked || !OPEN_CASE_STATUSES.includes(locked.status as CaseStatus)) throw new AppError('CONFLICT', APPEAL_MESSAGES.notOpen);
      const toInvestigating = locked.status === 'received';
      await this.deps.repository.update(tx, locked.id, { handlerId: handler.id, ...(toInvestigating ? { status: 'investigating' } : {}), modifiedBy: actor.id });
      await this.deps.records.entry(tx, locked, 'handler', isSelf ? `${handlerName} took the appeal` : `Handler: ${handlerName}`, false, actor.id);
      if (toInvestigating) await this.deps.records.entry(tx, locked, 'status', `Status: ${CASE_STATUS_LABELS.investigating}`, true, actor.id);
      await clearance?.record(tx);
      if (!isSelf) {
        await this.deps.mail.send(
          {
            to: handler.email,
            toUserId: handler.id,
            programId: locked.programId,
            subject: `You are the handler of appeal ${locked.reference}`,
            paragraphs: [`Dear ${handler.firstName},`, `You have been given appeal ${locked.reference} to handle. Its decision is due by ${dayText(locked.decideBy)}.`],
            links: [{ label: 'The appeal', url: `${this.deps.publicUrl}${staffAppealPath(locked.id)}` }],
          },
          tx,
        );
      }
    });
    return this.findOne(actor, appeal.id);
  }

  /** A note of the investigation; one shared with the person is mailed to them. */
  async addNote(actor: CurrentUser, id: string, input: z.output<typeof CaseNoteRequest>): Promise<Appeal> {
    const { row, standing } = await this.loadForStaff(actor, id);
    if (!canRecordOnAppeal(actor, standing, row.appeal)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.deps.repository.lock(tx, row.appeal.id);
      if (!locked) throw new AppError('NOT_FOUND', APPEAL_MESSAGES.notFound);
      await this.deps.records.entry(tx, locked, 'note', input.text, input.sharedWithPerson, actor.id);
      if (input.sharedWithPerson && locked.applicationId) {
        const facts = await this.deps.repository.findApplicationFacts(locked.applicationId, tx);
        if (facts) {
          await this.deps.mail.send(
            {
              to: facts.holderEmail,
              toUserId: facts.holderUserId,
              programId: facts.programId,
              subject: `Your appeal ${locked.reference}: a note from us`,
              paragraphs: [`Dear ${facts.holderFirstName},`, input.text],
              links: [{ label: 'Your appeal', url: `${this.deps.publicUrl}/student/appeals/${encodeURIComponent(locked.reference)}` }],
            },
            tx,
          );
        }
      }
    });
    return this.findOne(actor, row.appeal.id);
  }

  /** Received -> under investigation; an open appeal (not of a result, which is closed by deciding it) -> withdrawn at the person's word. */
  async moveStatus(actor: CurrentUser, id: string, input: z.output<typeof AppealStatusRequest>): Promise<Appeal> {
    const { row, standing } = await this.loadForStaff(actor, id);
    if (!canRecordOnAppeal(actor, standing, row.appeal)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (input.status === 'withdrawn' && row.appeal.reviewId) throw new AppError('CONFLICT', APPEAL_MESSAGES.resultNotWithdrawn);
    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.deps.repository.lock(tx, row.appeal.id);
      if (!locked) throw new AppError('NOT_FOUND', APPEAL_MESSAGES.notFound);
      const from = locked.status as CaseStatus;
      const allowed = input.status === 'investigating' ? from === 'received' : OPEN_CASE_STATUSES.includes(from);
      if (!allowed) throw new AppError('CONFLICT', APPEAL_MESSAGES.statusNotAllowed(CASE_STATUS_LABELS[from].toLowerCase(), CASE_STATUS_LABELS[input.status].toLowerCase()));
      await this.deps.repository.update(tx, locked.id, { status: input.status, modifiedBy: actor.id });
      await this.deps.records.entry(tx, locked, 'status', `Status: ${CASE_STATUS_LABELS[input.status]}${input.note ? `. ${input.note}` : ''}`, true, actor.id);
    });
    return this.findOne(actor, row.appeal.id);
  }

  /**
   * The outcome with reasons, by the handler or the program's managers, never by someone who took
   * part in the application. Upheld changes what was appealed in the same transaction: a result
   * is corrected through the review (the named modules pass, the application is awarded: a
   * welder's record approved), a held or cancelled award reinstated through the award module; an
   * assessment or a renewal gets the decider's description. Partly upheld on a result with
   * modules passes the named modules through the review and leaves the application Failed. The
   * person is mailed the outcome.
   */
  async decide(actor: CurrentUser, id: string, input: z.output<typeof AppealDecisionRequest>): Promise<Appeal> {
    const loaded = await this.loadForStaff(actor, id);
    const { row } = loaded;
    const { appeal } = row;
    const staff = await this.staffViewOf(actor, loaded);
    if (!staff.canDecide) {
      if (!OPEN_CASE_STATUSES.includes(appeal.status as CaseStatus)) throw new AppError('CONFLICT', CASE_MESSAGES.alreadyDecided);
      const because = staff.cannotDecideBecause ?? APPEAL_MESSAGES.deciderNotAllowed;
      throw new AppError(because === CASE_MESSAGES.noHandler ? 'CONFLICT' : 'FORBIDDEN', because);
    }
    const upheld = input.outcome === 'upheld';
    // Partly upheld on a result with modules passes some of them; elsewhere it changes nothing itself.
    const partlyPasses = input.outcome === 'partly_upheld' && staff.needsModules;
    const modulesMissing = upheld ? APPEAL_MESSAGES.modulesRequired : APPEAL_MESSAGES.partlyUpheldModulesRequired;
    if ((upheld || partlyPasses) && staff.needsModules && input.moduleIds.length === 0) throw new AppError('BAD_REQUEST', modulesMissing, { moduleIds: modulesMissing });
    if ((upheld || partlyPasses) && input.moduleIds.some((moduleId) => !staff.modules.some((module) => module.id === moduleId))) {
      throw new AppError('BAD_REQUEST', APPEAL_MESSAGES.moduleNotAppealable, { moduleIds: APPEAL_MESSAGES.moduleNotAppealable });
    }
    if (upheld && staff.needsDescription && !input.changeDescription) throw new AppError('BAD_REQUEST', APPEAL_MESSAGES.descriptionRequired, { changeDescription: APPEAL_MESSAGES.descriptionRequired });
    const applicationId = appeal.applicationId!;
    const typePath = applicationTypeOfProgram(row.programType) as ApplicationTypePath;
    const label = `Appeal ${appeal.reference}`;
    await this.deps.repository.transaction(async (tx) => {
      // The application's lock first, as every move of it: a review decided at the same moment waits here.
      await this.deps.repository.lockApplication(tx, applicationId);
      const locked = await this.deps.repository.lock(tx, appeal.id);
      if (!locked || !OPEN_CASE_STATUSES.includes(locked.status as CaseStatus)) throw new AppError('CONFLICT', CASE_MESSAGES.alreadyDecided);
      const facts = (await this.deps.repository.findApplicationFacts(applicationId, tx))!;
      const changes: CaseChange[] = [];
      if (locked.subject === 'result' && locked.reviewId) {
        const decided = await this.deps.reviews.decideInTransaction(tx, {
          applicationId,
          outcome: upheld ? 'upheld' : partlyPasses ? 'partly_upheld' : 'refused',
          note: input.reasons,
          moduleIds: upheld || partlyPasses ? input.moduleIds : [],
          awardedOn: upheld ? input.awardedOn : undefined,
          actorId: actor.id,
          label,
          refusedWord: CASE_OUTCOME_LABELS[input.outcome].toLowerCase(),
        });
        if (upheld) {
          const historyId = await this.deps.repository.findLatestApplicationHistoryId(tx, applicationId);
          if (facts.programType === WELDER_QUALIFICATION && decided.awardId) {
            await this.deps.welderQualifications.approveOnAppeal(tx, { applicationId, awardId: decided.awardId, awardedOn: input.awardedOn ?? dayIn(facts.timeZone, this.now()), actorId: actor.id, note: `${label} upheld: ${input.reasons}` });
          }
          const passed = decided.changedResults.map((changed) => changed.moduleCode).join(', ');
          changes.push({
            kind: 'result_corrected',
            applicationId,
            historyId,
            description: `${passed ? `${passed} now passed; the` : 'The'} result is now Awarded, certificate ${decided.certificateNumber}`,
          });
        } else if (partlyPasses) {
          const historyId = await this.deps.repository.findLatestApplicationHistoryId(tx, applicationId);
          const passed = decided.changedResults.map((changed) => changed.moduleCode).join(', ');
          changes.push({ kind: 'result_corrected', applicationId, historyId, description: `${passed} now passed on appeal; the result stays Failed` });
        }
      } else if (upheld && (locked.subject === 'award_hold' || locked.subject === 'award_cancellation')) {
        const award = locked.awardId ? await this.deps.repository.findLatestAward(applicationId, tx) : undefined;
        const expected = locked.subject === 'award_hold' ? 'on hold' : 'cancelled';
        if (!award || award.id !== locked.awardId || award.status !== expected) throw new AppError('CONFLICT', APPEAL_MESSAGES.awardNotHeld);
        const reinstated = await this.deps.awards.reinstate(tx, { applicationId, typePath, reason: `${label} upheld: ${input.reasons}`, actorId: actor.id });
        changes.push({ kind: 'award_reinstated', applicationId, awardId: award.id, historyId: String(reinstated.historyId), description: `Award ${award.certificateNumber} reinstated: current again` });
      }
      // Where the platform changed nothing itself, what the decider says the outcome changes (a dismissal changes nothing);
      // partly upheld, what else it changes besides the modules passed.
      if (input.changeDescription && input.outcome !== 'dismissed' && (changes.length === 0 || partlyPasses)) {
        changes.push({ kind: 'other', applicationId, ...(locked.awardId ? { awardId: locked.awardId } : {}), description: input.changeDescription });
      }
      await this.deps.records.recordDecision(tx, locked, { outcome: input.outcome, reasons: input.reasons, decidedBy: actor.id, changes });
      await this.deps.mail.send(this.deps.records.outcomeMail(locked, facts, { outcome: input.outcome, reasons: input.reasons, changes }), tx);
    });
    return this.findOne(actor, appeal.id);
  }

  // ---- Loading and views -----------------------------------------------------------------------

  /** The person's own submitted application (another's, or none: 404). */
  private async ownApplication(actor: CurrentUser, applicationId: string): Promise<AppealApplicationFacts> {
    const facts = UUID.test(applicationId) ? await this.deps.repository.findApplicationFacts(applicationId) : undefined;
    if (!facts || !facts.submittedOn || actor.userType !== 'applicant' || facts.holderUserId !== actor.id) throw new AppError('NOT_FOUND', APPEAL_MESSAGES.applicationNotFound);
    return facts;
  }

  /** The decisions of the application one may appeal, each with its window (the decision's day plus the program's days, in the body's zone). */
  private async decisionsOf(facts: AppealApplicationFacts): Promise<Decision[]> {
    const today = dayIn(facts.timeZone, this.now());
    const decisions: Decision[] = [];
    const ofDecision = async (subject: AppealSubject, decidedOn: Date, awardId: string | null): Promise<Decision> => {
      const windowClosesOn = reviewWindowClosesOn(decidedOn, facts.reviewWindowDays, facts.timeZone);
      const refusal = (await this.earlierAppealRefusal(facts.id, subject, decidedOn)) ?? (isReviewWindowOpen(windowClosesOn, today) ? null : appealWindowClosedMessage(windowClosesOn));
      return { subject, decidedOn, awardId, windowClosesOn, refusal };
    };
    if (facts.overallResult === 'Failed' && facts.resultRecordedOn) {
      const state = await this.deps.reviews.resultAppealState(facts.id);
      const windowClosesOn = state?.windowClosesOn ?? reviewWindowClosesOn(facts.resultRecordedOn, facts.reviewWindowDays, facts.timeZone);
      decisions.push({ subject: 'result', decidedOn: facts.resultRecordedOn, awardId: null, windowClosesOn, refusal: state?.refusal ? appealWordsOf(state.refusal, windowClosesOn) : null });
    }
    if (facts.status === 'Failed' && !facts.resultRecordedOn) {
      const refused = await this.deps.repository.findAssessmentRefusal(facts.id);
      if (refused) decisions.push(await ofDecision('assessment', refused.decidedOn, null));
    }
    const renewal = await this.deps.repository.findRefusedRenewal(facts.id);
    if (renewal) decisions.push(await ofDecision('renewal_refusal', renewal.decidedOn, renewal.awardId));
    const award = await this.deps.repository.findLatestAward(facts.id);
    if (award?.status === 'on hold' || award?.status === 'cancelled') {
      const subject: AppealSubject = award.status === 'on hold' ? 'award_hold' : 'award_cancellation';
      const action = await this.deps.repository.findLatestAwardAction(award.id, award.status === 'on hold' ? 'hold' : 'cancel');
      if (action) decisions.push(await ofDecision(subject, action.on, award.id));
    }
    return decisions;
  }

  /** An appeal of the same decision (received since it was made): open, or already decided. */
  private async earlierAppealRefusal(applicationId: string, subject: AppealSubject, decidedOn: Date, db?: Executor): Promise<string | null> {
    const earlier = await this.deps.repository.findAppealsOfDecision(applicationId, subject, decidedOn, db);
    if (earlier.some((appeal) => OPEN_CASE_STATUSES.includes(appeal.status as CaseStatus))) return APPEAL_MESSAGES.alreadyOpen;
    if (earlier.some((appeal) => appeal.status === 'decided')) return APPEAL_MESSAGES.alreadyAppealed;
    return null;
  }

  /** Staff of the appeal's account with the Appeals menu and a standing in its program (or its handler); another account's: 404. */
  private async loadForStaff(actor: CurrentUser, id: string): Promise<StaffLoaded> {
    if (actor.userType !== 'admin' || !hasMenuAccess(actor, 'Appeals')) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const row = UUID.test(id) ? await this.deps.repository.findById(id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', APPEAL_MESSAGES.notFound);
    return this.staffLoaded(actor, row);
  }

  private async staffLoaded(actor: CurrentUser, row: Row): Promise<StaffLoaded> {
    if (!hasMenuAccess(actor, 'Appeals')) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (row.appeal.accountId !== staffAccountOf(actor)) throw new AppError('NOT_FOUND', APPEAL_MESSAGES.notFound);
    const standing = await this.deps.programs.programPrivilege(actor, row.appeal.programId);
    if (!canReadAppeal(actor, standing, row.appeal)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { row, standing };
  }

  private involvedIn(row: Row) {
    return row.appeal.applicationId ? this.deps.involvement.peopleOf(row.appeal.applicationId) : Promise.resolve([]);
  }

  private async staffViewOf(actor: CurrentUser, { row, standing }: StaffLoaded): Promise<AppealStaffView> {
    const { appeal } = row;
    const isOpen = OPEN_CASE_STATUSES.includes(appeal.status as CaseStatus);
    const involvedAs = (await this.involvedIn(row)).find((person) => person.userId === actor.id)?.role ?? null;
    const canManage = canManageAppeals(actor, standing);
    const isHandler = appeal.handlerId === actor.id;
    let cannotDecideBecause: string | null = null;
    if (isOpen) {
      if (!canManage && !isHandler) cannotDecideBecause = APPEAL_MESSAGES.deciderNotAllowed;
      else if (involvedAs) cannotDecideBecause = APPEAL_MESSAGES.deciderInvolved(involvedAs);
      else if (!appeal.handlerId) cannotDecideBecause = CASE_MESSAGES.noHandler;
    }
    const canDecide = isOpen && cannotDecideBecause === null;
    const isResult = appeal.subject === 'result';
    const needsModules = isResult && TYPES_WITH_MODULES.has(row.programType);
    const modules = needsModules && isOpen && appeal.applicationId ? await this.deps.reviews.reviewableModules(appeal.applicationId) : [];
    const facts = canDecide && isResult && appeal.applicationId ? await this.deps.repository.findApplicationFacts(appeal.applicationId) : undefined;
    return {
      appellantEmail: row.appellantEmail,
      canAssign: isOpen && canManage,
      canTakeIt: isOpen && !isHandler && hasProgramStanding(actor, standing) && !involvedAs,
      canRecord: canRecordOnAppeal(actor, standing, appeal),
      canDecide,
      cannotDecideBecause,
      cannotTakeBecause: involvedAs ? CASE_MESSAGES.handlerInvolved(involvedAs) : null,
      modules: modules.map((module) => ({ ...module })),
      needsModules,
      needsDescription: DESCRIBED_SUBJECTS.includes(appeal.subject),
      awardDateRange: facts ? awardDateRangeOf(facts.timeZone, facts.submittedOn, this.now()) : null,
      applicationTypePath: applicationTypeOfProgram(row.programType) ?? null,
    };
  }

  private toRow(row: Row, isStaff: boolean): AppealRow {
    const { appeal } = row;
    const zone = accountZone(row.timeZone);
    const status = appeal.status as CaseStatus;
    const today = dayIn(zone, this.now());
    const receivedDay = dayIn(zone, appeal.receivedOn);
    const { ageDays } = caseAge(receivedDay, appeal.decideBy, status, appeal.decidedOn ? dayIn(zone, appeal.decidedOn) : today);
    const { overdue } = caseAge(receivedDay, appeal.decideBy, status, today);
    return {
      id: appeal.id,
      reference: appeal.reference,
      subject: appeal.subject,
      programId: appeal.programId,
      programCode: row.programCode,
      programTitle: row.programTitle,
      applicationId: appeal.applicationId,
      applicationNumber: row.applicationNumber,
      appellantName: nameOf(row.appellantFirstName, row.appellantLastName) ?? '',
      status,
      outcome: appeal.outcome,
      handlerName: isStaff ? nameOf(row.handlerFirstName, row.handlerLastName) : null,
      receivedOn: appeal.receivedOn.toISOString(),
      decideBy: appeal.decideBy,
      decidedOn: appeal.decidedOn?.toISOString() ?? null,
      ageDays,
      overdue,
    };
  }

  private async toAppeal(row: Row, staff: AppealStaffView | null): Promise<Appeal> {
    const { appeal } = row;
    const isStaff = staff !== null;
    const [entries, files] = await Promise.all([this.deps.repository.findEntries(appeal.id), this.deps.attachments.findByIds(appeal.attachmentIds)]);
    return {
      ...this.toRow(row, isStaff),
      grounds: appeal.grounds,
      files: appeal.attachmentIds.flatMap((fileId) => files.filter((file) => file.id === fileId)),
      awardId: appeal.awardId,
      certificateNumber: row.certificateNumber,
      reviewId: appeal.reviewId,
      applicationTypePath: applicationTypeOfProgram(row.programType) ?? null,
      acknowledgedOn: appeal.acknowledgedOn?.toISOString() ?? null,
      acknowledgeBy: appeal.acknowledgeBy,
      outcomeReasons: appeal.outcomeReasons,
      decidedBy: isStaff ? nameOf(row.deciderFirstName, row.deciderLastName) : null,
      handlerId: isStaff ? appeal.handlerId : null,
      changes: appeal.changes.map((change) => ({
        kind: change.kind,
        description: change.description,
        applicationId: change.applicationId ?? null,
        awardId: change.awardId ?? null,
        historyId: change.historyId ?? null,
      })),
      entries: entries
        .filter(({ entry }) => isStaff || entry.sharedWithPerson === 'yes')
        .map(({ entry, firstName, lastName, userType }) => ({
          id: entry.id,
          kind: entry.kind,
          text: entry.text,
          sharedWithPerson: entry.sharedWithPerson === 'yes',
          // Staff's names stay with staff; the person sees what happened and why.
          actorName: isStaff || userType !== 'admin' ? nameOf(firstName, lastName) : null,
          createdOn: entry.createdOn.toISOString(),
        })),
      staff,
    };
  }
}
