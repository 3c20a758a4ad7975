import { dayRangeInZone } from '@certs/shared/common/dates';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import {
  WPQ_VALIDITY_MESSAGES as M,
  type ConfirmationDone,
  type ConfirmationLinkView,
  type ExaminerConfirmationRequest,
  type LinkConfirmationRequest,
} from '@certs/shared/wpq/wpq-validity.contract';
import { openConfirmation, validityOfKept, type ConfirmationPeriod, type ValidityReminderKind } from '@certs/shared/wpq/wpq-validity-schedule';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { hashToken, newRandomToken } from '../../platform/auth/tokens';
import { canManageApplications, canSeeApplications } from '../application/application-workflow.policy';
import { UUID, day, forbidden, notFound, toConfirmation, type KeptRecords, type Loaded, type WpqValidityDeps } from './wpq-validity-common';
import type { KeptFacts } from './wpq-validity.repository';

/** The public page the employer's link opens. */
export const CONFIRM_PAGE_PATH = '/wpq-confirm';

/** The six-monthly confirmations: by the employer's link, by the examiner, in the company's portal; the link's mail. */
export class WpqConfirmations {
  constructor(
    private readonly deps: Pick<WpqValidityDeps, 'repository' | 'workflow' | 'attachments' | 'mail' | 'publicUrl' | 'now'>,
    private readonly records: KeptRecords,
  ) {}

  private async linkOf(token: string, executor?: Executor) {
    const link = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await this.deps.repository.findLinkByHash(hashToken(token), executor) : undefined;
    if (!link) throw new AppError('NOT_FOUND', M.linkInvalid);
    if (link.usedOn) throw new AppError('CONFLICT', M.linkUsed);
    if (link.expiresOn.getTime() <= (this.deps.now?.() ?? new Date()).getTime()) throw new AppError('CONFLICT', M.linkExpired);
    return link;
  }

  /** What the link's page shows (no account): the welder, the range and the period to confirm. */
  async linkView(token: string): Promise<ConfirmationLinkView> {
    const link = await this.linkOf(token);
    const loaded = await this.records.load(link.wpqRecordId);
    if (!loaded) throw new AppError('NOT_FOUND', M.linkInvalid);
    const period = this.openPeriodFor(loaded, link.sequence);
    return {
      welderName: `${loaded.facts.welderFirstName} ${loaded.facts.welderLastName}`,
      certificateNumber: loaded.facts.certificateNumber,
      programTitle: loaded.facts.programTitle,
      companyName: loaded.facts.employerName ?? '',
      designations: ((loaded.facts.rangeOfQualification as { designations?: string[] } | null)?.designations ?? []).slice(),
      sequence: period.sequence,
      periodStart: period.periodStart,
      dueOn: period.dueOn,
    };
  }

  /** The open period, which must be the one named (a link is for one confirmation). */
  private openPeriodFor(loaded: Loaded, sequence?: number): ConfirmationPeriod {
    if (loaded.facts.awardStatus !== 'current') throw new AppError('CONFLICT', M.noLongerValid);
    const period = openConfirmation(this.records.today(loaded.facts), loaded.kept);
    if (sequence !== undefined && loaded.confirmations.some((c) => c.sequence === sequence)) throw new AppError('CONFLICT', M.alreadyConfirmed);
    if (!period || (sequence !== undefined && period.sequence !== sequence)) throw new AppError('CONFLICT', validityOfKept(this.records.today(loaded.facts), loaded.kept).isValid ? M.notDue : M.noLongerValid);
    return period;
  }

  /** The welding coordinator confirms through the link: once, before it expires, for its own welder only. */
  async confirmByLink(token: string, input: z.output<typeof LinkConfirmationRequest>): Promise<ConfirmationDone> {
    const first = await this.linkOf(token);
    return this.confirm(first.wpqRecordId, input, { by: 'employer', linkToken: token, actorId: null });
  }

  /** The examiner (a program user with the examiner role, or who manages the program) confirms instead. */
  async confirmByExaminer(actor: CurrentUser, recordId: string, input: z.output<typeof ExaminerConfirmationRequest>): Promise<ConfirmationDone> {
    const { standing } = await this.records.standingFor(actor, recordId);
    const isExaminer = standing.programRoles.includes(PROGRAM_USER_ROLES.examiner);
    if (!canSeeApplications(actor, standing) || !(isExaminer || canManageApplications(actor, standing))) throw forbidden();
    if (input.evidenceAttachmentIds.length) {
      const owned = await this.deps.attachments.findOwned(actor.id, input.evidenceAttachmentIds);
      if (owned.length !== new Set(input.evidenceAttachmentIds).size) throw new AppError('BAD_REQUEST', 'Evidence must be files you uploaded', { evidenceAttachmentIds: 'Evidence must be files you uploaded' });
    }
    return this.confirm(recordId, input, { by: 'examiner', actorId: actor.id, evidenceAttachmentIds: input.evidenceAttachmentIds });
  }

