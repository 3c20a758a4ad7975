import { applicationTypeOfProgram, type ApplicationStatus } from '@certs/shared/application/application-status';
import { canMove } from '@certs/shared/application/application-workflow';
import {
  WPQ_VALIDITY_MESSAGES as M,
  type ExtensionLogDetailsRequest,
  type ExtensionLogEntry,
  type RevalidationCancelRequest,
  type RevalidationDecisionRequest,
  type RevalidationSubmitRequest,
  type WpqRevalidation,
} from '@certs/shared/wpq/wpq-validity.contract';
import { revalidationWindow, validityOfKept } from '@certs/shared/wpq/wpq-validity-schedule';
import { formatInvoiceNumber, formatMoney } from '@certs/shared/pre-exam/pre-exam-rules';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { moveApplication } from '../application/application-move';
import type { ApplicationRow } from '../application/application-workflow.repository';
import { canManageApplications, canSeeApplications } from '../application/application-workflow.policy';
import { UUID, day, forbidden, notFound, toRevalidation, type KeptRecords, type Loaded, type WpqValidityDeps } from './wpq-validity-common';
import type { KeptFacts, RevalidationRow } from './wpq-validity.repository';

/**
 * Revalidation (ISO 9606-1 9.3 b): the request with two production welds, staff's decision with the
 * fee's invoice, the extension when it is paid, cancel and lapse (decision 044), and its log.
 */
export class WpqRevalidations {
  constructor(
    private readonly deps: Pick<WpqValidityDeps, 'repository' | 'workflow' | 'attachments' | 'invoices' | 'payments' | 'mail'>,
    private readonly records: KeptRecords,
  ) {}

  /** The welder (their own) or staff who manage the program submit two production welds of the last 6 months of validity. */
  async submitRevalidation(actor: CurrentUser, recordId: string, input: z.output<typeof RevalidationSubmitRequest>): Promise<WpqRevalidation> {
    let submittedBy: 'welder' | 'staff';
    if (actor.userType === 'applicant') {
      const owner = UUID.test(recordId) ? await this.deps.repository.findRecordOwner(recordId) : undefined;
      if (!owner || owner.applicantId !== actor.applicantId) throw notFound();
      submittedBy = 'welder';
    } else {
      const { standing } = await this.records.standingFor(actor, recordId);
      if (!canManageApplications(actor, standing)) throw forbidden();
      submittedBy = 'staff';
    }
    return this.submitRevalidationAs(actor, recordId, input, submittedBy);
  }

  /**
   * A company's coordinator sends the two production welds of one of the company's people, with
   * the test reports they uploaded (issue 42): a revalidation like the welder's, submitted by the
   * employer. The company checked that the record is one of its people's.
   */
  submitRevalidationByCompany(actor: CurrentUser, recordId: string, input: z.output<typeof RevalidationSubmitRequest>): Promise<WpqRevalidation> {
    return this.submitRevalidationAs(actor, recordId, input, 'employer');
  }

