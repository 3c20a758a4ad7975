import { APPLICANT_MESSAGES } from '@certs/shared/applicant/applicant.contract';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { dayRangeInZone } from '@certs/shared/common/dates';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import {
  EXPORT_FILES,
  PRIVACY_MESSAGES,
  exportFileName,
  type AccessLogPage,
  type AccessLogQuery,
  type DeletionRequest,
  type DeletionRequestBody,
  type DeletionRequestPage,
  type DeletionRequestStatus,
} from '@certs/shared/privacy/privacy.contract';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import type { PersonalDataAccessLog, PersonalDataRead, PersonalDataSubject } from '../../platform/audit/personal-data-access';
import { staffAccountOf, type CurrentUser, type SessionUserChanges } from '../../platform/auth/authenticate';
import type { MailService } from '../../platform/mail/mail.service';
import type { Storage } from '../../platform/storage/storage';
import type { ApplicantService } from '../applicant/applicant.service';
import type { AttachmentService } from '../attachment/attachment.service';
import { canManageDeletionRequests, canReadAccessLog, isLoggedRead, isOwnApplicant } from './privacy.policy';
import type { DeletionRequestListRow, PersonalDataExport, PrivacyRepository } from './privacy.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The staff access log (decision 016): the applicant, attachment and application services call it
 * before they answer an applicant's profile, profile lists, files or the staff application page.
 */
export class PersonalDataAccessLogService implements PersonalDataAccessLog {
  constructor(private readonly repository: PrivacyRepository) {}

  async record(actor: CurrentUser, subject: PersonalDataSubject, what: PersonalDataRead): Promise<void> {
    if (!isLoggedRead(actor)) return;
    // A file's owner may be staff (an examiner's evidence, an invoice's PDF): not an applicant's personal data.
    const applicantId = 'applicantId' in subject ? subject.applicantId : await this.repository.findApplicantIdOfUser(subject.userId);
    if (!applicantId) return;
    await this.repository.insertAccessLog({ applicantId, actorUserId: actor.id, route: what.route, resource: what.resource ?? null, createdBy: actor.id, modifiedBy: actor.id });
  }

  async findPage(actor: CurrentUser, query: AccessLogQuery): Promise<AccessLogPage> {
    if (!canReadAccessLog(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    // Days are Sydney's, as on every other staff screen; `to` includes its whole day.
    const { from, to, ...rest } = query;
    const { rows, totalRows } = await this.repository.findAccessLogPage({
      ...rest,
      accountId: staffAccountOf(actor),
      from: from ? dayRangeInZone(from)?.from : undefined,
      to: to ? dayRangeInZone(to)?.to : undefined,
    });
    return { rows: rows.map((row) => ({ ...row, accessedOn: row.accessedOn.toISOString() })), page: query.page, pageSize: query.pageSize, totalRows };
  }
}

export interface PrivacyDeps {
  applicants: Pick<ApplicantService, 'anonymise'>;
  attachments: Pick<AttachmentService, 'removeFilesOf'>;
  mail: Pick<MailService, 'redactTo'>;
  storage: Pick<Storage, 'read'>;
  /** Told of the deactivated user once the change commits, so this instance's next check reads it afresh. */
  sessionUsers: SessionUserChanges;
  log: { warn(obj: object, msg: string): void };
}

/** A name that is safe as a path inside the archive. */
function archiveName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._ -]+/g, '_').replace(/^[. ]+/, '').slice(0, 100);
  return cleaned || 'file';
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

const README = `Your personal data, as the certification platform holds it on the day this archive was made.

profile.json                       your account and profile
education.json, experience.json,
professional-activities.json,
professional-development.json      the four lists of your profile
applications.json                  your applications: answers, modules (schedule and results once sent to you), history
invoices.json, payments.json       tax invoices issued to you and the payments made on them
exam-sittings.json                 your exam sittings and your answers (marks once released to you)
mail.json                          every mail the platform sent you
files.json, files/                 the files you uploaded
deletion-requests.json             your requests to have your personal data deleted
employers.json                     your employer link, links you ended, and the companies that checked your certificates

Dates are UTC (ISO 8601); amounts are in cents. Questions of exams are not included: they belong
to the question bank, not to you. Staff notes and assessors' working papers are not included;
ask the awarding body if you want them.
`;

