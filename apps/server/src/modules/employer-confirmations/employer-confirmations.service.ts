import type { Attachment, PresignUploadRequest, PresignUploadResponse } from '@certs/shared/attachment/attachment.contract';
import { formatDate } from '@certs/shared/common/dates';
import {
  CONFIRMATION_STATEMENT,
  EMPLOYER_CONFIRMATION_MESSAGES as M,
  EMPLOYER_CONFIRMATIONS_PAGE_PATH,
  type ConfirmWeldersRequest,
  type ConfirmWeldersResult,
  type EmployerConfirmationList,
  type EmployerConfirmationRow,
  type EmployerRevalidationRow,
  type RevalidationEvidenceRequest,
} from '@certs/shared/employer/confirmations.contract';
import { addDays } from '@certs/shared/exam-schedule/exam-schedule-time';
import { WPQ_VALIDITY_MESSAGES } from '@certs/shared/wpq/wpq-validity.contract';
import type { WpqRevalidation } from '@certs/shared/wpq/wpq-validity.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { employerCompanyOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { MailService } from '../../platform/mail/mail.service';
import type { DueConfirmationReminder, WpqValidityService } from '../wpq-validity/wpq-validity.service';
import type { Coordinator, EmployerConfirmationsRepository } from './employer-confirmations.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = (value: string) => formatDate(value, 'day');

export interface EmployerConfirmationsDeps {
  repository: EmployerConfirmationsRepository;
  validity: Pick<WpqValidityService, 'heldBy' | 'confirmByCompany' | 'submitRevalidationByCompany'>;
  attachments: {
    presignUpload(actor: CurrentUser, input: PresignUploadRequest): Promise<PresignUploadResponse>;
    save(actor: CurrentUser, resourceKey: string): Promise<Attachment>;
    findOwned(ownerUserId: string, ids: string[]): Promise<Attachment[]>;
  };
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
}

const notFound = () => new AppError('NOT_FOUND', M.notFound);

/**
 * The six-monthly confirmations of ISO 9606-1 9.2 in the company's portal (issue 42): the list of
 * the company's people's qualifications whose confirmation falls due, the coordinator's
 * confirmation of several at once (each exactly as the mailed link records one, all or none), the
 * coordinators' reminder digest after each pass of the validity job, and the production welds'
 * test reports of a 9.3 b) revalidation. The company is always the caller's, from the session.
 */
export class EmployerConfirmationsService {
  constructor(private readonly deps: EmployerConfirmationsDeps) {}

  /** The company's people's current qualifications whose next confirmation is open or falls due within the days given, soonest first, and those whose 9.3 b) revalidation can be asked for now. */
  async list(actor: CurrentUser, withinDays: number): Promise<EmployerConfirmationList> {
    const companyId = employerCompanyOf(actor);
    const held = await this.deps.validity.heldBy(await this.deps.repository.approvedEmployees(companyId));
    const rows: EmployerConfirmationRow[] = [];
    const revalidations: EmployerRevalidationRow[] = [];
    for (const { facts, validity, due } of held) {
      if (facts.awardStatus !== 'current' || !validity.isValid) continue;
      const designations = ((facts.rangeOfQualification as { designations?: string[] } | null)?.designations ?? []).slice();
      const welderName = `${facts.welderFirstName} ${facts.welderLastName}`;
      // The validity names the window only while a revalidation can be asked for (open, none waiting).
      if (validity.revalidationWindow && validity.validUntil) {
        revalidations.push({ wpqRecordId: facts.recordId, welderName, certificateNumber: facts.certificateNumber, designations, validUntil: validity.validUntil, window: validity.revalidationWindow });
      }
      const open = due.find((item) => item.due === 'confirmation');
      const nextDueOn = open?.dueOn ?? validity.nextConfirmationDue;
      if (!nextDueOn || nextDueOn > addDays(validity.today, withinDays)) continue;
      rows.push({
        wpqRecordId: facts.recordId,
        applicantId: facts.applicantId,
        welderName,
        certificateNumber: facts.certificateNumber,
        designations,
        programTitle: facts.programTitle,
        awardingBodyName: facts.awardingBodyName,
        option: validity.option,
        lastConfirmedOn: validity.confirmations.map((c) => c.confirmedOn).sort().at(-1) ?? null,
        nextDueOn,
        confirmable: !!open,
        validUntil: validity.validUntil,
      });
    }
    rows.sort((a, b) => a.nextDueOn.localeCompare(b.nextDueOn) || a.welderName.localeCompare(b.welderName) || a.certificateNumber.localeCompare(b.certificateNumber));
    revalidations.sort((a, b) => a.validUntil.localeCompare(b.validUntil) || a.welderName.localeCompare(b.welderName));
    return { rows, revalidations, withinDays, statement: CONFIRMATION_STATEMENT };
  }

