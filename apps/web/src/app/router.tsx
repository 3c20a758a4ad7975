import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ADMIN_MENU_ITEMS, ADMIN_MENU_PATHS, type AdminMenuItem } from '@certs/shared/auth/admin-menu';
import { LOGIN_PATHS, ROLE_HOME_PATHS, ROLES } from '@certs/shared/auth/roles';
import { setApiNavigator } from '../lib/api-client';
import { AdminLayout } from './layouts/admin-layout';
import { ApplicantLayout } from './layouts/applicant-layout';
import { PublicLayout } from './layouts/public-layout';
import { RequireSession } from './layouts/require-session';
import { AdminLoginRoute } from './routes/admin/login';
import { AdminMenuAreaRoute } from './routes/admin/menu-area';
import { AdminDiscountCodesRoute } from './routes/admin/discount-codes';
import { ADMIN_APPLICATIONS_PATH, AdminApplicationsRoute } from './routes/admin/applications';
import { ADMIN_AWARDS_PATH, AdminAwardsRoute } from './routes/admin/awards';
import { ADMIN_RENEWALS_PATH, AdminRenewalRoute, AdminRenewalsRoute } from './routes/admin/renewals';
import { StudentRenewalRoute } from './routes/student/renewal';
import { AdminRoleHomeRoute } from './routes/admin/role-home';
import { AdminUsersRoute } from './routes/admin/users';
import { ADMIN_RANGE_OF_QUALIFICATION_PATH, AdminRangeOfQualificationRoute } from './routes/admin/range-of-qualification';
import { AdminUtilitiesRoute } from './routes/admin/utilities';
import { AdminArchivesRoute } from './routes/admin/archives';
import { AdminProgramsRoute } from './routes/admin/programs';
import { AdminProgramRoute } from './routes/admin/programs-detail';
import { AdminNewProgramRoute } from './routes/admin/programs-new';
import { AdminIndexRoute } from './routes/admin/admin-index';
import { NotFoundRoute } from './routes/not-found';
import { AICIP_PERSONNEL_SEARCH_PATH, AicipPersonnelSearchRoute } from './routes/public/aicip-personnel-search';
import { PERSONNEL_SEARCH_PATH, PersonnelSearchRoute } from './routes/public/personnel-search';
import { VERIFY_PATH, VerifyRoute } from './routes/public/verify';
import { PUBLIC_SCHEDULE_PATH, PublicScheduleRoute } from './routes/public/schedule';
import { TEST_GATEWAY_PATH, TestGatewayRoute } from './routes/public/test-gateway';
import { STUDENT_PAYMENT_PATH, StudentPaymentRoute } from './routes/student/payment';
import { AdminReportsRoute } from './routes/admin/reports';
import { ApplicantHomeRoute } from './routes/student/applicant-home';
import { StudentLoginRoute } from './routes/student/login';
import { STUDENT_RANGE_OF_QUALIFICATION_PATH, StudentRangeOfQualificationRoute } from './routes/student/range-of-qualification';
import { StudentProgramRoute } from './routes/student/program-page';
import { ACTIVATE_PATH, ActivateRoute } from './routes/public/activate';
import { FORGOT_PASSWORD_PATH, ForgotPasswordRoute } from './routes/public/forgot-password';
import { REGISTER_PATH, RegisterRoute } from './routes/public/register';
import { RESET_PASSWORD_PATH, ResetPasswordRoute } from './routes/public/reset-password';
import { StudentApplicationRoute, StudentProgramApplicationRoute } from './routes/student/application-form';
import { STUDENT_APPLICATIONS_PATH, StudentApplicationsRoute } from './routes/student/applications';
import { STUDENT_CONTACT_PATH, StudentContactRoute } from './routes/student/contact';
import { STUDENT_DOCUMENTS_PATH, StudentDocumentsRoute } from './routes/student/documents';
import { STUDENT_NOTIFICATIONS_PATH, StudentNotificationsRoute } from './routes/student/notifications';
import { STUDENT_PROFILE_PATH, StudentProfileRoute } from './routes/student/profile';
import { STUDENT_EXAMINATIONS_PATH, StudentExaminationsRoute } from './routes/student/examinations';
import { StudentExamLaunchRoute, StudentExamReviewRoute, StudentExamSittingRoute } from './routes/student/examinations-sitting';
import { ANSWER_PAPER_PATH, AnswerPaperRoute } from './routes/public/answer-paper';
import { ADMIN_APPLICANTS_PATH, AdminApplicantsRoute } from './routes/admin/applicants';
import { ADMIN_ACCESS_LOG_PATH, AdminAccessLogRoute } from './routes/admin/access-log';
import { ADMIN_DELETION_REQUESTS_PATH, AdminDeletionRequestsRoute } from './routes/admin/deletion-requests';
import { AdminContactUsRoute } from './routes/admin/contact-us';
import { AdminEmailsRoute } from './routes/admin/emails';
import { AdminExaminationsRoute } from './routes/admin/examinations';
import { AdminExaminationRoute } from './routes/admin/examinations-detail';
import { ADMIN_SITTINGS_PATH, AdminSittingMarkingRoute, AdminSittingsRoute } from './routes/admin/sittings';
import { AdminNewExaminationRoute } from './routes/admin/examinations-new';
import { AdminLibrariesRoute } from './routes/admin/libraries';
import { AdminLibraryQuestionRoute } from './routes/admin/libraries-question';
import { AdminCertificateTemplatesRoute } from './routes/admin/certificate-templates';
import { AdminCertificateTemplateRoute } from './routes/admin/certificate-templates-detail';
import { AdminProgramApplicationsRoute } from './routes/admin/program-applications';
import { AdminProgramApplicationRoute } from './routes/admin/program-application';
import { ADMIN_VENUES_PATH, AdminVenuesRoute } from './routes/admin/venues';
import { ADMIN_TEST_CENTRES_PATH, AdminTestCentresRoute } from './routes/admin/test-centres';
import { ADMIN_SECURITY_PATH, AdminSecurityRoute } from './routes/admin/security';

