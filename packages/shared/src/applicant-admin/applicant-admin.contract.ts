import { z } from 'zod';
import { Applicant, Education, Experience, ProfessionalActivity } from '../applicant/applicant.contract';
import { pagedResponse, pagingShape } from '../common/paging';

/**
 * Staff's view of one applicant (issue 20; spec section 7: the applicant sub-lists by applicantId,
 * paged by currentPage and perPageCount). Administrators read every applicant; a program's staff
 * only applicants with a submitted application in a program they serve, and only those programs'
 * applications, history and file notes.
 */
export const APPLICANT_SUB_LISTS = ['qualification', 'experience', 'professionalactivities', 'filenotes', 'history', 'applications', 'awards', 'emails'] as const;
export type ApplicantSubList = (typeof APPLICANT_SUB_LISTS)[number];
export const APPLICANT_SUB_LIST_LABELS: Record<ApplicantSubList, string> = {
  qualification: 'Qualifications',
  experience: 'Experience',
  professionalactivities: 'Professional activities',
  filenotes: 'File notes',
  history: 'History',
  applications: 'Applications',
  awards: 'Awards',
  emails: 'Emails',
};

export const SubListQuery = z.strictObject({ ...pagingShape });
export type SubListQuery = z.input<typeof SubListQuery>;

/** The page's header: the profile, and what the caller may open. */
export const ApplicantRecord = z.object({
  applicant: Applicant,
  /** Administrators: every application and the emails; a program's staff: their programs only, no emails. */
  isAdministrator: z.boolean(),
  employerName: z.string().nullable(),
});
export type ApplicantRecord = z.infer<typeof ApplicantRecord>;

export const ApplicantApplicationRow = z.object({
  id: z.string(),
  applicationNumber: z.string(),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  programType: z.number().int(),
  status: z.string(),
  workflowStage: z.string().nullable(),
  createdOn: z.string(),
  submittedOn: z.string().nullable(),
});
export type ApplicantApplicationRow = z.infer<typeof ApplicantApplicationRow>;

export const ApplicantHistoryRow = z.object({
  id: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
  note: z.string(),
  changedBy: z.string().nullable(),
  createdOn: z.string(),
});
export type ApplicantHistoryRow = z.infer<typeof ApplicantHistoryRow>;

export const ApplicantFileNoteRow = z.object({
  id: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  note: z.string(),
  writtenBy: z.string().nullable(),
  createdOn: z.string(),
});
export type ApplicantFileNoteRow = z.infer<typeof ApplicantFileNoteRow>;

export const ApplicantEmailRow = z.object({ id: z.string(), subject: z.string(), toEmail: z.string(), status: z.string(), text: z.string(), createdOn: z.string() });
export type ApplicantEmailRow = z.infer<typeof ApplicantEmailRow>;

export const EducationPage = pagedResponse(Education);
export const ExperiencePage = pagedResponse(Experience);
export const ProfessionalActivityPage = pagedResponse(ProfessionalActivity);
export const ApplicantApplicationPage = pagedResponse(ApplicantApplicationRow);
export const ApplicantHistoryPage = pagedResponse(ApplicantHistoryRow);
export const ApplicantFileNotePage = pagedResponse(ApplicantFileNoteRow);
export const ApplicantEmailPage = pagedResponse(ApplicantEmailRow);

/** The staff page of an applicant, opened from Users → Applicants and from every staff application page. */
export function applicantAdminPath(applicantId: string): string {
  return `/admin/users/applicants/${applicantId}`;
}
