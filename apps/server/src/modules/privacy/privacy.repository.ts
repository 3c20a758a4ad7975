import { aliasedTable, and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import {
  applicantEducation,
  applicantExperience,
  applicantProfessionalActivities,
  applicantProfessionalDevelopment,
} from '../../db/schema/applicant-profile';
import { applicationAnswerAttachments, applicationAnswers, applicationHistory, applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { attachments } from '../../db/schema/attachment';
import { certificateChecks, endedEmployerLinks } from '../../db/schema/certificate-check';
import { companies } from '../../db/schema/company';
import { examDefinitions } from '../../db/schema/exam-definition';
import { answerPapers, examInstances, questionInstances } from '../../db/schema/exam-instance';
import { mails } from '../../db/schema/mail';
import { invoices, payments } from '../../db/schema/payment';
import { personalDataAccessLog, personalDataDeletionRequests } from '../../db/schema/privacy';
import { programModules, programRequirements, programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { membershipsOfApplicants } from '../../db/account-memberships';
import { venues } from '../../db/schema/venue';
import { appliedNowhere } from '../applicant/applied-nowhere';

export type DeletionRequestRow = typeof personalDataDeletionRequests.$inferSelect;
export interface DeletionRequestListRow {
  request: DeletionRequestRow;
  applicantName: string;
  applicantEmail: string;
  completedByName: string | null;
}

const subjectUsers = aliasedTable(users, 'subject_users');
const actorUsers = aliasedTable(users, 'actor_users');
const fullName = (table: typeof users) => sql<string>`${table.firstName} || ' ' || ${table.lastName}`;
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A part of the person's full name or email, in any case. */
const nameOrEmailLike = (table: typeof users, term: string): SQL => or(ilike(fullName(table), likePattern(term)), ilike(table.email, likePattern(term)))!;

/**
 * Whose deletion requests an account's administrators handle (issue 40): applicants belong to the
 * platform, so those of applicants with an application to the account's programs, and those of
 * applicants who have applied nowhere yet (no account's record; support's rule too).
 */
function handledBy(accountId: string, applicantId: typeof personalDataDeletionRequests.applicantId): SQL {
  return sql`(exists (select 1 from applications ap join programs p on p.id = ap.program_id where ap.applicant_id = ${applicantId} and p.account_id = ${accountId})
    or ${appliedNowhere(applicantId)})`;
}

/** The log's filters as the repository takes them: days already turned into instants. */
export interface AccessLogFilters {
  /** Only reads by staff of this account: the log is each account's check on its own staff. */
  accountId: string;
  applicantId?: string;
  actorUserId?: string;
  applicant?: string;
  staff?: string;
  /** Rows on or after this instant. */
  from?: Date;
  /** Rows before this instant. */
  to?: Date;
}

/**
 * The privacy module's own tables (deletion requests, the staff access log), and one read-only
 * export of everything the platform holds about one applicant (decision 016). The export reads
 * other domains' tables: it only selects, in one read-only snapshot, and every query is keyed by
 * the caller's own applicant id or user id (taken from the session, never from the request).
 * Changes to other domains' rows (the anonymisation) go through their services.
 */
export class PrivacyRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  // Staff access log.

  async insertAccessLog(values: typeof personalDataAccessLog.$inferInsert): Promise<void> {
    await this.db.insert(personalDataAccessLog).values(values);
  }

  async findApplicantIdOfUser(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ id: applicants.id }).from(applicants).where(eq(applicants.userId, userId));
    return row?.id ?? null;
  }

  async findAccessLogPage(options: AccessLogFilters & { page: number; pageSize: number }) {
    const conditions: SQL[] = [eq(actorUsers.accountId, options.accountId)];
    if (options.applicantId) conditions.push(eq(personalDataAccessLog.applicantId, options.applicantId));
    if (options.actorUserId) conditions.push(eq(personalDataAccessLog.actorUserId, options.actorUserId));
    if (options.applicant) conditions.push(nameOrEmailLike(subjectUsers, options.applicant));
    if (options.staff) conditions.push(nameOrEmailLike(actorUsers, options.staff));
    if (options.from) conditions.push(gte(personalDataAccessLog.createdOn, options.from));
    if (options.to) conditions.push(lt(personalDataAccessLog.createdOn, options.to));
    const where = and(...conditions);
    // The count joins the same tables as the page: the name and account filters read them.
    const [total] = await this.db
      .select({ n: count() })
      .from(personalDataAccessLog)
      .innerJoin(applicants, eq(applicants.id, personalDataAccessLog.applicantId))
      .innerJoin(subjectUsers, eq(subjectUsers.id, applicants.userId))
      .innerJoin(actorUsers, eq(actorUsers.id, personalDataAccessLog.actorUserId))
      .where(where);
    const rows = await this.db
      .select({
        id: personalDataAccessLog.id,
        applicantId: personalDataAccessLog.applicantId,
        applicantName: fullName(subjectUsers),
        actorUserId: personalDataAccessLog.actorUserId,
        actorName: fullName(actorUsers),
        actorEmail: actorUsers.email,
        route: personalDataAccessLog.route,
        resource: personalDataAccessLog.resource,
        accessedOn: personalDataAccessLog.createdOn,
      })
      .from(personalDataAccessLog)
      .innerJoin(applicants, eq(applicants.id, personalDataAccessLog.applicantId))
      .innerJoin(subjectUsers, eq(subjectUsers.id, applicants.userId))
      .innerJoin(actorUsers, eq(actorUsers.id, personalDataAccessLog.actorUserId))
      .where(where)
      .orderBy(desc(personalDataAccessLog.createdOn), desc(personalDataAccessLog.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  // Deletion requests.

  /** Throws a unique violation when the applicant already has an open request. */
  async insertDeletionRequest(values: typeof personalDataDeletionRequests.$inferInsert): Promise<DeletionRequestRow> {
    const [row] = await this.db.insert(personalDataDeletionRequests).values(values).returning();
    if (!row) throw new Error('deletion request not recorded');
    return row;
  }

  /** The request under its row lock, when the account handles it (another account's answers as missing). */
  async lockDeletionRequest(tx: Executor, id: string, accountId: string): Promise<DeletionRequestRow | undefined> {
    const [row] = await tx
      .select()
      .from(personalDataDeletionRequests)
      .where(and(eq(personalDataDeletionRequests.id, id), handledBy(accountId, personalDataDeletionRequests.applicantId)))
      .for('update');
    return row;
  }

  async markCompleted(tx: Executor, id: string, byUserId: string): Promise<void> {
    const now = new Date();
    await tx
      .update(personalDataDeletionRequests)
      .set({ status: 'completed', completedOn: now, completedBy: byUserId, modifiedOn: now, modifiedBy: byUserId })
      .where(and(eq(personalDataDeletionRequests.id, id), eq(personalDataDeletionRequests.status, 'requested')));
  }

  async findDeletionRequestPage(options: { status?: DeletionRequestRow['status']; page: number; pageSize: number; id?: string; accountId?: string }): Promise<{ rows: DeletionRequestListRow[]; totalRows: number }> {
    const conditions: SQL[] = [];
    if (options.accountId) conditions.push(handledBy(options.accountId, personalDataDeletionRequests.applicantId));
    if (options.status) conditions.push(eq(personalDataDeletionRequests.status, options.status));
    if (options.id) conditions.push(eq(personalDataDeletionRequests.id, options.id));
    const where = conditions.length ? and(...conditions) : undefined;
    const [total] = await this.db.select({ n: count() }).from(personalDataDeletionRequests).where(where);
    const rows = await this.db
      .select({
        request: personalDataDeletionRequests,
        applicantName: fullName(subjectUsers),
        applicantEmail: subjectUsers.email,
        completedByName: sql<string | null>`case when ${actorUsers.id} is null then null else ${fullName(actorUsers)} end`,
      })
      .from(personalDataDeletionRequests)
      .innerJoin(applicants, eq(applicants.id, personalDataDeletionRequests.applicantId))
      .innerJoin(subjectUsers, eq(subjectUsers.id, applicants.userId))
      .leftJoin(actorUsers, eq(actorUsers.id, personalDataDeletionRequests.completedBy))
      .where(where)
      // Open requests first, oldest first: the order they are worked through.
      .orderBy(sql`${personalDataDeletionRequests.status} = 'completed'`, asc(personalDataDeletionRequests.createdOn), asc(personalDataDeletionRequests.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  // The export: read only, one snapshot, keyed by the caller's own ids.

  async exportOf(applicantId: string, userId: string) {
    return this.db.transaction(
      async (tx) => {
        const [profile] = await tx
          .select({
            applicantId: applicants.id,
            userId: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            timeZone: users.timeZone,
            active: users.active,
            activatedOn: users.activatedOn,
            dateOfBirth: applicants.dateOfBirth,
            phone: applicants.phone,
            primaryEmail: applicants.primaryEmail,
            homeAddress: applicants.homeAddress,
            workAddress: applicants.workAddress,
            membershipType: applicants.membershipType,
            memberNumber: applicants.memberNumber,
            createdOn: applicants.createdOn,
            modifiedOn: applicants.modifiedOn,
          })
          .from(applicants)
          .innerJoin(users, eq(users.id, applicants.userId))
          .where(and(eq(applicants.id, applicantId), eq(users.id, userId)));
        const education = await tx.select().from(applicantEducation).where(eq(applicantEducation.applicantId, applicantId)).orderBy(asc(applicantEducation.createdOn));
        const experience = await tx.select().from(applicantExperience).where(eq(applicantExperience.applicantId, applicantId)).orderBy(asc(applicantExperience.createdOn));
        const professionalActivities = await tx
          .select()
          .from(applicantProfessionalActivities)
          .where(eq(applicantProfessionalActivities.applicantId, applicantId))
          .orderBy(asc(applicantProfessionalActivities.createdOn));
        const professionalDevelopment = await tx
          .select()
          .from(applicantProfessionalDevelopment)
          .where(eq(applicantProfessionalDevelopment.applicantId, applicantId))
          .orderBy(asc(applicantProfessionalDevelopment.createdOn));

        const applicationRows = await tx
          .select({
            id: applications.id,
            applicationNumber: applications.applicationNumber,
            programCode: programs.programCode,
            programTitle: programs.programTitle,
            programType: applications.programType,
            status: applications.status,
            workflowStage: applications.workflowStage,
            declarationAccepted: applications.declarationAccepted,
            submittedOn: applications.submittedOn,
            informationRequest: applications.informationRequest,
            informationRequestedOn: applications.informationRequestedOn,
            overallResult: applications.overallResult,
            resultRecordedOn: applications.resultRecordedOn,
            createdOn: applications.createdOn,
            modifiedOn: applications.modifiedOn,
          })
          .from(applications)
          .innerJoin(programs, eq(programs.id, applications.programId))
          .where(eq(applications.applicantId, applicantId))
          .orderBy(asc(applications.createdOn));
        const applicationIds = applicationRows.map((row) => row.id);
        const hasApplications = applicationIds.length > 0;
        const answers = hasApplications
          ? await tx
              .select({
                id: applicationAnswers.id,
                applicationId: applicationAnswers.applicationId,
                requirementCode: programRequirements.requirementCode,
                requirementDescription: programRequirements.requirementDescription,
                answerText: applicationAnswers.answerText,
                modifiedOn: applicationAnswers.modifiedOn,
              })
              .from(applicationAnswers)
              .innerJoin(programRequirements, eq(programRequirements.id, applicationAnswers.requirementId))
              .where(inArray(applicationAnswers.applicationId, applicationIds))
              .orderBy(asc(programRequirements.sortOrder))
          : [];
        const answerFiles = answers.length
          ? await tx
              .select({ answerId: applicationAnswerAttachments.answerId, attachmentId: applicationAnswerAttachments.attachmentId })
              .from(applicationAnswerAttachments)
              .where(inArray(applicationAnswerAttachments.answerId, answers.map((answer) => answer.id)))
          : [];
        // The applicant's history as their portal shows it: moves and dates, without staff notes or names.
        const history = hasApplications
          ? await tx
              .select({
                applicationId: applicationHistory.applicationId,
                fromStatus: applicationHistory.fromStatus,
                toStatus: applicationHistory.toStatus,
                fromStage: applicationHistory.fromStage,
                toStage: applicationHistory.toStage,
                changedOn: applicationHistory.createdOn,
              })
              .from(applicationHistory)
              .where(inArray(applicationHistory.applicationId, applicationIds))
              .orderBy(asc(applicationHistory.sequence))
          : [];
        const modules = hasApplications
          ? await tx
              .select({
                id: applicationModules.id,
                applicationId: applicationModules.applicationId,
                moduleCode: programModules.moduleCode,
                moduleTitle: programModules.moduleTitle,
                isRequired: applicationModules.isRequired,
                feeCents: applicationModules.feeCents,
                feeBasis: applicationModules.feeBasis,
                examKind: applicationModules.examKind,
                scheduledAt: applicationModules.scheduledAt,
                scheduleTimeZone: applicationModules.scheduleTimeZone,
                durationMinutes: applicationModules.durationMinutes,
                venue: venues.title,
                scheduleSentOn: applicationModules.scheduleSentOn,
                result: applicationModules.result,
                resultPercentage: applicationModules.resultPercentage,
                resultEnteredOn: applicationModules.resultEnteredOn,
              })
              .from(applicationModules)
              .innerJoin(programModules, eq(programModules.id, applicationModules.programModuleId))
              .leftJoin(venues, eq(venues.id, applicationModules.venueId))
              .where(inArray(applicationModules.applicationId, applicationIds))
              .orderBy(asc(applicationModules.order))
          : [];
        const invoiceRows = hasApplications
          ? await tx
              .select({
                id: invoices.id,
                applicationId: invoices.applicationId,
                invoiceNumber: invoices.invoiceNumber,
                issuedOn: invoices.issuedOn,
                issuer: invoices.issuer,
                billedTo: invoices.billedTo,
                lines: invoices.lines,
                subtotalCents: invoices.subtotalCents,
                discountCents: invoices.discountCents,
                couponCode: invoices.couponCode,
                gstRateBasisPoints: invoices.gstRateBasisPoints,
                gstCents: invoices.gstCents,
                totalCents: invoices.totalCents,
                currency: invoices.currency,
                status: invoices.status,
                paidOn: invoices.paidOn,
              })
              .from(invoices)
              .where(inArray(invoices.applicationId, applicationIds))
              .orderBy(asc(invoices.invoiceNumber))
          : [];
        const paymentRows = hasApplications
          ? await tx
              .select({
                id: payments.id,
                trackerId: payments.trackerId,
                invoiceId: payments.invoiceId,
                applicationId: payments.applicationId,
                gateway: payments.gateway,
                amountCents: payments.amountCents,
                currency: payments.currency,
                status: payments.status,
                gatewayReference: payments.gatewayReference,
                offlineReference: payments.offlineReference,
                failureReason: payments.failureReason,
                expiresOn: payments.expiresOn,
                paidOn: payments.paidOn,
                createdOn: payments.createdOn,
              })
              .from(payments)
              .where(inArray(payments.applicationId, applicationIds))
              .orderBy(asc(payments.createdOn))
          : [];

        const sittings = await tx
          .select({
            id: examInstances.id,
            examType: examInstances.examType,
            test: examDefinitions.title,
            applicationModuleId: examInstances.applicationModuleId,
            status: examInstances.status,
            startedOn: examInstances.startedOn,
            deadline: examInstances.deadline,
            submittedOn: examInstances.submittedOn,
            submittedHow: examInstances.submittedHow,
            totalSeconds: examInstances.totalSeconds,
            extraSeconds: examInstances.extraSeconds,
            totalMarks: examInstances.totalMarks,
            score: examInstances.score,
            percentage: examInstances.percentage,
            result: examInstances.result,
            marksReleased: examInstances.marksReleased,
          })
          .from(examInstances)
          .innerJoin(examDefinitions, eq(examDefinitions.id, examInstances.examDefinitionId))
          .where(eq(examInstances.applicantId, applicantId))
          .orderBy(asc(examInstances.startedOn));
        const sittingIds = sittings.map((sitting) => sitting.id);
        // The candidate's own answers; the questions themselves (and their correct answers) are the bank's, not personal data.
        const examAnswers = sittingIds.length
          ? await tx
              .select({
                id: questionInstances.id,
                examInstanceId: questionInstances.examInstanceId,
                questionNumber: sql<number>`${questionInstances.sortOrder} + 1`,
                maxMarks: questionInstances.maxMarks,
                isAnswered: questionInstances.isAnswered,
                isAttempted: questionInstances.isAttempted,
                isMarked: questionInstances.isMarked,
                timeTaken: questionInstances.timeTaken,
                numOfAttempts: questionInstances.numOfAttempts,
                answerOptionGivenByUser: questionInstances.answerOptionGivenByUser,
                answerValueGivenByUser: questionInstances.answerValueGivenByUser,
                actualMarks: questionInstances.actualMarks,
              })
              .from(questionInstances)
              .where(inArray(questionInstances.examInstanceId, sittingIds))
              .orderBy(asc(questionInstances.sortOrder))
          : [];
        const papers = examAnswers.length
          ? await tx
              .select({ questionInstanceId: answerPapers.questionInstanceId, attachmentId: answerPapers.attachmentId })
              .from(answerPapers)
              .where(inArray(answerPapers.questionInstanceId, examAnswers.map((answer) => answer.id)))
          : [];

        const mailRows = await tx
          .select({ id: mails.id, toEmail: mails.toEmail, subject: mails.subject, text: mails.text, links: mails.links, status: mails.status, createdOn: mails.createdOn, sentOn: mails.sentOn })
          .from(mails)
          .where(eq(mails.toUserId, userId))
          .orderBy(asc(mails.createdOn));
        const files = await tx
          .select({
            id: attachments.id,
            resourceKey: attachments.resourceKey,
            name: attachments.name,
            contentType: attachments.contentType,
            size: attachments.size,
            savedOn: attachments.savedOn,
          })
          .from(attachments)
          .where(and(eq(attachments.ownerUserId, userId), eq(attachments.status, 'saved')))
          .orderBy(asc(attachments.savedOn));
        const deletionRequests = await tx
          .select({ id: personalDataDeletionRequests.id, reason: personalDataDeletionRequests.reason, status: personalDataDeletionRequests.status, requestedOn: personalDataDeletionRequests.createdOn, completedOn: personalDataDeletionRequests.completedOn })
          .from(personalDataDeletionRequests)
          .where(eq(personalDataDeletionRequests.applicantId, applicantId))
          .orderBy(asc(personalDataDeletionRequests.createdOn));

        // Companies and the person (issue 42): the employer link, links they ended, and every check of their certificates.
        const [employerLink] = await tx
          .select({ company: companies.name, claimStatus: applicants.employerClaimStatus, claimedOn: applicants.employerClaimedOn, decidedOn: applicants.employerClaimDecidedOn })
          .from(applicants)
          .innerJoin(companies, eq(companies.id, applicants.employerCompanyId))
          .where(eq(applicants.id, applicantId));
        const endedLinks = await tx
          .select({ company: companies.name, linkedOn: endedEmployerLinks.linkedOn, endedOn: endedEmployerLinks.endedOn })
          .from(endedEmployerLinks)
          .innerJoin(companies, eq(companies.id, endedEmployerLinks.companyId))
          .where(eq(endedEmployerLinks.applicantId, applicantId))
          .orderBy(asc(endedEmployerLinks.endedOn));
        const certificateChecksOfMine = await tx
          .select({ company: companies.name, certificateNumber: certificateChecks.certificateNumber, statusReported: certificateChecks.status, checkedOn: certificateChecks.checkedOn })
          .from(certificateChecks)
          .innerJoin(companies, eq(companies.id, certificateChecks.companyId))
          .where(eq(certificateChecks.holderApplicantId, applicantId))
          .orderBy(asc(certificateChecks.checkedOn));

        // Each awarding body's confirmation of their membership (issue 40) belongs with the profile.
        const memberships = (await membershipsOfApplicants(tx, [applicantId])).map((m) => ({
          awardingBody: m.accountName,
          membershipType: m.membershipType,
          memberNumber: m.memberNumber,
          membershipConfirmedOn: m.confirmedOn,
          memberCurrentUntil: m.endsOn,
        }));

        return {
          profile: profile ? { ...profile, memberships } : profile,
          education,
          experience,
          professionalActivities,
          professionalDevelopment,
          applications: applicationRows,
          answers,
          answerFiles,
          history,
          modules,
          invoices: invoiceRows,
          payments: paymentRows,
          sittings,
          examAnswers,
          papers,
          mails: mailRows,
          files,
          deletionRequests,
          employers: { current: employerLink ?? null, ended: endedLinks, certificateChecks: certificateChecksOfMine },
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}

export type PersonalDataExport = Awaited<ReturnType<PrivacyRepository['exportOf']>>;
