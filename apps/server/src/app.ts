import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { isLocalPublicUrl, type Env } from './config/env';
import { runRequestUnbound } from './db/account-boundary';
import type { DatabaseHandle } from './db/client';
import { createAccountModule } from './modules/account/account.module';
import { registerAccountLogoRoute, registerAccountRoutes } from './modules/account/account.routes';
import { AccountUserRepository } from './modules/account-user/account-user.repository';
import { registerAccountUserRoutes } from './modules/account-user/account-user.routes';
import { AccountUserService } from './modules/account-user/account-user.service';
import { AuthRepository } from './modules/auth/auth.repository';
import { deleteEndedCredentials } from './modules/auth/credential-cleanup.job';
import { registerAuthRoutes, registerCurrentUserRoutes } from './modules/auth/auth.routes';
import { registerProgramPartRoutes } from './modules/program/program-part.routes';
import { createProgramModule } from './modules/program/program.module';
import { registerProgramRoutes } from './modules/program/program.routes';
import { createExamDefinitionModule } from './modules/exam-definition/exam-definition.module';
import { registerExamDefinitionRoutes } from './modules/exam-definition/exam-definition.routes';
import { createCutScoreModule } from './modules/cut-score/cut-score.module';
import { registerCutScoreRoutes } from './modules/cut-score/cut-score.routes';
import { createQuestionBankModule } from './modules/question-bank/question-bank.module';
import { registerQuestionRoutes } from './modules/question-bank/question.routes';
import { registerReferenceRoutes } from './modules/question-bank/reference.routes';
import { AuthService, DEFAULT_LOGIN_THROTTLE } from './modules/auth/auth.service';
import { createMfaService } from './modules/auth/mfa.service';
import { SESSION_USER_CHANNEL } from './modules/auth/session-user-cache';
import { LoginRestrictionService } from './modules/auth/login-restriction.service';
import { registerWelderQualificationOptionsRoutes } from './modules/welder-qualification-options/welder-qualification-options.routes';
import { requireAccessDeclarations, requireAuthentication, type RouteAccessEntry } from './platform/auth/authenticate';
import { prepareDecoyHash } from './platform/auth/password';
import { TokenService } from './platform/auth/tokens';
import { registerErrorHandler, registerNotFoundHandler } from './platform/error-handler';
import { registerInputGuard } from './platform/input-guard';
import { registerSpecPagingNames } from './platform/paging-names';
import { openApiOptions } from './platform/openapi';
import { Readiness, registerHealthRoute } from './platform/health';
import { httpRequests, httpRequestSeconds, useMetricSources } from './platform/metrics/metrics';
import { registerSecurityHeaders } from './platform/security-headers';
import { createApplicantModule } from './modules/applicant/applicant.module';
import { registerApplicantRoutes, type ProfileListServices } from './modules/applicant/applicant.routes';
import { ApplicationRepository } from './modules/application/application.repository';
import { registerApplicationRoutes } from './modules/application/application.routes';
import { ApplicationService } from './modules/application/application.service';
import { registerApplicationStaffRoutes } from './modules/application/application-staff.routes';
import { ApplicationWorkflowRepository } from './modules/application/application-workflow.repository';
import { ApplicationWorkflowService } from './modules/application/application-workflow.service';
import { createImpartialityGuard } from './modules/impartiality/impartiality.guard';
import { createImpartialityModule } from './modules/impartiality/impartiality.module';
import { registerImpartialityRoutes } from './modules/impartiality/impartiality.routes';
import { registerStaffRecordRoutes } from './modules/impartiality/staff-record.routes';
import { createCouponModule } from './modules/coupon/coupon.module';
import { createCertificateModule } from './modules/certificate/certificate.module';
import { registerCertificateRoutes } from './modules/certificate/certificate.routes';
import { registerCouponRoutes } from './modules/coupon/coupon.routes';
import { createVenueModule } from './modules/venue/venue.module';
import { createExamModule } from './modules/exam/exam.module';
import { registerExamPublicRoutes, registerExamRoutes } from './modules/exam/exam.routes';
import { createExamRecordingModule } from './modules/exam-recording/exam-recording.module';
import { registerExamRecordingRoutes } from './modules/exam-recording/exam-recording.routes';
import { EXAM_SITTING_EVENT_CHANNEL } from '@certs/shared/exam-integrity/exam-event';
import { createInvigilationModule } from './modules/invigilation/invigilation.module';
import { registerInvigilationRoutes } from './modules/invigilation/invigilation.routes';
import { JOB_LOCK_KEYS, runAlone } from './platform/jobs/job-lock';
import { registerWebAppFiles } from './platform/web-app-files';
import { PeriodicJob } from './platform/jobs/periodic-job';
import { createPreExamModule } from './modules/pre-exam/pre-exam.module';
import { registerPreExamRoutes } from './modules/pre-exam/pre-exam.routes';
import { PrivacyRepository } from './modules/privacy/privacy.repository';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';
import { PersonalDataAccessLogService, PrivacyService } from './modules/privacy/privacy.service';
import { createExamScheduleModule } from './modules/exam-schedule/exam-schedule.module';
import { registerExamScheduleRoutes, registerPublicScheduleRoutes } from './modules/exam-schedule/exam-schedule.routes';
import { registerVenueRoutes } from './modules/venue/venue.routes';
import { createCredentialModule } from './modules/credential/credential.module';
import { registerCredentialPublicRoutes, registerCredentialRoutes } from './modules/credential/credential.routes';
import { createAwardModule } from './modules/award/award.module';
import { registerAwardRoutes } from './modules/award/award.routes';
import { AppealInvolvement } from './modules/appeal/appeal-involvement';
import { createReviewModule } from './modules/review/review.module';
import { createAppealModule, createAppealRecords } from './modules/appeal/appeal.module';
import { registerAppealRoutes } from './modules/appeal/appeal.routes';
import { createExamQualityModule } from './modules/exam-quality/exam-quality.module';
import { registerExamQualityRoutes } from './modules/exam-quality/exam-quality.routes';
import { registerReviewRoutes } from './modules/review/review.routes';
import { createManagementReviewModule } from './modules/management-review/management-review.module';
import { registerManagementReviewRoutes } from './modules/management-review/management-review.routes';
import { createRenewalModule } from './modules/renewal/renewal.module';
import { registerRenewalRoutes } from './modules/renewal/renewal.routes';
import { createResitModule } from './modules/resit/resit.module';
import { registerResitRoutes } from './modules/resit/resit.routes';
import { createWpqModule } from './modules/wpq/wpq.module';
import { registerWpqRoutes } from './modules/wpq/wpq.routes';
import { createBackOfficeModule } from './modules/report/back-office.module';
import { createMigrationModule, registerMigrationInvitations } from './modules/migration/migration.module';
import { registerMigrationRoutes } from './modules/migration/migration.routes';
import { createCompanyModule } from './modules/company/company.module';
import { registerCompanyRoutes } from './modules/company/company.routes';
import { createEmployerModule } from './modules/employer/employer.module';
import { registerEmployerRoutes } from './modules/employer/employer.routes';
import { createEmployerBillingModule } from './modules/employer-billing/employer-billing.module';
import { registerEmployerBillingRoutes } from './modules/employer-billing/employer-billing.routes';
import { createEmployerConfirmationsModule } from './modules/employer-confirmations/employer-confirmations.module';
import { registerEmployerConfirmationRoutes } from './modules/employer-confirmations/employer-confirmations.routes';
import { createEmployerPeopleModule } from './modules/employer-people/employer-people.module';
import { registerEmployerPeopleRoutes } from './modules/employer-people/employer-people.routes';
import { createWpqValidityModule } from './modules/wpq-validity/wpq-validity.module';
import { registerWpqConfirmationPublicRoutes, registerWpqValidityRoutes } from './modules/wpq-validity/wpq-validity.routes';
import { createAwardExpiryModule } from './modules/award-expiry/award-expiry.module';
import { createPublicRegisterModule } from './modules/public-register/public-register.module';
import { registerPublicRegisterRoutes } from './modules/public-register/public-register.routes';
import { createCertificateCheckModule } from './modules/certificate-check/certificate-check.module';
import { registerCertificateCheckRoutes } from './modules/certificate-check/certificate-check.routes';
import { createCompanyAccessModule } from './modules/company-access/company-access.module';
import { registerCompanyAccessRoutes } from './modules/company-access/company-access.routes';
import { AttachmentRepository } from './modules/attachment/attachment.repository';
import { registerAttachmentRoutes, registerQuestionImageRoute, registerSaveAttachmentRoute } from './modules/attachment/attachment.routes';
import { AttachmentService } from './modules/attachment/attachment.service';
import { createComplaintModule } from './modules/complaint/complaint.module';
import { registerComplaintPublicRoutes, registerComplaintRoutes } from './modules/complaint/complaint.routes';
import { ContactRepository } from './modules/contact/contact.repository';
import { registerContactRoutes } from './modules/contact/contact.routes';
import { createApplicantAdminModule } from './modules/applicant-admin/applicant-admin.module';
import { registerApplicantAdminRoutes } from './modules/applicant-admin/applicant-admin.routes';
import { createLibraryDocumentModule } from './modules/library-document/library-document.module';
import { registerLibraryDocumentRoutes } from './modules/library-document/library-document.routes';
import { createSupportModule } from './modules/support/support.module';
import { registerSupportRoutes, registerTemporaryPasswordRoute } from './modules/support/support.routes';
import { registerMailRoutes } from './modules/mail/mail.routes';
import { RegistrationRepository } from './modules/registration/registration.repository';
import { registerRegistrationRoutes } from './modules/registration/registration.routes';
import { RegistrationService } from './modules/registration/registration.service';
import { MailRequestLimit } from './modules/registration/mail-request-limit';
import { httpWebhookDelivery, type WebhookDelivery } from './modules/payment/gateways/test-gateway';
import { createPaymentModule } from './modules/payment/payment.module';
import { registerPaymentPublicRoutes, registerPaymentRoutes } from './modules/payment/payment.routes';
import { MailRepository } from './platform/mail/mail.repository';
import { MailService } from './platform/mail/mail.service';
import { LocalStorage } from './platform/storage/local-storage';
import { registerLocalStorageRoutes } from './platform/storage/local-storage.routes';
import { S3Storage } from './platform/storage/s3-storage';
import type { Storage } from './platform/storage/storage';
import { browserOriginsOf } from './platform/storage/browser-origins';
import { sweepAbandonedUploads } from './platform/storage/upload-sweep';

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  jwtSecret: string;
  /** The built web app; when present the server serves it and sends index.html for app routes. */
  webDistDir?: string;
  /** Where the local storage keeps files (DATA_DIR/files) when no S3 bucket is configured. */
  dataDir: string;
  /** Tests hand in a storage of their choice (local or S3); otherwise it follows the configuration. */
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
  /** main.ts hands in the instance's readiness to start its drain on SIGTERM; tests reach it as `app.readiness`. */
  readiness?: Readiness;
  /** How the test gateway delivers its callbacks; HTTP to PUBLIC_URL unless a test hands in another (e.g. app.inject). */
  paymentWebhookDelivery?: (app: FastifyInstance) => WebhookDelivery;
}

