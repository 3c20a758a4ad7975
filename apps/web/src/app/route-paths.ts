import { APPEAL_PAGES } from '@certs/shared/appeal/appeal-pages';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { COMPLAINT_PAGES } from '@certs/shared/complaint/complaint-pages';
import { PUBLIC_REGISTER_PAGES } from '@certs/shared/public-register/public-register-pages';
import type { ExamType } from '@certs/shared/program/program-type';
import type { BreakpointName } from '@certs/shared/common/breakpoints';

/**
 * The app's page paths, apart from the pages themselves: the router, the layouts and links import
 * them without loading a page's code, so that each page stays a chunk of its own, loaded when
 * opened (issue 22).
 */

export const ADMIN_SITTINGS_PATH = `${ADMIN_MENU_PATHS.Examinations}/sittings`;
export const ADMIN_RENEWALS_PATH = '/admin/renewals';
export const ADMIN_TEST_CENTRES_PATH = `${ADMIN_MENU_PATHS.Utilities}/test-centres`;
export const ADMIN_BULK_IMPORT_PATH = `${ADMIN_MENU_PATHS.Programs}/bulk-import`;
/** Legacy import: an awarding body's records from its old system (issue 41). */
export const ADMIN_LEGACY_IMPORT_PATH = `${ADMIN_MENU_PATHS.Utilities}/legacy-import`;
export const ADMIN_APPLICANTS_PATH = `${ADMIN_MENU_PATHS.Users}/applicants`;
export const ADMIN_COMPANIES_PATH = `${ADMIN_MENU_PATHS.Users}/companies`;
export const ADMIN_SUPPORT_PATH = `${ADMIN_MENU_PATHS.Users}/support`;
export const ADMIN_LIBRARY_DOCUMENTS_PATH = `${ADMIN_MENU_PATHS.Libraries}/documents`;
export const STUDENT_LIBRARY_PATH = '/student/library';
export const ADMIN_AWARDS_PATH = '/admin/awards';
export const EXAMINATIONS_PATH = '/admin/examinations';
export const ADMIN_APPLICATIONS_PATH = '/admin/applications';
/** Staff's queue of open re-sits (issue 17). */
export const ADMIN_RESITS_PATH = '/admin/resits';
/** Where a screen that cannot work in a narrow window sends it (issue 45 item 14). */
export const ADMIN_WIDER_WINDOW_PATH = '/admin/wider-window';
/** The wider-window page for `next`, which it goes back to once the window is `breakpoint` wide. */
export function widerWindowPath(next: string, breakpoint: BreakpointName): string {
  return `${ADMIN_WIDER_WINDOW_PATH}?${new URLSearchParams({ next, width: breakpoint }).toString()}`;
}
/** Welder qualifications with a confirmation, revalidation or new test coming (issue 18). */
export const ADMIN_WELDERS_DUE_PATH = '/admin/welders-due';
export const ADMIN_DELETION_REQUESTS_PATH = `${ADMIN_MENU_PATHS.Users}/deletion-requests`;
/** Invigilation screens (issue 19): open to the people the schedule names, whatever their menus; the server decides. */
export const INVIGILATION_PATH = '/admin/invigilation';
export const ADMIN_VENUES_PATH = `${ADMIN_MENU_PATHS.Utilities}/venues`;
export const ADMIN_RANGE_OF_QUALIFICATION_PATH = `${ADMIN_MENU_PATHS.Utilities}/range-of-qualification`;
export const ADMIN_SECURITY_PATH = '/admin/security';
/** The awarding body's own settings (issue 40): super users and account administrators. */
export const ADMIN_ACCOUNT_SETTINGS_PATH = '/admin/account-settings';
/** A new account (awarding body), for the platform's super users. */
export const ADMIN_NEW_ACCOUNT_PATH = `${ADMIN_ACCOUNT_SETTINGS_PATH}/new-account`;
/** Every account's programs, staff, applications, awards and the mail outbox, for the platform's super users. */
export const ADMIN_ACCOUNTS_OVERVIEW_PATH = `${ADMIN_ACCOUNT_SETTINGS_PATH}/overview`;
export const LIBRARIES_PATH = '/admin/libraries';
export const ADMIN_ACCESS_LOG_PATH = `${ADMIN_MENU_PATHS.Users}/access-log`;
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const AICIP_PERSONNEL_SEARCH_PATH = PUBLIC_REGISTER_PAGES.aicip;
export const REGISTER_PATH = '/register';
export const ANSWER_PAPER_PATH = '/answer-paper/:token';
export const PERSONNEL_SEARCH_PATH = PUBLIC_REGISTER_PAGES.search;
export const RESET_PASSWORD_PATH = '/reset-password/:token';
export const VERIFY_PATH = '/verify/:certificateNumber';
/** The employer's confirmation link of a welder qualification (decision 026). */
export const WPQ_CONFIRM_PATH = '/wpq-confirm/:token';
export const TEST_GATEWAY_PATH = '/payment-gateway/test/:sessionId';
export const PUBLIC_SCHEDULE_PATH = '/schedule';
export const ACTIVATE_PATH = '/register/activate/:token';
export const STUDENT_CONTACT_PATH = '/student/contact';
export const STUDENT_PAYMENT_PATH = 'payments/:trackerId';
export const STUDENT_EXAMINATIONS_PATH = '/student/examinations';
/** The system check for recorded exams (issue 19); `?module=` logs the result against a scheduled module. */
export const STUDENT_SYSTEM_CHECK_PATH = `${STUDENT_EXAMINATIONS_PATH}/system-check`;

