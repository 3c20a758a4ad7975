import { APPLICATION_TYPES, applicationTypeOfProgram, type ApplicationStatus, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { APPEAL_MESSAGES } from '@certs/shared/appeal/appeal.contract';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { earlierAwardDateNote } from '@certs/shared/award/award-date';
import { modulesNotPassed, type ModuleResult } from '@certs/shared/exam-schedule/exam-schedule.contract';
import {
  REVIEW_MESSAGES,
  isReviewWindowOpen,
  reviewWindowClosesOn,
  windowClosedMessage,
  type ReviewDecisionRequest,
  type ReviewRequest,
  type ReviewState,
  type ReviewTypePath,
} from '@certs/shared/review/review.contract';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import type { ReviewedModuleResult } from '../../db/schema/review';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { moveApplication } from '../application/application-move';
import type { ApplicationRow, ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AttachmentService } from '../attachment/attachment.service';
import { awardDateRangeOf } from '../award/award-date';
import { HOLDER_AWARDS_PATH, type AwardCreator } from '../award/award.service';
import type { ProgramService } from '../program/program.service';
import { canDecideReview, canReadReview, isReviewHolder } from './review.policy';
import type { ReviewApplication, ReviewModuleRow, ReviewRepository, ReviewRow } from './review.repository';
import { dayIn } from '../account/account-time-zone';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a review needs of the appeal module (issue 43): today's reviews are appeals of a result, so
 * asking for one opens its appeal (a reference, target dates) and deciding one decides it, in the
 * same transaction. Declared here so that the review module does not import the appeal module.
 */
export interface ReviewAppeals {
  /** Opens the appeal of the result a review was just opened for; returns its reference. */
  openForReview(tx: Executor, input: { reviewId: string; applicationId: string; programId: string; appellantUserId: string; grounds: string; attachmentIds: string[] }): Promise<{ id: string; reference: string }>;
  /** Mails the appeal's acknowledgement with its reference (and the program's staff), in the caller's transaction. */
  acknowledge(tx: Executor, appealId: string): Promise<void>;
  /** Decides the appeal linked to a review decided through the review's own route. */
  decideForReview(tx: Executor, input: { reviewId: string; applicationId: string; outcome: 'upheld' | 'refused'; reasons: string; decidedBy: string }): Promise<void>;
}

/** What `decideInTransaction` did: the changed module results, and the award an upheld review made. */
export interface ReviewDecided {
  review: ReviewRow;
  changedResults: ReviewedModuleResult[];
  certificateNumber: string | null;
  awardId: string | null;
}

export interface ReviewDeps {
  repository: ReviewRepository;
  /** The application table's writer: lock and move (through moveApplication). */
  workflow: ApplicationWorkflowRepository;
  programs: Pick<ProgramService, 'programPrivilege'>;
  attachments: Pick<AttachmentService, 'findOwned' | 'findByIds'>;
  mail: Pick<MailService, 'send'>;
  /** An upheld review awards the application in its own transaction (decision 017). */
  awards: AwardCreator;
  /** Issue 43: the appeal each review is. */
  appeals: ReviewAppeals;
  /** Issue 43 (ISO/IEC 17024 9.8.3): who took part in the result; none of them decides its review. */
  involvement: { roleOf(applicationId: string, userId: string): Promise<string | null> };
  publicUrl: string;
  now?: () => Date;
}

interface Loaded {
  found: ReviewApplication;
  canDecide: boolean;
  /** A manager who took part in the result: why they may not decide its review. */
  cannotDecideBecause: string | null;
  isStaff: boolean;
}

/** The failed modules whose program module allows review: what a review may change. */
function reviewableOf(modules: readonly ReviewModuleRow[]): ReviewModuleRow[] {
  return modules.filter((module) => module.result === 'Fail' && module.reviewAllowed);
}

/**
 * Reviews of a failed result (issue 17, decision 022). The applicant asks within the program's
 * window, with a reason and files; the program's managers uphold (the named modules pass, the
 * application is awarded with its award in the same transaction) or refuse (back to Failed).
 * Every move goes through `moveApplication` under the application's row lock, with history and mail.
 */
export class ReviewService {
  constructor(private readonly deps: ReviewDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async findState(actor: CurrentUser, typePath: ReviewTypePath, id: string): Promise<ReviewState> {
    const loaded = await this.load(actor, typePath, id);
    return this.stateOf(loaded);
  }

  async ask(actor: CurrentUser, typePath: ReviewTypePath, id: string, input: z.output<typeof ReviewRequest>): Promise<ReviewState> {
    await this.open(actor, typePath, id, input, 'review');
    return this.stateOf(await this.load(actor, typePath, id));
  }

  /**
   * Issue 43: the holder's appeal of a failed result, lodged through `api/appeals` for any of the
   * four types: the same review (so the review's routes and panels show it), its appeal and the
   * appeal's acknowledgement. Refusals are the review's words (409). Returns the appeal's id.
   */
  async lodgeResultAppeal(actor: CurrentUser, typePath: ApplicationTypePath, id: string, input: { grounds: string; attachmentIds: string[] }): Promise<string> {
    return this.open(actor, typePath, id, { reason: input.grounds, attachmentIds: input.attachmentIds }, 'appeal');
  }

  /**
   * Issue 43: why the result of this application cannot be reviewed (appealed) now, in the
   * review's words, or null; with the window's last day. Staff and holder checks are the caller's.
   */
  async resultAppealState(applicationId: string): Promise<{ refusal: string | null; windowClosesOn: string | null; resultRecordedOn: Date | null } | null> {
    const found = UUID.test(applicationId) ? await this.deps.repository.findApplication(applicationId) : undefined;
    if (!found) return null;
    const { application } = found;
    const modules = await this.deps.repository.findModules(application.id);
    const refusal = await this.refusalToAsk(this.deps.repository.reader(), application, modules, found);
    const windowClosesOn = application.resultRecordedOn ? reviewWindowClosesOn(application.resultRecordedOn, found.reviewWindowDays, found.timeZone) : null;
    return { refusal, windowClosesOn, resultRecordedOn: application.resultRecordedOn };
  }

  /** The failed modules an upheld review (or appeal) of this application's result may pass. */
  async reviewableModules(applicationId: string) {
    return reviewableOf(await this.deps.repository.findModules(applicationId));
  }

  private async open(actor: CurrentUser, typePath: ApplicationTypePath, id: string, input: { reason: string; attachmentIds: string[] }, via: 'review' | 'appeal'): Promise<string> {
    const loaded = await this.load(actor, typePath, id);
    if (loaded.isStaff) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const attachmentIds = [...new Set(input.attachmentIds)];
    const owned = await this.deps.attachments.findOwned(actor.id, attachmentIds);
    if (owned.length !== attachmentIds.length) throw new AppError('BAD_REQUEST', REVIEW_MESSAGES.fileNotFound, { attachmentIds: REVIEW_MESSAGES.fileNotFound });
    const { found } = loaded;
    return this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockOrMissing(tx, id);
      const modules = await this.deps.repository.findModules(id, tx);
      const refusal = await this.refusalToAsk(tx, locked, modules, found);
      if (refusal) throw new AppError('CONFLICT', refusal);
      const review = await this.deps.repository.insertOpen(tx, { applicationId: id, reason: input.reason, attachmentIds, actorId: actor.id });
      if (!review) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyOpen);
      const appeal = await this.deps.appeals.openForReview(tx, { reviewId: review.id, applicationId: id, programId: found.application.programId, appellantUserId: actor.id, grounds: input.reason, attachmentIds });
      const withFiles = owned.length ? ` with ${owned.length} file${owned.length === 1 ? '' : 's'}` : '';
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath,
        action: 'applyForReview',
        what: 'reviewed',
        note: via === 'review' ? `Review asked for${withFiles}: ${input.reason} (appeal ${appeal.reference})` : `Appeal ${appeal.reference} lodged against the result${withFiles}: ${input.reason}`,
        actorId: actor.id,
      });
      if (via === 'review') {
        await this.deps.mail.send(this.askedMail(found, typePath, appeal.reference), tx);
        if (found.manager) await this.deps.mail.send(this.managerMail(found, typePath), tx);
      } else {
        await this.deps.appeals.acknowledge(tx, appeal.id);
      }
      return appeal.id;
    });
  }

  async decide(actor: CurrentUser, typePath: ReviewTypePath, id: string, input: z.output<typeof ReviewDecisionRequest>): Promise<ReviewState> {
    const loaded = await this.load(actor, typePath, id);
    if (!loaded.canDecide) throw new AppError('FORBIDDEN', loaded.cannotDecideBecause ?? AUTH_MESSAGES.forbidden);
    const { found } = loaded;
    await this.deps.repository.transaction(async (tx) => {
      const decided = await this.decideInTransaction(tx, { applicationId: id, outcome: input.outcome, note: input.note, moduleIds: input.moduleIds, awardedOn: input.awardedOn, actorId: actor.id });
      await this.deps.appeals.decideForReview(tx, { reviewId: decided.review.id, applicationId: id, outcome: input.outcome, reasons: input.note, decidedBy: actor.id });
      await this.deps.mail.send(this.decidedMail(found, typePath, input.outcome, input.note, decided.changedResults, decided.certificateNumber), tx);
    });
    return this.stateOf(await this.load(actor, typePath, id));
  }

  /**
   * Decides the application's open review in the caller's transaction, with no access check (the
   * caller has made it): the application's row lock, then the review's (none open: 409). Upheld
   * passes the named modules (failed ones that allow review; every module must be passed after),
   * moves to Awarded and makes the award exactly once; partly upheld (an appeal's outcome, issue 43)
   * passes the named modules (at least one, leaving one not passed) and goes back to Failed, the
   * review stored refused with the modules it passed; refused goes back to Failed. The history
   * note opens with `label` ("Review" here; an appeal names itself: "Appeal APL-2026-00012").
   * The review route and the appeal module (issue 43) both decide through here.
   */
  async decideInTransaction(
    tx: Executor,
    input: { applicationId: string; outcome: 'upheld' | 'partly_upheld' | 'refused'; note: string; moduleIds: readonly string[]; awardedOn?: string; actorId: string; label?: string; refusedWord?: string },
  ): Promise<ReviewDecided> {
    const id = input.applicationId;
    const locked = await this.lockOrMissing(tx, id);
    const found = await this.deps.repository.findApplication(id, tx);
    const typePath = found ? applicationTypeOfProgram(found.application.programType) : undefined;
    if (!found || !typePath) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
    const review = await this.deps.repository.lockOpen(tx, id);
    if (!review) throw new AppError('CONFLICT', REVIEW_MESSAGES.noOpenReview);
    const label = input.label ?? 'Review';
    const now = this.now();
    let changedResults: ReviewedModuleResult[] = [];
    let certificateNumber: string | null = null;
    let awardId: string | null = null;
    if (input.outcome === 'refused') {
      await moveApplication(tx, this.deps.workflow, { locked, typePath, action: 'reviewRefused', what: 'refused on review', note: `${label} ${input.refusedWord ?? 'refused'}: ${input.note}`, actorId: input.actorId });
    } else {
      const upheld = input.outcome === 'upheld';
      const modules = await this.deps.repository.findModules(id, tx);
      const reviewable = reviewableOf(modules);
      const named = [...new Set(input.moduleIds)];
      if (named.some((moduleId) => !reviewable.some((module) => module.id === moduleId))) {
        const message = upheld ? REVIEW_MESSAGES.moduleNotReviewable : APPEAL_MESSAGES.moduleNotAppealable;
        throw new AppError('BAD_REQUEST', message, { moduleIds: message });
      }
      if (!upheld && named.length === 0) throw new AppError('BAD_REQUEST', APPEAL_MESSAGES.partlyUpheldModulesRequired, { moduleIds: APPEAL_MESSAGES.partlyUpheldModulesRequired });
      const after = modules.map((module) => ({ moduleCode: module.moduleCode, result: (named.includes(module.id) ? 'Pass' : module.result) as ModuleResult | null }));
      const stillNotPassed = modulesNotPassed(after);
      if (upheld && stillNotPassed.length > 0) {
        const message = REVIEW_MESSAGES.stillNotPassed(stillNotPassed);
        throw new AppError('BAD_REQUEST', message, { moduleIds: message });
      }
      // Partly upheld passing every module would be an award without the award: that is upheld.
      if (!upheld && stillNotPassed.length === 0) throw new AppError('BAD_REQUEST', APPEAL_MESSAGES.partlyUpheldPassesAll, { moduleIds: APPEAL_MESSAGES.partlyUpheldPassesAll });
      changedResults = reviewable
        .filter((module) => named.includes(module.id))
        .map((module) => ({ applicationModuleId: module.id, moduleCode: module.moduleCode, fromResult: module.result, fromPercentage: module.resultPercentage }));
      for (const changed of changedResults) await this.deps.repository.passModule(tx, changed.applicationModuleId, input.actorId, `Passed on ${label.charAt(0).toLowerCase()}${label.slice(1)}: ${input.note}`);
      const codes = changedResults.map((changed) => `${changed.moduleCode} (was ${changed.fromResult}${changed.fromPercentage !== null ? ` ${changed.fromPercentage}%` : ''})`).join(', ');
      if (upheld) {
        const awardDate = earlierAwardDateNote(input.awardedOn, dayIn(found.timeZone, now));
        // A result without modules (Certification, Welder Qualification) is corrected as a whole.
        const what = codes ? `${codes} now passed` : 'the result is now Awarded';
        await moveApplication(tx, this.deps.workflow, { locked, typePath, action: 'reviewUpheld', what: 'awarded on review', note: `${label} upheld${awardDate}: ${what}. ${input.note}`, actorId: input.actorId });
        await this.deps.workflow.update(tx, id, { overallResult: 'Awarded', resultRecordedOn: now, modifiedBy: input.actorId });
        // The award is made with the move, exactly once (decision 017: the row lock; the award's unique index behind it).
        const award = await this.deps.awards.createForAwardedApplication(tx, { applicationId: id, actorId: input.actorId, awardType: 'Awarded', awardedOn: input.awardedOn });
        certificateNumber = award.certificateNumber;
        awardId = award.id;
      } else {
        const notPassed = stillNotPassed.join(', ');
        await moveApplication(tx, this.deps.workflow, {
          locked,
          typePath,
          action: 'reviewRefused',
          what: 'partly upheld on appeal',
          note: `${label} partly upheld: ${codes} now passed; the result stays Failed (${notPassed} not passed). ${input.note}`,
          actorId: input.actorId,
        });
      }
    }
    await this.deps.repository.decide(tx, review.id, { status: input.outcome === 'upheld' ? 'upheld' : 'refused', decisionNote: input.note, decidedBy: input.actorId, changedResults });
    return { review, changedResults, certificateNumber, awardId };
  }

  // ---- Helpers -------------------------------------------------------------------------------

  /**
   * The application of this type: its holder, or staff who may read the program's applications.
   * Another applicant, or an unknown id, is a 404; staff without a standing in the program 403.
   */
  private async load(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<Loaded> {
    const found = UUID.test(id) ? await this.deps.repository.findApplication(id) : undefined;
    if (!found || found.application.programType !== APPLICATION_TYPES[typePath].programType || !found.application.submittedOn) {
      throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
    }
    if (actor.userType !== 'admin') {
      if (!isReviewHolder(actor, found.application)) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
      return { found, canDecide: false, cannotDecideBecause: null, isStaff: false };
    }
    const standing = await this.deps.programs.programPrivilege(actor, found.application.programId);
    if (!canReadReview(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (!canDecideReview(actor, standing)) return { found, canDecide: false, cannotDecideBecause: null, isStaff: true };
    // A review is the appeal of a result: whoever assessed, examined, invigilated or decided it does not decide it (issue 43).
    // Asked only while a review is open: deciding one makes the decider part of the result, and a second decide is a 409.
    const involvedAs = found.application.status === 'Applied for review' ? await this.deps.involvement.roleOf(found.application.id, actor.id) : null;
    return { found, canDecide: !involvedAs, cannotDecideBecause: involvedAs ? APPEAL_MESSAGES.deciderInvolved(involvedAs) : null, isStaff: true };
  }

  private async lockOrMissing(tx: Executor, id: string): Promise<ApplicationRow> {
    const locked = await this.deps.workflow.lock(tx, id);
    if (!locked) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
    return locked;
  }

  /** Why a review cannot be asked for now, or null; read again under the application's lock before asking. */
  private async refusalToAsk(tx: Executor, application: ApplicationRow, modules: readonly ReviewModuleRow[], found: ReviewApplication): Promise<string | null> {
    const status = application.status as ApplicationStatus;
    if (status === 'Applied for review' || (await this.deps.repository.hasOpen(tx, application.id))) return REVIEW_MESSAGES.alreadyOpen;
    if (status !== 'Failed') return REVIEW_MESSAGES.notFailed;
    if (found.resultReviewAllowed === null) {
      if (!application.resultRecordedOn || reviewableOf(modules).length === 0) return REVIEW_MESSAGES.noModuleAllowsReview;
    } else {
      // A type without modules (issue 43): Certification by its program's own setting; a refusal at assessment is no result.
      if (!application.resultRecordedOn) return REVIEW_MESSAGES.notFailed;
      if (!found.resultReviewAllowed) return REVIEW_MESSAGES.programDoesNotAllowReview;
    }
    // The awarding body's days: a New Zealand result's window closes at Auckland's midnight.
    const closesOn = reviewWindowClosesOn(application.resultRecordedOn, found.reviewWindowDays, found.timeZone);
    if (!isReviewWindowOpen(closesOn, dayIn(found.timeZone, this.now()))) return windowClosedMessage(closesOn);
    if (await this.deps.repository.hasDecided(tx, application.id)) return REVIEW_MESSAGES.alreadyReviewed;
    return null;
  }

  private async stateOf(loaded: Loaded): Promise<ReviewState> {
    const { application } = loaded.found;
    const [modules, reviews] = await Promise.all([this.deps.repository.findModules(application.id), this.deps.repository.findReviews(application.id)]);
    const files = await this.deps.attachments.findByIds(reviews.flatMap((review) => review.attachmentIds));
    const refusal = await this.refusalToAsk(this.deps.repository.reader(), application, modules, loaded.found);
    const isOpen = application.status === 'Applied for review';
    const canDecide = loaded.canDecide && isOpen;
    return {
      applicationStatus: application.status,
      resultRecordedOn: application.resultRecordedOn?.toISOString() ?? null,
      windowClosesOn: application.resultRecordedOn ? reviewWindowClosesOn(application.resultRecordedOn, loaded.found.reviewWindowDays, loaded.found.timeZone) : null,
      cannotAskBecause: refusal,
      modules: modules.map((module) => ({ ...module })),
      reviews: reviews.map(({ review, deciderFirstName, deciderLastName, attachmentIds }) => ({
        id: review.id,
        // Stored refused with the modules it passed: decided through a partly upheld appeal.
        status: review.status === 'refused' && review.changedResults.length > 0 ? 'partly_upheld' : review.status,
        reason: review.reason,
        files: attachmentIds.flatMap((attachmentId) => files.filter((file) => file.id === attachmentId)),
        askedOn: review.createdOn.toISOString(),
        decisionNote: review.decisionNote,
        decidedOn: review.decidedOn?.toISOString() ?? null,
        decidedBy: loaded.isStaff && deciderFirstName ? `${deciderFirstName} ${deciderLastName ?? ''}`.trim() : null,
        changedResults: review.changedResults.map(({ moduleCode, fromResult, fromPercentage }) => ({ moduleCode, fromResult, fromPercentage })),
      })),
      canDecide,
      cannotDecideBecause: isOpen ? loaded.cannotDecideBecause : null,
      awardDateRange: canDecide ? awardDateRangeOf(loaded.found.timeZone, application.submittedOn, this.now()) : null,
    };
  }

  private applicantPageUrl(found: ReviewApplication, typePath: ApplicationTypePath): string {
    return `${this.deps.publicUrl}/student/applications/${typePath}/${found.application.id}`;
  }

  private describe(found: ReviewApplication): string {
    return `${found.programCode} ${found.programTitle}, application ${found.application.applicationNumber}`;
  }

  private askedMail(found: ReviewApplication, typePath: ApplicationTypePath, reference: string): OutgoingMail {
    return {
      to: found.holder.email,
      toUserId: found.holder.userId,
      programId: found.application.programId,
      subject: `Review requested: ${found.application.applicationNumber}`,
      paragraphs: [
        `Dear ${found.holder.firstName},`,
        `We have received your request for a review of the result of ${this.describe(found)}. The program's staff will look at your reason and files and write to you with the outcome.`,
        `Your review is an appeal of the result: its reference is ${reference}. Please quote it when you write to us.`,
      ],
      links: [{ label: 'Your application', url: this.applicantPageUrl(found, typePath) }],
    };
  }

  private managerMail(found: ReviewApplication, typePath: ApplicationTypePath): OutgoingMail {
    const manager = found.manager!;
    return {
      to: manager.email,
      toUserId: manager.id,
      programId: found.application.programId,
      subject: `Review requested: ${found.application.applicationNumber}`,
      paragraphs: [`Dear ${manager.firstName},`, `${found.holder.firstName} ${found.holder.lastName} has asked for a review of the result of ${this.describe(found)}. Please record the outcome on the application page.`],
      links: [{ label: 'The application', url: `${this.deps.publicUrl}/admin/programs/${found.application.programId}/applications/${typePath}/${found.application.id}` }],
    };
  }

  private decidedMail(found: ReviewApplication, typePath: ReviewTypePath, outcome: 'upheld' | 'refused', note: string, changed: readonly ReviewedModuleResult[], certificateNumber: string | null): OutgoingMail {
    const upheld = outcome === 'upheld';
    return {
      to: found.holder.email,
      toUserId: found.holder.userId,
      programId: found.application.programId,
      subject: `Review ${outcome}: ${found.application.applicationNumber}`,
      paragraphs: [
        `Dear ${found.holder.firstName},`,
        upheld
          ? `Your review of ${this.describe(found)} has been upheld: ${changed.map((module) => module.moduleCode).join(', ')} now passed, and you have been awarded. Your certificate number is ${certificateNumber}.`
          : `Your review of ${this.describe(found)} has been refused: the result stays Failed.`,
        `Note from the program's staff: ${note}`,
      ],
      links: [...(upheld ? [{ label: 'Your awards', url: `${this.deps.publicUrl}${HOLDER_AWARDS_PATH}` }] : []), { label: 'Your application', url: this.applicantPageUrl(found, typePath) }],
    };
  }
}