  /**
   * A company's coordinator confirms in the company's portal (issue 42): exactly as the mailed link
   * confirms (the same row, the award's type and history, the welder's mail), dated the awarding
   * body's today, in the caller's transaction so that several welders are confirmed all or none.
   * The company and its user are the caller's (from the session); the company must have checked
   * that the record is one of its people's.
   */
  async confirmByCompany(
    tx: Executor,
    recordId: string,
    input: { confirmerName: string; confirmerPosition: string },
    by: { companyId: string; companyName: string; userId: string; userName: string },
  ): Promise<ConfirmationDone> {
    const facts = UUID.test(recordId) ? await this.deps.repository.findKept(recordId, tx) : undefined;
    if (!facts) throw notFound();
    return this.confirmIn(tx, facts, { ...input, confirmedOn: this.records.today(facts), evidenceNote: '' }, { by: 'employer', actorId: by.userId, company: { id: by.companyId, name: by.companyName }, portalUserName: by.userName });
  }

  private async confirm(
    recordId: string,
    input: { confirmerName: string; confirmerPosition: string; confirmedOn: string; evidenceNote: string },
    how: { by: 'employer' | 'examiner'; actorId: string | null; linkToken?: string; evidenceAttachmentIds?: string[] },
  ): Promise<ConfirmationDone> {
    const facts = await this.deps.repository.findKept(recordId);
    if (!facts) throw notFound();
    return this.deps.repository.transaction((tx) => this.confirmIn(tx, facts, input, how));
  }

