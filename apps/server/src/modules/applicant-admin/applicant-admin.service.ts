import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import type { ApplicantRecord, ApplicantSubList } from '@certs/shared/applicant-admin/applicant-admin.contract';
import { APPLICANT_MESSAGES } from '@certs/shared/applicant/applicant.contract';
import { AppError } from '../../platform/app-error';
import { NO_ACCESS_LOG, type PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { isApplicantAdministrator, type ApplicantReach } from '../applicant/applicant-reach';
import type { ApplicantService } from '../applicant/applicant.service';
import { PROFILE_TABLES, type ApplicantAdminRepository, type Paging, type ProgramScope } from './applicant-admin.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ApplicantAdminDeps {
  repository: ApplicantAdminRepository;
  applicants: Pick<ApplicantService, 'findForAuthorisedRecord'>;
  /** Which applicants a member of staff reaches: the one rule of the profile routes too. */
  reach: Pick<ApplicantReach, 'scopeOf'>;
  accessLog?: PersonalDataAccessLog;
}

/**
 * Staff's view of one applicant (issue 20): administrators read everything of their account (an
 * applicant without an application to its programs is not theirs: 403); a program's staff
 * only applicants with a submitted application in a program they serve (403 otherwise, reads
 * included), and of those only their programs' applications, history and file notes. Every read
 * is written to the personal-data access log (decision 016).
 */
export class ApplicantAdminService {
  constructor(private readonly deps: ApplicantAdminDeps) {}

  async findRecord(actor: CurrentUser, applicantId: string, route: string): Promise<ApplicantRecord> {
    await this.scopeOf(actor, applicantId);
    const applicant = await this.deps.applicants.findForAuthorisedRecord(applicantId, { actor, route });
    return { applicant, isAdministrator: isApplicantAdministrator(actor), employerName: await this.deps.repository.findEmployerName(applicantId) };
  }

  async findSubList(actor: CurrentUser, applicantId: string, list: Exclude<ApplicantSubList, 'awards'>, paging: Paging, route: string) {
    const scope = await this.scopeOf(actor, applicantId);
    await (this.deps.accessLog ?? NO_ACCESS_LOG).record(actor, { applicantId }, { route });
    const repository = this.deps.repository;
    const page = <T>(result: { rows: T[]; totalRows: number }) => ({ ...result, page: paging.page, pageSize: paging.pageSize });
    switch (list) {
      case 'qualification': {
        const result = await repository.findProfileList(PROFILE_TABLES.qualification, applicantId, paging);
        return page({ ...result, rows: result.rows.map((row) => ({ id: row.id, applicantId: row.applicantId, course: row.course, institution: row.institution, location: row.location, qualificationType: row.qualificationType, startDate: row.startDate, endDate: row.endDate })) });
      }
      case 'experience': {
        const result = await repository.findProfileList(PROFILE_TABLES.experience, applicantId, paging);
        return page({ ...result, rows: result.rows.map((row) => ({ id: row.id, applicantId: row.applicantId, employer: row.employer, position: row.position, duties: row.duties, startDate: row.startDate, endDate: row.endDate })) });
      }
      case 'professionalactivities': {
        const result = await repository.findProfileList(PROFILE_TABLES.professionalactivities, applicantId, paging);
        return page({ ...result, rows: result.rows.map((row) => ({ id: row.id, applicantId: row.applicantId, activity: row.activity, organisation: row.organisation, role: row.role, startDate: row.startDate, endDate: row.endDate })) });
      }
      case 'applications': {
        const result = await repository.findApplications(applicantId, scope, paging);
        return page({
          ...result,
          rows: result.rows.map(({ application, programCode, programTitle }) => ({
            id: application.id,
            applicationNumber: application.applicationNumber,
            programId: application.programId,
            programCode,
            programTitle,
            programType: application.programType,
            status: application.status,
            workflowStage: application.workflowStage,
            createdOn: application.createdOn.toISOString(),
            submittedOn: application.submittedOn?.toISOString() ?? null,
          })),
        });
      }
      case 'history': {
        const result = await repository.findHistory(applicantId, scope, paging);
        return page({
          ...result,
          rows: result.rows.map(({ entry, applicationNumber, changedBy }) => ({
            id: entry.id,
            applicationId: entry.applicationId,
            applicationNumber,
            fromStatus: entry.fromStatus,
            toStatus: entry.toStatus,
            fromStage: entry.fromStage,
            toStage: entry.toStage,
            note: entry.note,
            changedBy,
            createdOn: entry.createdOn.toISOString(),
          })),
        });
      }
      case 'filenotes': {
        const result = await repository.findFileNotes(applicantId, scope, paging);
        return page({
          ...result,
          rows: result.rows.map(({ note, applicationNumber, writtenBy }) => ({ id: note.id, applicationId: note.applicationId, applicationNumber, note: note.note, writtenBy, createdOn: note.createdOn.toISOString() })),
        });
      }
      case 'emails': {
        // Mail of every program of the account the applicant deals with: administrators only.
        if (scope.kind !== 'account') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
        const result = await repository.findEmails(applicantId, scope.accountId, paging);
        return page({ ...result, rows: result.rows.map((mail) => ({ id: mail.id, subject: mail.subject, toEmail: mail.toEmail, status: mail.status, text: mail.text, createdOn: mail.createdOn.toISOString() })) });
      }
    }
  }

  /** The caller's reach over this applicant; 403 for staff without an application of theirs in their programs. */
  private async scopeOf(actor: CurrentUser, applicantId: string): Promise<ProgramScope> {
    if (actor.userType !== 'admin') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (!UUID.test(applicantId)) throw new AppError('NOT_FOUND', APPLICANT_MESSAGES.notFound);
    const scope = await this.deps.reach.scopeOf(actor, applicantId);
    if (!scope) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return scope;
  }
}
