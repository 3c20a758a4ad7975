import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import type { FastifyInstance } from 'fastify';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import { ROLES } from '@certs/shared/auth/roles';
import type { Database } from '../../src/db/client';
import { applicationFileNotes } from '../../src/db/schema/application';
import { certificateTemplates } from '../../src/db/schema/award';
import { bulkImportRows, bulkImports } from '../../src/db/schema/bulk-import';
import { migrationImportRows, migrationImports } from '../../src/db/schema/migration';
import { contactMessages } from '../../src/db/schema/contact';
import { examDefinitions } from '../../src/db/schema/exam-definition';
import { libraryDocuments } from '../../src/db/schema/library-document';
import { coupons, payments } from '../../src/db/schema/payment';
import { personalDataDeletionRequests } from '../../src/db/schema/privacy';
import { programModules, programs } from '../../src/db/schema/program';
import { renewalApplications } from '../../src/db/schema/renewal';
import { csvExports, savedSearches } from '../../src/db/schema/report';
import { resitModules } from '../../src/db/schema/resit';
import { applicationReviews } from '../../src/db/schema/review';
import { applicants } from '../../src/db/schema/user';
import { insertAward } from '../../src/modules/credential/credential-test-awards';
import { createPublishedTest, createScheduledModule, EVERY_TYPE } from '../../src/modules/exam/exam-test-fixtures';
import { insertEmployer, insertKeptQualification } from '../../src/modules/wpq-validity/wpq-validity-test-records';
import { bearer, signIn } from '../sign-in';
import { PDF_BYTES, uploadFile } from '../upload';
import { createApplicationWithModules, createTestCentre, createVenue } from './application-module.factory';
import { createInvoicedApplication } from './invoice.factory';
import { completeProgram, createProgram } from './program.factory';
import { createQuestion, createSubject, createTag } from './question-bank.factory';
import { createUser, type CreatedUser } from './user.factory';

/** A word of the records' text that nothing else in a test database carries: its leak is unmistakable. */
export const RECORDS_WORD = 'Quorvantide';
/** The surname of the records' administrator: staff of one account are not shown to another either. */
export const RECORDS_STAFF_NAME = 'Marrowquist';

