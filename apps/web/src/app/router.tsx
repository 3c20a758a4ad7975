import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ADMIN_MENU_ITEMS, ADMIN_MENU_PATHS, type AdminMenuItem } from '@certs/shared/auth/admin-menu';
import { LOGIN_PATHS, ROLE_HOME_PATHS, ROLES } from '@certs/shared/auth/roles';
import { setApiNavigator } from '../lib/api-client';
import { PublicLayout } from './layouts/public-layout';
import { RequireSession } from './layouts/require-session';
import {
  ACTIVATE_PATH,
  EMPLOYER_CHECKS_PATH,
  EMPLOYER_CLAIMS_PATH,
  EMPLOYER_CONFIRMATIONS_PATH,
  EMPLOYER_HOME_PATH,
  EMPLOYER_INVOICES_PATH,
  EMPLOYER_NOMINATIONS_PATH,
  EMPLOYER_PEOPLE_PATH,
  EMPLOYER_SECURITY_PATH,
  EMPLOYER_USERS_PATH,
  ADMIN_ACCESS_LOG_PATH,
  ADMIN_ACCOUNT_SETTINGS_PATH,
  ADMIN_NEW_ACCOUNT_PATH,
  ADMIN_ACCOUNTS_OVERVIEW_PATH,
  ADMIN_APPLICANTS_PATH,
  ADMIN_COMPANIES_PATH,
  WPQ_CONFIRM_PATH,
  ADMIN_SUPPORT_PATH,
  ADMIN_APPLICATIONS_PATH,
  ADMIN_RESITS_PATH,
  ADMIN_WELDERS_DUE_PATH,
  ADMIN_AWARDS_PATH,
  ADMIN_BULK_IMPORT_PATH,
  ADMIN_MANAGEMENT_REVIEW_PATH,
  ADMIN_DELETION_REQUESTS_PATH,
  ADMIN_RANGE_OF_QUALIFICATION_PATH,
  ADMIN_RENEWALS_PATH,
  ADMIN_SECURITY_PATH,
  ADMIN_SITTINGS_PATH,
  ADMIN_TEST_CENTRES_PATH,
  ADMIN_LEGACY_IMPORT_PATH,
  ADMIN_VENUES_PATH,
  AICIP_PERSONNEL_SEARCH_PATH,
  ANSWER_PAPER_PATH,
  FORGOT_PASSWORD_PATH,
  INVIGILATION_PATH,
  PERSONNEL_SEARCH_PATH,
  PUBLIC_SCHEDULE_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  STUDENT_APPLICATIONS_PATH,
  STUDENT_CONTACT_PATH,
  STUDENT_DOCUMENTS_PATH,
  STUDENT_LIBRARY_PATH,
  ADMIN_LIBRARY_DOCUMENTS_PATH,
  STUDENT_EXAMINATIONS_PATH,
  STUDENT_NOTIFICATIONS_PATH,
  STUDENT_PAYMENT_PATH,
  STUDENT_PROFILE_PATH,
  STUDENT_RANGE_OF_QUALIFICATION_PATH,
  STUDENT_SYSTEM_CHECK_PATH,
  TEST_GATEWAY_PATH,
  VERIFY_PATH,
  PUBLIC_COMPLAINT_PATH,
  PUBLIC_COMPLAINT_LOOKUP_PATH,
  STUDENT_COMPLAINTS_PATH,
  EMPLOYER_COMPLAINTS_PATH,
  ADMIN_COMPLAINTS_PATH,
  ADMIN_APPEALS_PATH,
  STUDENT_APPEALS_PATH,
  ADMIN_IMPARTIALITY_PATH,
  ADMIN_MY_IMPARTIALITY_PATH,
  ADMIN_STAFF_RECORD_PATH,
  ADMIN_WIDER_WINDOW_PATH,
} from './route-paths';
import { NotFoundRoute } from './routes/not-found';
import { lazyRoute } from './lazy-route';

