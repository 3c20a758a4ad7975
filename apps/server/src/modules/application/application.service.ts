import { APPLICATION_MESSAGES, type ApplicantHistoryEntry, type Application, type ApplicationPage } from '@certs/shared/application/application.contract';
import type { SaveApplicationRequest } from '@certs/shared/application/application.contract';
import {
  APPLICATION_TYPES,
  applicantProgramStatusOf,
  type ApplicationStatus,
  type ApplicationTypePath,
} from '@certs/shared/application/application-status';
import type { ApplicantProgramStatus } from '@certs/shared/program/program-status';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { Executor } from '../../db/executor';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { MailService } from '../../platform/mail/mail.service';
import type { AttachmentService } from '../attachment/attachment.service';
import type { ProgramCatalogueService } from '../program/program-catalogue.service';
import type { ApplicationRepository, ApplicationWithProgram } from './application.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STARTED: ApplicationStatus = 'Application Started';
const SUBMITTED: ApplicationStatus = 'Application Submitted';

/** Applications of the four types (spec section 7, Applications): the applicant's part, draft and submission. */
export class ApplicationService {
  constructor(
    private readonly repository: ApplicationRepository,
    private readonly catalogue: ProgramCatalogueService,
    private readonly attachments: AttachmentService,
    private readonly mail: MailService,
    private readonly publicUrl: string,
  ) {}

  async findCurrent(actor: CurrentUser, typePath: ApplicationTypePath, programId: string, applicantId: string): Promise<{ application: Application | null }> {
    if (actor.applicantId !== applicantId || !UUID.test(programId)) throw new AppError('NOT_FOUND', APPLICATION_MESSAGES.notFound);
    const found = await this.repository.findCurrent(applicantId, programId);
    if (!found || found.application.programType !== APPLICATION_TYPES[typePath].programType) return { application: null };
    return { application: await this.toApplication(found) };
  }

  /** Creates the draft, or saves it again while it is still a draft. */
  async saveDraft(actor: CurrentUser, typePath: ApplicationTypePath, input: z.output<typeof SaveApplicationRequest>): Promise<Application> {
    const applicantId = actor.applicantId;
    if (!applicantId) throw new AppError('FORBIDDEN', APPLICATION_MESSAGES.notFound);
    const program = await this.catalogue.findPublishedDetail(actor, input.programId).catch(() => {
      throw new AppError('BAD_REQUEST', APPLICATION_MESSAGES.programNotOpen);
    });
    if (program.programType !== APPLICATION_TYPES[typePath].programType) throw new AppError('BAD_REQUEST', APPLICATION_MESSAGES.wrongType);
    const requirementIds = new Set(program.requirements.map((r) => r.id));
    const unknown = input.answers.find((answer) => !requirementIds.has(answer.requirementId));
    if (unknown) throw new AppError('BAD_REQUEST', APPLICATION_MESSAGES.unknownRequirement, { [`answers.${unknown.requirementId}`]: APPLICATION_MESSAGES.unknownRequirement });
    const attachmentIds = input.answers.flatMap((answer) => answer.attachmentIds);
    const owned = await this.attachments.findOwned(actor.id, attachmentIds);
    if (owned.length !== new Set(attachmentIds).size) throw new AppError('BAD_REQUEST', APPLICATION_MESSAGES.unknownAttachment);

    let current = await this.repository.findCurrent(applicantId, input.programId);
    if (current && current.application.status !== STARTED) throw new AppError('CONFLICT', APPLICATION_MESSAGES.alreadyOpen);
    if (!current) {
      // Under the applicant row's lock: a draft started meanwhile (a company's nomination, or this
      // applicant's other tab) is found and saved into, never a second one started.
      const id = await this.repository.transaction(async (tx) => {
        await this.repository.lockApplicant(tx, applicantId);
        const started = await this.repository.findCurrent(applicantId, input.programId, tx);
        return started ? started.application.id : (await this.startDraft(tx, { applicantId, programId: input.programId, typePath, actorId: actor.id })).id;
      });
      current = await this.repository.findById(id);
      if (current && current.application.status !== STARTED) throw new AppError('CONFLICT', APPLICATION_MESSAGES.alreadyOpen);
    }
    if (!current) throw new AppError('NOT_FOUND', APPLICATION_MESSAGES.notFound);
    const isSaved = await this.repository.saveDraft(current.application.id, input.declarationAccepted, input.answers, actor.id);
    if (!isSaved) throw new AppError('CONFLICT', APPLICATION_MESSAGES.notEditable);
    return this.findOne(actor, typePath, current.application.id);
  }

