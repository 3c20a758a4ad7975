import { applicantAppealPath, dayText, staffAppealPath, type AppealSubject } from '@certs/shared/appeal/appeal.contract';
import { CASE_OUTCOME_LABELS, CASE_TARGET_DAYS, OPEN_CASE_STATUSES, caseReference, caseTargets, type CaseEntryKind, type CaseOutcome, type CaseStatus } from '@certs/shared/case/case.contract';
import type { Executor } from '../../db/executor';
import type { CaseChange } from '../../db/schema/appeal';
import { AppError } from '../../platform/app-error';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { dayIn } from '../account/account-time-zone';
import type { ReviewAppeals } from '../review/review.service';
import type { AppealApplicationFacts, AppealRepository, AppealTableRow } from './appeal.repository';

export interface AppealRecordsDeps {
  repository: AppealRepository;
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
  now?: () => Date;
}

export interface NewAppeal {
  applicationId: string;
  awardId?: string | null;
  reviewId?: string | null;
  subject: AppealSubject;
  appellantUserId: string;
  grounds: string;
  attachmentIds: string[];
}

/** What the appeal is against, in a sentence's words ("the result of C-SUP Welding Supervisor, application C-2026-000012"). */
function subjectPhrase(subject: AppealSubject, described: string): string {
  switch (subject) {
    case 'result':
      return `the result of ${described}`;
    case 'assessment':
      return `the assessment of ${described}`;
    case 'renewal_refusal':
      return `the refusal to renew your award of ${described}`;
    case 'award_hold':
      return `the hold on your award of ${described}`;
    case 'award_cancellation':
      return `the cancellation of your award of ${described}`;
  }
}

const describe = (facts: Pick<AppealApplicationFacts, 'programCode' | 'programTitle' | 'applicationNumber'>) => `${facts.programCode} ${facts.programTitle}, application ${facts.applicationNumber}`;

/**
 * The appeal's writes inside a caller's transaction, with no access check (the caller has made
 * it): a new appeal with its reference and targets, the acknowledgement, an entry, and a decision.
 * The appeal service uses it behind its checks; the review module through `ReviewAppeals`, since
 * a review of a result is an appeal of it (issue 43).
 */
export class AppealRecords implements ReviewAppeals {
  constructor(private readonly deps: AppealRecordsDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * A new appeal of the application's decision: APL-YYYY-NNNNN (the year of the body's day it is
   * received), acknowledged at once (the acknowledgement goes out in the same transaction) and
   * targets from that day.
   */
  async create(tx: Executor, input: NewAppeal): Promise<AppealTableRow> {
    const facts = await this.deps.repository.findApplicationFacts(input.applicationId, tx);
    if (!facts) throw new AppError('NOT_FOUND', 'Application not found');
    const now = this.now();
    const receivedDay = dayIn(facts.timeZone, now);
    const { acknowledgeBy, decideBy } = caseTargets(receivedDay, CASE_TARGET_DAYS.appealDecision);
    const reference = caseReference('APL', Number(receivedDay.slice(0, 4)), await this.deps.repository.nextReferenceNumber(tx));
    const appeal = await this.deps.repository.insert(tx, {
      accountId: facts.accountId,
      reference,
      programId: facts.programId,
      applicationId: facts.id,
      awardId: input.awardId ?? null,
      reviewId: input.reviewId ?? null,
      subject: input.subject,
      appellantUserId: input.appellantUserId,
      grounds: input.grounds,
      attachmentIds: input.attachmentIds,
      status: 'received',
      receivedOn: now,
      acknowledgedOn: now,
      acknowledgeBy,
      decideBy,
      createdBy: input.appellantUserId,
      modifiedBy: input.appellantUserId,
    });
    await this.entry(tx, appeal, 'status', `Received: ${reference}. Decision due by ${dayText(decideBy)}.`, true, input.appellantUserId);
    return appeal;
  }

  // ---- ReviewAppeals: a review of a result is its appeal ---------------------------------------

  async openForReview(tx: Executor, input: { reviewId: string; applicationId: string; programId: string; appellantUserId: string; grounds: string; attachmentIds: string[] }): Promise<{ id: string; reference: string }> {
    const appeal = await this.create(tx, { applicationId: input.applicationId, reviewId: input.reviewId, subject: 'result', appellantUserId: input.appellantUserId, grounds: input.grounds, attachmentIds: input.attachmentIds });
    return { id: appeal.id, reference: appeal.reference };
  }