  private async submitRevalidationAs(actor: CurrentUser, recordId: string, input: z.output<typeof RevalidationSubmitRequest>, submittedBy: 'welder' | 'staff' | 'employer'): Promise<WpqRevalidation> {
    const reports = input.welds.map((w) => w.testReportAttachmentId);
    if ((await this.deps.attachments.findOwned(actor.id, reports)).length !== new Set(reports).size) {
      throw new AppError('BAD_REQUEST', 'Each test report must be a file you uploaded', { welds: 'Each test report must be a file you uploaded' });
    }
    const facts = await this.deps.repository.findKept(recordId);
    if (!facts) throw new AppError('NOT_FOUND', M.notAwarded);
    return this.deps.repository.transaction(async (tx) => {
      const application = await this.deps.workflow.lock(tx, facts.applicationId);
      const loaded = await this.records.load(recordId, tx);
      if (!application || !loaded) throw notFound();
      if (!loaded.facts.reValidationProlongation) throw new AppError('CONFLICT', M.revalidationNotOffered);
      if (loaded.kept.option !== '9.3b') throw new AppError('CONFLICT', M.revalidationOptionB);
      const today = this.records.today(loaded.facts);
      const rule = validityOfKept(today, loaded.kept);
      if (!rule.isValid || !rule.validUntil || loaded.facts.awardStatus !== 'current') throw new AppError('CONFLICT', M.noLongerValid);
      const window = revalidationWindow(rule.validUntil, loaded.kept);
      const latest = today < window.to ? today : window.to;
      if (input.welds.some((w) => !(w.weldedOn > window.from && w.weldedOn <= latest))) {
        const message = M.weldWindow(day(window.from), day(window.to));
        throw new AppError('BAD_REQUEST', message, { welds: message });
      }
      const typePath = applicationTypeOfProgram(loaded.facts.programType);
      if (!typePath) throw notFound();
      const row = await this.deps.repository.insertRevalidation(tx, {
        wpqRecordId: recordId,
        awardId: loaded.facts.awardId,
        submittedBy,
        welds: input.welds,
        validUntilBefore: rule.validUntil,
        createdBy: actor.id,
        modifiedBy: actor.id,
      });
      if (!row) throw new AppError('CONFLICT', M.revalidationOpen);
      await moveApplication(tx, this.deps.workflow, { locked: application, typePath, action: 'applyForRevalidation', what: 'revalidated', note: `Revalidation asked for with two production welds (valid until ${day(rule.validUntil)})`, actorId: actor.id });
      await this.deps.repository.insertLog(tx, { wpqRecordId: recordId, revalidationId: row.id, event: 'requested', requestDetails: input.welds.map((w) => `${w.description} (${w.testMethod}, ${day(w.weldedOn)})`).join('; '), createdBy: actor.id, modifiedBy: actor.id });
      return toRevalidation(row);
    });
  }

