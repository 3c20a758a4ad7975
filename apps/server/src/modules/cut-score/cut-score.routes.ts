import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdoptCutScoreResponse,
  CreateCutScoreStudyRequest,
  CutScoreJudgeRequest,
  CutScoreOverview,
  CutScoreStudy,
  SaveCutScoreRatingsRequest,
  UpdateCutScoreStudyRequest,
} from '@certs/shared/cut-score/cut-score.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { CutScoreService } from './cut-score.service';

const BASE = '/api/examquality/cutscores';
const TestParams = z.strictObject({ testId: z.string() });
const StudyParams = z.strictObject({ id: z.string() });
const JudgeParams = z.strictObject({ id: z.string(), judgeId: z.string() });

/**
 * Cut scores of module tests (issue 43), under the exam quality report's path: the Examinations
 * menu at the door, then the program's manager or an administrator to set them (the program's
 * examiners read). Another account's tests and studies are not found.
 */
export function registerCutScoreRoutes(api: FastifyInstance, cutScores: CutScoreService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin({ menu: 'Examinations' });
  const doc = { tags: ['cut scores'], security: [{ bearer: [] }] };

  r.get(
    `${BASE}/tests/:testId`,
    { onRequest: staff, schema: { ...doc, summary: "A test's cut score versions (method, cut score, spread, status) with its questions and marks", params: TestParams, response: { 200: CutScoreOverview } } },
    async (request) => cutScores.findOverview(currentUserOf(request), request.params.testId),
  );
  r.post(
    `${BASE}/tests/:testId/studies`,
    { onRequest: staff, schema: { ...doc, summary: "Start a study of a module test's cut score at its next version (a draft)", params: TestParams, body: CreateCutScoreStudyRequest, response: { 201: CutScoreStudy } } },
    async (request, reply) => reply.status(201).send(await cutScores.createStudy(currentUserOf(request), request.params.testId, request.body)),
  );
  r.get(
    `${BASE}/studies/:id`,
    { onRequest: staff, schema: { ...doc, summary: 'A study: its judges, the rating grid and the figures computed from it', params: StudyParams, response: { 200: CutScoreStudy } } },
    async (request) => cutScores.findStudy(currentUserOf(request), request.params.id),
  );
  r.put(
    `${BASE}/studies/:id`,
    { onRequest: staff, schema: { ...doc, summary: "A draft's description (method and evidence), and another method's cut score", params: StudyParams, body: UpdateCutScoreStudyRequest, response: { 200: CutScoreStudy } } },
    async (request) => cutScores.updateStudy(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    `${BASE}/studies/:id/judges`,
    { onRequest: staff, schema: { ...doc, summary: "Add a judge to a draft Angoff study's panel", params: StudyParams, body: CutScoreJudgeRequest, response: { 201: CutScoreStudy } } },
    async (request, reply) => reply.status(201).send(await cutScores.addJudge(currentUserOf(request), request.params.id, request.body)),
  );
  r.put(
    `${BASE}/studies/:id/judges/:judgeId`,
    { onRequest: staff, schema: { ...doc, summary: "A judge's name and expertise", params: JudgeParams, body: CutScoreJudgeRequest, response: { 200: CutScoreStudy } } },
    async (request) => cutScores.updateJudge(currentUserOf(request), request.params.id, request.params.judgeId, request.body),
  );
  r.delete(
    `${BASE}/studies/:id/judges/:judgeId`,
    { onRequest: staff, schema: { ...doc, summary: 'Take a judge off a draft panel, with their ratings', params: JudgeParams, response: { 200: CutScoreStudy } } },
    async (request) => cutScores.removeJudge(currentUserOf(request), request.params.id, request.params.judgeId),
  );
  r.put(
    `${BASE}/studies/:id/ratings`,
    { onRequest: staff, schema: { ...doc, summary: 'Set cells of the rating grid (judge x question, 0-100; null clears a cell)', params: StudyParams, body: SaveCutScoreRatingsRequest, response: { 200: CutScoreStudy } } },
    async (request) => cutScores.saveRatings(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    `${BASE}/studies/:id/adopt`,
    {
      onRequest: staff,
      schema: { ...doc, summary: "Adopt a complete draft: the test's adopted version is superseded and the module's pass mark becomes the cut score", params: StudyParams, response: { 200: AdoptCutScoreResponse } },
    },
    async (request) => cutScores.adopt(currentUserOf(request), request.params.id),
  );
}
