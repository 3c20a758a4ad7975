import { applicationTypeOfProgram, type ApplicationStatus } from '@certs/shared/application/application-status';
import { canMove } from '@certs/shared/application/application-workflow';
import { dueReminder, expiryToday, isExpiredOn, subtractMonths, type AwardReminderKind } from '@certs/shared/award/award-expiry';
import { formatDate } from '@certs/shared/common/dates';
import type { Executor } from '../../db/executor';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { moveApplication } from '../application/application-move';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { HOLDER_AWARDS_PATH } from '../award/award.service';
import type { AwardExpiryRepository, HolderMailFacts } from './award-expiry.repository';

/** Expiry candidates read per query; the pass goes on page after page. */
const EXPIRY_PAGE = 200;
/** Reminder candidates: awards expiring within this many months (the first reminder is 6 months before; a month more covers end-of-month days). */
const REMINDER_HORIZON_MONTHS = 7;

export interface AwardExpiryDeps {
  repository: AwardExpiryRepository;
  /** The application's row lock and move (moveApplication), as every other move. */
  workflow: ApplicationWorkflowRepository;
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
  /** Tests hand in a clock; the job's "today" is each account's date at this instant (Sydney's, Auckland's). */
  now?: () => Date;
}

export interface ExpiryPass {
  /** The earliest of the accounts' days (Sydney's beside Auckland's). */
  today: string;
  /** Each account's day, by account id. */
  days: Record<string, string>;
  expired: number;
  reminders: number;
}

/** A day in the spec's display format (DD-MMM-YYYY). */
export const displayDay = (day: string) => formatDate(day, 'day');

/**
 * Award expiry and renewal reminders (issue 17, decision 017's expiry): a pass expires the current
 * awards past their last valid day and sends the reminder due for each award in its renewal
 * window. Safe to run on several instances at once and again after a restart: an expiry re-checks
 * the award under its application's and its own row locks, and a reminder is a ledger row
 * inserted with ON CONFLICT DO NOTHING whose mail is written only when the row is new, in the
 * same transaction.
 */
export class AwardExpiryService {
  constructor(private readonly deps: AwardExpiryDeps) {}

  /** One pass over every account, each judged on its own day: a New Zealand award expires after Auckland's midnight. */
  async runOnce(): Promise<ExpiryPass> {
    const now = this.deps.now?.() ?? new Date();
    const days: Record<string, string> = {};
    let expired = 0;
    let reminders = 0;
    for (const { accountId, timeZone } of await this.deps.repository.accounts()) {
      const today = expiryToday(now, timeZone);
      days[accountId] = today;
      expired += await this.expireDue(accountId, today);
      reminders += await this.sendDueReminders(accountId, today);
    }
    const today = Object.values(days).sort()[0] ?? expiryToday(now);
    return { today, days, expired, reminders };
  }

  private async expireDue(accountId: string, today: string): Promise<number> {
    let count = 0;
    let after: { expiresOn: string; id: string } | undefined;
    for (;;) {
      const page = await this.deps.repository.findExpiryCandidates(accountId, today, EXPIRY_PAGE, after);
      for (const candidate of page) if (await this.expireOne(candidate, today)) count += 1;
      if (page.length < EXPIRY_PAGE) return count;
      after = page.at(-1);
    }
  }

