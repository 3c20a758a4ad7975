import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateResitRequest,
  ResitApplicationQuery,
  ResitApplicationView,
  ResitAssessmentRequest,
  ResitIdRequest,
  ResitListQuery,
  ResitModule,
  ResitPage,
  ResitResultRequest,
  ResitScheduleRequest,
} from '@certs/shared/resit/resit.contract';
import { RESIT_TYPE_PATHS } from '@certs/shared/resit/resit-rules';
import { currentUserOf, requireAdmin, requireApplicant, requireSignedIn } from '../../platform/auth/authenticate';
import type { ResitService } from './resit.service';

const doc = { security: [{ bearer: [] }] };

/**
 * Re-sit modules (spec section 7; issue 17, decision 024) under both words: the holder and the
 * program's staff read, the holder applies, the program's managers (and the re-sit's examiner for
 * the assessment) move it through its stages.
 */
export function registerResitRoutes(api: FastifyInstance, resits: ResitService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin({ menu: 'Programs' });
  for (const word of RESIT_TYPE_PATHS) {
    const tags = [`re-sits (${word})`];
    r.get(
      `/api/${word}/status/all`,
      { onRequest: requireSignedIn(), schema: { ...doc, tags, summary: "Every re-sit: the applicant's own, or the programs staff serve on (programId, applicationId)", querystring: ResitListQuery, response: { 200: ResitPage } } },
      async (request) => resits.findPage(currentUserOf(request), word, request.query, false),
    );
    r.get(
      `/api/${word}/resitModules`,
      {
        onRequest: requireSignedIn(),
        schema: { ...doc, tags, summary: 'The re-sits of one application, and which failed modules may be re-sat now (the holder; staff of the program)', querystring: ResitApplicationQuery, response: { 200: ResitApplicationView } },
      },
      async (request) => resits.findApplicationView(currentUserOf(request), word, request.query.applicationId),
    );
    r.get(
      `/api/${word}/incomplete/resitModules`,
      { onRequest: requireSignedIn(), schema: { ...doc, tags, summary: 'Re-sits not yet at Resit Result: the staff queue (the applicant: own)', querystring: ResitListQuery, response: { 200: ResitPage } } },
      async (request) => resits.findPage(currentUserOf(request), word, request.query, true),
    );
    r.post(
      `/api/${word}/create`,
      {
        onRequest: requireApplicant(),
        schema: { ...doc, tags, summary: "The holder applies to re-sit a failed module: Resit Applied, the re-sit fee's invoice (a discount code may apply) and its payment link", body: CreateResitRequest, response: { 200: ResitModule } },
      },
      async (request) => resits.create(currentUserOf(request), word, request.body),
    );
    r.post(
      `/api/${word}/paymentstage`,
      { onRequest: staff, schema: { ...doc, tags, summary: "A new payment link for the re-sit's unpaid invoice (the open one expires)", body: ResitIdRequest, response: { 200: ResitModule } } },
      async (request) => resits.sendPaymentLink(currentUserOf(request), word, request.body.resitModuleId),
    );
    r.post(
      `/api/${word}/examinationstage`,
      { onRequest: staff, schema: { ...doc, tags, summary: "Save the re-sit's exam schedule (the module exam's rules); a change after sending is unsent", body: ResitScheduleRequest, response: { 200: ResitModule } } },
      async (request) => resits.saveSchedule(currentUserOf(request), word, request.body),
    );
    r.post(
      `/api/${word}/examinationstage/send`,
      { onRequest: staff, schema: { ...doc, tags, summary: 'Send the re-sit exam to the candidate: Resit Examination', body: ResitIdRequest, response: { 200: ResitModule } } },
      async (request) => resits.sendSchedule(currentUserOf(request), word, request.body.resitModuleId),
    );
    r.post(
      `/api/${word}/examinationassessmentstage/save`,
      { onRequest: staff, schema: { ...doc, tags, summary: "The examiner's result of the re-sit (Pass, Fail or Absent, percentage, notes)", body: ResitAssessmentRequest, response: { 200: ResitModule } } },
      async (request) => resits.saveAssessment(currentUserOf(request), word, request.body),
    );
    r.post(
      `/api/${word}/examinationassessmentstage/submit`,
      { onRequest: staff, schema: { ...doc, tags, summary: 'Submit the saved assessment: Resit Examination Assessment', body: ResitIdRequest, response: { 200: ResitModule } } },
      async (request) => resits.submitAssessment(currentUserOf(request), word, request.body.resitModuleId),
    );
    r.post(
      `/api/${word}/result/submit`,
      {
        onRequest: staff,
        schema: { ...doc, tags, summary: 'Record the re-sit result (Resit Result) and decide the overall result again: Awarded with its award, or Failed', body: ResitResultRequest, response: { 200: ResitModule } },
      },
      async (request) => resits.submitResult(currentUserOf(request), word, request.body),
    );
  }
}
