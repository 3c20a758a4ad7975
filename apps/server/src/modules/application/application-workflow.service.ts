import type { Applicant } from '@certs/shared/applicant/applicant.contract';
import type { Application } from '@certs/shared/application/application.contract';
import {
  ASSESSMENT_OUTCOME_LABELS,
  STAGE_MESSAGES,
  assessmentCriteriaOf,
  assessmentSubmitErrors,
  knownSelections,
  type ApplicationQueuePage,
  type AssessmentOutcome,
  type AssessmentSaveRequest,
  type AssessorSaveRequest,
  type AssignAssessorRequest,
  type FileNote,
  type FileNoteRequest,
  type StaffApplicationDetails,
} from '@certs/shared/application/application-stage.contract';
import { APPLICATION_MESSAGES } from '@certs/shared/application/application.contract';
import { APPLICATION_TYPES, applicationTypeOfProgram, type ApplicationStatus, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { targetOf, type ApplicationAction, type WorkflowStage } from '@certs/shared/application/application-workflow';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { hasMenuAccess, staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import type { ApplicantService } from '../applicant/applicant.service';
import type { ImpartialityGuard } from '../impartiality/impartiality.guard';
import type { ProgramSettingsService } from '../program/program-settings.service';
import type { ProgramUserService } from '../program/program-user.service';
import type { ProgramService } from '../program/program.service';
import { canManageApplications, canReviewApplication, canSeeApplications, isApplicationAdministrator, type ProgramStanding } from './application-workflow.policy';
import type { ApplicationRow, ApplicationWorkflowRepository } from './application-workflow.repository';
import type { ApplicationRepository, ApplicationWithProgram } from './application.repository';
import type { ApplicationService } from './application.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OUTCOME_ACTION: Record<AssessmentOutcome, ApplicationAction> = { accept: 'acceptAssessment', moreInformation: 'requestInformation', reject: 'rejectAssessment' };

type QueueQuery = { programId?: string; page: number; pageSize: number; status?: string; stage?: string; searchTerm?: string; orderBy: 'applicationNumber' | 'applicationDate' | 'status'; ascending: boolean };

interface Loaded {
  found: ApplicationWithProgram;
  standing: ProgramStanding;
}

export interface ProgramServices {
  programs: ProgramService;
  users: ProgramUserService;
  settings: ProgramSettingsService;
}

/**
 * The staff side of an application (issue 6): the queue, the application page, the assessor and
 * assessment stages and file notes. Every move locks the application row, re-reads its status and
 * checks it against the shared transition table, then writes the change, the history and the mail
 * in that one transaction.
 */
export class ApplicationWorkflowService {
  constructor(
    private readonly repository: ApplicationWorkflowRepository,
    private readonly applications: ApplicationRepository,
    private readonly applicationService: ApplicationService,
    private readonly program: ProgramServices,
    private readonly applicants: ApplicantService,
    private readonly mail: MailService,
    private readonly publicUrl: string,
    /** Refuses an assessor with a conflict, a shared employer or a lapsed authorisation (issue 43). */
    private readonly impartiality: ImpartialityGuard,
  ) {}

  async findQueue(actor: CurrentUser, typePath: ApplicationTypePath, query: QueueQuery): Promise<ApplicationQueuePage> {
    let programIds: string[] | undefined;
    if (query.programId) {
      const privilege = await this.program.programs.programPrivilege(actor, query.programId);
      if (!canSeeApplications(actor, privilege)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
      const program = await this.program.programs.findProgram(actor, query.programId);
      if (program.programType !== APPLICATION_TYPES[typePath].programType) throw new AppError('BAD_REQUEST', APPLICATION_MESSAGES.wrongType);
      programIds = [query.programId];
    } else {
      // Across programs: administrators see every program of their account; other staff the programs they serve on (decision 006).
      if (!hasMenuAccess(actor, 'Programs')) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
      if (!isApplicationAdministrator(actor)) programIds = await this.repository.findProgramIdsServedBy(actor.id);
    }
    const { rows, totalRows } = await this.repository.findQueue({
      accountId: staffAccountOf(actor),
      programIds,
      programType: APPLICATION_TYPES[typePath].programType,
      status: query.status,
      stage: query.stage,
      search: searchTermOrUndefined(query.searchTerm),
      orderBy: query.orderBy,
      ascending: query.ascending,
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      rows: rows.map((row) => ({
        id: row.application.id,
        applicationNumber: row.application.applicationNumber,
        programId: row.application.programId,
        programCode: row.programCode,
        programTitle: row.programTitle,
        programType: row.application.programType,
        applicationDate: row.application.submittedOn?.toISOString() ?? null,
        status: row.application.status as ApplicationStatus,
        workflowStage: row.application.workflowStage as WorkflowStage | null,
        applicantName: row.applicantName,
        applicantEmail: row.applicantEmail,
        assessorName: row.assessorName,
      })),
      page: query.page,
      pageSize: query.pageSize,
      totalRows,
    };
  }

  /**
   * `GET api/{type}/{id}` for staff: the application once submitted, when the caller may see its
   * program's applications (decision 006); 403 otherwise, 404 for a draft never submitted.
   */
  async findApplication(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<Application> {
    const { found } = await this.load(actor, typePath, id);
    return this.applicationService.toApplication(found);
  }

  async findDetails(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<StaffApplicationDetails> {
    const { found, standing } = await this.load(actor, typePath, id);
    const { application: row } = found;
    const application = await this.applicationService.toApplication(found);
    const [applicant, assessor, history, review, assessment, assessorInstruction] = await Promise.all([
      // The profile shown on the staff page is a read of the applicant's personal record (decision 016).
      this.applicants.findForAuthorisedRecord(row.applicantId, { actor, route: `GET /api/${typePath}/:id/details`, resource: id }),
      row.assessorId ? this.repository.findUserName(row.assessorId) : undefined,
      this.repository.findHistory(id),
      row.assessmentRound > 0 ? this.repository.findReview(id, row.assessmentRound) : undefined,
      row.assessmentRound > 0 ? this.repository.findAssessment(id, row.assessmentRound) : undefined,
      this.assessorInstructionOf(actor, row.programId, row.programType),
    ]);
    const isBeingAssessed = row.status === 'Being Assessed';
    return {
      application,
      applicant,
      workflowStage: row.workflowStage as WorkflowStage | null,
      assessmentRound: row.assessmentRound,
      assessor: assessor ?? null,
      assessorInstruction,
      assessorReview: review
        ? {
            round: review.round,
            assessorId: review.assessorId,
            assessorName: review.assessorName,
            savedByName: review.savedByName,
            review: review.review,
            recommendation: review.recommendation as 'accept' | 'moreInformation' | 'reject' | null,
            modifiedOn: review.modifiedOn.toISOString(),
            submittedOn: review.submittedOn?.toISOString() ?? null,
          }
        : null,
      assessment: assessment
        ? {
            round: assessment.round,
            assessmentReport: assessment.assessmentReport,
            selections: assessment.selections as { criterion: string; answer: 'Yes' | 'No' | 'N/A' }[],
            outcome: assessment.outcome as AssessmentOutcome | null,
            messageToApplicant: assessment.messageToApplicant,
            modifiedOn: assessment.modifiedOn.toISOString(),
            submittedOn: assessment.submittedOn?.toISOString() ?? null,
            submittedBy: assessment.submittedByName,
          }
        : null,
      criteria: criteriaOf(application),
      history: history.map((entry) => ({
        id: entry.id,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        fromStage: entry.fromStage,
        toStage: entry.toStage,
        note: entry.note,
        changedOn: entry.createdOn.toISOString(),
        changedBy: entry.changedBy,
      })),
      permissions: {
        canManage: canManageApplications(actor, standing),
        canReview: isBeingAssessed && canReviewApplication(actor, row.assessorId) && !review?.submittedOn,
        canAddFileNote: true,
      },
    };
  }

  /** Assessor stage: assign (or hand over to) an assessor of the program; a new assessment round starts. */
  async assignAssessor(actor: CurrentUser, typePath: ApplicationTypePath, id: string, input: z.output<typeof AssignAssessorRequest>): Promise<StaffApplicationDetails> {
    const { found, standing } = await this.load(actor, typePath, id);
    if (!canManageApplications(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const assessors = await this.program.users.listUsers(actor, found.application.programId, 'assessor');
    const assessor = assessors.find((user) => user.userId === input.assessorId && user.active);
    if (!assessor) throw new AppError('BAD_REQUEST', STAGE_MESSAGES.notAnAssessor, { assessorId: STAGE_MESSAGES.notAnAssessor });
    const applicant = await this.applicants.findForAuthorisedRecord(found.application.applicantId);
    const clearance = await this.impartiality.assertAssignable(
      actor,
      standing,
      [{ programId: found.application.programId, applicationId: id, applicantUserId: applicant.userId, staffUserId: assessor.userId, role: 'assessor' }],
      input.override,
    );

    await this.repository.transaction(async (tx) => {
      const locked = await this.lockExpecting(tx, id, input.assessmentRound);
      const from = locked.status as ApplicationStatus;
      const to = this.targetOrConflict('assignAssessor', from, typePath, 'assigned an assessor');
      await clearance.record(tx);
      const round = locked.assessmentRound + 1;
      await this.repository.update(tx, id, { status: to, assessorId: assessor.userId, assessmentRound: round, modifiedBy: actor.id });
      const note = [`Assessor: ${assessor.name}`, clearance.isOverride && input.override ? `Impartiality refusal overridden: ${input.override.reason}` : '', input.note].filter(Boolean).join('. ');
      await this.repository.insertHistory(tx, { applicationId: id, fromStatus: from, toStatus: to, note, createdBy: actor.id, modifiedBy: actor.id });
      if (from !== to) await this.mail.send(this.mailToApplicant(found, applicant, 'assessment has started', ['An assessor has been assigned to your application. We will write to you when the assessment is complete.']), tx);
      await this.mail.send(
        {
          to: assessor.email,
          toUserId: assessor.userId,
          programId: found.application.programId,
          subject: `Application ${found.application.applicationNumber} assigned to you for assessment`,
          paragraphs: [
            `You have been assigned to assess application ${found.application.applicationNumber} of ${applicant.firstName} ${applicant.lastName} for ${found.program.programTitle} (${found.program.programCode}).`,
            'Open the application, read the answers and evidence, and submit your review.',
          ],
          links: [{ label: 'Open the application', url: this.staffPageUrl(found, typePath) }],
        },
        tx,
      );
    });
    return this.findDetails(actor, typePath, id);
  }

  /** The assessor's review: saved as often as needed, then submitted once with a recommendation. */
  async saveReview(actor: CurrentUser, typePath: ApplicationTypePath, id: string, input: z.output<typeof AssessorSaveRequest>, isSubmit: boolean): Promise<StaffApplicationDetails> {
    const { found } = await this.load(actor, typePath, id);
    if (!canReviewApplication(actor, found.application.assessorId)) throw new AppError('FORBIDDEN', STAGE_MESSAGES.notAssignedAssessor);
    await this.repository.transaction(async (tx) => {
      const locked = await this.lockOrMissing(tx, id);
      if (locked.status !== 'Being Assessed' || !locked.assessorId) throw new AppError('CONFLICT', STAGE_MESSAGES.notAllowed(locked.status, 'reviewed'));
      // The assessor may have been replaced since the page was read.
      if (!canReviewApplication(actor, locked.assessorId)) throw new AppError('FORBIDDEN', STAGE_MESSAGES.notAssignedAssessor);
      const existing = await this.repository.findReview(id, locked.assessmentRound, tx);
      if (existing?.submittedOn) throw new AppError('CONFLICT', STAGE_MESSAGES.reviewSubmitted);
      await this.repository.upsertReview(tx, {
        applicationId: id,
        round: locked.assessmentRound,
        assessorId: locked.assessorId,
        review: input.review,
        recommendation: input.recommendation,
        submittedOn: isSubmit ? new Date() : null,
        createdBy: actor.id,
        modifiedBy: actor.id,
      });
      if (isSubmit) {
        // Names, as the page shows them: "Sam Super for Alex Assessor" when someone acts for the assessor (issue 45 item 8).
        const names = await this.repository.findReview(id, locked.assessmentRound, tx);
        const by = !names || locked.assessorId === actor.id ? (names?.assessorName ?? 'the assessor') : `${names.savedByName} for ${names.assessorName}`;
        const recommendation = input.recommendation ? ASSESSMENT_OUTCOME_LABELS[input.recommendation] : '-';
        await this.repository.insertHistory(tx, {
          applicationId: id,
          fromStatus: locked.status,
          toStatus: locked.status,
          note: `Assessor review submitted by ${by}; recommendation: ${recommendation}`,
          createdBy: actor.id,
          modifiedBy: actor.id,
        });
      }
    });
    return this.findDetails(actor, typePath, id);
  }

  /** Assessment stage: saved as a draft, or submitted with its outcome (accept, more information, reject). */
  async saveAssessment(actor: CurrentUser, typePath: ApplicationTypePath, id: string, input: z.output<typeof AssessmentSaveRequest>, isSubmit: boolean): Promise<StaffApplicationDetails> {
    const { found, standing } = await this.load(actor, typePath, id);
    if (!canManageApplications(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const application = await this.applicationService.toApplication(found);
    const criteria = criteriaOf(application);
    const selections = knownSelections(input.selections, criteria);
    if (isSubmit) {
      const errors = assessmentSubmitErrors({ ...input, selections }, criteria);
      const first = Object.values(errors)[0];
      if (first) throw new AppError('BAD_REQUEST', first, errors);
    }
    const applicant = isSubmit ? await this.applicants.findForAuthorisedRecord(found.application.applicantId) : undefined;

    await this.repository.transaction(async (tx) => {
      const locked = await this.lockOrMissing(tx, id);
      const from = locked.status as ApplicationStatus;
      if (from !== 'Being Assessed') throw new AppError('CONFLICT', STAGE_MESSAGES.notAllowed(from, 'assessed'));
      const existing = await this.repository.findAssessment(id, locked.assessmentRound, tx);
      if (existing?.submittedOn) throw new AppError('CONFLICT', STAGE_MESSAGES.assessmentSubmitted);
      const values = {
        applicationId: id,
        round: locked.assessmentRound,
        assessmentReport: input.assessmentReport,
        selections,
        outcome: input.outcome,
        messageToApplicant: input.messageToApplicant,
        submittedOn: null as Date | null,
        createdBy: actor.id,
        modifiedBy: actor.id,
      };
      if (!isSubmit || !input.outcome || !applicant) {
        await this.repository.upsertAssessment(tx, values);
        return;
      }
      const review = await this.repository.findReview(id, locked.assessmentRound, tx);
      if (!review?.submittedOn) throw new AppError('CONFLICT', STAGE_MESSAGES.reviewNotSubmitted);
      const to = this.targetOrConflict(OUTCOME_ACTION[input.outcome], from, typePath, 'assessed');
      const now = new Date();
      const message = input.messageToApplicant.trim();
      await this.repository.upsertAssessment(tx, { ...values, submittedOn: now });
      await this.repository.update(tx, id, {
        status: to,
        modifiedBy: actor.id,
        ...(input.outcome === 'moreInformation' ? { informationRequest: message, informationRequestedOn: now } : {}),
      });
      const note = `${ASSESSMENT_OUTCOME_LABELS[input.outcome]}${message ? `: ${message}` : ''}`;
      await this.repository.insertHistory(tx, { applicationId: id, fromStatus: from, toStatus: to, note, createdBy: actor.id, modifiedBy: actor.id });
      await this.mail.send(this.outcomeMail(found, applicant, input.outcome, message), tx);
    });
    return this.findDetails(actor, typePath, id);
  }

  async addFileNote(actor: CurrentUser, typePath: ApplicationTypePath, id: string, input: z.output<typeof FileNoteRequest>): Promise<FileNote> {
    await this.load(actor, typePath, id);
    const row = await this.repository.insertFileNote({ applicationId: id, note: input.note, createdBy: actor.id, modifiedBy: actor.id });
    const author = await this.repository.findUserName(actor.id);
    return { id: row.id, note: row.note, createdOn: row.createdOn.toISOString(), createdBy: author?.name ?? '-' };
  }

  async findFileNotes(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<FileNote[]> {
    await this.load(actor, typePath, id);
    const rows = await this.repository.findFileNotes(id);
    return rows.map((row) => ({ id: row.id, note: row.note, createdOn: row.createdOn.toISOString(), createdBy: row.createdByName }));
  }

  /** The application of this type, once the caller may see its program's applications; a draft never submitted stays the applicant's. */
  private async load(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<Loaded> {
    const found = UUID.test(id) ? await this.applications.findById(id) : undefined;
    if (!found || found.application.programType !== APPLICATION_TYPES[typePath].programType || !found.application.submittedOn) {
      throw new AppError('NOT_FOUND', STAGE_MESSAGES.notFound);
    }
    const standing = await this.program.programs.programPrivilege(actor, found.application.programId);
    if (!canSeeApplications(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { found, standing };
  }

  private async lockOrMissing(tx: Executor, id: string): Promise<ApplicationRow> {
    const locked = await this.repository.lock(tx, id);
    if (!locked) throw new AppError('NOT_FOUND', STAGE_MESSAGES.notFound);
    return locked;
  }

  /** Locks the row and refuses when another member of staff started a new round since the caller read it. */
  private async lockExpecting(tx: Executor, id: string, expectedRound: number): Promise<ApplicationRow> {
    const locked = await this.lockOrMissing(tx, id);
    if (locked.assessmentRound !== expectedRound) throw new AppError('CONFLICT', STAGE_MESSAGES.moved);
    return locked;
  }

  private targetOrConflict(action: ApplicationAction, from: ApplicationStatus, typePath: ApplicationTypePath, what: string): ApplicationStatus {
    const to = targetOf(action, from, typePath);
    if (!to) throw new AppError('CONFLICT', STAGE_MESSAGES.notAllowed(from, what));
    return to;
  }

  private async assessorInstructionOf(actor: CurrentUser, programId: string, programType: number): Promise<string | null> {
    if (programType !== PROGRAM_TYPES.Certification && programType !== PROGRAM_TYPES.AICIP) return null;
    const { settings } = await this.program.settings.findCertification(actor, programId, 'initial');
    return settings?.assessorAssessmentInstruction || null;
  }

  private applicantPageUrl(found: ApplicationWithProgram): string {
    return `${this.publicUrl}/student/applications/${applicationTypeOfProgram(found.application.programType)}/${found.application.id}`;
  }

  private staffPageUrl(found: ApplicationWithProgram, typePath: ApplicationTypePath): string {
    return `${this.publicUrl}/admin/programs/${found.application.programId}/applications/${typePath}/${found.application.id}`;
  }

  private mailToApplicant(found: ApplicationWithProgram, applicant: Applicant, subjectTail: string, paragraphs: string[]): OutgoingMail {
    const number = found.application.applicationNumber;
    return {
      to: applicant.email,
      toUserId: applicant.userId,
      programId: found.application.programId,
      subject: `Application ${number}: ${subjectTail}`,
      paragraphs: [`Dear ${applicant.firstName},`, `This is about your application ${number} for ${found.program.programTitle} (${found.program.programCode}).`, ...paragraphs],
      links: [{ label: 'Your application', url: this.applicantPageUrl(found) }],
    };
  }

  private outcomeMail(found: ApplicationWithProgram, applicant: Applicant, outcome: AssessmentOutcome, message: string): OutgoingMail {
    if (outcome === 'moreInformation') {
      return this.mailToApplicant(found, applicant, 'more information needed', [
        'Our assessors need more information before your application can go on:',
        message,
        'Open your application, add what is asked and submit it again.',
      ]);
    }
    if (outcome === 'reject') {
      return this.mailToApplicant(found, applicant, 'not accepted', ['We are sorry: after assessment your application has not been accepted.', message, 'If you have questions, use Contact us.']);
    }
    return this.mailToApplicant(found, applicant, 'accepted into examinations', [
      'Your application has been assessed and accepted into examinations.',
      ...(message ? [message] : []),
      'We will write to you with your modules and the invoice.',
    ]);
  }
}

function criteriaOf(application: Application) {
  return assessmentCriteriaOf(application.answers);
}