  /**
   * One award, in one transaction: the application's row lock first, then the award's (the order
   * the award actions take, so the two never deadlock), then everything is checked again, since
   * another instance or a member of staff may have acted since the candidates were read.
   */
  private expireOne(candidate: { id: string; applicationId: string }, today: string): Promise<boolean> {
    return this.deps.repository.transaction(async (tx) => {
      const application = await this.deps.workflow.lock(tx, candidate.applicationId);
      const award = await this.deps.repository.lockAward(tx, candidate.id);
      if (!application || !award || award.status !== 'current' || !award.expiresOn || !isExpiredOn(award.expiresOn, today)) return false;
      // A renewal's newer award carries the application; the old one just ends.
      if (await this.deps.repository.hasNewerAward(tx, award.id)) {
        await this.deps.repository.markExpired(tx, award);
        return true;
      }
      const typePath = applicationTypeOfProgram(award.programType);
      // Applied for Renewal (or anything but Awarded): the award stays current until the renewal is decided.
      if (!typePath || !canMove('withdrawAward', application.status as ApplicationStatus, typePath)) return false;
      await this.deps.repository.markExpired(tx, award);
      await moveApplication(tx, this.deps.workflow, {
        locked: application,
        typePath,
        action: 'withdrawAward',
        what: 'expired',
        note: `The award expired on ${displayDay(award.expiresOn)}`,
        actorId: null,
      });
      await this.mailHolder(tx, award.id, (facts) => this.expiredMail(facts));
      return true;
    });
  }

  private async sendDueReminders(accountId: string, today: string): Promise<number> {
    const candidates = await this.deps.repository.findReminderCandidates(accountId, today, subtractMonths(today, -REMINDER_HORIZON_MONTHS));
    let count = 0;
    for (const candidate of candidates) {
      const kind = dueReminder(candidate.expiresOn, today);
      // Sent already (read before the transaction; the ledger's key decides under a race).
      if (!kind || candidate.sentKinds.includes(kind)) continue;
      const sent = await this.deps.repository.transaction(async (tx) => {
        if (!(await this.deps.repository.recordReminder(tx, { awardId: candidate.id, expiresOn: candidate.expiresOn, kind, today }))) return false;
        await this.mailHolder(tx, candidate.id, (facts) => this.reminderMail(facts, kind));
        return true;
      });
      if (sent) count += 1;
    }
    return count;
  }

  private async mailHolder(tx: Executor, awardId: string, compose: (facts: HolderMailFacts) => OutgoingMail): Promise<void> {
    const facts = await this.deps.repository.findHolderMailFacts(tx, awardId);
    // An anonymised holder (decision 016) has an address under .invalid, which no mail reaches.
    if (facts && !facts.email.toLowerCase().endsWith('.invalid')) await this.deps.mail.send(compose(facts), tx);
  }

  private awardsLink() {
    return [{ label: 'Your awards', url: `${this.deps.publicUrl}${HOLDER_AWARDS_PATH}` }];
  }

  private reminderMail(facts: HolderMailFacts, kind: AwardReminderKind): OutgoingMail {
    const expiresOn = displayDay(facts.expiresOn ?? '');
    const what = `your award of ${facts.programTitle} (${facts.programCode}), certificate ${facts.certificateNumber}`;
    const when = kind === 'day' ? `today, ${expiresOn}: it is valid until the end of the day` : `on ${expiresOn}`;
    return {
      to: facts.email,
      toUserId: facts.userId,
      programId: facts.programId,
      subject: kind === 'day' ? `Your certificate ${facts.certificateNumber} expires today` : `Your certificate ${facts.certificateNumber} expires on ${expiresOn}`,
      paragraphs: [
        `Dear ${facts.firstName ?? 'certificate holder'},`,
        `This is a reminder that ${what} expires ${when}.`,
        'To keep it current, apply to renew it from your awards before it expires. After that day the public register and the verification page show it as expired.',
        'If you have a question, write to us through Contact us.',
      ],
      links: this.awardsLink(),
    };
  }

  private expiredMail(facts: HolderMailFacts): OutgoingMail {
    const expiresOn = displayDay(facts.expiresOn ?? '');
    return {
      to: facts.email,
      toUserId: facts.userId,
      programId: facts.programId,
      subject: `Your certificate ${facts.certificateNumber} has expired`,
      paragraphs: [
        `Dear ${facts.firstName ?? 'certificate holder'},`,
        `Your award of ${facts.programTitle} (${facts.programCode}), certificate ${facts.certificateNumber}, expired on ${expiresOn}.`,
        'The certificate is no longer valid: the public register and the verification page show it as expired. Your awards list what you may do next.',
        'If you have a question, write to us through Contact us.',
      ],
      links: this.awardsLink(),
    };
  }
}