/**
 * Personal data (issue 15; APP 11-13, NZ Privacy Act 2020): the applicant's export and deletion
 * requests, which staff complete by anonymising the applicant (decision 016).
 */
export class PrivacyService {
  constructor(
    private readonly repository: PrivacyRepository,
    private readonly deps: PrivacyDeps,
  ) {}

  /** One zip of everything held about the signed-in applicant: JSON files and their uploaded files. */
  async exportMine(actor: CurrentUser): Promise<{ fileName: string; bytes: Uint8Array }> {
    if (!isOwnApplicant(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const data = await this.repository.exportOf(actor.applicantId, actor.id);
    if (!data.profile) throw new AppError('NOT_FOUND', APPLICANT_MESSAGES.notFound);
    const archive: Zippable = { 'README.txt': strToU8(README) };
    const fileEntries: Record<string, unknown>[] = [];
    const files: Zippable = {};
    const pathOf = new Map<string, string>();
    for (const file of data.files) {
      const path = `files/${file.id}-${archiveName(file.name)}`;
      try {
        // Already compressed formats (PDF, images, Office) are stored as they are.
        files[path.slice('files/'.length)] = [new Uint8Array(await this.deps.storage.read(file.resourceKey)), { level: 0 }];
        pathOf.set(file.id, path);
        fileEntries.push({ ...file, path });
      } catch (error) {
        this.deps.log.warn({ err: error, attachmentId: file.id }, 'export: a stored file could not be read');
        fileEntries.push({ ...file, path: null, problem: 'The stored file could not be read; ask the awarding body for it.' });
      }
    }
    Object.assign(archive, this.jsonFilesOf(data, pathOf, fileEntries));
    if (Object.keys(files).length > 0) archive.files = files;
    return { fileName: exportFileName(todayInSydney()), bytes: zipSync(archive) };
  }

  async requestDeletion(actor: CurrentUser, body: DeletionRequestBody): Promise<DeletionRequest> {
    if (!isOwnApplicant(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    let id: string;
    try {
      const row = await this.repository.insertDeletionRequest({ applicantId: actor.applicantId, reason: body?.reason?.trim() ?? '', createdBy: actor.id, modifiedBy: actor.id });
      id = row.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', PRIVACY_MESSAGES.openRequestExists);
      throw error;
    }
    return this.findRequest(id);
  }

  async findDeletionRequests(actor: CurrentUser, query: { status?: DeletionRequestStatus; page: number; pageSize: number }): Promise<DeletionRequestPage> {
    if (!canManageDeletionRequests(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const { rows, totalRows } = await this.repository.findDeletionRequestPage({ ...query, accountId: staffAccountOf(actor) });
    return { rows: rows.map(toDeletionRequest), page: query.page, pageSize: query.pageSize, totalRows };
  }

  /**
   * Anonymises the applicant in one transaction under the request's row lock (a second click gets
   * 409): profile, sign-in and sessions (applicant service), mail bodies (mail service), uploaded
   * files (attachment service). Applications, awards, invoices and payments stay.
   */
  async completeDeletionRequest(actor: CurrentUser, id: string): Promise<DeletionRequest> {
    if (!canManageDeletionRequests(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (!UUID.test(id)) throw new AppError('NOT_FOUND', PRIVACY_MESSAGES.requestNotFound);
    const userId = await this.repository.transaction(async (tx) => {
      const request = await this.repository.lockDeletionRequest(tx, id, staffAccountOf(actor));
      if (!request) throw new AppError('NOT_FOUND', PRIVACY_MESSAGES.requestNotFound);
      if (request.status !== 'requested') throw new AppError('CONFLICT', PRIVACY_MESSAGES.alreadyCompleted);
      const anonymised = await this.deps.applicants.anonymise(tx, request.applicantId, actor.id);
      await this.deps.mail.redactTo(tx, anonymised.userId, anonymised.email);
      await this.deps.attachments.removeFilesOf(tx, anonymised.userId, actor.id);
      await this.repository.markCompleted(tx, id, actor.id);
      return anonymised.userId;
    });
    this.deps.sessionUsers.forget(userId);
    return this.findRequest(id);
  }

  private async findRequest(id: string): Promise<DeletionRequest> {
    const { rows } = await this.repository.findDeletionRequestPage({ id, page: 1, pageSize: 1 });
    const [row] = rows;
    if (!row) throw new AppError('NOT_FOUND', PRIVACY_MESSAGES.requestNotFound);
    return toDeletionRequest(row);
  }

  private jsonFilesOf(data: PersonalDataExport, pathOf: Map<string, string>, fileEntries: Record<string, unknown>[]): Zippable {
    const fileRef = (attachmentId: string) => ({ attachmentId, path: pathOf.get(attachmentId) ?? null });
    const applications = data.applications.map((application) => ({
      ...application,
      answers: data.answers
        .filter((answer) => answer.applicationId === application.id)
        .map(({ applicationId: _applicationId, ...answer }) => ({
          ...answer,
          files: data.answerFiles.filter((link) => link.answerId === answer.id).map((link) => fileRef(link.attachmentId)),
        })),
      modules: data.modules
        .filter((module) => module.applicationId === application.id)
        .map(({ applicationId: _applicationId, ...module }) => {
          // What the applicant's own pages show: the schedule once sent, results once recorded.
          const isSent = module.scheduleSentOn !== null;
          const hasResult = module.resultEnteredOn !== null;
          return {
            ...module,
            examKind: isSent ? module.examKind : null,
            scheduledAt: isSent ? module.scheduledAt : null,
            scheduleTimeZone: isSent ? module.scheduleTimeZone : null,
            durationMinutes: isSent ? module.durationMinutes : null,
            venue: isSent ? module.venue : null,
            result: hasResult ? module.result : null,
            resultPercentage: hasResult ? module.resultPercentage : null,
          };
        }),
      history: data.history.filter((entry) => entry.applicationId === application.id).map(({ applicationId: _applicationId, ...entry }) => entry),
    }));
    const sittings = data.sittings.map((sitting) => ({
      ...sitting,
      // Marks stay with the examiners until they are released to the candidate.
      score: sitting.marksReleased ? sitting.score : null,
      percentage: sitting.marksReleased ? sitting.percentage : null,
      result: sitting.marksReleased ? sitting.result : null,
      answers: data.examAnswers
        .filter((answer) => answer.examInstanceId === sitting.id)
        .map(({ examInstanceId: _examInstanceId, ...answer }) => ({
          ...answer,
          actualMarks: sitting.marksReleased ? answer.actualMarks : null,
          answerPapers: data.papers.filter((paper) => paper.questionInstanceId === answer.id).map((paper) => fileRef(paper.attachmentId)),
        })),
    }));
    return {
      [EXPORT_FILES.profile]: json(data.profile),
      [EXPORT_FILES.education]: json(data.education),
      [EXPORT_FILES.experience]: json(data.experience),
      [EXPORT_FILES.professionalActivities]: json(data.professionalActivities),
      [EXPORT_FILES.professionalDevelopment]: json(data.professionalDevelopment),
      [EXPORT_FILES.applications]: json(applications),
      [EXPORT_FILES.invoices]: json(data.invoices),
      [EXPORT_FILES.payments]: json(data.payments),
      [EXPORT_FILES.examSittings]: json(sittings),
      [EXPORT_FILES.mail]: json(data.mails),
      [EXPORT_FILES.files]: json(fileEntries),
      [EXPORT_FILES.deletionRequests]: json(data.deletionRequests),
      [EXPORT_FILES.employers]: json(data.employers),
    };
  }
}

function toDeletionRequest(row: DeletionRequestListRow): DeletionRequest {
  return {
    id: row.request.id,
    applicantId: row.request.applicantId,
    applicantName: row.applicantName,
    applicantEmail: row.applicantEmail,
    reason: row.request.reason,
    status: row.request.status,
    requestedOn: row.request.createdOn.toISOString(),
    completedOn: row.request.completedOn?.toISOString() ?? null,
    completedByName: row.completedByName,
  };
}
