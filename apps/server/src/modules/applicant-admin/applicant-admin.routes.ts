import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApplicantApplicationPage,
  ApplicantEmailPage,
  ApplicantFileNotePage,
  ApplicantHistoryPage,
  ApplicantRecord,
  EducationPage,
  ExperiencePage,
  ProfessionalActivityPage,
  SubListQuery,
  type ApplicantSubList,
} from '@certs/shared/applicant-admin/applicant-admin.contract';
import { routeOf } from '../../platform/audit/personal-data-access';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { ApplicantAdminService } from './applicant-admin.service';

const ApplicantParams = z.strictObject({ applicantId: z.string() });
const doc = { tags: ['applicant (staff)'], security: [{ bearer: [] }] };

/** The sub-lists and their answers; awards are the award module's `api/applicant/{applicantId}/awards`. */
const SUB_LISTS: Record<Exclude<ApplicantSubList, 'awards'>, { page: z.ZodType; summary: string }> = {
  qualification: { page: EducationPage, summary: "The applicant's qualifications (education)" },
  experience: { page: ExperiencePage, summary: "The applicant's experience" },
  professionalactivities: { page: ProfessionalActivityPage, summary: "The applicant's professional activities" },
  filenotes: { page: ApplicantFileNotePage, summary: "File notes on the applicant's applications (the caller's programs)" },
  history: { page: ApplicantHistoryPage, summary: "Moves of the applicant's applications (the caller's programs)" },
  applications: { page: ApplicantApplicationPage, summary: "The applicant's applications (the caller's programs)" },
  emails: { page: ApplicantEmailPage, summary: 'Mail the platform sent the applicant (administrators)' },
};

/** Staff's applicant page (issue 20): administrators, and a program's staff for applicants in their programs. */
export function registerApplicantAdminRoutes(api: FastifyInstance, service: ApplicantAdminService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin();
  r.get(
    '/api/applicant/:applicantId/record',
    { onRequest: staff, schema: { ...doc, summary: "The staff applicant page's profile, contact and membership", params: ApplicantParams, response: { 200: ApplicantRecord } } },
    async (request) => service.findRecord(currentUserOf(request), request.params.applicantId, routeOf(request)),
  );
  for (const [list, { page, summary }] of Object.entries(SUB_LISTS) as [Exclude<ApplicantSubList, 'awards'>, { page: z.ZodType; summary: string }][]) {
    r.get(
      `/api/applicant/:applicantId/${list}`,
      { onRequest: staff, schema: { ...doc, summary: `${summary}, paged (currentPage, perPageCount)`, params: ApplicantParams, querystring: SubListQuery, response: { 200: page } } },
      async (request) => service.findSubList(currentUserOf(request), request.params.applicantId, list, request.query, routeOf(request)),
    );
  }
}