// Every page is loaded when first opened (issue 22); the public layout and the not-found page come
// with the app. The applicant and admin layouts (app shell, menus, the header's time zone and
// sign-out) are loaded too when first opened: the login pages and the exam sitting do not use them.
// Pages of one module share its loader, so that the module fetched for one opens the others at once.
const loadExamSittingPages = () => import('./routes/student/examinations-sitting');
const loadApplicationFormPages = () => import('./routes/student/application-form');
const loadSittingsPages = () => import('./routes/admin/sittings');
const loadRenewalsPages = () => import('./routes/admin/renewals');
const loadInvigilationPages = () => import('./routes/admin/invigilation');
const loadAccountSettingsPages = () => import('./routes/admin/account-settings');
const AdminLayout = lazyRoute(() => import('./layouts/admin-layout'), (layout) => layout.AdminLayout);
const ApplicantLayout = lazyRoute(() => import('./layouts/applicant-layout'), (layout) => layout.ApplicantLayout);
const EmployerLayout = lazyRoute(() => import('./layouts/employer-layout'), (layout) => layout.EmployerLayout);
// The company portal (issue 42): one lazy page each.
const EmployerLoginRoute = lazyRoute(() => import('./routes/employer/login'), (page) => page.EmployerLoginRoute);
const EmployerHomeRoute = lazyRoute(() => import('./routes/employer/home'), (page) => page.EmployerHomeRoute);
const EmployerClaimsRoute = lazyRoute(() => import('./routes/employer/claims'), (page) => page.EmployerClaimsRoute);
const EmployerUsersRoute = lazyRoute(() => import('./routes/employer/users'), (page) => page.EmployerUsersRoute);
const EmployerSecurityRoute = lazyRoute(() => import('./routes/employer/security'), (page) => page.EmployerSecurityRoute);
const EmployerPeopleRoute = lazyRoute(() => import('./routes/employer/people'), (page) => page.EmployerPeopleRoute);
const EmployerConfirmationsRoute = lazyRoute(() => import('./routes/employer/confirmations'), (page) => page.EmployerConfirmationsRoute);
const EmployerChecksRoute = lazyRoute(() => import('./routes/employer/checks'), (page) => page.EmployerChecksRoute);
const EmployerNominationsRoute = lazyRoute(() => import('./routes/employer/nominations'), (page) => page.EmployerNominationsRoute);
const EmployerInvoicesRoute = lazyRoute(() => import('./routes/employer/invoices'), (page) => page.EmployerInvoicesRoute);
const AdminLoginRoute = lazyRoute(() => import('./routes/admin/login'), (page) => page.AdminLoginRoute);
const AdminMenuAreaRoute = lazyRoute(() => import('./routes/admin/menu-area'), (page) => page.AdminMenuAreaRoute);
const AdminDiscountCodesRoute = lazyRoute(() => import('./routes/admin/discount-codes'), (page) => page.AdminDiscountCodesRoute);
const AdminApplicationsRoute = lazyRoute(() => import('./routes/admin/applications'), (page) => page.AdminApplicationsRoute);
const AdminAwardsRoute = lazyRoute(() => import('./routes/admin/awards'), (page) => page.AdminAwardsRoute);
const AdminRenewalRoute = lazyRoute(loadRenewalsPages, (page) => page.AdminRenewalRoute);
const AdminRenewalsRoute = lazyRoute(loadRenewalsPages, (page) => page.AdminRenewalsRoute);
const StudentRenewalRoute = lazyRoute(() => import('./routes/student/renewal'), (page) => page.StudentRenewalRoute);
const StudentWpqRangeRoute = lazyRoute(() => import('./routes/student/wpq-range'), (page) => page.StudentWpqRangeRoute);
const AdminWpqRangeRoute = lazyRoute(() => import('./routes/admin/wpq-range'), (page) => page.AdminWpqRangeRoute);
const AdminRoleHomeRoute = lazyRoute(() => import('./routes/admin/role-home'), (page) => page.AdminRoleHomeRoute);
const AdminUsersRoute = lazyRoute(() => import('./routes/admin/users'), (page) => page.AdminUsersRoute);
const AdminRangeOfQualificationRoute = lazyRoute(() => import('./routes/admin/range-of-qualification'), (page) => page.AdminRangeOfQualificationRoute);
const AdminUtilitiesRoute = lazyRoute(() => import('./routes/admin/utilities'), (page) => page.AdminUtilitiesRoute);
const AdminArchivesRoute = lazyRoute(() => import('./routes/admin/archives'), (page) => page.AdminArchivesRoute);
const AdminProgramsRoute = lazyRoute(() => import('./routes/admin/programs'), (page) => page.AdminProgramsRoute);
const AdminProgramRoute = lazyRoute(() => import('./routes/admin/programs-detail'), (page) => page.AdminProgramRoute);
const AdminNewProgramRoute = lazyRoute(() => import('./routes/admin/programs-new'), (page) => page.AdminNewProgramRoute);
const AdminIndexRoute = lazyRoute(() => import('./routes/admin/admin-index'), (page) => page.AdminIndexRoute);
const AicipPersonnelSearchRoute = lazyRoute(() => import('./routes/public/aicip-personnel-search'), (page) => page.AicipPersonnelSearchRoute);
const PersonnelSearchRoute = lazyRoute(() => import('./routes/public/personnel-search'), (page) => page.PersonnelSearchRoute);
const VerifyRoute = lazyRoute(() => import('./routes/public/verify'), (page) => page.VerifyRoute);
const WpqConfirmRoute = lazyRoute(() => import('./routes/public/wpq-confirm'), (page) => page.WpqConfirmRoute);
const AdminCompaniesRoute = lazyRoute(() => import('./routes/admin/companies'), (page) => page.AdminCompaniesRoute);
const PublicScheduleRoute = lazyRoute(() => import('./routes/public/schedule'), (page) => page.PublicScheduleRoute);
const TestGatewayRoute = lazyRoute(() => import('./routes/public/test-gateway'), (page) => page.TestGatewayRoute);
const StudentPaymentRoute = lazyRoute(() => import('./routes/student/payment'), (page) => page.StudentPaymentRoute);
const AdminReportsRoute = lazyRoute(() => import('./routes/admin/reports'), (page) => page.AdminReportsRoute);
// The exam quality report (issue 43).
const AdminExamQualityRoute = lazyRoute(() => import('./routes/admin/exam-quality'), (page) => page.AdminExamQualityRoute);
const AdminManagementReviewRoute = lazyRoute(() => import('./routes/admin/management-review'), (page) => page.AdminManagementReviewRoute);
const AdminDashboardRoute = lazyRoute(() => import('./routes/admin/dashboard'), (page) => page.AdminDashboardRoute);
const AdminBulkImportRoute = lazyRoute(() => import('./routes/admin/bulk-import'), (page) => page.AdminBulkImportRoute);
const AdminLegacyImportRoute = lazyRoute(() => import('./routes/admin/legacy-import'), (page) => page.AdminLegacyImportRoute);
const ApplicantHomeRoute = lazyRoute(() => import('./routes/student/applicant-home'), (page) => page.ApplicantHomeRoute);
const StudentLoginRoute = lazyRoute(() => import('./routes/student/login'), (page) => page.StudentLoginRoute);
const StudentRangeOfQualificationRoute = lazyRoute(() => import('./routes/student/range-of-qualification'), (page) => page.StudentRangeOfQualificationRoute);
const StudentProgramRoute = lazyRoute(() => import('./routes/student/program-page'), (page) => page.StudentProgramRoute);
const ActivateRoute = lazyRoute(() => import('./routes/public/activate'), (page) => page.ActivateRoute);
const ForgotPasswordRoute = lazyRoute(() => import('./routes/public/forgot-password'), (page) => page.ForgotPasswordRoute);
const RegisterRoute = lazyRoute(() => import('./routes/public/register'), (page) => page.RegisterRoute);
const ResetPasswordRoute = lazyRoute(() => import('./routes/public/reset-password'), (page) => page.ResetPasswordRoute);
const StudentApplicationRoute = lazyRoute(loadApplicationFormPages, (page) => page.StudentApplicationRoute);
const StudentProgramApplicationRoute = lazyRoute(loadApplicationFormPages, (page) => page.StudentProgramApplicationRoute);
const StudentApplicationsRoute = lazyRoute(() => import('./routes/student/applications'), (page) => page.StudentApplicationsRoute);
const StudentContactRoute = lazyRoute(() => import('./routes/student/contact'), (page) => page.StudentContactRoute);
const StudentDocumentsRoute = lazyRoute(() => import('./routes/student/documents'), (page) => page.StudentDocumentsRoute);
const StudentLibraryRoute = lazyRoute(() => import('./routes/student/library'), (page) => page.StudentLibraryRoute);
const AdminLibraryDocumentsRoute = lazyRoute(() => import('./routes/admin/library-documents'), (page) => page.AdminLibraryDocumentsRoute);
const StudentNotificationsRoute = lazyRoute(() => import('./routes/student/notifications'), (page) => page.StudentNotificationsRoute);
const StudentProfileRoute = lazyRoute(() => import('./routes/student/profile'), (page) => page.StudentProfileRoute);
const StudentExaminationsRoute = lazyRoute(() => import('./routes/student/examinations'), (page) => page.StudentExaminationsRoute);
const StudentExamSystemCheckRoute = lazyRoute(() => import('./routes/student/exam-system-check'), (page) => page.StudentExamSystemCheckRoute);
const StudentExamLaunchRoute = lazyRoute(loadExamSittingPages, (page) => page.StudentExamLaunchRoute);
const StudentExamReviewRoute = lazyRoute(loadExamSittingPages, (page) => page.StudentExamReviewRoute);
const StudentExamSittingRoute = lazyRoute(loadExamSittingPages, (page) => page.StudentExamSittingRoute);
const StudentResitLaunchRoute = lazyRoute(() => import('./routes/student/resit-launch'), (page) => page.StudentResitLaunchRoute);
const AdminResitsRoute = lazyRoute(() => import('./routes/admin/resits'), (page) => page.AdminResitsRoute);
const AdminWeldersDueRoute = lazyRoute(() => import('./routes/admin/welders-due'), (page) => page.AdminWeldersDueRoute);
const AnswerPaperRoute = lazyRoute(() => import('./routes/public/answer-paper'), (page) => page.AnswerPaperRoute);
const AdminApplicantsRoute = lazyRoute(() => import('./routes/admin/applicants'), (page) => page.AdminApplicantsRoute);
const AdminApplicantRecordRoute = lazyRoute(() => import('./routes/admin/applicant-record'), (page) => page.AdminApplicantRecordRoute);
const AdminSupportRoute = lazyRoute(() => import('./routes/admin/support'), (page) => page.AdminSupportRoute);
const AdminAccessLogRoute = lazyRoute(() => import('./routes/admin/access-log'), (page) => page.AdminAccessLogRoute);
const AdminDeletionRequestsRoute = lazyRoute(() => import('./routes/admin/deletion-requests'), (page) => page.AdminDeletionRequestsRoute);
const AdminContactUsRoute = lazyRoute(() => import('./routes/admin/contact-us'), (page) => page.AdminContactUsRoute);
const AdminEmailsRoute = lazyRoute(() => import('./routes/admin/emails'), (page) => page.AdminEmailsRoute);
const AdminExaminationsRoute = lazyRoute(() => import('./routes/admin/examinations'), (page) => page.AdminExaminationsRoute);
const AdminExaminationRoute = lazyRoute(() => import('./routes/admin/examinations-detail'), (page) => page.AdminExaminationRoute);
const AdminSittingMarkingRoute = lazyRoute(loadSittingsPages, (page) => page.AdminSittingMarkingRoute);
const AdminSittingsRoute = lazyRoute(loadSittingsPages, (page) => page.AdminSittingsRoute);
const AdminNewExaminationRoute = lazyRoute(() => import('./routes/admin/examinations-new'), (page) => page.AdminNewExaminationRoute);
const AdminLibrariesRoute = lazyRoute(() => import('./routes/admin/libraries'), (page) => page.AdminLibrariesRoute);
const AdminLibraryQuestionRoute = lazyRoute(() => import('./routes/admin/libraries-question'), (page) => page.AdminLibraryQuestionRoute);
const AdminCertificateTemplatesRoute = lazyRoute(() => import('./routes/admin/certificate-templates'), (page) => page.AdminCertificateTemplatesRoute);
const AdminCertificateTemplateRoute = lazyRoute(() => import('./routes/admin/certificate-templates-detail'), (page) => page.AdminCertificateTemplateRoute);
const AdminWiderWindowRoute = lazyRoute(() => import('./routes/admin/wider-window'), (page) => page.AdminWiderWindowRoute);
const AdminProgramApplicationsRoute = lazyRoute(() => import('./routes/admin/program-applications'), (page) => page.AdminProgramApplicationsRoute);
const AdminProgramApplicationRoute = lazyRoute(() => import('./routes/admin/program-application'), (page) => page.AdminProgramApplicationRoute);
const AdminVenuesRoute = lazyRoute(() => import('./routes/admin/venues'), (page) => page.AdminVenuesRoute);
const AdminTestCentresRoute = lazyRoute(() => import('./routes/admin/test-centres'), (page) => page.AdminTestCentresRoute);
const AdminSecurityRoute = lazyRoute(() => import('./routes/admin/security'), (page) => page.AdminSecurityRoute);
const AdminAccountSettingsRoute = lazyRoute(loadAccountSettingsPages, (page) => page.AdminAccountSettingsRoute);
const AdminNewAccountRoute = lazyRoute(loadAccountSettingsPages, (page) => page.AdminNewAccountRoute);
const AdminAccountsOverviewRoute = lazyRoute(loadAccountSettingsPages, (page) => page.AdminAccountsOverviewRoute);
// Complaints (issue 43): one module per area, its pages sharing the loader.
const loadPublicComplaintPages = () => import('./routes/public/complaints');
const loadStudentComplaintPages = () => import('./routes/student/complaints');
const loadEmployerComplaintPages = () => import('./routes/employer/complaints');
const loadAdminComplaintPages = () => import('./routes/admin/complaints');
const PublicComplaintRoute = lazyRoute(loadPublicComplaintPages, (page) => page.PublicComplaintRoute);
const PublicComplaintLookupRoute = lazyRoute(loadPublicComplaintPages, (page) => page.PublicComplaintLookupRoute);
const StudentComplaintsRoute = lazyRoute(loadStudentComplaintPages, (page) => page.StudentComplaintsRoute);
const StudentComplaintRoute = lazyRoute(loadStudentComplaintPages, (page) => page.StudentComplaintRoute);
const EmployerComplaintsRoute = lazyRoute(loadEmployerComplaintPages, (page) => page.EmployerComplaintsRoute);
const EmployerComplaintRoute = lazyRoute(loadEmployerComplaintPages, (page) => page.EmployerComplaintRoute);
const AdminComplaintsRoute = lazyRoute(loadAdminComplaintPages, (page) => page.AdminComplaintsRoute);
const AdminComplaintRoute = lazyRoute(loadAdminComplaintPages, (page) => page.AdminComplaintRoute);
// Impartiality (issue 43): the registers, My impartiality and a staff record share one module.
const loadImpartialityPages = () => import('./routes/admin/impartiality');
const AdminImpartialityRoute = lazyRoute(loadImpartialityPages, (page) => page.AdminImpartialityRoute);
const AdminMyImpartialityRoute = lazyRoute(loadImpartialityPages, (page) => page.AdminMyImpartialityRoute);
const AdminStaffRecordRoute = lazyRoute(loadImpartialityPages, (page) => page.AdminStaffRecordRoute);
// Appeals (issue 43): staff's register and appeal page, the person's list and appeal by reference.
const loadAdminAppealPages = () => import('./routes/admin/appeals');
const loadStudentAppealPages = () => import('./routes/student/appeals');
const AdminAppealsRoute = lazyRoute(loadAdminAppealPages, (page) => page.AdminAppealsRoute);
const AdminAppealRoute = lazyRoute(loadAdminAppealPages, (page) => page.AdminAppealRoute);
const StudentAppealsRoute = lazyRoute(loadStudentAppealPages, (page) => page.StudentAppealsRoute);
const StudentAppealRoute = lazyRoute(loadStudentAppealPages, (page) => page.StudentAppealRoute);
const InvigilationConsoleRoute = lazyRoute(loadInvigilationPages, (page) => page.InvigilationConsoleRoute);
const SittingReviewRoute = lazyRoute(loadInvigilationPages, (page) => page.SittingReviewRoute);