/** Launching a trial by test id, or a scheduled module exam by application module id. */
export function studentExamLaunchPath(kind: ExamType, referenceId: string): string {
  return `${STUDENT_EXAMINATIONS_PATH}/start/${kind}/${encodeURIComponent(referenceId)}`;
}

export function studentExamSittingPath(kind: ExamType, examInstanceId: string): string {
  return `${STUDENT_EXAMINATIONS_PATH}/${kind}/${encodeURIComponent(examInstanceId)}`;
}

export function studentExamReviewPath(examInstanceId: string): string {
  return `${STUDENT_EXAMINATIONS_PATH}/trial/${encodeURIComponent(examInstanceId)}/review`;
}

/** Launching a re-sit's sitting by its re-sit module id (issue 17; `resit-launch.tsx`). */
export function studentResitLaunchPath(resitModuleId: string): string {
  return `${STUDENT_EXAMINATIONS_PATH}/start-resit/${encodeURIComponent(resitModuleId)}`;
}

export const STUDENT_APPLICATIONS_PATH = '/student/applications';
export const STUDENT_RANGE_OF_QUALIFICATION_PATH = '/student/range-of-qualification';
export const STUDENT_NOTIFICATIONS_PATH = '/student/notifications';
export const STUDENT_DOCUMENTS_PATH = '/student/documents';
export const STUDENT_PROFILE_PATH = '/student/profile';
export const CERTIFICATE_TEMPLATES_PATH = `${LIBRARIES_PATH}/certificate-templates`;
/** The yearly management review (issue 43), under Reports: account administrators and program managers. */
export const ADMIN_MANAGEMENT_REVIEW_PATH = `${ADMIN_MENU_PATHS.Reports}/management-review`;

/** A company's own portal (issue 42): its home, its users and the claims to work for it. */
export const EMPLOYER_HOME_PATH = '/employer';
export const EMPLOYER_USERS_PATH = '/employer/users';
export const EMPLOYER_CLAIMS_PATH = '/employer/claims';
export const EMPLOYER_SECURITY_PATH = '/employer/security';
export const EMPLOYER_PEOPLE_PATH = '/employer/people';
export const EMPLOYER_CONFIRMATIONS_PATH = '/employer/confirmations';
export const EMPLOYER_CHECKS_PATH = '/employer/checks';
export const EMPLOYER_NOMINATIONS_PATH = '/employer/nominations';
export const EMPLOYER_INVOICES_PATH = '/employer/invoices';

/** Complaints (issue 43): the public form and its look-up, the applicant's and the company's lists, staff's register. */
export const PUBLIC_COMPLAINT_PATH = COMPLAINT_PAGES.lodge;
export const PUBLIC_COMPLAINT_LOOKUP_PATH = COMPLAINT_PAGES.lookup;
export const STUDENT_COMPLAINTS_PATH = COMPLAINT_PAGES.applicant;
export const EMPLOYER_COMPLAINTS_PATH = COMPLAINT_PAGES.employer;
export const ADMIN_COMPLAINTS_PATH = ADMIN_MENU_PATHS.Complaints;

/** Impartiality (issue 43): the registers under the menu item, every member of staff's own page, and a staff member's record. */
export const ADMIN_IMPARTIALITY_PATH = ADMIN_MENU_PATHS.Impartiality;
export const ADMIN_MY_IMPARTIALITY_PATH = '/admin/my-impartiality';
export const ADMIN_STAFF_RECORD_PATH = `${ADMIN_MENU_PATHS.Impartiality}/staff/:userId`;
export function adminStaffRecordPath(userId: string): string {
  return `${ADMIN_MENU_PATHS.Impartiality}/staff/${encodeURIComponent(userId)}`;
}

/** Appeals (issue 43): staff's register and an appeal's page; the person's list and an appeal by its reference. */
export const ADMIN_APPEALS_PATH = ADMIN_MENU_PATHS.Appeals;
export const STUDENT_APPEALS_PATH = APPEAL_PAGES.applicant;
