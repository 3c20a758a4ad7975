import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PresignUploadResponse } from '@certs/shared/attachment/attachment.contract';
import {
  AnswerPaperPage,
  AnswerPaperPresignRequest,
  AnswerPaperQrResponse,
  AnswerPaperTokenQuery,
  AttachAnswerPaperRequest,
  AvailableTrialList,
  CandidateExam,
  LaunchedExam,
  ExamMarking,
  ExamReview,
  ExamSessionRequest,
  ExamSessionResponse,
  ExamTimer,
  ExtraTimeRequest,
  ExtraTimeResponse,
  InitModuleRequest,
  InitTrialRequest,
  MyExaminationsPage,
  MyExaminationsQuery,
  RemainingTimeRequest,
  ServerTimeResponse,
  SittingsPage,
  SittingsQuery,
  SubmitExamRequest,
  SubmitExamResponse,
  UpdateInstancesRequest,
  UpdateInstancesResponse,
  VerifyMarksRequest,
} from '@certs/shared/exam/exam.contract';
import { EXAM_TYPES, type ExamType } from '@certs/shared/program/program-type';
import { InitResitRequest } from '@certs/shared/resit/resit.contract';
import { currentUserOf, requireAdmin, requireApplicant } from '../../platform/auth/authenticate';
import type { ExamModule } from './exam.module';

const candidateDoc = { tags: ['exams (candidate)'], security: [{ bearer: [] }] };
const staffDoc = { tags: ['exams (staff)'], security: [{ bearer: [] }] };
const IdParams = z.strictObject({ id: z.uuid() });
const QrParams = z.strictObject({ id: z.uuid(), questionInstanceId: z.uuid() });
const PATH_OF: Record<ExamType, string> = { trial: 'trialexaminstance', module: 'moduleexaminstance' };

/**
 * Open routes of the exam engine, outside the authenticated scope: the server time (polled by
 * thousands of candidates, so it touches no database and needs no token; the time is no secret)
 * and the phone's answer-paper page, which the signed QR token authorises.
 */
export function registerExamPublicRoutes(app: FastifyInstance, exam: ExamModule): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/launchexam/servertime',
    { schema: { tags: ['exams (candidate)'], summary: "The server's time in epoch milliseconds: exam clocks count from it", response: { 200: ServerTimeResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return exam.exams.serverTime();
    },
  );
  const doc = { tags: ['answer papers (phone, no sign-in)'] };
  r.get(
    '/unauth/dependent_data/uploadanswerpaper',
    { schema: { ...doc, summary: "The answer-paper page of one question instance: the QR code's token, valid until the exam ends", querystring: AnswerPaperTokenQuery, response: { 200: AnswerPaperPage } } },
    async (request) => exam.answerPapers.page(request.query.token),
  );
  r.post(
    '/unauth/answerpaper/presigned-upload',
    { schema: { ...doc, summary: 'An upload URL for a photo of the answer, with the QR token instead of a sign-in', body: AnswerPaperPresignRequest, response: { 200: PresignUploadResponse } } },
    async (request) => {
      const { token, ...file } = request.body;
      return exam.answerPapers.presign(token, file);
    },
  );
  r.post(
    '/unauth/update/answerpaper',
    { schema: { ...doc, summary: 'Attach an uploaded photo to the question instance of the token (only that one)', body: AttachAnswerPaperRequest, response: { 200: AnswerPaperPage } } },
    async (request) => exam.answerPapers.attach(request.body.token, request.body.resourceKey),
  );
}

