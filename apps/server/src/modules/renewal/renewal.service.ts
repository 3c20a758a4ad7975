import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import type { ApplicationStatus } from '@certs/shared/application/application-status';
import { isInRenewalWindow, reminderDates } from '@certs/shared/award/award-expiry';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import {
  RENEWAL_MESSAGES,
  RENEWAL_STATUS_LABELS,
  RENEWAL_TYPES,
  RenewalActionRequest,
  RenewalSaveRequest,
  type Renewal,
  type RenewalQueueQuery,
  type RenewalQueuePage,
  type RenewalStatus,
  type RenewalTypePath,
} from '@certs/shared/renewal/renewal.contract';
import { cpdHoursInPeriod, isInPeriod } from '@certs/shared/renewal/renewal-rules';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import type { RenewalDevelopmentEntry } from '../../db/schema/renewal';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { moveApplication } from '../application/application-move';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AwardRenewer } from '../award/award.service';
import { HOLDER_AWARDS_PATH } from '../award/award.service';
import type { ProgramService } from '../program/program.service';
import { canManageRenewals, isRenewalHolder } from './renewal.policy';
import type { RenewalRepository, RenewalTableRow } from './renewal.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RenewalDeps {
  repository: RenewalRepository;
  workflow: ApplicationWorkflowRepository;
  awards: AwardRenewer;
  programs: Pick<ProgramService, 'programPrivilege'>;
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
  now?: () => Date;
}

type AwardFacts = NonNullable<Awaited<ReturnType<RenewalRepository['findAward']>>>;

function badRequest(error: z.ZodError): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    fieldErrors[key] ??= issue.message;
  }
  return new AppError('BAD_REQUEST', error.issues[0]?.message ?? 'Invalid request', fieldErrors);
}

/**
 * Renewals of a certification (issue 17, decision 023): the holder's renewal form (draft, submit:
 * Awarded -> Applied for Renewal), staff's queue per program and the decision (renew: the award's
 * expiry moves on by the renewal period from the old expiry; refuse: Award Withdrawn), each move
 * with its history and a mail, in one transaction under the application's row lock.
 */
export class RenewalService {
  constructor(private readonly deps: RenewalDeps) {}

  private today(): string {
    return todayInSydney(this.deps.now?.() ?? new Date());
  }

