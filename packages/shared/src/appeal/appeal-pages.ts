/** The appeal pages' paths, in a module of their own so the web's entry bundle takes no contract schemas with them. */
export const APPEAL_PAGES = { applicant: '/student/appeals', staff: '/admin/appeals' } as const;
