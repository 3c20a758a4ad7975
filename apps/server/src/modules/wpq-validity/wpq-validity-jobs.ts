import { applicationTypeOfProgram, type ApplicationStatus } from '@certs/shared/application/application-status';
import { canMove } from '@certs/shared/application/application-workflow';
import { expiryToday } from '@certs/shared/award/award-expiry';
import { dueValidityReminder, openConfirmation, validityOfKept, type ValidityReminderKind } from '@certs/shared/wpq/wpq-validity-schedule';
import { moveApplication } from '../application/application-move';
import { day, type KeptRecords, type WpqValidityDeps } from './wpq-validity-common';
import type { WpqConfirmations } from './wpq-validity-confirmations';
import type { WpqRevalidations } from './wpq-validity-revalidation';

export interface ValidityPass {
  today: string;
  ended: number;
  reminders: number;
  /** Digests mailed to companies' coordinators (the listener's count; issue 42). */
  companyReminders: number;
}

/** A confirmation whose reminder falls due today, for the companies' coordinators' digest (issue 42). */
export interface DueConfirmationReminder {
  recordId: string;
  applicantId: string;
  welderName: string;
  certificateNumber: string;
  programTitle: string;
  sequence: number;
  dueOn: string;
  kind: ValidityReminderKind;
  /** The awarding body's today. */
  today: string;
}

/** The daily job's pass: the qualifications whose validity lapsed are ended, the confirmations' reminders sent, the companies' digest. */
export class WpqValidityJobs {
  constructor(
    private readonly deps: Pick<WpqValidityDeps, 'repository' | 'workflow' | 'now'>,
    private readonly records: KeptRecords,
    private readonly confirmations: WpqConfirmations,
    private readonly revalidations: WpqRevalidations,
  ) {}

  /** One pass: ends the qualifications whose confirmation (or validity) lapsed and sends the reminders due. */
  async runOnce(): Promise<ValidityPass> {
    const days = new Set<string>();
    let ended = 0;
    let reminders = 0;
    const companyDue: DueConfirmationReminder[] = [];
    for (const facts of await this.deps.repository.findCurrentKept()) {
      // Each qualification on its own body's day: a New Zealand one's reminder goes out after Auckland's midnight.
      const today = this.records.today(facts);
      days.add(today);
      if (await this.endIfLapsed(facts.recordId, today)) ended += 1;
      else reminders += await this.sendDueReminders(facts.recordId, today, companyDue);
    }
    const companyReminders = this.companyReminders && companyDue.length > 0 ? await this.companyReminders(companyDue) : 0;
    return { today: [...days].sort()[0] ?? expiryToday(this.deps.now?.() ?? new Date()), ended, reminders, companyReminders };
  }

  private companyReminders?: (due: DueConfirmationReminder[]) => Promise<number>;

  /**
   * The company portal's digest (issue 42): after each pass, every confirmation whose reminder is
   * due today (the same days as the welder's, each counted by the listener's own ledger).
   */
  useCompanyReminders(listener: (due: DueConfirmationReminder[]) => Promise<number>): void {
    this.companyReminders = listener;
  }