  /** One confirmation, under the application's row lock, in the transaction given. */
  private async confirmIn(
    tx: Executor,
    facts: Pick<KeptFacts, 'recordId' | 'applicationId'>,
    input: { confirmerName: string; confirmerPosition: string; confirmedOn: string; evidenceNote: string },
    how: { by: 'employer' | 'examiner'; actorId: string | null; linkToken?: string; evidenceAttachmentIds?: string[]; company?: { id: string; name: string }; portalUserName?: string },
  ): Promise<ConfirmationDone> {
    const recordId = facts.recordId;
    const application = await this.deps.workflow.lock(tx, facts.applicationId);
    if (!application) throw notFound();
    const link = how.linkToken ? await this.linkOf(how.linkToken, tx) : undefined;
    const loaded = await this.records.load(recordId, tx);
    if (!loaded) throw notFound();
    const period = this.openPeriodFor(loaded, link?.sequence);
    const today = this.records.today(loaded.facts);
    if (input.confirmedOn > today) throw new AppError('BAD_REQUEST', M.confirmedOnFuture, { confirmedOn: M.confirmedOnFuture });
    if (!(input.confirmedOn > period.periodStart && input.confirmedOn <= period.dueOn)) {
      const message = M.confirmedOnOutside(day(period.periodStart), day(period.dueOn));
      throw new AppError('BAD_REQUEST', message, { confirmedOn: message });
    }
    if (link && !(await this.deps.repository.markLinkUsed(tx, link.id))) throw new AppError('CONFLICT', M.linkUsed);
    const row = await this.deps.repository.insertConfirmation(tx, {
      wpqRecordId: recordId,
      awardId: loaded.facts.awardId,
      sequence: period.sequence,
      dueOn: period.dueOn,
      confirmedOn: input.confirmedOn,
      confirmedBy: how.by,
      confirmerName: input.confirmerName,
      confirmerPosition: input.confirmerPosition,
      companyId: how.by === 'employer' ? (how.company?.id ?? link?.companyId ?? null) : null,
      examinerUserId: how.by === 'examiner' ? how.actorId : null,
      linkId: link?.id ?? null,
      evidenceNote: input.evidenceNote,
      evidenceAttachmentIds: how.evidenceAttachmentIds ?? [],
      createdBy: how.actorId,
      modifiedBy: how.actorId,
    });
    if (!row) throw new AppError('CONFLICT', M.alreadyConfirmed);
    // A Confirmation on the award: its type, a new certificate version (the table gains a row) and history.
    const companyName = how.company?.name ?? loaded.facts.employerName;
    const by = how.by === 'employer' ? `${input.confirmerName}, ${input.confirmerPosition}${companyName ? ` of ${companyName}` : ''}` : `the examiner ${input.confirmerName}`;
    await this.deps.repository.updateAward(tx, loaded.facts.awardId, { awardType: 'Confirmation', certificateVersion: loaded.facts.certificateVersion + 1, modifiedBy: how.actorId });
    await this.deps.repository.insertAwardHistory(tx, {
      awardId: loaded.facts.awardId,
      action: 'confirmation',
      fromStatus: 'current',
      toStatus: 'current',
      reason: `Confirmation ${period.sequence} (due ${day(period.dueOn)}) made on ${day(input.confirmedOn)} by ${by}${how.portalUserName ? ` (in the company's portal, by ${how.portalUserName})` : ''}`,
      createdBy: how.actorId,
      modifiedBy: how.actorId,
    });
    await this.records.mailWelder(tx, loaded.facts, {
      subject: `Your welder qualification ${loaded.facts.certificateNumber} has been confirmed`,
      paragraphs: [
        `Your welder qualification ${loaded.facts.certificateNumber} (${loaded.facts.programTitle}) was confirmed on ${day(input.confirmedOn)} by ${by}, for the period due on ${day(period.dueOn)}.`,
        loaded.facts.messageConfirmation ?? '',
      ].filter(Boolean),
    });
    return { confirmation: toConfirmation({ ...row, companyName: how.by === 'employer' ? companyName : null }), messageConfirmation: loaded.facts.messageConfirmation ?? '' };
  }

  /** Staff (the program's managers or examiners) mail the employer a link for the open confirmation now. */
  async sendLinkNow(actor: CurrentUser, recordId: string): Promise<{ sentTo: string; dueOn: string }> {
    const { standing } = await this.records.standingFor(actor, recordId);
    const isExaminer = standing.programRoles.includes(PROGRAM_USER_ROLES.examiner);
    if (!canSeeApplications(actor, standing) || !(isExaminer || canManageApplications(actor, standing))) throw forbidden();
    const loaded = await this.records.load(recordId);
    if (!loaded) throw new AppError('NOT_FOUND', M.notAwarded);
    const period = this.openPeriodFor(loaded);
    if (!loaded.facts.employerId || !loaded.facts.employerContactEmail) throw new AppError('CONFLICT', M.noEmployer);
    await this.deps.repository.transaction((tx) => this.mailEmployerLink(tx, loaded.facts, period, null, actor.id));
    return { sentTo: loaded.facts.employerContactEmail, dueOn: period.dueOn };
  }

  /** A new single-use link, kept as its hash, valid to the end of the due day (Sydney), in the mail. */
  async mailEmployerLink(tx: Executor, facts: KeptFacts, period: ConfirmationPeriod, kind: ValidityReminderKind | null, actorId: string | null): Promise<void> {
    if (!facts.employerId || !facts.employerContactEmail) return;
    const token = newRandomToken();
    const expiresOn = dayRangeInZone(period.dueOn)?.to ?? new Date(`${period.dueOn}T23:59:59Z`);
    await this.deps.repository.insertLink(tx, {
      wpqRecordId: facts.recordId,
      sequence: period.sequence,
      dueOn: period.dueOn,
      companyId: facts.employerId,
      sentTo: facts.employerContactEmail,
      tokenHash: hashToken(token),
      expiresOn,
      createdBy: actorId,
      modifiedBy: actorId,
    });
    const welder = `${facts.welderFirstName} ${facts.welderLastName}`;
    const when = kind === '1-week' ? 'in a week' : kind === '1-month' ? 'in a month' : `on ${day(period.dueOn)}`;
    await this.deps.mail.send(
      {
        to: facts.employerContactEmail,
        toUserId: null,
        programId: facts.programId,
        subject: `Please confirm ${welder}'s welder qualification ${facts.certificateNumber} by ${day(period.dueOn)}`,
        paragraphs: [
          `Dear ${facts.employerContactName || 'welding coordinator'},`,
          `${welder}'s welder qualification ${facts.certificateNumber} (${facts.programTitle}) needs its 6-monthly confirmation ${when}: that ${facts.welderFirstName} has kept welding within the range of the qualification since ${day(period.periodStart)}.`,
          `The link below opens a page where you confirm it, with your name and position; no account is needed. It can be used once and expires at the end of ${day(period.dueOn)}.`,
          `Without a confirmation by ${day(period.dueOn)} the qualification ends on that day.`,
        ],
        // Not the program's confirmation message: it is written to the welder (who gets it in their mails).
        links: [{ label: 'Confirm the qualification', url: `${this.deps.publicUrl}${CONFIRM_PAGE_PATH}/${token}` }],
      },
      tx,
    );
  }
}