/** The candidate's and the staff's exam routes (spec section 7, Exams); registered in the authenticated scope. */
export function registerExamRoutes(api: FastifyInstance, exam: ExamModule): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const applicant = requireApplicant();
  const staff = requireAdmin();

  r.post(
    '/api/launchexam/inittrial',
    { onRequest: applicant, schema: { ...candidateDoc, summary: 'Start (or resume) a published trial exam: the sitting without correct answers', body: InitTrialRequest, response: { 200: LaunchedExam } } },
    async (request) => exam.exams.claimOnLaunch(currentUserOf(request), await exam.exams.initTrial(currentUserOf(request), request.body.testId), request.body.sessionId),
  );
  r.post(
    '/api/launchexam/init',
    {
      onRequest: applicant,
      schema: { ...candidateDoc, summary: 'Start (or resume) a scheduled online module exam within its window: created once, the same sitting after', body: InitModuleRequest, response: { 200: LaunchedExam } },
    },
    async (request) => exam.exams.claimOnLaunch(currentUserOf(request), await exam.exams.initModule(currentUserOf(request), request.body.applicationModuleId), request.body.sessionId),
  );
  r.post(
    '/api/launchexam/initresit',
    {
      onRequest: applicant,
      schema: { ...candidateDoc, summary: "Start (or resume) a sent online re-sit within its window: a new sitting, the first attempt's kept (issue 17)", body: InitResitRequest, response: { 200: LaunchedExam } },
    },
    async (request) => exam.exams.claimOnLaunch(currentUserOf(request), await exam.exams.initResit(currentUserOf(request), request.body.resitModuleId), request.body.sessionId),
  );
  r.post(
    '/api/updateInstances',
    {
      onRequest: applicant,
      schema: {
        ...candidateDoc,
        summary: 'Save answer updates: each applied only when its sequence is newer; refused (409) after the deadline + grace, after submission or for a session taken over',
        body: UpdateInstancesRequest,
        response: { 200: UpdateInstancesResponse },
      },
    },
    async (request) => exam.exams.updateInstances(currentUserOf(request), request.body),
  );
  r.post(
    '/api/remainingtime',
    { onRequest: applicant, schema: { ...candidateDoc, summary: "The server's timer; a remaining time claimed by the browser is ignored", body: RemainingTimeRequest, response: { 200: ExamTimer } } },
    async (request) => exam.exams.remainingTime(currentUserOf(request), request.body.examType, request.body.examInstanceId),
  );
  r.put(
    '/api/isexaminprogress',
    { onRequest: applicant, schema: { ...candidateDoc, summary: 'Hold the exam in this browser session; 409 when open elsewhere unless taking over', body: ExamSessionRequest, response: { 200: ExamSessionResponse } } },
    async (request) => exam.exams.claimSession(currentUserOf(request), request.body),
  );
  r.get(
    '/api/examinations/my',
    { onRequest: applicant, schema: { ...candidateDoc, summary: "The applicant's examinations: trial sittings and scheduled module exams", querystring: MyExaminationsQuery, response: { 200: MyExaminationsPage } } },
    async (request) => exam.exams.myExaminations(currentUserOf(request), request.query),
  );
  r.get(
    '/api/examinations/trials',
    { onRequest: applicant, schema: { ...candidateDoc, summary: 'Published trial exams the applicant can start at any time', response: { 200: AvailableTrialList } } },
    async (request) => exam.exams.availableTrials(currentUserOf(request)),
  );

  for (const examType of EXAM_TYPES) {
    const base = `/api/${PATH_OF[examType]}`;
    r.get(
      `${base}/:id`,
      { onRequest: applicant, schema: { ...candidateDoc, summary: `A ${examType} sitting of the candidate, without correct answers or marks`, params: IdParams, response: { 200: CandidateExam } } },
      async (request) => exam.exams.findExam(currentUserOf(request), examType, request.params.id),
    );
    r.post(
      `${base}/:id/submit`,
      {
        onRequest: applicant,
        schema: { ...candidateDoc, summary: 'Submit once (refused before the minimum time, and from a session that no longer holds the sitting); objective questions are marked at once', params: IdParams, body: SubmitExamRequest, response: { 200: SubmitExamResponse } },
      },
      async (request) => exam.exams.submit(currentUserOf(request), examType, request.params.id, request.body?.sessionId),
    );
    r.get(
      `${base}/:id/review`,
      { onRequest: applicant, schema: { ...candidateDoc, summary: 'A submitted trial with score and correct answers (module exams: 403)', params: IdParams, response: { 200: ExamReview } } },
      async (request) => exam.exams.review(currentUserOf(request), examType, request.params.id),
    );
    r.get(
      `${base}/:id/qrcode/:questionInstanceId`,
      { onRequest: applicant, schema: { ...candidateDoc, summary: "QR code generate: a phone link to upload answer papers for one question, until the exam's end", params: QrParams, response: { 200: AnswerPaperQrResponse } } },
      async (request) => exam.answerPapers.qrCode(currentUserOf(request), examType, request.params.id, request.params.questionInstanceId),
    );
  }

  r.get(
    '/api/examinations/pagination',
    { onRequest: staff, schema: { ...staffDoc, summary: 'Sittings: trial and module exams with the spec filters, for staff of their programs', querystring: SittingsQuery, response: { 200: SittingsPage } } },
    async (request) => exam.staff.findSittings(currentUserOf(request), request.query),
  );
  r.post(
    '/api/moduleexaminstance/:id/extratime',
    {
      onRequest: staff,
      schema: { ...staffDoc, summary: "Extra time for one candidate's scheduled module exam (id: the application module), before or during it", params: IdParams, body: ExtraTimeRequest, response: { 200: ExtraTimeResponse } },
    },
    async (request) => exam.staff.grantExtraTime(currentUserOf(request), request.params.id, request.body),
  );
  r.get(
    '/api/moduleexaminstance/:id/marking',
    { onRequest: staff, schema: { ...staffDoc, summary: "The examiner's marking: every answer with its marks, descriptive answers and answer papers", params: IdParams, response: { 200: ExamMarking } } },
    async (request) => exam.staff.findMarking(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/moduleexaminstance/:id/verifymarks',
    {
      onRequest: staff,
      schema: { ...staffDoc, summary: "Verify marks: once none is unmarked, the percentage against the module's pass percentage gives its result", params: IdParams, body: VerifyMarksRequest, response: { 200: ExamMarking } },
    },
    async (request) => exam.staff.verifyMarks(currentUserOf(request), request.params.id, request.body),
  );
}