  /** The acknowledgement to the person with the reference, and a notice to the program's manager. */
  async acknowledge(tx: Executor, appealId: string): Promise<void> {
    const found = await this.deps.repository.findById(appealId, tx);
    if (!found?.appeal.applicationId) return;
    const facts = await this.deps.repository.findApplicationFacts(found.appeal.applicationId, tx);
    if (!facts) return;
    const { appeal } = found;
    await this.deps.mail.send(
      {
        to: facts.holderEmail,
        toUserId: facts.holderUserId,
        programId: facts.programId,
        subject: `Appeal received: ${appeal.reference}`,
        paragraphs: [
          `Dear ${facts.holderFirstName},`,
          `We have received your appeal against ${subjectPhrase(appeal.subject, describe(facts))}. Its reference is ${appeal.reference}: please quote it when you write to us.`,
          `It will be handled by someone who took no part in the decision you appeal. We aim to decide it by ${dayText(appeal.decideBy)} and will write to you with the outcome and our reasons.`,
        ],
        links: [{ label: 'Your appeal', url: `${this.deps.publicUrl}${applicantAppealPath(appeal.reference)}` }],
      },
      tx,
    );
    await this.entry(tx, appeal, 'mail', `Acknowledgement mailed to ${facts.holderEmail} with the reference`, true, null);
    const manager = facts.programManagerId ? await this.deps.repository.findUser(facts.programManagerId, tx) : undefined;
    if (manager?.active) {
      await this.deps.mail.send(
        {
          to: manager.email,
          toUserId: manager.id,
          programId: facts.programId,
          subject: `Appeal lodged: ${appeal.reference}`,
          paragraphs: [
            `Dear ${manager.firstName},`,
            `${facts.holderFirstName} ${facts.holderLastName} has appealed against ${subjectPhrase(appeal.subject, describe(facts)).replace('your award', 'their award')}.`,
            `Please assign a handler who took no part in it. The decision is due by ${dayText(appeal.decideBy)}.`,
          ],
          links: [{ label: 'The appeal', url: `${this.deps.publicUrl}${staffAppealPath(appeal.id)}` }],
        },
        tx,
      );
    }
  }

  /** The appeal of a review decided through the review's own route: decided the same way, its change linked to the move. */
  async decideForReview(tx: Executor, input: { reviewId: string; applicationId: string; outcome: 'upheld' | 'refused'; reasons: string; decidedBy: string }): Promise<void> {
    const appeal = await this.deps.repository.lockByReview(tx, input.reviewId);
    if (!appeal || !OPEN_CASE_STATUSES.includes(appeal.status as CaseStatus)) return;
    const changes: CaseChange[] = [];
    if (input.outcome === 'upheld') {
      const historyId = await this.deps.repository.findLatestApplicationHistoryId(tx, input.applicationId);
      changes.push({ kind: 'result_corrected', applicationId: input.applicationId, historyId, description: 'The result was corrected on review: awarded' });
    }
    await this.recordDecision(tx, appeal, { outcome: input.outcome === 'upheld' ? 'upheld' : 'dismissed', reasons: input.reasons, decidedBy: input.decidedBy, changes });
  }

  // ---- Writes the service shares -----------------------------------------------------------------

  async entry(tx: Executor, appeal: Pick<AppealTableRow, 'id' | 'accountId'>, kind: CaseEntryKind, text: string, sharedWithPerson: boolean, actorId: string | null): Promise<void> {
    await this.deps.repository.insertEntry(tx, { accountId: appeal.accountId, appealId: appeal.id, kind, text, sharedWithPerson: sharedWithPerson ? 'yes' : 'no', actorId, createdBy: actorId, modifiedBy: actorId });
  }

  /** The outcome on the appeal, with its changes, and the outcome's entry (the person sees it). */
  async recordDecision(tx: Executor, appeal: AppealTableRow, input: { outcome: CaseOutcome; reasons: string; decidedBy: string; changes: CaseChange[] }): Promise<void> {
    const now = this.now();
    await this.deps.repository.update(tx, appeal.id, {
      status: 'decided',
      outcome: input.outcome,
      outcomeReasons: input.reasons,
      decidedOn: now,
      decidedBy: input.decidedBy,
      changes: [...appeal.changes, ...input.changes],
      modifiedBy: input.decidedBy,
    });
    await this.entry(tx, appeal, 'outcome', `${CASE_OUTCOME_LABELS[input.outcome]}: ${input.reasons}`, true, input.decidedBy);
    for (const change of input.changes) await this.entry(tx, appeal, 'outcome', `Change: ${change.description}`, true, input.decidedBy);
  }

  /** The outcome with its reasons, to the person. */
  outcomeMail(appeal: AppealTableRow, facts: AppealApplicationFacts, input: { outcome: CaseOutcome; reasons: string; changes: readonly CaseChange[] }): OutgoingMail {
    const sentence: Record<CaseOutcome, string> = {
      upheld: 'has been upheld',
      partly_upheld: 'has been partly upheld',
      dismissed: 'has been dismissed: the decision stands',
    };
    return {
      to: facts.holderEmail,
      toUserId: facts.holderUserId,
      programId: facts.programId,
      subject: `Appeal ${appeal.reference}: ${CASE_OUTCOME_LABELS[input.outcome].toLowerCase()}`,
      paragraphs: [
        `Dear ${facts.holderFirstName},`,
        `Your appeal ${appeal.reference} against ${subjectPhrase(appeal.subject, describe(facts))} ${sentence[input.outcome]}.`,
        `Our reasons: ${input.reasons}`,
        ...input.changes.map((change) => `What changes: ${change.description}`),
      ],
      links: [{ label: 'Your appeal', url: `${this.deps.publicUrl}${applicantAppealPath(appeal.reference)}` }],
    };
  }
}