  /**
   * Ends one qualification whose validity lapsed, in one transaction: the application's row lock,
   * then the award's, everything read again, the end recorded once (its key), the award expired
   * with history, the application moved (Award Withdrawn) and the welder mailed. A second instance
   * waits on the locks and then finds the award expired. A revalidation approved but unpaid does
   * not keep the qualification (decision 044): the request is closed as lapsed, its invoice void,
   * and the award ends on its old day as any other; one still waiting for staff's decision does.
   */
  private endIfLapsed(recordId: string, today: string): Promise<boolean> {
    return this.deps.repository.transaction(async (tx) => {
      const before = await this.deps.repository.findKept(recordId, tx);
      if (!before) return false;
      const application = await this.deps.workflow.lock(tx, before.applicationId);
      await this.deps.repository.lockAward(tx, before.awardId);
      const loaded = await this.records.load(recordId, tx);
      if (!application || !loaded || loaded.facts.awardStatus !== 'current') return false;
      const rule = validityOfKept(today, loaded.kept);
      if (rule.isValid || !rule.endedOn) return false;
      const typePath = applicationTypeOfProgram(loaded.facts.programType);
      const unpaid = application.status === 'Applied for Revalidation' ? loaded.revalidations.find((revalidation) => revalidation.status === 'invoiced') : undefined;
      // An undecided revalidation keeps the award until it is decided, as a renewal does.
      if (!typePath || !canMove('withdrawAward', unpaid ? 'Awarded' : (application.status as ApplicationStatus), typePath)) return false;
      if (!(await this.deps.repository.recordEnd(tx, { wpqRecordId: recordId, endedOn: rule.endedOn, reason: rule.reason }))) return false;
      const lapse = unpaid ? await this.revalidations.lapseRevalidation(tx, loaded, application, unpaid, rule.endedOn) : undefined;
      await this.deps.repository.updateAward(tx, loaded.facts.awardId, { status: 'expired', statusReason: rule.reason, certificateVersion: loaded.facts.certificateVersion + 1, modifiedBy: null });
      await this.deps.repository.insertAwardHistory(tx, { awardId: loaded.facts.awardId, action: 'expire', fromStatus: 'current', toStatus: 'expired', reason: rule.reason, createdBy: null, modifiedBy: null });
      await moveApplication(tx, this.deps.workflow, { locked: lapse?.application ?? application, typePath, action: 'withdrawAward', what: 'expired', note: `The qualification ended on ${day(rule.endedOn)}: ${rule.reason}`, actorId: null });
      await this.records.mailWelder(tx, loaded.facts, {
        subject: `Your welder qualification ${loaded.facts.certificateNumber} has ended`,
        paragraphs: [
          `Your welder qualification ${loaded.facts.certificateNumber} (${loaded.facts.programTitle}) ended on ${day(rule.endedOn)}. ${rule.reason}`,
          ...(lapse ? [lapse.words] : []),
          'The verification page now shows it as expired. A new test is a new application.',
        ],
      });
      if (lapse) await this.revalidations.mailManagerOfLapse(tx, loaded.facts, lapse.words);
      return true;
    });
  }

  /** The reminder due now for the open confirmation, to the welder and to the employer (with a link), each once. */
  private async sendDueReminders(recordId: string, today: string, companyDue: DueConfirmationReminder[]): Promise<number> {
    const loaded = await this.records.load(recordId);
    if (!loaded || loaded.facts.awardStatus !== 'current') return 0;
    const period = openConfirmation(today, loaded.kept);
    const kind = period ? dueValidityReminder(period.dueOn, today) : null;
    if (!period || !kind) return 0;
    const { facts } = loaded;
    companyDue.push({ recordId, applicantId: facts.applicantId, welderName: `${facts.welderFirstName} ${facts.welderLastName}`, certificateNumber: facts.certificateNumber, programTitle: facts.programTitle, sequence: period.sequence, dueOn: period.dueOn, kind, today });
    let sent = 0;
    const recipients: ('welder' | 'employer')[] = loaded.facts.employerContactEmail ? ['welder', 'employer'] : ['welder'];
    for (const recipient of recipients) {
      const isNew = await this.deps.repository.transaction(async (tx) => {
        if (!(await this.deps.repository.recordReminder(tx, { wpqRecordId: recordId, sequence: period.sequence, dueOn: period.dueOn, recipient, kind, sentOn: today }))) return false;
        if (recipient === 'employer') await this.confirmations.mailEmployerLink(tx, loaded.facts, period, kind, null);
        else {
          await this.records.mailWelder(tx, loaded.facts, {
            subject: `Your welder qualification ${loaded.facts.certificateNumber} needs its confirmation by ${day(period.dueOn)}`,
            paragraphs: [
              `Your welder qualification ${loaded.facts.certificateNumber} (${loaded.facts.programTitle}) needs its 6-monthly confirmation by ${day(period.dueOn)}: your employer's welding coordinator or the examiner confirms that you have kept welding within its range.`,
              loaded.facts.employerName ? `We have sent ${loaded.facts.employerName} a link to confirm it.` : 'Your profile names no employer: choose your employer in your profile, or ask the examiner to confirm.',
              `Without a confirmation by ${day(period.dueOn)} the qualification ends on that day.`,
            ],
          });
        }
        return true;
      });
      if (isNew) sent += 1;
    }
    return sent;
  }
}
