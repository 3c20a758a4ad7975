/** The complaint pages' paths, in a module of their own so the web's entry bundle takes no contract schemas with them. */
export const COMPLAINT_PAGES = {
  lodge: '/complaints',
  lookup: '/complaints/lookup',
  applicant: '/student/complaints',
  employer: '/employer/complaints',
  staff: '/admin/complaints',
} as const;