  /**
   * Staff decide. Approve with a fee (the program's member or non-member revalidation fee) issues
   * its invoice through the pre-exam invoicing (numbering, GST, payment link) and leaves the
   * revalidation `invoiced`: the extension is worked out and named now, and takes effect when the
   * invoice is paid (`invoicePaid`, the payment module's listener); until then the application stays
   * Applied for Revalidation, which also keeps the validity job from ending the award. Approve
   * without a fee extends at once. Refuse withdraws the award with the reason, as the transition
   * table says.
   */
  async decideRevalidation(actor: CurrentUser, recordId: string, revalidationId: string, input: z.output<typeof RevalidationDecisionRequest>): Promise<WpqRevalidation> {
    const { standing, applicantId } = await this.records.standingFor(actor, recordId);
    if (!canManageApplications(actor, standing)) throw forbidden();
    const facts = await this.deps.repository.findKept(recordId);
    if (!facts || !UUID.test(revalidationId)) throw notFound();
    const billing = input.decision === 'approve' ? await this.deps.invoices.billingOf(applicantId, facts.programId) : undefined;
    const issuer = input.decision === 'approve' ? await this.deps.invoices.invoiceIssuerOf(facts.programId) : undefined;
    return this.deps.repository.transaction(async (tx) => {
      const application = await this.deps.workflow.lock(tx, facts.applicationId);
      const revalidation = await this.deps.repository.findRevalidation(revalidationId, tx, true);
      if (!application || !revalidation || revalidation.wpqRecordId !== recordId) throw notFound();
      if (revalidation.status !== 'submitted') throw new AppError('CONFLICT', M.revalidationNotOpen);
      const typePath = applicationTypeOfProgram(facts.programType)!;
      if (input.decision === 'refuse') {
        await this.deps.repository.updateRevalidation(tx, revalidation.id, { status: 'refused', decisionReason: input.reason, decidedOn: new Date(), decidedBy: actor.id, modifiedBy: actor.id });
        await moveApplication(tx, this.deps.workflow, { locked: application, typePath, action: 'refuseRevalidation', what: 'refused', note: `Revalidation refused: ${input.reason}`, actorId: actor.id });
        await this.deps.repository.updateAward(tx, facts.awardId, { status: 'withdrawn', statusReason: input.reason, certificateVersion: facts.certificateVersion + 1, modifiedBy: actor.id });
        await this.deps.repository.insertAwardHistory(tx, { awardId: facts.awardId, action: 'revalidation refused', fromStatus: 'current', toStatus: 'withdrawn', reason: input.reason, createdBy: actor.id, modifiedBy: actor.id });
        await this.deps.repository.insertLog(tx, { wpqRecordId: recordId, revalidationId: revalidation.id, event: 'refused', requestDetails: input.reason, createdBy: actor.id, modifiedBy: actor.id });
        await this.records.mailWelder(tx, facts, { subject: `Your revalidation of ${facts.certificateNumber} was refused`, paragraphs: [`The revalidation of your welder qualification ${facts.certificateNumber} was refused: ${input.reason}`] });
        return toRevalidation({ ...revalidation, status: 'refused', decisionReason: input.reason });
      }
      const isMember = billing!.feeBasis === 'member';
      const feeCents = (isMember ? facts.revalidationMemberFeeCents : facts.revalidationNonmemberFeeCents) ?? 0;
      const decided = { decisionReason: input.reason || null, decidedOn: new Date(), decidedBy: actor.id };
      if (feeCents <= 0) return this.completeRevalidation(tx, { ...revalidation, ...decided }, actor.id, 'There is no revalidation fee, so the extension applies at once.');
      const loaded = await this.records.load(recordId, tx);
      if (!loaded) throw notFound();
      const validUntilAfter = this.extendedUntil(loaded, revalidation);
      const invoice = await this.deps.invoices.issueInvoice(tx, {
        issuer: issuer!,
        applicationId: facts.applicationId,
        billedTo: billing!.billedTo,
        lines: [{ applicationModuleId: '', moduleCode: 'REVALIDATION', moduleTitle: `Revalidation of ${facts.certificateNumber} (ISO 9606-1 9.3 b)`, feeBasis: billing!.feeBasis, isRequired: true, amountCents: feeCents }],
        actorId: actor.id,
      });
      const fee = `${formatMoney(invoice.totals.totalCents, invoice.currency)} including GST`;
      await this.deps.repository.updateRevalidation(tx, revalidation.id, { status: 'invoiced', invoiceId: invoice.invoiceId, isMemberFee: isMember, validUntilAfter, ...decided, modifiedBy: actor.id });
      // The decision is recorded on the application; its status moves when the fee is paid.
      await moveApplication(tx, this.deps.workflow, {
        locked: application,
        typePath,
        what: 'revalidated',
        note: `Revalidation approved${input.reason ? `: ${input.reason}` : ''}. Invoice ${invoice.invoiceNumberText} (${fee}) issued for the fee; valid until ${day(validUntilAfter)} once it is paid`,
        actorId: actor.id,
      });
      await this.deps.repository.insertLog(tx, {
        wpqRecordId: recordId,
        revalidationId: revalidation.id,
        event: 'invoiced',
        requestDetails: `Invoice ${invoice.invoiceNumberText} issued for the ${isMember ? 'member' : 'non-member'} revalidation fee (${fee}); the extension until ${day(validUntilAfter)} applies when it is paid`,
        createdBy: actor.id,
        modifiedBy: actor.id,
      });
      const company = billing!.billedTo.company ? billing!.billedTo.name : null;
      await this.records.mailWelder(tx, facts, {
        subject: `Your revalidation of ${facts.certificateNumber} is approved: invoice ${invoice.invoiceNumberText}`,
        paragraphs: [
          `The revalidation of your welder qualification ${facts.certificateNumber} is approved.`,
          company
            ? `Invoice ${invoice.invoiceNumberText} for the revalidation fee (${fee}) was issued to ${company}, which pays it.`
            : `Invoice ${invoice.invoiceNumberText} for the revalidation fee (${fee}) is issued: pay it with the link below.`,
          `Once it is paid, your qualification is valid until ${day(validUntilAfter)}. Until then it stays valid until ${day(revalidation.validUntilBefore)}.`,
        ],
        links: company ? [] : [{ label: 'Pay the invoice', url: invoice.payment.paymentUrl }],
      });
      return { ...toRevalidation({ ...revalidation, status: 'invoiced', invoiceId: invoice.invoiceId, validUntilAfter, ...decided }), invoice: { number: invoice.invoiceNumberText, totalCents: invoice.totals.totalCents, currency: invoice.currency, status: 'Issued' } };
    });
  }