export interface AccountRecords {
  /** The account's administrator (every menu but Utilities), who manages its programs. */
  admin: CreatedUser;
  adminJwt: string;
  /** The applicant whose applications, files and awards these are. */
  applicant: CreatedUser;
  /** Every record's id, to fill path parameters with. */
  ids: string[];
  /** The name of the account's CSV export, for the routes that take a file name. */
  exportName: string;
  /** A key of the applicant's saved file, for the routes that take a storage key. */
  fileKey: string;
  /** Text of the records: an answer that carries one of these shows a record. */
  markers: string[];
  /** What a list's filters take, by the filter's name: the records' ids and search words. */
  queryValues: Record<string, string[]>;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface AccountRecordsOptions {
  /** The account the records belong to (default: the first account). */
  accountId?: string;
  /** The word in the records' text (default RECORDS_WORD) and their administrator's surname (default RECORDS_STAFF_NAME). */
  word?: string;
  staffName?: string;
  /**
   * An applicant of the platform to give the records to (one who applied to another account too);
   * their name and email are then not the account's markers. Default: a new applicant named after the word.
   */
  applicant?: CreatedUser;
}

/**
 * Records of every kind in one account, each with a marker in its text: programs of three kinds,
 * an applicant's applications (invoiced and paid, submitted, awarded, failed with a re-sit and a
 * review, in an online sitting), a welder's qualification due for confirmation, a certification
 * due for renewal, a saved file, the question bank, a test, a venue and a test centre, a coupon, a
 * library document, a certificate template, a Contact Us message, an import, an export, a saved
 * search, a deletion request, and entries in the privacy access log and the support log. For
 * probes that another account's staff see none of it.
 */
export async function createAccountRecords(app: FastifyInstance, db: Database, options: AccountRecordsOptions = {}): Promise<AccountRecords> {
  const accountId = options.accountId ?? FIRST_ACCOUNT_ID;
  const word = options.word ?? RECORDS_WORD;
  const staffName = options.staffName ?? RECORDS_STAFF_NAME;
  const code = word.slice(0, 3).toUpperCase();
  const tag = randomBytes(3).toString('hex').toUpperCase();
  // Rows the shared factories write in the first account are moved into this one.
  const moveToAccount = (table: string, ids: SQL) => db.execute(sql`update ${sql.identifier(table)} set account_id = ${accountId} where id in ${ids}`);
  const admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ADMIN_MENU_ITEMS.filter((item) => item !== 'Utilities'), firstName: 'Ines', lastName: staffName, accountId });
  const adminJwt = (await signIn(app, admin)).jwt;
  const program = await createProgram(db, { programManagerId: admin.id, programType: 1, status: 2, programTitle: `${word} Inspection Program`, accountId });
  await completeProgram(db, program.id, 1, admin.id);
  const [programModule] = await db.select({ id: programModules.id }).from(programModules).where(sql`${programModules.programId} = ${program.id}`);
  const welderProgram = await createProgram(db, { programManagerId: admin.id, programType: 3, status: 2, programTitle: `${word} Welder Program`, accountId });
  await completeProgram(db, welderProgram.id, 3, admin.id);
  const certificationProgram = await createProgram(db, { programManagerId: admin.id, programType: 2, status: 2, programTitle: `${word} Certification Program`, accountId });
  await completeProgram(db, certificationProgram.id, 2, admin.id);

  const applicant = options.applicant ?? (await createUser(db, { role: ROLES.Applicant, firstName: 'Alex', lastName: word, email: `alex.${word.toLowerCase()}.${tag.toLowerCase()}@example.test` }));
  const applicantId = applicant.applicantId!;
  const applicantJwt = (await signIn(app, applicant)).jwt;
  const invoiced = await createInvoicedApplication(db, { applicant, manager: admin, programId: program.id, programCode: program.programCode });
  await moveToAccount('invoices', sql`(${invoiced.invoiceId})`);
  const [payment] = await db
    .insert(payments)
    .values({ invoiceId: invoiced.invoiceId, applicationId: invoiced.applicationId, gateway: 'offline', amountCents: invoiced.totalCents, status: 'Success', transactionStatus: true, offlineReference: `${code}-BANK-${tag}`, expiresOn: new Date(Date.now() + 86_400_000), paidOn: new Date() })
    .returning({ id: payments.id });
  const submitted = await createApplicationWithModules(db, { applicantId, programId: program.id, programType: 1, status: 'Application Submitted', workflowStage: null, programModuleIds: [] });
  const award = await insertAward(db, { applicantId, programId: program.id, programType: 1, awardedOn: '2026-01-15', expiresOn: null, certificateNumber: `${code}-AWD-${tag}` });
  const failed = await createApplicationWithModules(db, { applicantId, programId: program.id, programType: 1, status: 'Failed', workflowStage: 'Exam Modules Evaluation Completed', programModuleIds: [programModule!.id] });
  const failedModuleId = failed.moduleIds[0]!;
  await db.execute(sql`update application_modules set result = 'Fail', result_percentage = 40 where id = ${failedModuleId}`);
  const [resit] = await db.insert(resitModules).values({ applicationId: failed.id, applicationModuleId: failedModuleId, attempt: 2, feeCents: 11000, feeBasis: 'nonMember' }).returning({ id: resitModules.id });
  const [review] = await db.insert(applicationReviews).values({ applicationId: failed.id, reason: `${word} asks for a review of the marking` }).returning({ id: applicationReviews.id });
  const [fileNote] = await db.insert(applicationFileNotes).values({ applicationId: invoiced.applicationId, note: `${word} file note`, createdBy: admin.id }).returning({ id: applicationFileNotes.id });

  // An online sitting the applicant has started, of a published test of the account's.
  const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE, overallTime: 60, minimumTime: 0 });
  await db.update(examDefinitions).set({ title: `${word} module test ${tag}`, accountId }).where(sql`${examDefinitions.id} = ${test.id}`);
  const testQuestions = sql`(select question_id from exam_section_questions where exam_definition_id = ${test.id})`;
  await moveToAccount('questions', testQuestions);
  await moveToAccount('subjects', sql`(select subject_id from question_subjects where question_id in ${testQuestions})`);
  await moveToAccount('tags', sql`(select tag_id from question_tags where question_id in ${testQuestions})`);
  const scheduled = await createScheduledModule(db, { applicantId, managerId: admin.id, examDefinitionId: test.id, examinerId: admin.id });
  await db.update(programs).set({ programTitle: `${word} Exam Program`, accountId }).where(sql`${programs.id} = ${scheduled.programId}`);
  const launched = await app.inject({ method: 'POST', url: '/api/launchexam/init', headers: bearer(applicantJwt), payload: { applicationModuleId: scheduled.applicationModuleId } });
  if (launched.statusCode !== 200) throw new Error(`the exam did not start: ${launched.body}`);
  const examInstanceId = launched.json<{ id: string }>().id;

  // A welder's kept qualification due for confirmation, and a certification due for renewal.
  // The employer is a company, shared by every account; the applicant works for it.
  const employer = await insertEmployer(db, `Employer ${tag}`, `coordinator.${tag.toLowerCase()}@example.test`);
  await db.update(applicants).set({ employerCompanyId: employer.id, employerClaimStatus: 'approved' }).where(eq(applicants.id, applicantId));
  const weld = await insertKeptQualification(db, { applicantId, programId: welderProgram.id, testDate: dayFromNow(-150), option: '9.3a', employerCompanyId: employer.id });
  const certification = await insertAward(db, { applicantId, programId: certificationProgram.id, programType: 2, awardedOn: '2023-06-01', expiresOn: dayFromNow(21), certificateNumber: `${code}-CRT-${tag}` });
  const [renewal] = await db
    .insert(renewalApplications)
    .values({ awardId: certification.id, applicationId: certification.applicationId, applicantId, programId: certificationProgram.id, programType: 2, status: 'submitted' })
    .returning({ id: renewalApplications.id });

  // The applicant's saved file; the account's question bank, venue, test centre, coupon, document, template; a Contact Us message.
  const upload = await uploadFile(app, applicantJwt, { name: `${word.toLowerCase()}-evidence.pdf`, contentType: 'application/pdf', body: PDF_BYTES });
  if (upload.saved?.statusCode !== 200 || !upload.resourceKey) throw new Error('the upload failed');
  const [file] = rowsOf<{ id: string }>(await db.execute(sql`select id from attachments where owner_user_id = ${applicant.id}`));
  const subject = await createSubject(db, `${word} Subject ${tag}`);
  const questionTag = await createTag(db, `${word} Tag ${tag}`);
  const question = await createQuestion(db, { subjectIds: [subject.id], tagIds: [questionTag.id], content: `<p>${word} bevel angle question</p>` });
  const venue = await createVenue(db, `${word} Hall ${tag}`);
  const centre = await createTestCentre(db, `${word} Testing ${tag}`);
  await moveToAccount('subjects', sql`(${subject.id})`);
  await moveToAccount('tags', sql`(${questionTag.id})`);
  await moveToAccount('questions', sql`(${question.id})`);
  await moveToAccount('venues', sql`(${venue.id})`);
  await moveToAccount('testing_agencies', sql`(${centre.id})`);
  const [coupon] = await db
    .insert(coupons)
    .values({ accountId, code: `${code}${tag}`, description: `${word} discount`, discountType: 'percentage', discountValue: 1000, programId: program.id, validFrom: new Date(Date.now() - 86_400_000), validTo: new Date(Date.now() + 30 * 86_400_000) })
    .returning({ id: coupons.id });
  const [document] = await db
    .insert(libraryDocuments)
    .values({ accountId, documentNumber: `${code}-DOC-${tag}`, documentTitle: `${word} handbook`, documentDate: '2026-01-10', revision: 'A', documentType: 'Publication', isForExternalUsers: true, isForInternalUsers: true })
    .returning({ id: libraryDocuments.id });
  const [template] = await db.insert(certificateTemplates).values({ accountId, title: `${word} certificate template` }).returning({ id: certificateTemplates.id });
  const [message] = await db
    .insert(contactMessages)
    .values({ accountId, name: `Enquirer ${word}`, email: applicant.email, phoneNumber: '0400 000 000', message: `${word} enquiry about my exam`, fromApplicantId: applicantId })
    .returning({ id: contactMessages.id });

  // Back-office records: an import, an export, a saved search, a deletion request, and the two logs.
  const [bulkImport] = await db
    .insert(bulkImports)
    .values({ accountId, programId: program.id, fileName: `${word.toLowerCase()}-import.csv`, content: 'email\n', status: 'Completed', totalRows: 1, processedRows: 1, createdCount: 1, createdBy: admin.id })
    .returning({ id: bulkImports.id });
  await db.insert(bulkImportRows).values({ importId: bulkImport!.id, rowNumber: 1, email: applicant.email, result: 'created', applicantId });
  // A finished legacy import (issue 41): another body's staff neither read nor undo it.
  const [legacyImport] = await db
    .insert(migrationImports)
    .values({ accountId, kind: 'applicants', fileName: `${word.toLowerCase()}-legacy.csv`, content: 'email\n', status: 'Finished', totalRows: 1, processedRows: 1, refusedCount: 1, createdBy: admin.id })
    .returning({ id: migrationImports.id });
  await db.insert(migrationImportRows).values({ importId: legacyImport!.id, rowNumber: 2, result: 'refused', column: 'email', message: `${word} is not an email` });
  // The file name carries no marker: a 404 that echoes the name back is no leak.
  const exportName = `isolation-export-${tag}.csv`;
  await db.insert(csvExports).values({ accountId, fileName: exportName, content: `Name\nAlex ${word}\n`, rowCount: 1, createdBy: admin.id });
  const [savedSearch] = await db.insert(savedSearches).values({ accountId, userId: admin.id, name: `${word} saved search`, filters: { entity: 'applications', searchTerm: word } }).returning({ id: savedSearches.id });
  const [deletion] = await db.insert(personalDataDeletionRequests).values({ applicantId, reason: `${word} erasure request` }).returning({ id: personalDataDeletionRequests.id });
  const read = await app.inject({ method: 'GET', url: `/api/applicant/${applicantId}/record`, headers: bearer(adminJwt) });
  if (read.statusCode !== 200) throw new Error(`the administrator cannot read the applicant's record: ${read.body}`);
  for (const active of [false, true]) {
    const supported = await app.inject({ method: 'POST', url: `/api/108/user/${applicant.id}/active`, headers: bearer(adminJwt), payload: { active, reason: `${word} asked support` } });
    if (supported.statusCode !== 200) throw new Error(`the support action failed: ${supported.body}`);
  }

  return {
    admin,
    adminJwt,
    applicant,
    fileKey: upload.resourceKey,
    ids: [
      applicant.id,
      applicantId,
      admin.id,
      program.id,
      welderProgram.id,
      certificationProgram.id,
      scheduled.programId,
      programModule!.id,
      invoiced.applicationId,
      invoiced.invoiceId,
      payment!.id,
      submitted.id,
      award.id,
      award.applicationId,
      failed.id,
      failedModuleId,
      resit!.id,
      review!.id,
      fileNote!.id,
      scheduled.applicationId,
      scheduled.applicationModuleId,
      examInstanceId,
      test.id,
      weld.recordId,
      weld.awardId,
      certification.id,
      renewal!.id,
      file!.id,
      subject.id,
      questionTag.id,
      question.id,
      venue.id,
      centre.id,
      coupon!.id,
      document!.id,
      template!.id,
      message!.id,
      bulkImport!.id,
      legacyImport!.id,
      savedSearch!.id,
      deletion!.id,
      employer.id,
    ],
    exportName,
    markers: [
      word,
      word.toLowerCase(),
      ...(options.applicant ? [] : [applicant.email]),
      staffName,
      program.programCode,
      invoiced.applicationNumber,
      submitted.applicationNumber,
      failed.applicationNumber,
      award.certificateNumber,
      certification.certificateNumber,
      weld.certificateNumber,
      `${code}-BANK-${tag}`,
      `${code}${tag}`,
      `${code}-DOC-${tag}`,
    ],
    queryValues: {
      programId: [program.id, welderProgram.id, certificationProgram.id, scheduled.programId],
      applicationId: [invoiced.applicationId, failed.id, scheduled.applicationId],
      applicantId: [applicantId],
      actorUserId: [admin.id],
      staffId: [admin.id],
      examDefinitionId: [test.id],
      search: [word, applicant.email, invoiced.applicationNumber],
      searchTerm: [word, applicant.email, invoiced.applicationNumber],
      applicant: [word],
      staff: [staffName],
    },
  };
}