  /**
   * The coordinator confirms the welders chosen, in one transaction: a record that is not one of
   * the company's people's refuses the whole request (404, nothing saved); one that cannot be
   * confirmed now refuses it too (409 naming the welder). Each confirmation is the mailed link's
   * (the validity module's own), signed by the signer, made by the company user.
   */
  async confirm(actor: CurrentUser, input: z.output<typeof ConfirmWeldersRequest>): Promise<ConfirmWeldersResult> {
    const companyId = employerCompanyOf(actor);
    const recordIds = [...new Set(input.recordIds)];
    const companyName = await this.deps.repository.findCompanyName(companyId);
    if (!companyName) throw notFound();
    const userName = await this.deps.repository.findUserName(actor.id);
    const confirmed = await this.deps.repository.transaction(async (tx) => {
      // In one order (application, record), as every transaction that locks several applications should.
      const records = await this.deps.repository.recordsOfCompany(companyId, recordIds, tx);
      if (records.length !== recordIds.length) throw notFound();
      const done: ConfirmWeldersResult['confirmed'] = [];
      for (const record of records) {
        const certificateNumber = record.certificateNumber ?? '';
        if (!record.certificateNumber) throw new AppError('CONFLICT', M.notConfirmable(record.welderName, 'not awarded', WPQ_VALIDITY_MESSAGES.notAwarded));
        try {
          const result = await this.deps.validity.confirmByCompany(
            tx,
            record.recordId,
            { confirmerName: input.signerName, confirmerPosition: input.signerPosition },
            { companyId, companyName, userId: actor.id, userName },
          );
          done.push({ wpqRecordId: record.recordId, welderName: record.welderName, certificateNumber, confirmation: result.confirmation });
        } catch (error) {
          // Not due, confirmed already, no longer valid: named, and nothing of the request is kept.
          if (error instanceof AppError && error.code !== 'FORBIDDEN') throw new AppError('CONFLICT', M.notConfirmable(record.welderName, certificateNumber, error.message));
          throw error;
        }
      }
      return done;
    });
    const order = new Map(recordIds.map((id, index) => [id, index]));
    return { confirmed: confirmed.sort((a, b) => order.get(a.wpqRecordId)! - order.get(b.wpqRecordId)!) };
  }

  // ---- Revalidation evidence (9.3 b) -----------------------------------------------------------

  /** Step 1 of the coordinator's upload of a test report: the attachment module's presigned URL, owned by the coordinator. */
  presignUpload(actor: CurrentUser, input: PresignUploadRequest): Promise<PresignUploadResponse> {
    employerCompanyOf(actor);
    return this.deps.attachments.presignUpload(actor, input);
  }

  /** Step 3: the attachment module checks the bytes and records the file. */
  saveUpload(actor: CurrentUser, resourceKey: string): Promise<Attachment> {
    employerCompanyOf(actor);
    return this.deps.attachments.save(actor, resourceKey);
  }