  /**
   * The payment module's listener, in its settling transaction (which holds the application's
   * lock): a paid revalidation fee's invoice makes the approved extension take effect. When the
   * application can no longer be revalidated (staff moved it meanwhile) the payment is logged and
   * staff decide what follows; the payment itself always goes through.
   */
  async invoicePaid(tx: Executor, paid: { invoiceId: string; applicationId: string; actorId: string | null }): Promise<void> {
    const revalidation = await this.deps.repository.findRevalidationByInvoice(tx, paid.invoiceId);
    if (!revalidation || revalidation.status !== 'invoiced') return;
    const number = await this.invoiceNumberOf(paid.invoiceId, tx);
    const application = await this.deps.workflow.lock(tx, paid.applicationId);
    const loaded = await this.records.load(revalidation.wpqRecordId, tx);
    const typePath = loaded ? applicationTypeOfProgram(loaded.facts.programType) : undefined;
    const canRevalidate = !!application && !!typePath && canMove('revalidate', application.status as ApplicationStatus, typePath);
    await this.deps.repository.insertLog(tx, {
      wpqRecordId: revalidation.wpqRecordId,
      revalidationId: revalidation.id,
      event: 'paid',
      requestDetails: canRevalidate ? `Invoice ${number} paid` : `Invoice ${number} paid, but the application is ${application?.status ?? 'missing'}: not extended; staff decide what follows`,
      createdBy: paid.actorId,
      modifiedBy: paid.actorId,
    });
    if (canRevalidate) await this.completeRevalidation(tx, revalidation, paid.actorId, `Invoice ${number} for the revalidation fee is paid.`);
  }

  /**
   * Staff who decide cancel an open request (submitted, or approved and waiting for its fee) with a
   * reason (decision 044): the fee's invoice void, the request `cancelled`, the application back
   * to Awarded (where it was when the welder asked), logged and the welder told. A second cancel,
   * or one after the fee was paid, changes nothing.
   */
  async cancelRevalidation(actor: CurrentUser, recordId: string, revalidationId: string, input: z.output<typeof RevalidationCancelRequest>): Promise<WpqRevalidation> {
    const { standing } = await this.records.standingFor(actor, recordId);
    if (!canManageApplications(actor, standing)) throw forbidden();
    const facts = await this.deps.repository.findKept(recordId);
    if (!facts || !UUID.test(revalidationId)) throw notFound();
    return this.deps.repository.transaction(async (tx) => {
      const application = await this.deps.workflow.lock(tx, facts.applicationId);
      const revalidation = await this.deps.repository.findRevalidation(revalidationId, tx, true);
      if (!application || !revalidation || revalidation.wpqRecordId !== recordId) throw notFound();
      if (revalidation.status !== 'submitted' && revalidation.status !== 'invoiced') throw new AppError('CONFLICT', M.revalidationNotCancellable);
      const number = revalidation.invoiceId ? await this.invoiceNumberOf(revalidation.invoiceId, tx) : null;
      if (revalidation.invoiceId) {
        const found = await this.voidInvoice(tx, { invoiceId: revalidation.invoiceId, reason: `Invoice ${number} was cancelled with the revalidation request: ${input.reason}`, actorId: actor.id });
        if (found === 'Paid') throw new AppError('CONFLICT', M.revalidationFeePaid);
      }
      const decided = { decisionReason: input.reason, decidedOn: new Date(), decidedBy: actor.id };
      await this.deps.repository.updateRevalidation(tx, revalidation.id, { status: 'cancelled', ...decided, modifiedBy: actor.id });
      const voided = number ? `; invoice ${number} is void` : '';
      // Back where it was when the welder asked: the transition table's only move from Applied for Revalidation to Awarded.
      await moveApplication(tx, this.deps.workflow, { locked: application, typePath: applicationTypeOfProgram(facts.programType)!, action: 'revalidate', what: 'cancelled', note: `Revalidation request cancelled: ${input.reason}${voided}`, actorId: actor.id });
      await this.deps.repository.insertLog(tx, { wpqRecordId: recordId, revalidationId: revalidation.id, event: 'cancelled', requestDetails: `${input.reason}${voided}`, createdBy: actor.id, modifiedBy: actor.id });
      await this.records.mailWelder(tx, facts, {
        subject: `Your revalidation request for ${facts.certificateNumber} was cancelled`,
        paragraphs: [
          `Your request to revalidate your welder qualification ${facts.certificateNumber} was cancelled: ${input.reason}`,
          ...(number ? [`Invoice ${number} for the revalidation fee is cancelled: there is nothing to pay.`] : []),
          `Your qualification stays valid until ${day(revalidation.validUntilBefore)}, unless a new request is approved and, where there is a fee, paid before then.`,
        ],
      });
      return toRevalidation({ ...revalidation, status: 'cancelled', ...decided });
    });
  }