/** Menu items with screens of their own; the rest show the "not available yet" page. */
const BUILT_MENU_ITEMS: readonly AdminMenuItem[] = ['Users', 'Programs', 'Archives', 'Utilities', 'Emails', 'Contact Us', 'Examinations', 'Libraries', 'Discount Codes', 'Reports'];

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
    ],
  },
  {
    path: '/student',
    element: <RequireSession userType="applicant" />,
    children: [
      // The exam screen has the page to itself (no applicant menu); launching and the sitting.
      { path: 'examinations/start/:examType/:referenceId', element: <StudentExamLaunchRoute /> },
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
          { path: STUDENT_NOTIFICATIONS_PATH, element: <StudentNotificationsRoute /> },
          { path: STUDENT_APPLICATIONS_PATH, element: <StudentApplicationsRoute /> },
          { path: `${STUDENT_APPLICATIONS_PATH}/:type/:id`, element: <StudentApplicationRoute /> },
          { path: 'awards/:awardId/renew', element: <StudentRenewalRoute /> },
          { path: STUDENT_CONTACT_PATH, element: <StudentContactRoute /> },
          { path: STUDENT_EXAMINATIONS_PATH, element: <StudentExaminationsRoute /> },
          { path: `${STUDENT_EXAMINATIONS_PATH}/trial/:id/review`, element: <StudentExamReviewRoute /> },
          { path: STUDENT_RANGE_OF_QUALIFICATION_PATH, element: <StudentRangeOfQualificationRoute /> },
          { path: STUDENT_PAYMENT_PATH, element: <StudentPaymentRoute /> },
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
          { path: ADMIN_DELETION_REQUESTS_PATH, element: <AdminDeletionRequestsRoute /> },
          { path: ADMIN_ACCESS_LOG_PATH, element: <AdminAccessLogRoute /> },
          { path: ADMIN_MENU_PATHS.Emails, element: <AdminEmailsRoute /> },
          { path: ADMIN_MENU_PATHS['Contact Us'], element: <AdminContactUsRoute /> },
          { path: ADMIN_MENU_PATHS.Programs, element: <AdminProgramsRoute /> },
          { path: `${ADMIN_MENU_PATHS.Programs}/new`, element: <AdminNewProgramRoute /> },
          { path: `${ADMIN_MENU_PATHS.Programs}/:id`, element: <AdminProgramRoute /> },
          { path: `${ADMIN_MENU_PATHS.Programs}/:programId/applications`, element: <AdminProgramApplicationsRoute /> },
          { path: `${ADMIN_MENU_PATHS.Programs}/:programId/applications/:type/:id`, element: <AdminProgramApplicationRoute /> },
          { path: ADMIN_MENU_PATHS.Archives, element: <AdminArchivesRoute /> },
          { path: ADMIN_MENU_PATHS.Examinations, element: <AdminExaminationsRoute /> },
          { path: `${ADMIN_MENU_PATHS.Examinations}/new`, element: <AdminNewExaminationRoute /> },
          { path: ADMIN_SITTINGS_PATH, element: <AdminSittingsRoute /> },
          { path: `${ADMIN_SITTINGS_PATH}/:id/marking`, element: <AdminSittingMarkingRoute /> },
          { path: `${ADMIN_MENU_PATHS.Examinations}/:id`, element: <AdminExaminationRoute /> },
          { path: ADMIN_MENU_PATHS.Libraries, element: <AdminLibrariesRoute /> },
          { path: `${ADMIN_MENU_PATHS.Libraries}/questions/:id`, element: <AdminLibraryQuestionRoute /> },
          { path: `${ADMIN_MENU_PATHS.Libraries}/certificate-templates`, element: <AdminCertificateTemplatesRoute /> },
          { path: `${ADMIN_MENU_PATHS.Libraries}/certificate-templates/:id`, element: <AdminCertificateTemplateRoute /> },
          { path: ADMIN_MENU_PATHS.Utilities, element: <AdminUtilitiesRoute /> },
          { path: ADMIN_RANGE_OF_QUALIFICATION_PATH, element: <AdminRangeOfQualificationRoute /> },
          { path: ADMIN_VENUES_PATH, element: <AdminVenuesRoute /> },
          { path: ADMIN_TEST_CENTRES_PATH, element: <AdminTestCentresRoute /> },
          { path: ADMIN_SECURITY_PATH, element: <AdminSecurityRoute /> },
          { path: ADMIN_MENU_PATHS['Discount Codes'], element: <AdminDiscountCodesRoute /> },
          { path: ADMIN_APPLICATIONS_PATH, element: <AdminApplicationsRoute /> },
          { path: ADMIN_AWARDS_PATH, element: <AdminAwardsRoute /> },
          { path: ADMIN_RENEWALS_PATH, element: <AdminRenewalsRoute /> },
          { path: `${ADMIN_RENEWALS_PATH}/:id`, element: <AdminRenewalRoute /> },
          { path: ADMIN_MENU_PATHS.Reports, element: <AdminReportsRoute /> },
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
