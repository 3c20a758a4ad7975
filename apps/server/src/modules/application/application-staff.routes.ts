import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApplicationQueuePage,
  ApplicationQueueQuery,
  AssessmentSaveRequest,
  AssessorSaveRequest,
  AssessorSubmitRequest,
  AssignAssessorRequest,
  FileNote,
  FileNoteList,
  FileNoteRequest,
  StaffApplicationDetails,
} from '@certs/shared/application/application-stage.contract';
import { APPLICATION_TYPE_PATHS, APPLICATION_TYPES } from '@certs/shared/application/application-status';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { ApplicationWorkflowService } from './application-workflow.service';

/**
 * The staff's routes of each application type (spec section 7: `{type}/pagination`, details,
 * assessor and assessment save/submit, file notes). Applicants get 403; staff need the Programs
 * menu and a standing in the program (decision 006).
 */
export function registerApplicationStaffRoutes(api: FastifyInstance, service: ApplicationWorkflowService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin({ menu: 'Programs' });
  const params = z.strictObject({ id: z.string() });
  for (const typePath of APPLICATION_TYPE_PATHS) {
    const doc = { tags: [`${APPLICATION_TYPES[typePath].label} applications (staff)`], security: [{ bearer: [] }] };
    r.get(
      `/api/${typePath}/pagination`,
      { onRequest: staff, schema: { ...doc, summary: "The applications queue of one program (programId) or of every program the caller may see: paged, searched by number, name and email, filtered by status and stage", querystring: ApplicationQueueQuery, response: { 200: ApplicationQueuePage } } },
      async (request) => service.findQueue(currentUserOf(request), typePath, request.query),
    );
    r.get(
      `/api/${typePath}/:id/details`,
      { onRequest: staff, schema: { ...doc, summary: 'The staff application page: applicant, answers, assessor, assessment, history', params, response: { 200: StaffApplicationDetails } } },
      async (request) => service.findDetails(currentUserOf(request), typePath, request.params.id),
    );
    r.post(
      `/api/${typePath}/:id/assessor/assign`,
      { onRequest: staff, schema: { ...doc, summary: 'Assign an assessor (Application Submitted -> Being Assessed), or hand over to another', params, body: AssignAssessorRequest, response: { 200: StaffApplicationDetails } } },
      async (request) => service.assignAssessor(currentUserOf(request), typePath, request.params.id, request.body),
    );
    r.post(
      `/api/${typePath}/:id/assessor/save`,
      { onRequest: staff, schema: { ...doc, summary: "Save the assessor's review", params, body: AssessorSaveRequest, response: { 200: StaffApplicationDetails } } },
      async (request) => service.saveReview(currentUserOf(request), typePath, request.params.id, request.body, false),
    );
    r.post(
      `/api/${typePath}/:id/assessor/submit`,
      { onRequest: staff, schema: { ...doc, summary: "Submit the assessor's review with a recommendation", params, body: AssessorSubmitRequest, response: { 200: StaffApplicationDetails } } },
      async (request) => service.saveReview(currentUserOf(request), typePath, request.params.id, request.body, true),
    );
    r.post(
      `/api/${typePath}/:id/assessment/save`,
      { onRequest: staff, schema: { ...doc, summary: 'Save the assessment as a draft', params, body: AssessmentSaveRequest, response: { 200: StaffApplicationDetails } } },
      async (request) => service.saveAssessment(currentUserOf(request), typePath, request.params.id, request.body, false),
    );
    r.post(
      `/api/${typePath}/:id/assessment/submit`,
      {
        onRequest: staff,
        schema: { ...doc, summary: 'Submit the assessment: accept (Assessment Completed), more information (Application Started) or reject (Failed)', params, body: AssessmentSaveRequest, response: { 200: StaffApplicationDetails } },
      },
      async (request) => service.saveAssessment(currentUserOf(request), typePath, request.params.id, request.body, true),
    );
    r.get(
      `/api/${typePath}/:id/filenotes`,
      { onRequest: staff, schema: { ...doc, summary: "The application's file notes (staff only), newest first", params, response: { 200: FileNoteList } } },
      async (request) => service.findFileNotes(currentUserOf(request), typePath, request.params.id),
    );
    r.post(
      `/api/${typePath}/:id/filenotes`,
      { onRequest: staff, schema: { ...doc, summary: 'Add a file note (staff only)', params, body: FileNoteRequest, response: { 200: FileNote } } },
      async (request) => service.addFileNote(currentUserOf(request), typePath, request.params.id, request.body),
    );
  }
}