const API_PREFIXES = ['/api/', '/auth/', '/unauth/', '/docs'];

/** S3-compatible storage when a bucket is configured; local disk under the data folder otherwise (main.ts makes it once, for the seed and the app). */
export function createStorage(env: Env, dataDir: string, secret: string): Storage {
  if (env.S3_BUCKET) {
    return new S3Storage({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
    });
  }
  return new LocalStorage(path.join(dataDir, 'files'), secret);
}

/** A hop count becomes a function, since fastify's types take only addresses or a function. */
function trustProxySetting(setting: Env['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.env.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'] },
    trustProxy: trustProxySetting(deps.env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all hooks: each request gets its own account boundary, bound once the caller is known
  // to be an account's staff (requireAuthentication; decision 034).
  app.addHook('onRequest', (_request, _reply, done) => runRequestUnbound(done));
  registerErrorHandler(app);
  // Every answered request counts on the metrics port (issue 44), by its route's pattern, never its URL.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpRequestSeconds.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  useMetricSources({ db: deps.database.db, pools: deps.database.pools });
  // Before any route: a NUL in the input is a 400, never a 500 from PostgreSQL.
  registerInputGuard(app);
  // Paged lists take the spec's paging names beside their own (issue 20).
  registerSpecPagingNames(app);

  // Platform plugins.
  const storage = deps.storage ?? createStorage(deps.env, deps.dataDir, deps.jwtSecret);
  // On S3 the browser PUTs and GETs the bucket itself (uploads, recording chunks, snapshots, images).
  const storageOrigins = await browserOriginsOf(storage);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storageOrigins],
        mediaSrc: ["'self'", 'blob:', ...storageOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  // operationIds, security, error answers and servers for every route, centrally (platform/openapi.ts).
  await app.register(swagger, openApiOptions(deps.env.PUBLIC_URL));
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // The documentation page keeps the app's rules: no framing, no styles from elsewhere.
    transformStaticCSP: (header) =>
      header
        .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
        .replace(/;?\s*upgrade-insecure-requests/, ''),
  });

  // Modules: one line each, the map of the API.
  await prepareDecoyHash();
  const tokens = new TokenService(deps.jwtSecret);
  const isLocal = isLocalPublicUrl(deps.env);
  const publicHost = new URL(deps.env.PUBLIC_URL).hostname;
  const restriction = new LoginRestrictionService(
    {
      url: deps.env.LOGIN_RESTRICTION_URL,
      cacheSeconds: deps.env.LOGIN_RESTRICTION_CACHE_SECONDS,
      // Skipped on localhost and on the test host (spec section 6), judged from configuration, not from headers.
      isSkipped: isLocal || (!!deps.env.TEST_HOST && publicHost === deps.env.TEST_HOST.toLowerCase()),
    },
    app.log,
  );
  const auth = new AuthService(new AuthRepository(deps.database.db), tokens, restriction, createMfaService(deps.database.db, deps.env, deps.jwtSecret), {
    ...DEFAULT_LOGIN_THROTTLE,
    addressCeilingPerMinute: deps.env.LOGIN_LIMIT_PER_ADDRESS ?? DEFAULT_LOGIN_THROTTLE.addressCeilingPerMinute,
  });
  // Every instance forgets a changed user as PostgreSQL announces it (migration 0009).
  const stopListening = await deps.database.listen(SESSION_USER_CHANNEL, auth.sessionUsers);
  app.addHook('onClose', stopListening);
  // The logo is a saved file of the attachments module (below), checked and read through it.
  const accounts = createAccountModule(deps.database.db, {
    serverSecret: deps.jwtSecret,
    sessionUsers: auth.sessionUsers,
    logoFiles: { check: (actor, attachmentId) => attachments.accountLogoFile(actor, attachmentId), read: (attachmentId) => attachments.readAccountLogo(attachmentId) },
  });
  // A deployment of one body keeps configuring it with AWARDING_BODY_* (decision 033).
  await accounts.followEnvironment(deps.env);
  const accountUsers = new AccountUserService(new AccountUserRepository(deps.database.db), auth.sessionUsers);
  const programModule = createProgramModule(deps.database.db);
  // Images embedded in imported questions are stored as the importer's files (attachments, below).
  const questionBank = createQuestionBankModule(deps.database.db, {
    storeQuestionImage: (owner, image) => attachments.storeQuestionImage(owner, image),
    readQuestionImage: (src) => attachments.readQuestionImage(src),
  });
  const examDefinitions = createExamDefinitionModule(deps.database.db, questionBank.questions);
  // Cut scores of module tests (issue 43): adopting one sets the module's pass mark, an edit of the program.
  const cutScoreModule = createCutScoreModule(deps.database.db, { programs: programModule.programs });
  const mail = new MailService(new MailRepository(deps.database.db), { smtpUrl: deps.env.SMTP_URL, from: deps.env.MAIL_FROM, log: app.log });
  const publicUrl = deps.env.PUBLIC_URL.replace(/\/$/, '');
  const registrationRepository = new RegistrationRepository(deps.database.db);
  const mailRequestLimit = new MailRequestLimit(registrationRepository, { perEmail: deps.env.MAIL_REQUEST_LIMIT_PER_EMAIL, perAddress: deps.env.MAIL_REQUEST_LIMIT_PER_ADDRESS });
  const registration = new RegistrationService(registrationRepository, mail, publicUrl, auth.sessionUsers, mailRequestLimit);
  // Ended sessions and spent links are deleted after a while, so the tables do not only grow.
  const credentialCleanup = new PeriodicJob(
    'credential-cleanup',
    60 * 60_000,
    () => deleteEndedCredentials({ sessions: auth, links: registration }),
    app.log,
  );
  if (deps.env.NODE_ENV !== 'test') credentialCleanup.start();
  app.addHook('onClose', async () => credentialCleanup.stop());
  // Staff open a file through a record it is attached to, by their standing in its program (decision 015).
  // Staff reads of applicants' profiles, lists and files are logged (decision 016).
  const privacyRepository = new PrivacyRepository(deps.database.db);
  const personalDataAccessLog = new PersonalDataAccessLogService(privacyRepository);
  const attachments = new AttachmentService(new AttachmentRepository(deps.database.db), storage, deps.env.MAX_UPLOAD_BYTES, programModule.programs, personalDataAccessLog);
  const applicantModule = createApplicantModule(deps.database.db, personalDataAccessLog);
  const privacy = new PrivacyService(privacyRepository, { applicants: applicantModule.applicants, attachments, mail, storage, sessionUsers: auth.sessionUsers, log: app.log });
  const applicationRepository = new ApplicationRepository(deps.database.db);
  const applications = new ApplicationService(applicationRepository, programModule.catalogue, attachments, mail, publicUrl);
  // Who may be assigned or decide (issue 43): one check for every assignment the app makes outside the modules that make their own.
  const impartialityGuard = createImpartialityGuard(deps.database.db);
  const applicationWorkflow = new ApplicationWorkflowService(
    new ApplicationWorkflowRepository(deps.database.db),
    applicationRepository,
    applications,
    { programs: programModule.programs, users: programModule.users, settings: programModule.settings },
    applicantModule.applicants,
    mail,
    publicUrl,
    impartialityGuard,
  );
  const certificateModule = createCertificateModule(deps.database.db, { storage, attachments, programs: programModule.programs, settings: { publicUrl }, accessLog: personalDataAccessLog });
  const venueModule = createVenueModule(deps.database.db);
  const examModule = createExamModule(deps.database.db, { programs: programModule.programs, attachments, secret: deps.jwtSecret, publicUrl, answerDb: deps.database.answerDb, answerLane: deps.database.answerLane });
  // Recorded sittings: consent, record, chunk manifest, keystrokes, the candidate's events (issue 19, decision 028).
  const examRecording = createExamRecordingModule(deps.database.db, { storage, programs: programModule.programs, tests: examDefinitions.tests });
  // Sittings left open past their deadline are submitted with what was saved (tests run it pass by pass).
  const examTimeouts = new PeriodicJob('exam-timeout', 15_000, () => examModule.closeOverdue(), app.log);
  if (deps.env.NODE_ENV !== 'test') examTimeouts.start();
  app.addHook('onClose', async () => examTimeouts.stop());
  // Uploads never saved stay under uploads/ (decision 015): deleted after a day, one instance a pass.
  const uploadSweep = new PeriodicJob('upload-sweep', 60 * 60_000, () => runAlone(deps.database, JOB_LOCK_KEYS.uploadSweep, () => sweepAbandonedUploads(storage)), app.log);
  if (deps.env.NODE_ENV !== 'test') uploadSweep.start();
  app.addHook('onClose', async () => uploadSweep.stop());
  // Invigilation: consoles hear every instance's sitting events (migration 0019's NOTIFY); recordings go after their retention (issue 19, decision 029).
  const invigilation = createInvigilationModule(deps.database.db, {
    programs: programModule.programs,
    clock: examModule.clock,
    storage,
    manifestOf: (examInstanceId) => examRecording.recordings.manifestOfSitting(examInstanceId),
    retentionDays: deps.env.RECORDING_RETENTION_DAYS,
    log: app.log,
  });
  const stopSittingEvents = await deps.database.listen(EXAM_SITTING_EVENT_CHANNEL, invigilation.hub);
  app.addHook('preClose', async () => invigilation.hub.endAll());
  app.addHook('onClose', stopSittingEvents);
  const recordingRetention = new PeriodicJob('recording-retention', 60 * 60_000, () => runAlone(deps.database, JOB_LOCK_KEYS.recordingRetention, () => invigilation.deleteExpiredRecordings()), app.log);
  if (deps.env.NODE_ENV !== 'test') recordingRetention.start();
  app.addHook('onClose', async () => recordingRetention.stop());
  const paymentModule = createPaymentModule(deps.database.db, {
    env: deps.env,
    accounts,
    jwtSecret: deps.jwtSecret,
    publicUrl,
    mail,
    programs: programModule.programs,
    deliver: deps.paymentWebhookDelivery?.(app) ?? httpWebhookDelivery(publicUrl),
    log: app.log,
  });
  const awardModule = createAwardModule(deps.database.db, { programs: programModule.programs, mail, accessLog: personalDataAccessLog, publicUrl, defaultPattern: deps.env.CERTIFICATE_NUMBER_PATTERN });
  // Awards past their last valid day expire and renewal reminders go out (issue 17): at start, then hourly.
  const awardExpiry = createAwardExpiryModule(deps.database.db, { mail, publicUrl, log: app.log });
  if (deps.env.NODE_ENV !== 'test') {
    void awardExpiry.job.runOnce();
    awardExpiry.job.start();
  }
  app.addHook('onClose', async () => awardExpiry.job.stop());
  const examSchedule = createExamScheduleModule(deps.database.db, { programs: programModule.programs, programUsers: programModule.users, attachments, mail, awards: awardModule.awards, publicUrl });
  // Reviews of a failed result: an upheld review awards through the award module (issue 17, decision 022).
  // Appeals (issue 43): each review of a result is an appeal of it, so the review module opens and decides it through the appeal's records.
  const appealRecords = createAppealRecords(deps.database.db, { mail, publicUrl });
  const reviewModule = createReviewModule(deps.database.db, { programs: programModule.programs, attachments, mail, awards: awardModule.awards, appeals: appealRecords, involvement: new AppealInvolvement(deps.database.db), publicUrl });
  const couponModule = createCouponModule(deps.database.db, programModule.programs);
  // The yearly management review (issue 43): one account's year for its administrators, a program's for its manager.
  const managementReview = createManagementReviewModule(deps.database.db);
  // The exam quality report (issue 43): reliability and item statistics of a module test's marked sittings.
  const examQuality = createExamQualityModule(deps.database.db);
  // Reports, dashboard, CSV exports, advanced search and bulk imports (issue 20, decision 030); the import job polls outside tests.
  const backOffice = createBackOfficeModule(deps.database.db, { programs: programModule.programs, mail, publicUrl, log: app.log, runJobs: deps.env.NODE_ENV !== 'test' });
  app.addHook('onClose', async () => backOffice.importJob.stop());
  // Legacy import (issue 41, decision 035): its job polls outside tests, which run its passes directly.
  const migration = createMigrationModule(deps.database.db, { defaultPattern: deps.env.CERTIFICATE_NUMBER_PATTERN, log: app.log, runJobs: deps.env.NODE_ENV !== 'test', storage });
  app.addHook('onClose', async () => migration.job.stop());
  // Companies: employers and corporate members, one record for the back office and the welder qualification (decision 027).
  const companyModule = createCompanyModule(deps.database.db, auth.sessionUsers);
  // A company's own portal: its users, people and checks (issue 42, decision 037).
  const employerModule = createEmployerModule(deps.database.db, companyModule.companies, { mail, publicUrl, sessionUsers: auth.sessionUsers });
  // A company's checks of certificate numbers, read as the public verification reads them, and what companies see of a person (issue 42, decision 038).
  const publicRegister = createPublicRegisterModule(deps.database.db, registrationRepository, {
    searches: deps.env.REGISTER_LIMIT_SEARCHES,
    verifications: deps.env.REGISTER_LIMIT_VERIFICATIONS,
    windowMinutes: deps.env.REGISTER_LIMIT_WINDOW_MINUTES,
  });
  const certificateChecks = createCertificateCheckModule(deps.database.db, publicRegister);
  const companyAccess = createCompanyAccessModule(deps.database.db, certificateChecks);
  // Awards as signed Open Badges credentials with published status lists (decision 018).
  const credentials = createCredentialModule(deps.database.db, { env: deps.env, dataDir: deps.dataDir, programs: programModule.programs, accessLog: personalDataAccessLog });
  const preExamModule = createPreExamModule(deps.database.db, deps.env, {
    workflow: new ApplicationWorkflowRepository(deps.database.db),
    programs: programModule.programs,
    applicants: applicantModule.applicants,
    coupons: couponModule.coupons,
    payments: paymentModule.service,
    accounts,
    mail,
    // Issue 42: an application a company pays for is invoiced to the company (the employer-billing module, made below).
    sponsors: { companyBillingOf: (applicationId) => employerBilling.billing.companyBillingOf(applicationId) },
  });
  // A company pays for its people (issue 42): nominations, the invoices issued to it, paid online through payments.
  const employerBilling = createEmployerBillingModule(deps.database.db, { applications, catalogue: programModule.catalogue, payments: paymentModule.service, invoices: preExamModule.preExam, mail, publicUrl });
  // Renewals (Certification, AICIP with renewal modules): the award module renews, the pre-exam module invoices, exam-schedule checks schedules (issue 17, decision 023).
  const renewalModule = createRenewalModule(deps.database.db, { programs: programModule.programs, mail, awards: awardModule.awards, invoicing: preExamModule.preExam, schedules: examSchedule.schedule, publicUrl });
  // The welder qualification record and its workflow: approval awards through the award module (issue 18, decision 025).
  const wpqModule = createWpqModule(deps.database.db, { programs: programModule.programs, attachments, mail, awards: awardModule.awards, publicUrl });
  // An upheld appeal corrects a result through the review, reinstates an award through the award module; its handler passes the impartiality check.
  const appealModule = createAppealModule(deps.database.db, appealRecords, {
    reviews: reviewModule.reviews,
    awards: awardModule.awards,
    welderQualifications: wpqModule.wpq,
    programs: programModule.programs,
    attachments,
    mail,
    impartiality: impartialityGuard,
    publicUrl,
  });
  // Keeping a welder qualification valid: confirmations, reminders and ends (a job), revalidation invoiced by the pre-exam module (issue 18, decision 026).
  const wpqValidity = createWpqValidityModule(deps.database, { programs: programModule.programs, attachments, invoices: preExamModule.preExam, payments: paymentModule.service, mail, publicUrl, log: app.log });
  attachments.onProfilePhotoChanged((applicantId, actorId) => wpqValidity.service.photoChanged(applicantId, actorId));
  // The company portal's confirmations (issue 42): the coordinator confirms through the validity module; its job's reminders feed the coordinators' digest.
  const employerConfirmations = createEmployerConfirmationsModule(deps.database.db, { validity: wpqValidity.service, attachments, mail, publicUrl });
  // The dashboard's "confirmations due" is the Welders due list's count (issue 20).
  backOffice.dashboard.useConfirmationsDue((options) => wpqValidity.service.countDue(options));
  // A company's people: its approved employees' awards and welder qualifications, their validity read through wpqValidity (issue 42).
  const employerPeople = createEmployerPeopleModule(deps.database.db, { qualifications: wpqValidity.service });
  // Re-sits of failed modules: invoiced by the pre-exam module, paid through payments, sat on the exam engine, awarded by the award module (issue 17, decision 024).
  const resitModule = createResitModule(deps.database.db, { programs: programModule.programs, invoices: preExamModule.preExam, payments: paymentModule.service, schedules: examSchedule.schedule, awards: awardModule.awards, mail, publicUrl });
  paymentModule.service.onInvoicePaid((tx, paid) => resitModule.resits.invoicePaid(tx, paid));
  // A paid revalidation fee (ISO 9606-1 9.3 b) makes the approved extension take effect.
  paymentModule.service.onInvoicePaid((tx, paid) => wpqValidity.service.invoicePaid(tx, paid));
  examModule.useResitResults(resitModule.resits);
  if (deps.env.NODE_ENV !== 'test') {
    void wpqValidity.job.runOnce();
    wpqValidity.job.start();
  }
  app.addHook('onClose', async () => wpqValidity.job.stop());
  // A welder qualification's certificate is the ISO 9606-1 Annex A form with its confirmation and revalidation tables (decision 026).
  accounts.onLogoChanged((accountId) => certificateModule.certificates.accountLogoChanged(accountId));
  certificateModule.certificates.useProgramTypeRenderer(3, (awardId, options) => wpqValidity.service.certificatePdf(awardId, options));
  // Issue 20: staff's applicant page, library documents, and support actions (a temporary password gates the sign-in).
  const applicantAdmin = createApplicantAdminModule(deps.database.db, { applicants: applicantModule.applicants, reach: applicantModule.reach, accessLog: personalDataAccessLog });
  const libraryDocuments = createLibraryDocumentModule(deps.database.db, { attachments, storage });
  // Impartiality (issue 43): declarations, the yearly agreement, staff records and the register of refusals and overrides.
  const impartialityModule = createImpartialityModule(deps.database.db, { attachments, storage });
  const supportModule = createSupportModule(deps.database.db, { sessionUsers: auth.sessionUsers, registration, payments: paymentModule.service });
  auth.usePasswordChangeGate((userId) => supportModule.support.changeTokenIfDue(userId));
  // Complaints (issue 43): the public form counts in the shared rate-limit store and against the unauthenticated mail limits.
  const complaints = createComplaintModule(deps.database.db, {
    mail,
    publicUrl,
    rateLimitStore: registrationRepository,
    mailLimit: mailRequestLimit,
    impartiality: { guard: impartialityGuard, programs: programModule.programs },
  });
  programModule.catalogue.useApplicantStatuses((applicantId, programIds) => applications.applicantStatuses(applicantId, programIds));
  mail.start();
  app.addHook('onClose', async () => mail.stop());
  // Tests drive the payment jobs pass by pass; every other run has them poll.
  if (deps.env.NODE_ENV !== 'test') paymentModule.jobs.start();
  app.addHook('onClose', async () => paymentModule.jobs.stop());

  registerHealthRoute(app, deps.database.db, deps.readiness ?? new Readiness());
  registerAuthRoutes(app, auth, restriction, { isCookieSecure: !isLocal });
  registerRegistrationRoutes(app, registration);
  registerTemporaryPasswordRoute(app, supportModule.support);
  if (storage instanceof LocalStorage) await registerLocalStorageRoutes(app, storage, deps.env.MAX_UPLOAD_BYTES);
  registerQuestionImageRoute(app, attachments, storage instanceof LocalStorage ? storage : undefined);
  registerAccountLogoRoute(app, accounts);
  registerExamPublicRoutes(app, examModule);
  await registerPaymentPublicRoutes(app, paymentModule.service);
  registerPublicScheduleRoutes(app, examSchedule.publicSchedule);
  registerCredentialPublicRoutes(app, credentials);
  registerPublicRegisterRoutes(app, publicRegister);
  registerWpqConfirmationPublicRoutes(app, wpqValidity.service);
  registerComplaintPublicRoutes(app, complaints);
  // Who each api/ route is for, declared beside the route (decision 014); the matrix test reads it.
  const routeAccess: RouteAccessEntry[] = [];
  app.decorate('routeAccess', routeAccess);
  await app.register(async (api) => {
    requireAuthentication(api, tokens, auth);
    requireAccessDeclarations(api, routeAccess);
    registerCurrentUserRoutes(api, auth);
    registerAccountRoutes(api, accounts);
    registerAccountUserRoutes(api, accountUsers);
    registerProgramRoutes(api, programModule);
    registerProgramPartRoutes(api, programModule.parts, programModule.users);
    registerWelderQualificationOptionsRoutes(api);
    registerReferenceRoutes(api, questionBank.subjects);
    registerReferenceRoutes(api, questionBank.tags);
    registerQuestionRoutes(api, questionBank);
    registerExamDefinitionRoutes(api, examDefinitions);
    registerCutScoreRoutes(api, cutScoreModule.cutScores);
    registerAttachmentRoutes(api, attachments);
    registerSaveAttachmentRoute(api, attachments);
    registerApplicantRoutes(api, applicantModule.applicants, applicantModule.lists as unknown as ProfileListServices);
    registerMailRoutes(api, mail);
    registerContactRoutes(api, new ContactRepository(deps.database.db), mail);
    registerComplaintRoutes(api, complaints);
    registerApplicationRoutes(api, applications, applicationWorkflow);
    registerApplicationStaffRoutes(api, applicationWorkflow);
    registerVenueRoutes(api, venueModule);
    registerExamRoutes(api, examModule);
    registerExamRecordingRoutes(api, examRecording.recordings);
    registerInvigilationRoutes(api, invigilation);
    registerPaymentRoutes(api, paymentModule.service);
    registerExamScheduleRoutes(api, examSchedule.schedule);
    registerCouponRoutes(api, couponModule.coupons);
    registerPreExamRoutes(api, preExamModule.preExam);
    registerPrivacyRoutes(api, { service: privacy, accessLog: personalDataAccessLog });
    registerCertificateRoutes(api, certificateModule.certificates);
    registerCredentialRoutes(api, credentials);
    registerAwardRoutes(api, awardModule.awards);
    registerReviewRoutes(api, reviewModule.reviews);
    registerAppealRoutes(api, appealModule.appeals);
    registerExamQualityRoutes(api, examQuality.quality);
    registerRenewalRoutes(api, renewalModule.renewals, renewalModule.renewalModules);
    registerResitRoutes(api, resitModule.resits);
    registerWpqRoutes(api, wpqModule.wpq);
    registerApplicantAdminRoutes(api, applicantAdmin.applicantAdmin);
    registerLibraryDocumentRoutes(api, libraryDocuments.documents);
    registerImpartialityRoutes(api, impartialityModule.impartiality);
    registerStaffRecordRoutes(api, impartialityModule.staffRecords);
    registerSupportRoutes(api, supportModule.support);
    backOffice.registerRoutes(api);
    registerManagementReviewRoutes(api, managementReview.reviews);
    registerCompanyRoutes(api, companyModule.companies);
    registerEmployerRoutes(api, employerModule.employer);
    registerEmployerBillingRoutes(api, employerBilling.billing);
    registerEmployerConfirmationRoutes(api, employerConfirmations.confirmations);
    registerEmployerPeopleRoutes(api, employerPeople.people);
    registerWpqValidityRoutes(api, wpqValidity.service);
    registerCertificateCheckRoutes(api, certificateChecks);
    registerCompanyAccessRoutes(api, companyAccess);
    registerMigrationRoutes(api, migration.service);
    registerMigrationInvitations(api, deps.database.db, { mail, publicUrl });
  });

  // The built web app, when there is one: its files, and index.html for the app's own routes.
  const hasWebApp = !!deps.webDistDir && existsSync(path.join(deps.webDistDir, 'index.html'));
  if (hasWebApp && deps.webDistDir) {
    await registerWebAppFiles(app, deps.webDistDir);
  }
  registerNotFoundHandler(app, { apiPrefixes: API_PREFIXES, hasWebApp });
  return app;
}