  /** The day revalidated is the later weld's day (inside the window); the validity runs 2 years from it, by the shared rule. */
  private extendedUntil(loaded: Loaded, revalidation: RevalidationRow): string {
    const revalidatedOn = revalidation.welds.map((w) => w.weldedOn).sort().at(-1)!;
    const after = validityOfKept(this.records.today(loaded.facts), { ...loaded.kept, revalidatedOn: [...loaded.kept.revalidatedOn, revalidatedOn] });
    return after.validUntil ?? revalidation.validUntilBefore;
  }

  /** The extension takes effect: the validity runs 2 years from the later weld's day; the application is Awarded again. */
  private async completeRevalidation(tx: Executor, revalidation: RevalidationRow, actorId: string | null, paymentNote: string): Promise<WpqRevalidation> {
    const loaded = await this.records.load(revalidation.wpqRecordId, tx);
    if (!loaded) throw notFound();
    const application = await this.deps.workflow.lock(tx, loaded.facts.applicationId);
    if (!application) throw notFound();
    const revalidatedOn = revalidation.welds.map((w) => w.weldedOn).sort().at(-1)!;
    const validUntilAfter = this.extendedUntil(loaded, revalidation);
    const note = revalidation.decisionReason;
    await this.deps.repository.updateRevalidation(tx, revalidation.id, {
      status: 'approved',
      revalidatedOn,
      validUntilAfter,
      decisionReason: note,
      decidedOn: revalidation.decidedOn ?? new Date(),
      decidedBy: revalidation.decidedBy ?? actorId,
      modifiedBy: actorId,
    });
    await moveApplication(tx, this.deps.workflow, { locked: application, typePath: applicationTypeOfProgram(loaded.facts.programType)!, action: 'revalidate', what: 'revalidated', note: `Revalidated until ${day(validUntilAfter)}${note ? `: ${note}` : ''}`, actorId });
    await this.deps.repository.updateAward(tx, loaded.facts.awardId, { awardType: 'Revalidation', certificateVersion: loaded.facts.certificateVersion + 1, modifiedBy: actorId });
    await this.deps.repository.insertAwardHistory(tx, { awardId: loaded.facts.awardId, action: 'revalidated', fromStatus: 'current', toStatus: 'current', reason: `Revalidated until ${day(validUntilAfter)} (was ${day(revalidation.validUntilBefore)})`, createdBy: actorId, modifiedBy: actorId });
    await this.deps.repository.insertLog(tx, { wpqRecordId: revalidation.wpqRecordId, revalidationId: revalidation.id, event: 'approved', requestDetails: `Extended until ${day(validUntilAfter)} (was ${day(revalidation.validUntilBefore)})`, createdBy: actorId, modifiedBy: actorId });
    await this.records.mailWelder(tx, loaded.facts, {
      subject: `Your welder qualification ${loaded.facts.certificateNumber} is revalidated`,
      paragraphs: [`Your welder qualification ${loaded.facts.certificateNumber} is revalidated: it is valid until ${day(validUntilAfter)}. ${paymentNote}`, loaded.facts.messageProlongation ?? ''].filter(Boolean),
    });
    return toRevalidation({ ...revalidation, status: 'approved', revalidatedOn, validUntilAfter });
  }