/** Menu items with screens of their own; the rest show the "not available yet" page. */
const BUILT_MENU_ITEMS: readonly AdminMenuItem[] = ['Users', 'Programs', 'Archives', 'Utilities', 'Emails', 'Contact Us', 'Appeals', 'Complaints', 'Examinations', 'Libraries', 'Discount Codes', 'Reports', 'Exam Quality', 'Dashboard', 'Impartiality'];

const ADMIN_HOME_PATHS = [ROLES.SuperUser, ROLES.AccountAdministrator, ROLES.AccountContributor, ROLES.User].map(
  (role) => ROLE_HOME_PATHS[role],
);

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={LOGIN_PATHS.applicant} replace /> },
  {
    element: <PublicLayout />,
    children: [
      { path: LOGIN_PATHS.applicant, element: <StudentLoginRoute /> },
      { path: LOGIN_PATHS.admin, element: <AdminLoginRoute /> },
      { path: LOGIN_PATHS.employer, element: <EmployerLoginRoute /> },
      { path: REGISTER_PATH, element: <RegisterRoute /> },
      { path: ACTIVATE_PATH, element: <ActivateRoute /> },
      { path: FORGOT_PASSWORD_PATH, element: <ForgotPasswordRoute /> },
      { path: RESET_PASSWORD_PATH, element: <ResetPasswordRoute /> },
      { path: ANSWER_PAPER_PATH, element: <AnswerPaperRoute /> },
      { path: PUBLIC_SCHEDULE_PATH, element: <PublicScheduleRoute /> },
      { path: TEST_GATEWAY_PATH, element: <TestGatewayRoute /> },
      { path: PERSONNEL_SEARCH_PATH, element: <PersonnelSearchRoute /> },
      { path: AICIP_PERSONNEL_SEARCH_PATH, element: <AicipPersonnelSearchRoute /> },
      { path: VERIFY_PATH, element: <VerifyRoute /> },
      { path: WPQ_CONFIRM_PATH, element: <WpqConfirmRoute /> },
      { path: PUBLIC_COMPLAINT_PATH, element: <PublicComplaintRoute /> },
      { path: PUBLIC_COMPLAINT_LOOKUP_PATH, element: <PublicComplaintLookupRoute /> },
    ],
  },
  {
    path: '/student',
    element: <RequireSession userType="applicant" />,
    children: [
      // The exam screen has the page to itself (no applicant menu); launching and the sitting.
      { path: 'examinations/start/:examType/:referenceId', element: <StudentExamLaunchRoute /> },
      { path: 'examinations/start-resit/:resitModuleId', element: <StudentResitLaunchRoute /> },
      { path: 'examinations/:examType/:id', element: <StudentExamSittingRoute /> },
      {
        element: <ApplicantLayout />,
        children: [
          { index: true, element: <Navigate to={ROLE_HOME_PATHS[ROLES.Applicant]} replace /> },
          { path: ROLE_HOME_PATHS[ROLES.Applicant], element: <ApplicantHomeRoute /> },
          { path: 'programs/:id', element: <StudentProgramRoute /> },
          { path: 'programs/:id/application', element: <StudentProgramApplicationRoute /> },
          { path: STUDENT_PROFILE_PATH, element: <StudentProfileRoute /> },
          { path: STUDENT_DOCUMENTS_PATH, element: <StudentDocumentsRoute /> },
          { path: STUDENT_LIBRARY_PATH, element: <StudentLibraryRoute /> },
          { path: STUDENT_NOTIFICATIONS_PATH, element: <StudentNotificationsRoute /> },
          { path: STUDENT_APPLICATIONS_PATH, element: <StudentApplicationsRoute /> },
          { path: `${STUDENT_APPLICATIONS_PATH}/:type/:id`, element: <StudentApplicationRoute /> },
          { path: 'awards/:awardId/renew', element: <StudentRenewalRoute /> },
          { path: STUDENT_CONTACT_PATH, element: <StudentContactRoute /> },
          { path: STUDENT_APPEALS_PATH, element: <StudentAppealsRoute /> },
          { path: `${STUDENT_APPEALS_PATH}/:reference`, element: <StudentAppealRoute /> },
          { path: STUDENT_COMPLAINTS_PATH, element: <StudentComplaintsRoute /> },
          { path: `${STUDENT_COMPLAINTS_PATH}/:id`, element: <StudentComplaintRoute /> },
          { path: STUDENT_EXAMINATIONS_PATH, element: <StudentExaminationsRoute /> },
          { path: STUDENT_SYSTEM_CHECK_PATH, element: <StudentExamSystemCheckRoute /> },
          { path: `${STUDENT_EXAMINATIONS_PATH}/trial/:id/review`, element: <StudentExamReviewRoute /> },
          { path: STUDENT_RANGE_OF_QUALIFICATION_PATH, element: <StudentRangeOfQualificationRoute /> },
          { path: STUDENT_PAYMENT_PATH, element: <StudentPaymentRoute /> },
          { path: 'wpq/:id/range', element: <StudentWpqRangeRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
  {
    path: EMPLOYER_HOME_PATH,
    element: <RequireSession userType="employer" />,
    children: [
      {
        element: <EmployerLayout />,
        children: [
          { index: true, element: <EmployerHomeRoute /> },
          { path: EMPLOYER_CLAIMS_PATH, element: <EmployerClaimsRoute /> },
          { path: EMPLOYER_USERS_PATH, element: <EmployerUsersRoute /> },
          { path: EMPLOYER_SECURITY_PATH, element: <EmployerSecurityRoute /> },
          { path: EMPLOYER_PEOPLE_PATH, element: <EmployerPeopleRoute /> },
          { path: EMPLOYER_CONFIRMATIONS_PATH, element: <EmployerConfirmationsRoute /> },
          { path: EMPLOYER_CHECKS_PATH, element: <EmployerChecksRoute /> },
          { path: EMPLOYER_NOMINATIONS_PATH, element: <EmployerNominationsRoute /> },
          { path: EMPLOYER_INVOICES_PATH, element: <EmployerInvoicesRoute /> },
          { path: EMPLOYER_COMPLAINTS_PATH, element: <EmployerComplaintsRoute /> },
          { path: `${EMPLOYER_COMPLAINTS_PATH}/:id`, element: <EmployerComplaintRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
  {
    path: '/admin',
    element: <RequireSession userType="admin" />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminIndexRoute /> },
          ...ADMIN_HOME_PATHS.map((path) => ({ path, element: <AdminRoleHomeRoute /> })),
          { path: ADMIN_MENU_PATHS.Users, element: <AdminUsersRoute /> },
          { path: ADMIN_APPLICANTS_PATH, element: <AdminApplicantsRoute /> },
          { path: ADMIN_COMPANIES_PATH, element: <AdminCompaniesRoute /> },
          { path: `${ADMIN_APPLICANTS_PATH}/:applicantId`, element: <AdminApplicantRecordRoute /> },
          { path: ADMIN_SUPPORT_PATH, element: <AdminSupportRoute /> },
          { path: ADMIN_DELETION_REQUESTS_PATH, element: <AdminDeletionRequestsRoute /> },
          { path: ADMIN_ACCESS_LOG_PATH, element: <AdminAccessLogRoute /> },
          { path: ADMIN_MENU_PATHS.Emails, element: <AdminEmailsRoute /> },
          { path: ADMIN_MENU_PATHS['Contact Us'], element: <AdminContactUsRoute /> },
          { path: ADMIN_APPEALS_PATH, element: <AdminAppealsRoute /> },
          { path: `${ADMIN_APPEALS_PATH}/:id`, element: <AdminAppealRoute /> },
          { path: ADMIN_COMPLAINTS_PATH, element: <AdminComplaintsRoute /> },
          { path: `${ADMIN_COMPLAINTS_PATH}/:id`, element: <AdminComplaintRoute /> },
          { path: ADMIN_MENU_PATHS.Programs, element: <AdminProgramsRoute /> },
          { path: `${ADMIN_MENU_PATHS.Programs}/new`, element: <AdminNewProgramRoute /> },
          { path: `${ADMIN_MENU_PATHS.Programs}/:id`, element: <AdminProgramRoute /> },
          { path: `${ADMIN_MENU_PATHS.Programs}/:programId/applications`, element: <AdminProgramApplicationsRoute /> },
          { path: `${ADMIN_MENU_PATHS.Programs}/wpq/:id/range`, element: <AdminWpqRangeRoute /> },
          { path: `${ADMIN_MENU_PATHS.Programs}/:programId/applications/:type/:id`, element: <AdminProgramApplicationRoute /> },
          { path: ADMIN_MENU_PATHS.Archives, element: <AdminArchivesRoute /> },
          { path: ADMIN_MENU_PATHS.Examinations, element: <AdminExaminationsRoute /> },
          { path: `${ADMIN_MENU_PATHS.Examinations}/new`, element: <AdminNewExaminationRoute /> },
          { path: ADMIN_SITTINGS_PATH, element: <AdminSittingsRoute /> },
          { path: `${ADMIN_SITTINGS_PATH}/:id/marking`, element: <AdminSittingMarkingRoute /> },
          { path: `${ADMIN_MENU_PATHS.Examinations}/:id`, element: <AdminExaminationRoute /> },
          { path: ADMIN_MENU_PATHS.Libraries, element: <AdminLibrariesRoute /> },
          { path: `${ADMIN_MENU_PATHS.Libraries}/questions/:id`, element: <AdminLibraryQuestionRoute /> },
          { path: ADMIN_LIBRARY_DOCUMENTS_PATH, element: <AdminLibraryDocumentsRoute /> },
          { path: `${ADMIN_MENU_PATHS.Libraries}/certificate-templates`, element: <AdminCertificateTemplatesRoute /> },
          { path: `${ADMIN_MENU_PATHS.Libraries}/certificate-templates/:id`, element: <AdminCertificateTemplateRoute /> },
          { path: ADMIN_WIDER_WINDOW_PATH, element: <AdminWiderWindowRoute /> },
          { path: ADMIN_MENU_PATHS.Utilities, element: <AdminUtilitiesRoute /> },
          { path: ADMIN_RANGE_OF_QUALIFICATION_PATH, element: <AdminRangeOfQualificationRoute /> },
          { path: ADMIN_VENUES_PATH, element: <AdminVenuesRoute /> },
          { path: ADMIN_TEST_CENTRES_PATH, element: <AdminTestCentresRoute /> },
          { path: ADMIN_LEGACY_IMPORT_PATH, element: <AdminLegacyImportRoute /> },
          { path: ADMIN_SECURITY_PATH, element: <AdminSecurityRoute /> },
          { path: ADMIN_ACCOUNT_SETTINGS_PATH, element: <AdminAccountSettingsRoute /> },
          { path: ADMIN_NEW_ACCOUNT_PATH, element: <AdminNewAccountRoute /> },
          { path: ADMIN_ACCOUNTS_OVERVIEW_PATH, element: <AdminAccountsOverviewRoute /> },
          { path: `${INVIGILATION_PATH}/sittings/:id`, element: <InvigilationConsoleRoute /> },
          { path: `${INVIGILATION_PATH}/review/:examInstanceId`, element: <SittingReviewRoute /> },
          { path: ADMIN_MENU_PATHS['Discount Codes'], element: <AdminDiscountCodesRoute /> },
          { path: ADMIN_APPLICATIONS_PATH, element: <AdminApplicationsRoute /> },
          { path: ADMIN_RESITS_PATH, element: <AdminResitsRoute /> },
          { path: ADMIN_WELDERS_DUE_PATH, element: <AdminWeldersDueRoute /> },
          { path: ADMIN_AWARDS_PATH, element: <AdminAwardsRoute /> },
          { path: ADMIN_RENEWALS_PATH, element: <AdminRenewalsRoute /> },
          { path: `${ADMIN_RENEWALS_PATH}/:id`, element: <AdminRenewalRoute /> },
          { path: ADMIN_MENU_PATHS.Reports, element: <AdminReportsRoute /> },
          { path: ADMIN_MENU_PATHS['Exam Quality'], element: <AdminExamQualityRoute /> },
          { path: ADMIN_MANAGEMENT_REVIEW_PATH, element: <AdminManagementReviewRoute /> },
          { path: ADMIN_MENU_PATHS.Dashboard, element: <AdminDashboardRoute /> },
          { path: ADMIN_BULK_IMPORT_PATH, element: <AdminBulkImportRoute /> },
          { path: ADMIN_IMPARTIALITY_PATH, element: <AdminImpartialityRoute /> },
          { path: ADMIN_MY_IMPARTIALITY_PATH, element: <AdminMyImpartialityRoute /> },
          { path: ADMIN_STAFF_RECORD_PATH, element: <AdminStaffRecordRoute /> },
          ...ADMIN_MENU_ITEMS.filter((item) => !BUILT_MENU_ITEMS.includes(item)).map((item) => ({
            path: ADMIN_MENU_PATHS[item],
            element: <AdminMenuAreaRoute item={item} />,
          })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
  { element: <PublicLayout />, children: [{ path: '*', element: <NotFoundRoute /> }] },
];

export const router = createBrowserRouter(routes);

// When a session cannot be renewed, the API client sends the user to sign in without a page load.
setApiNavigator((to) => void router.navigate(to));
