import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLICATION_TYPES } from '@certs/shared/application/application-status';
import {
  ExamSchedule,
  MODULE_TYPE_PATHS,
  MyExaminations,
  PostExamUpdateRequest,
  RESULT_STAGE_TYPE_PATHS,
  ResultStageRequest,
  ScheduleSaveRequest,
} from '@certs/shared/exam-schedule/exam-schedule.contract';
import { PublicSchedule, PublicScheduleQuery } from '@certs/shared/exam-schedule/public-schedule.contract';
import { currentUserOf, requireAdmin, requireApplicant } from '../../platform/auth/authenticate';
import type { ExamScheduleService } from './exam-schedule.service';
import type { PublicScheduleService } from './public-schedule.service';

const params = z.strictObject({ id: z.string() });

/**
 * Spec section 7, Modules (`{moduleType}/{id}/scheduled`, `examination/update`, `examination/send`,
 * `postexam/update`, `results`) and `{type}/{id}/resultstage`; plus the applicant's own
 * `{type}/{id}/myschedule`. Staff need the Programs menu and a standing in the program; applicants
 * get 403 on staff routes and 404 for another applicant's application.
 */
export function registerExamScheduleRoutes(api: FastifyInstance, service: ExamScheduleService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin({ menu: 'Programs' });
  for (const moduleType of MODULE_TYPE_PATHS) {
    const doc = { tags: [`${moduleType} (exam schedule and results)`], security: [{ bearer: [] }] };
    r.get(
      `/api/${moduleType}/:id/scheduled`,
      { onRequest: staff, schema: { ...doc, summary: "The candidate's modules with their schedule and results, and the form's choices", params, response: { 200: ExamSchedule } } },
      async (request) => service.findSchedule(currentUserOf(request), moduleType, request.params.id),
    );
    r.post(
      `/api/${moduleType}/:id/examination/update`,
      {
        onRequest: staff,
        schema: { ...doc, summary: 'Save the schedule of some or all modules; complete for every module -> Exam Initialization Completed', params, body: ScheduleSaveRequest, response: { 200: ExamSchedule } },
      },
      async (request) => service.saveSchedule(currentUserOf(request), moduleType, request.params.id, request.body),
    );
    r.post(
      `/api/${moduleType}/:id/examination/send`,
      { onRequest: staff, schema: { ...doc, summary: 'Mail the schedule to the candidate (-> Exam Modules Sent); again after a change', params, response: { 200: ExamSchedule } } },
      async (request) => service.sendSchedule(currentUserOf(request), moduleType, request.params.id),
    );
    r.post(
      `/api/${moduleType}/:id/postexam/update`,
      {
        onRequest: staff,
        schema: { ...doc, summary: 'Enter module results after the exam; every module with a result -> Exam Modules Evaluation Completed', params, body: PostExamUpdateRequest, response: { 200: ExamSchedule } },
      },
      async (request) => service.saveResults(currentUserOf(request), moduleType, request.params.id, request.body),
    );
    r.get(
      `/api/${moduleType}/:id/results`,
      { onRequest: staff, schema: { ...doc, summary: 'The modules that have a result, and the overall result', params, response: { 200: ExamSchedule } } },
      async (request) => service.findResults(currentUserOf(request), moduleType, request.params.id),
    );
  }
  for (const typePath of RESULT_STAGE_TYPE_PATHS) {
    const doc = { tags: [`${APPLICATION_TYPES[typePath].label} applications (staff)`], security: [{ bearer: [] }] };
    r.post(
      `/api/${typePath}/:id/resultstage`,
      { onRequest: staff, schema: { ...doc, summary: 'Record the overall result: Awarded (every module passed) or Failed', params, body: ResultStageRequest, response: { 200: ExamSchedule } } },
      async (request) => service.recordOverallResult(currentUserOf(request), typePath, request.params.id, request.body),
    );
    r.get(
      `/api/${typePath}/:id/resultstage`,
      { onRequest: staff, schema: { ...doc, summary: 'The result stage: modules with results, the overall result and who may record it', params, response: { 200: ExamSchedule } } },
      async (request) => service.findResultStage(currentUserOf(request), typePath, request.params.id),
    );
    r.get(
      `/api/${typePath}/:id/myschedule`,
      {
        onRequest: requireApplicant(),
        schema: { tags: [`${APPLICATION_TYPES[typePath].label} applications`], security: [{ bearer: [] }], summary: "The applicant's own exam schedule once sent, and results once recorded", params, response: { 200: MyExaminations } },
      },
      async (request) => service.findMyExaminations(currentUserOf(request), typePath, request.params.id),
    );
  }
}

/** `GET unauth/schedule`: the public exam schedule, no sign-in. */
export function registerPublicScheduleRoutes(app: FastifyInstance, service: PublicScheduleService): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/unauth/schedule',
    {
      schema: {
        tags: ['public schedule'],
        summary: 'Upcoming exam sessions by venue or test centre and day (the awarding body time zone of each), with the number of candidates; never who they are',
        querystring: PublicScheduleQuery,
        response: { 200: PublicSchedule },
      },
    },
    async (request, reply) => {
      // Public and the same for everyone: a short shared cache keeps a busy page off the database.
      void reply.header('cache-control', 'public, max-age=60');
      return service.find(request.query);
    },
  );
}
