/**
 * What a row of the staff access log means, in words: the server logs the route read (`GET
 * /api/applicant/:id`, decision 016); the screen says what the member of staff did. A route the
 * screen does not know yet is shown as it is, never hidden.
 */
const ACTIONS: readonly { pattern: RegExp; label: string }[] = [
  { pattern: /^GET \/api\/applicant\/(profiledetails\/)?:id$/, label: 'Opened the profile' },
  { pattern: /^POST \/api\/applicant\/:id\/membership$/, label: 'Reviewed the membership (profile shown)' },
  { pattern: /^GET \/api\/applicantqualification\/byapplicant\/:id$/, label: 'Read the education list' },
  { pattern: /^GET \/api\/applicantexperience\/byapplicant\/:id$/, label: 'Read the work experience list' },
  { pattern: /^GET \/api\/applicantprofessionalactivities\/byapplicant\/:id$/, label: 'Read the professional activities list' },
  { pattern: /^GET \/api\/applicantprofessionaldevelopment\/byapplicant\/:id$/, label: 'Read the professional development list' },
  { pattern: /^GET \/api\/attachment\/presigned-download\//, label: 'Opened a file' },
  { pattern: /^GET \/api\/[a-z]+application\/:id\/details$/, label: 'Opened an application' },
];

export function accessLogActionOf(route: string): string {
  return ACTIONS.find((action) => action.pattern.test(route))?.label ?? route;
}

/** What was read when the route does not say it: "File attachments/….pdf", "Application <id>". */
export function accessLogRecordOf(route: string, resource: string | null): string | null {
  if (!resource) return null;
  if (/^GET \/api\/attachment\//.test(route)) return `File ${resource}`;
  if (/application\/:id\/details$/.test(route)) return `Application ${resource}`;
  return resource;
}