  /**
   * The coordinator sends the two production welds of one of the company's people, each with its
   * test report (a PDF the coordinator uploaded): the revalidation is asked for as the welder's
   * would be, submitted by the employer, and staff see it on the record with its reports.
   */
  async submitEvidence(actor: CurrentUser, recordId: string, input: z.output<typeof RevalidationEvidenceRequest>): Promise<WpqRevalidation> {
    const companyId = employerCompanyOf(actor);
    const [record] = UUID.test(recordId) ? await this.deps.repository.recordsOfCompany(companyId, [recordId]) : [];
    if (!record) throw notFound();
    const ids = input.welds.map((weld) => weld.testReportAttachmentId);
    const files = await this.deps.attachments.findOwned(actor.id, ids);
    if (files.length !== new Set(ids).size || files.some((file) => file.contentType !== 'application/pdf')) throw new AppError('BAD_REQUEST', M.reportsPdf, { welds: M.reportsPdf });
    return this.deps.validity.submitRevalidationByCompany(actor, recordId, input);
  }

  // ---- The coordinators' digest (after each pass of the validity job) --------------------------

  /**
   * One mail a company a day to each of its active coordinators, listing its people's
   * confirmations whose reminder is due today and not yet sent to the company. The ledger rows and
   * the mails are written in one transaction under the company's row lock: a restart or a second
   * pass sends nothing twice, and a second pass on the same day sends no second digest (what it
   * found waits for the next day's).
   */
  async remindCoordinators(due: readonly DueConfirmationReminder[]): Promise<number> {
    const companies = await this.deps.repository.companiesOf([...new Set(due.map((item) => item.applicantId))]);
    if (companies.length === 0) return 0;
    const companyOf = new Map(companies.map((row) => [row.applicantId, row]));
    const coordinators = await this.deps.repository.activeCoordinators([...new Set(companies.map((row) => row.companyId))]);
    let digests = 0;
    for (const companyId of new Set(coordinators.map((row) => row.companyId))) {
      const items = due.filter((item) => companyOf.get(item.applicantId)?.companyId === companyId);
      if (items.length === 0) continue;
      const companyName = companies.find((row) => row.companyId === companyId)!.companyName;
      const recipients = coordinators.filter((row) => row.companyId === companyId);
      if (await this.sendDigest(companyId, companyName, recipients, items)) digests += 1;
    }
    return digests;
  }

  private sendDigest(companyId: string, companyName: string, recipients: Coordinator[], items: DueConfirmationReminder[]): Promise<boolean> {
    const sentOn = items.map((item) => item.today).sort().at(-1)!;
    return this.deps.repository.transaction(async (tx) => {
      await this.deps.repository.lockCompany(tx, companyId);
      if (await this.deps.repository.digestSentOn(tx, companyId, sentOn)) return false;
      const listed: DueConfirmationReminder[] = [];
      for (const item of items) {
        if (await this.deps.repository.recordReminder(tx, { companyId, wpqRecordId: item.recordId, dueOn: item.dueOn, kind: item.kind, sentOn })) listed.push(item);
      }
      if (listed.length === 0) return false;
      listed.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.welderName.localeCompare(b.welderName));
      const count = listed.length === 1 ? '1 welder' : `${listed.length} welders`;
      for (const coordinator of recipients) {
        if (coordinator.email.toLowerCase().endsWith('.invalid')) continue;
        await this.deps.mail.send(
          {
            to: coordinator.email,
            toUserId: coordinator.userId,
            subject: `${companyName}: confirm ${count} by ${day(listed[0]!.dueOn)}`,
            paragraphs: [
              `Dear ${coordinator.firstName || 'welding coordinator'},`,
              `The six-monthly confirmation (ISO 9606-1 9.2) of these welders' qualifications falls due soon: that each has kept welding within the range of the qualification.`,
              ...listed.map((item) => `${item.welderName}: ${item.certificateNumber} (${item.programTitle}), due ${day(item.dueOn)}`),
              `Confirm them in ${companyName}'s portal, on the Confirmations page: tick the welders, sign with your name and position, and confirm them in one step.`,
              'Without a confirmation by its due day a qualification ends on that day.',
            ],
            links: [{ label: 'Confirmations', url: `${this.deps.publicUrl}${EMPLOYER_CONFIRMATIONS_PAGE_PATH}` }],
          },
          tx,
        );
      }
      return true;
    });
  }
}