  /**
   * Closes an approved revalidation whose fee is still unpaid on the day the qualification ends:
   * the invoice void (a payment arriving later is refused and refunded), the request `lapsed`, the
   * application back to Awarded (from where the award ends as any other), logged. Answers the
   * application row as moved and the words the welder and the program's manager read.
   */
  async lapseRevalidation(tx: Executor, loaded: Loaded, application: ApplicationRow, revalidation: RevalidationRow, endedOn: string): Promise<{ application: ApplicationRow; words: string }> {
    const number = await this.invoiceNumberOf(revalidation.invoiceId, tx);
    const words = `The revalidation approved for it lapsed: invoice ${number} for the revalidation fee was not paid by ${day(endedOn)}, so the validity was not extended. The invoice is cancelled and can no longer be paid.`;
    if (revalidation.invoiceId) await this.voidInvoice(tx, { invoiceId: revalidation.invoiceId, reason: `Invoice ${number} was cancelled: the revalidation fee was not paid by ${day(endedOn)}, when the qualification ended.`, actorId: null });
    await this.deps.repository.updateRevalidation(tx, revalidation.id, { status: 'lapsed', decisionReason: `The fee (invoice ${number}) was not paid by ${day(endedOn)}`, modifiedBy: null });
    await this.deps.repository.insertLog(tx, { wpqRecordId: revalidation.wpqRecordId, revalidationId: revalidation.id, event: 'lapsed', requestDetails: `Invoice ${number} unpaid when the validity ended on ${day(endedOn)}: the request is closed and the invoice void`, createdBy: null, modifiedBy: null });
    const moved = await moveApplication(tx, this.deps.workflow, {
      locked: application,
      typePath: applicationTypeOfProgram(loaded.facts.programType)!,
      action: 'revalidate',
      what: 'closed as lapsed',
      note: `Revalidation lapsed: invoice ${number} for the fee was not paid by ${day(endedOn)}; the invoice is void and the validity was not extended`,
      actorId: null,
    });
    return { application: { ...application, status: moved.status, workflowStage: moved.stage }, words };
  }

  /** The program's manager hears of a lapse: staff may have expected the payment. */
  async mailManagerOfLapse(tx: Executor, facts: KeptFacts, words: string): Promise<void> {
    const manager = await this.deps.repository.findProgramManager(facts.programId, tx);
    if (!manager) return;
    await this.deps.mail.send(
      {
        to: manager.email,
        toUserId: manager.id,
        programId: facts.programId,
        subject: `Revalidation lapsed unpaid: ${facts.certificateNumber} (${facts.welderFirstName} ${facts.welderLastName})`,
        paragraphs: [`Dear ${manager.firstName},`, `The welder qualification ${facts.certificateNumber} of ${facts.welderFirstName} ${facts.welderLastName} (${facts.programTitle}) has ended. ${words}`],
        links: [],
      },
      tx,
    );
  }

  /** The payment module voids the invoice of a lapsed or cancelled revalidation (decision 044). */
  private voidInvoice(tx: Executor, input: { invoiceId: string; reason: string; actorId: string | null }) {
    return this.deps.payments.voidInvoice(tx, input);
  }

  /** An invoice's number as printed (with the prefix it was issued under). */
  private async invoiceNumberOf(invoiceId: string | null, executor?: Executor): Promise<string> {
    const [invoice] = invoiceId ? await this.deps.repository.findInvoices([invoiceId], executor) : [];
    return invoice ? formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix) : 'of the revalidation fee';
  }

  async extensionLogs(actor: CurrentUser, recordId: string): Promise<ExtensionLogEntry[]> {
    const { standing } = await this.records.standingFor(actor, recordId);
    if (!canSeeApplications(actor, standing)) throw forbidden();
    return (await this.deps.repository.findLogs(recordId)).map((row) => ({ id: row.id, revalidationId: row.revalidationId, event: row.event, requestDetails: row.requestDetails, createdOn: row.createdOn.toISOString(), createdBy: row.createdBy }));
  }

  /** `wpqextensionlogs/update/requestdetails`: staff who manage the program add details to an extension request's log. */
  async addRequestDetails(actor: CurrentUser, input: z.output<typeof ExtensionLogDetailsRequest>): Promise<ExtensionLogEntry[]> {
    const { standing } = await this.records.standingFor(actor, input.wpqRecordId);
    if (!canManageApplications(actor, standing)) throw forbidden();
    if (input.revalidationId) {
      const revalidation = await this.deps.repository.findRevalidation(input.revalidationId);
      if (!revalidation || revalidation.wpqRecordId !== input.wpqRecordId) throw notFound();
    }
    await this.deps.repository.transaction((tx) =>
      this.deps.repository.insertLog(tx, { wpqRecordId: input.wpqRecordId, revalidationId: input.revalidationId, event: 'details', requestDetails: input.requestDetails, createdBy: actor.id, modifiedBy: actor.id }),
    );
    return this.extensionLogs(actor, input.wpqRecordId);
  }
}