  /** The award of the holder's renewal, or 404 (another holder's, another type's, or none). */
  private async holderAward(actor: CurrentUser, typePath: RenewalTypePath, awardId: string, db?: Executor): Promise<AwardFacts> {
    const found = UUID.test(awardId) ? await this.deps.repository.findAward(awardId, db) : undefined;
    if (!found || !isRenewalHolder(actor, found.award) || found.award.programType !== RENEWAL_TYPES[typePath].programType) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.awardNotFound);
    return found;
  }

  /** Why the holder may not apply now (null: they may); `open` is the award's open renewal. */
  private blockedReason(found: AwardFacts, open: RenewalTableRow | undefined): string | null {
    const { award } = found;
    if (award.status !== 'current') return RENEWAL_MESSAGES.awardNotCurrent;
    if (!award.expiresOn) return RENEWAL_MESSAGES.notRenewable;
    if (open?.status === 'submitted' || found.applicationStatus !== 'Awarded') return RENEWAL_MESSAGES.alreadyOpen;
    if (!isInRenewalWindow(award.expiresOn, this.today())) return RENEWAL_MESSAGES.outsideWindow(reminderDates(award.expiresOn)['6-months'], award.expiresOn);
    return null;
  }

  private async view(typePath: RenewalTypePath, found: AwardFacts, renewal: RenewalTableRow | undefined, db?: Executor): Promise<Renewal> {
    const { award } = found;
    const [requirements, development, requiredNow, renewedFrom] = await Promise.all([
      this.deps.repository.findRequirements(award.programId, db),
      this.deps.repository.findDevelopment(award.applicantId, db),
      this.deps.repository.findRequiredCpdHours(award.programId, db),
      this.deps.repository.findLastRenewedFrom(award.id, db),
    ]);
    const decided = renewal && renewal.status !== 'draft';
    // Once submitted, the form shows what was submitted (the profile may have changed since).
    const periodStart = renewedFrom ?? award.awardedOn;
    const periodEnd = decided ? (renewal.previousExpiresOn ?? award.expiresOn) : award.expiresOn;
    const selected = new Set(renewal?.developmentIds ?? []);
    const entries: RenewalDevelopmentEntry[] = decided ? renewal.developmentEntries : development;
    const answers = new Map((renewal?.answers ?? []).map((a) => [a.requirementId, a.answerText]));
    const listed = entries.map(({ inPeriod, ...e }) => ({ ...e, inPeriod: decided ? inPeriod === true : isInPeriod(e.startDate, periodStart, periodEnd), selected: decided ? true : selected.has(e.id) }));
    const open = renewal && (renewal.status === 'draft' || renewal.status === 'submitted') ? renewal : undefined;
    const blockedReason = renewal && decided ? null : this.blockedReason(found, open);
    return {
      id: renewal?.id ?? null,
      typePath,
      status: (renewal?.status as RenewalStatus | undefined) ?? null,
      awardId: award.id,
      applicationId: award.applicationId,
      applicationNumber: found.applicationNumber,
      applicationStatus: found.applicationStatus as ApplicationStatus,
      programId: award.programId,
      programCode: found.programCode,
      programTitle: found.programTitle,
      holderName: `${found.firstName} ${found.lastName}`.trim(),
      certificateNumber: award.certificateNumber,
      awardStatus: award.status,
      periodStart,
      expiresOn: award.expiresOn,
      windowOpensOn: award.expiresOn ? reminderDates(award.expiresOn)['6-months'] : null,
      canApply: !decided && blockedReason === null,
      blockedReason: decided ? null : blockedReason,
      requiredCpdHours: decided ? (renewal.requiredCpdHours ?? requiredNow) : requiredNow,
      cpdHours: decided ? (renewal.cpdHours ?? 0) : cpdHoursInPeriod(listed.filter((e) => e.selected), periodStart, periodEnd),
      requirements: requirements.map((r) => ({ ...r, answerText: answers.get(r.id) ?? '' })),
      development: listed,
      submittedOn: renewal?.submittedOn?.toISOString() ?? null,
      previousExpiresOn: renewal?.previousExpiresOn ?? null,
      newExpiresOn: renewal?.newExpiresOn ?? null,
      decisionReason: renewal?.decisionReason ?? null,
      decidedOn: renewal?.decidedOn?.toISOString() ?? null,
    };
  }

  // ---- The holder ------------------------------------------------------------------------------

  /** The renewal form of the holder's award: its open renewal, or a blank one, with whether they may apply now. */
  async formFor(actor: CurrentUser, typePath: RenewalTypePath, awardId: string): Promise<Renewal> {
    const found = await this.holderAward(actor, typePath, awardId);
    return this.view(typePath, found, await this.deps.repository.findOpen(found.award.id));
  }

  /** Saves the draft (created on the first save; one open renewal per award). */
  async save(actor: CurrentUser, typePath: RenewalTypePath, body: unknown): Promise<Renewal> {
    const parsed = RenewalSaveRequest.safeParse(body ?? {});
    if (!parsed.success) throw badRequest(parsed.error);
    const input = parsed.data;
    const found = await this.holderAward(actor, typePath, input.awardId);
    await this.checkChoices(found, input);
    const id = await this.deps.repository.transaction(async (tx) => {
      const open = await this.deps.repository.findOpen(found.award.id, tx);
      const blocked = this.blockedReason(found, open);
      if (blocked) throw new AppError('CONFLICT', blocked);
      const values = { answers: input.answers, developmentIds: [...new Set(input.developmentIds)], modifiedBy: actor.id };
      if (open) {
        await this.deps.repository.update(tx, open.id, values);
        return open.id;
      }
      try {
        const row = await this.deps.repository.insert(tx, {
          ...values,
          awardId: found.award.id,
          applicationId: found.award.applicationId,
          applicantId: found.award.applicantId,
          programId: found.award.programId,
          programType: found.award.programType,
          createdBy: actor.id,
        });
        return row.id;
      } catch (error) {
        // Two saves at once: the partial unique index keeps one open renewal.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', RENEWAL_MESSAGES.alreadyOpen);
        throw error;
      }
    });
    return this.view(typePath, found, await this.deps.repository.findById(id));
  }

  /** Requirement answers must be the program's, and CPD entries the holder's own (400, nothing saved). */
  private async checkChoices(found: AwardFacts, input: { answers: { requirementId: string }[]; developmentIds: string[] }): Promise<void> {
    const requirementIds = new Set((await this.deps.repository.findRequirements(found.award.programId)).map((r) => r.id));
    if (input.answers.some((a) => !requirementIds.has(a.requirementId))) throw new AppError('BAD_REQUEST', RENEWAL_MESSAGES.unknownRequirement, { answers: RENEWAL_MESSAGES.unknownRequirement });
    const own = new Set((await this.deps.repository.findDevelopment(found.award.applicantId)).map((d) => d.id));
    if (input.developmentIds.some((id) => !own.has(id))) throw new AppError('BAD_REQUEST', RENEWAL_MESSAGES.unknownDevelopment, { developmentIds: RENEWAL_MESSAGES.unknownDevelopment });
  }

  /**
   * Submits the draft: every requirement answered, the chosen CPD entries copied with their hours
   * in the award's period, and the application moved Awarded -> Applied for Renewal (history and
   * mail), under the application's row lock.
   */
  async submit(actor: CurrentUser, typePath: RenewalTypePath, id: string): Promise<Renewal> {
    const draft = UUID.test(id) ? await this.deps.repository.findById(id) : undefined;
    if (!draft || !isRenewalHolder(actor, draft)) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    await this.holderAward(actor, typePath, draft.awardId);
    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.deps.workflow.lock(tx, draft.applicationId);
      const renewal = await this.deps.repository.findById(id, { tx, lock: true });
      if (!locked || !renewal) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
      if (renewal.status !== 'draft') throw new AppError('CONFLICT', RENEWAL_MESSAGES.alreadyOpen);
      const current = await this.deps.repository.findAward(renewal.awardId, tx);
      const blocked = current ? this.blockedReason(current, renewal) : RENEWAL_MESSAGES.awardNotFound;
      if (!current || blocked) throw new AppError('CONFLICT', blocked ?? RENEWAL_MESSAGES.awardNotFound);
      const requirements = await this.deps.repository.findRequirements(current.award.programId, tx);
      const answered = new Map(renewal.answers.map((a) => [a.requirementId, a.answerText.trim()]));
      const missing = requirements.filter((r) => !answered.get(r.id));
      if (missing.length > 0) {
        throw new AppError('BAD_REQUEST', RENEWAL_MESSAGES.answersIncomplete, Object.fromEntries(missing.map((r) => [`answers.${r.id}`, RENEWAL_MESSAGES.answerRequired])));
      }
      const chosen = new Set(renewal.developmentIds);
      const entries = (await this.deps.repository.findDevelopment(current.award.applicantId, tx)).filter((e) => chosen.has(e.id));
      const periodStart = (await this.deps.repository.findLastRenewedFrom(current.award.id, tx)) ?? current.award.awardedOn;
      const cpdHours = cpdHoursInPeriod(entries, periodStart, current.award.expiresOn);
      const requiredCpdHours = await this.deps.repository.findRequiredCpdHours(current.award.programId, tx);
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: RENEWAL_TYPES[typePath].applicationTypePath,
        action: 'applyForRenewal',
        what: 'applied for renewal',
        note: `Renewal of certificate ${current.award.certificateNumber} submitted: ${cpdHours} CPD hours of ${requiredCpdHours} required`,
        actorId: actor.id,
      });
      await this.deps.repository.update(tx, renewal.id, {
        status: 'submitted',
        submittedOn: new Date(),
        developmentEntries: entries.map((e) => ({ ...e, inPeriod: isInPeriod(e.startDate, periodStart, current.award.expiresOn) })),
        cpdHours,
        requiredCpdHours,
        previousExpiresOn: current.award.expiresOn,
        modifiedBy: actor.id,
      });
      await this.deps.mail.send(
        this.mail(current, `Your renewal of certificate ${current.award.certificateNumber} is received`, [
          `We have received your application to renew ${current.programTitle} (${current.programCode}), certificate ${current.award.certificateNumber}.`,
          `Your certificate stays current while we assess it. You listed ${cpdHours} hours of continuing professional development; the program asks for ${requiredCpdHours}.`,
        ]),
        tx,
      );
    });
    return this.view(typePath, await this.holderAward(actor, typePath, draft.awardId), await this.deps.repository.findById(id));
  }

  private mail(found: AwardFacts, subject: string, sentences: string[]): OutgoingMail {
    return {
      to: found.email,
      toUserId: found.userId,
      subject,
      paragraphs: [`Dear ${found.firstName},`, ...sentences, 'If you have a question, write to us through Contact us.'],
      links: [{ label: 'Your awards', url: `${this.deps.publicUrl}${HOLDER_AWARDS_PATH}` }],
    };
  }

  // ---- Staff and both --------------------------------------------------------------------------

  private async assertManages(actor: CurrentUser, programId: string): Promise<void> {
    const standing = await this.deps.programs.programPrivilege(actor, programId);
    if (!canManageRenewals(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  /** One renewal: its holder (others 404), or staff who manage the program (others 403). */
  async findOne(actor: CurrentUser, typePath: RenewalTypePath, id: string): Promise<Renewal> {
    const renewal = UUID.test(id) ? await this.deps.repository.findById(id) : undefined;
    if (!renewal || renewal.programType !== RENEWAL_TYPES[typePath].programType) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    if (actor.userType === 'admin') {
      await this.assertManages(actor, renewal.programId);
      // A holder's draft is theirs alone until submitted.
      if (renewal.status === 'draft') throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    } else if (!isRenewalHolder(actor, renewal)) {
      throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    }
    const found = await this.deps.repository.findAward(renewal.awardId);
    if (!found) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    return this.view(typePath, found, renewal);
  }

  /** Staff's queue of one program (spec defaults: page size 10, page 1, applicationNumber descending). */
  async queue(actor: CurrentUser, typePath: RenewalTypePath, query: z.output<typeof RenewalQueueQuery>): Promise<RenewalQueuePage> {
    await this.assertManages(actor, query.programId);
    const { rows, totalRows } = await this.deps.repository.findPage(
      {
        programId: query.programId,
        programType: RENEWAL_TYPES[typePath].programType,
        status: query.status,
        search: searchTermOrUndefined(query.searchTerm),
        orderBy: query.orderBy,
        ascending: query.ascending,
      },
      query.page,
      query.pageSize,
    );
    return {
      page: query.page,
      pageSize: query.pageSize,
      totalRows,
      rows: rows.map((row) => ({
        id: row.renewal.id,
        applicationNumber: row.applicationNumber,
        holderName: `${row.firstName} ${row.lastName}`.trim(),
        memberNumber: row.memberNumber || '-',
        certificateNumber: row.certificateNumber,
        expiresOn: row.expiresOn,
        cpdHours: row.renewal.cpdHours,
        requiredCpdHours: row.renewal.requiredCpdHours,
        submittedOn: row.renewal.submittedOn?.toISOString() ?? null,
        status: row.renewal.status,
      })),
    };
  }

  /**
   * `renewal/action`: renew (Applied for Renewal -> Awarded; the award's expiry moves on from the
   * old expiry by the renewal period, same certificate number, a new certificate version) or
   * refuse with a reason (-> Award Withdrawn; the award withdrawn), with histories and a mail.
   */
  async act(actor: CurrentUser, typePath: RenewalTypePath, body: unknown): Promise<Renewal> {
    const parsed = RenewalActionRequest.safeParse(body ?? {});
    if (!parsed.success) throw badRequest(parsed.error);
    const { renewalId, action, reason } = parsed.data;
    const found = await this.deps.repository.findById(renewalId);
    if (!found || found.programType !== RENEWAL_TYPES[typePath].programType) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    await this.assertManages(actor, found.programId);
    if (found.status === 'draft') throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    await this.deps.repository.transaction(async (tx) => {
      // The application first, as every move locks it; then the renewal, re-read under the lock.
      const locked = await this.deps.workflow.lock(tx, found.applicationId);
      const renewal = await this.deps.repository.findById(renewalId, { tx, lock: true });
      if (!locked || !renewal) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
      if (renewal.status !== 'submitted') throw new AppError('CONFLICT', RENEWAL_MESSAGES.notSubmitted(RENEWAL_STATUS_LABELS[renewal.status]));
      const award = await this.deps.repository.findAward(renewal.awardId, tx);
      if (!award) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
      const applicationTypePath = RENEWAL_TYPES[typePath].applicationTypePath;
      const what = `${award.programTitle} (${award.programCode}), certificate ${award.award.certificateNumber}`;
      if (action === 'renew') {
        const result = await this.deps.awards.renewForApplication(tx, { applicationId: renewal.applicationId, actorId: actor.id });
        await moveApplication(tx, this.deps.workflow, {
          locked,
          typePath: applicationTypePath,
          action: 'renew',
          what: 'renewed',
          note: `Certificate ${award.award.certificateNumber} renewed until ${result.newExpiresOn}${reason ? `: ${reason}` : ''}`,
          actorId: actor.id,
        });
        await this.deps.repository.update(tx, renewal.id, {
          status: 'renewed',
          previousExpiresOn: result.previousExpiresOn,
          newExpiresOn: result.newExpiresOn,
          decisionReason: reason || null,
          decidedOn: new Date(),
          decidedBy: actor.id,
          modifiedBy: actor.id,
        });
        await this.deps.mail.send(
          this.mail(award, `Your certificate ${award.award.certificateNumber} is renewed`, [
            `We have renewed ${what}. It is now valid until ${result.newExpiresOn}.`,
            'Your new certificate is ready in Your awards, where you can download it.',
          ]),
          tx,
        );
      } else {
        await moveApplication(tx, this.deps.workflow, {
          locked,
          typePath: applicationTypePath,
          action: 'refuseRenewal',
          what: 'refused renewal',
          note: `Renewal of certificate ${award.award.certificateNumber} refused: ${reason}`,
          actorId: actor.id,
        });
        await this.deps.awards.withdrawForRefusedRenewal(tx, { applicationId: renewal.applicationId, reason, actorId: actor.id });
        await this.deps.repository.update(tx, renewal.id, { status: 'refused', decisionReason: reason, decidedOn: new Date(), decidedBy: actor.id, modifiedBy: actor.id });
        await this.deps.mail.send(
          this.mail(award, `Your renewal of certificate ${award.award.certificateNumber} is refused`, [
            `We have refused your application to renew ${what}.`,
            `Reason: ${reason}`,
            'The certificate is withdrawn: the public register and the verification page show it as withdrawn.',
          ]),
          tx,
        );
      }
    });
    return this.findOne(actor, typePath, renewalId);
  }
}