  /**
   * A new draft (Application Started) for the applicant, numbered and recorded in its history, in
   * the caller's transaction: the applicant's first save, or a company's nomination made on the
   * person's behalf (issue 42), which the person then completes and submits as their own. The
   * caller holds the applicant row's lock and found no open application to the program under it.
   */
  async startDraft(tx: Executor, input: { applicantId: string; programId: string; typePath: ApplicationTypePath; actorId: string; note?: string }): Promise<{ id: string; applicationNumber: string }> {
    const { prefix, programType } = APPLICATION_TYPES[input.typePath];
    const year = new Date().getUTCFullYear();
    const sequence = await this.repository.nextNumber(tx, programType, year);
    const row = await this.repository.insert(tx, {
      applicationNumber: `${prefix}-${year}-${String(sequence).padStart(5, '0')}`,
      applicantId: input.applicantId,
      programId: input.programId,
      programType,
      status: STARTED,
      createdBy: input.actorId,
      modifiedBy: input.actorId,
    });
    await this.repository.insertHistory(tx, { applicationId: row.id, fromStatus: null, toStatus: STARTED, note: input.note ?? '', createdBy: input.actorId, modifiedBy: input.actorId });
    return { id: row.id, applicationNumber: row.applicationNumber };
  }

  /** Submits a complete draft once: every requirement answered, the declaration accepted. */
  async submit(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<Application> {
    const found = await this.owned(actor, typePath, id);
    if (found.application.status !== STARTED) throw new AppError('CONFLICT', APPLICATION_MESSAGES.notEditable);
    const answers = await this.repository.findAnswers(id, found.application.programId);
    const fieldErrors: Record<string, string> = {};
    for (const answer of answers) {
      if (!answer.answerText.trim() && answer.attachmentIds.length === 0) fieldErrors[`answers.${answer.requirementId}`] = APPLICATION_MESSAGES.answerRequired;
    }
    if (!found.application.declarationAccepted) fieldErrors.declarationAccepted = APPLICATION_MESSAGES.declarationRequired;
    const firstError = Object.values(fieldErrors)[0];
    if (firstError) throw new AppError('BAD_REQUEST', firstError, fieldErrors);

    await this.repository.transaction(async (tx) => {
      const moved = await this.repository.changeStatus(tx, id, STARTED, SUBMITTED, { submittedOn: new Date(), modifiedBy: actor.id });
      if (!moved) throw new AppError('CONFLICT', APPLICATION_MESSAGES.notEditable);
      // A resubmission answers staff's request for more information; the history says so.
      const note = informationRequestOf(found.application) ? 'Resubmitted with the information requested' : '';
      await this.repository.insertHistory(tx, { applicationId: id, fromStatus: STARTED, toStatus: SUBMITTED, note, createdBy: actor.id, modifiedBy: actor.id });
      await this.mail.send(
        {
          to: actor.email,
          toUserId: actor.id,
          programId: found.application.programId,
          subject: `Application ${found.application.applicationNumber} received`,
          paragraphs: [
            `We have received your application ${found.application.applicationNumber} for ${found.program.programTitle} (${found.program.programCode}).`,
            'Our staff will assess it and write to you about the next step.',
          ],
          links: [{ label: 'Your applications', url: `${this.publicUrl}/student/applications` }],
        },
        tx,
      );
    });
    return this.findOne(actor, typePath, id);
  }

  /** The applicant's own application; staff read it through `ApplicationWorkflowService.findApplication` (program-scoped). */
  async findOne(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<Application> {
    return this.toApplication(await this.owned(actor, typePath, id));
  }

  /**
   * The applicant's own application's moves: when, and from and to which status and stage. Steps
   * that moved nothing (a staff review, an assessor handover) and every staff note stay with staff.
   */
  async findHistory(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<ApplicantHistoryEntry[]> {
    await this.owned(actor, typePath, id);
    const moves = await this.repository.findMoves(id);
    return moves
      .filter((move) => move.fromStatus !== move.toStatus || move.fromStage !== move.toStage)
      .map((move) => ({
        id: move.id,
        changedOn: move.createdOn.toISOString(),
        fromStatus: move.fromStatus,
        toStatus: move.toStatus,
        fromStage: move.fromStage,
        toStage: move.toStage,
      }));
  }

  async findMine(actor: CurrentUser, page: number, pageSize: number): Promise<ApplicationPage> {
    if (!actor.applicantId) return { rows: [], page, pageSize, totalRows: 0 };
    const { rows, totalRows } = await this.repository.findPageOf(actor.applicantId, page, pageSize);
    return {
      rows: rows.map(({ application, program }) => ({
        id: application.id,
        applicationNumber: application.applicationNumber,
        programCode: program.programCode,
        programTitle: program.programTitle,
        programType: application.programType,
        status: application.status as ApplicationStatus,
        createdOn: application.createdOn.toISOString(),
        submittedOn: application.submittedOn?.toISOString() ?? null,
      })),
      page,
      pageSize,
      totalRows,
    };
  }

  /** For the catalogue: the applicant's status per program in the simpler listing set. */
  async applicantStatuses(applicantId: string, programIds: string[]): Promise<Map<string, ApplicantProgramStatus>> {
    const rows = await this.repository.latestStatuses(applicantId, programIds);
    return new Map(rows.map((row) => [row.programId, applicantProgramStatusOf(row.status as ApplicationStatus, row.awardStatus)]));
  }

  /** The applicant's own application; anything else (another applicant's, staff) is 404. */
  private async owned(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<ApplicationWithProgram> {
    const found = UUID.test(id) ? await this.repository.findById(id) : undefined;
    const isOwner = !!found && !!actor.applicantId && found.application.applicantId === actor.applicantId;
    if (!found || !isOwner || found.application.programType !== APPLICATION_TYPES[typePath].programType) {
      throw new AppError('NOT_FOUND', APPLICATION_MESSAGES.notFound);
    }
    return found;
  }

  /** The application as read; the caller has already decided who may read it (owner, or staff through the workflow's policy). */
  async toApplication({ application, program }: ApplicationWithProgram): Promise<Application> {
    const answers = await this.repository.findAnswers(application.id, application.programId);
    const files = await this.attachments.findByIds(answers.flatMap((answer) => answer.attachmentIds));
    return {
      id: application.id,
      applicationNumber: application.applicationNumber,
      applicantId: application.applicantId,
      programId: application.programId,
      programCode: program.programCode,
      programTitle: program.programTitle,
      programType: application.programType,
      status: application.status as ApplicationStatus,
      declarationAccepted: application.declarationAccepted,
      answers: answers.map((answer) => ({
        requirementId: answer.requirementId,
        requirementCode: answer.requirementCode,
        requirementDescription: answer.requirementDescription,
        answerText: answer.answerText,
        attachments: files.filter((file) => answer.attachmentIds.includes(file.id)),
      })),
      createdOn: application.createdOn.toISOString(),
      submittedOn: application.submittedOn?.toISOString() ?? null,
      modifiedOn: application.modifiedOn.toISOString(),
      informationRequest: informationRequestOf(application),
    };
  }
}

/** Staff's request for more information, shown only while the application is back with the applicant. */
export function informationRequestOf(row: { status: string; informationRequest: string | null; informationRequestedOn: Date | null }): { message: string; requestedOn: string } | null {
  if (row.status !== STARTED || !row.informationRequest || !row.informationRequestedOn) return null;
  return { message: row.informationRequest, requestedOn: row.informationRequestedOn.toISOString() };
}
