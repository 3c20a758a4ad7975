import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CloneTestRequest,
  ExamDefinition,
  ExamDefinitionListQuery,
  ExamDefinitionPage,
  LinkableModuleList,
  TestRequest,
  TestTitleLookup,
} from '@certs/shared/exam-definition/exam-definition.contract';
import { EXAM_DEFINITION_ACTIONS } from '@certs/shared/exam-definition/exam-definition-status';
import {
  AddSectionQuestionsRequest,
  CandidateExamPreview,
  CreateSectionRequest,
  ReorderSectionQuestionsRequest,
  ReorderSectionsRequest,
  Section,
  SectionList,
  SectionQuestionList,
  UpdateSectionQuestionRequest,
  UpdateSectionRequest,
} from '@certs/shared/exam-definition/exam-section.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { ExamContentService } from './exam-content.service';
import type { ExamDefinitionService } from './exam-definition.service';

const IdParams = z.strictObject({ id: z.string() });

/** Tests (spec section 7, Exams and Question bank and tests): `tests`, `sections`, `testsectionquestions`. */
export function registerExamDefinitionRoutes(api: FastifyInstance, services: { tests: ExamDefinitionService; content: ExamContentService }): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { tests, content } = services;
  const examiner = requireAdmin({ menu: 'Examinations' });
  const doc = (tag: string) => ({ tags: [tag], security: [{ bearer: [] }] });

  r.get(
    '/api/tests/pagination',
    { onRequest: examiner, schema: { ...doc('tests'), summary: 'Tests, paged; search by title or number; filters by type, program type, status', querystring: ExamDefinitionListQuery, response: { 200: ExamDefinitionPage } } },
    async (request) => tests.findTests(currentUserOf(request), request.query),
  );
  r.get(
    '/api/tests/title/:title',
    { onRequest: examiner, schema: { ...doc('tests'), summary: 'The test holding a title, whatever its case (null: the title is free)', params: z.strictObject({ title: z.string() }), response: { 200: TestTitleLookup } } },
    async (request) => tests.findByTitle(currentUserOf(request), request.params.title),
  );
  r.get(
    '/api/tests/modules',
    { onRequest: examiner, schema: { ...doc('tests'), summary: 'Program modules a test can examine', response: { 200: LinkableModuleList } } },
    async (request) => tests.findLinkableModules(currentUserOf(request)),
  );
  r.get(
    '/api/tests/test/:id',
    { onRequest: examiner, schema: { ...doc('tests'), summary: 'A test with its sections, marks total, warnings and what stops publishing', params: IdParams, response: { 200: ExamDefinition } } },
    async (request) => tests.findTest(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/tests/:id/preview',
    { onRequest: examiner, schema: { ...doc('tests'), summary: 'The test as a candidate receives it, without correct answers', params: IdParams, response: { 200: CandidateExamPreview } } },
    async (request) => tests.preview(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/tests',
    { onRequest: examiner, schema: { ...doc('tests'), summary: 'Create a test (a draft)', body: TestRequest, response: { 201: ExamDefinition } } },
    async (request, reply) => reply.status(201).send(await tests.createTest(currentUserOf(request), request.body)),
  );
  r.put(
    '/api/tests/:id',
    { onRequest: examiner, schema: { ...doc('tests'), summary: 'Edit a test; once published only title, description, instruction and module link', params: IdParams, body: TestRequest, response: { 200: ExamDefinition } } },
    async (request) => tests.updateTest(currentUserOf(request), request.params.id, request.body),
  );
  for (const action of EXAM_DEFINITION_ACTIONS) {
    r.post(
      `/api/tests/:id/${action}`,
      { onRequest: examiner, schema: { ...doc('tests'), summary: action === 'publish' ? 'Publish a test (checked under a lock)' : 'Unpublish (archive) a test', params: IdParams, response: { 200: ExamDefinition } } },
      async (request) => tests.changeStatus(currentUserOf(request), request.params.id, action),
    );
  }
  r.post(
    '/api/tests/:id/clone',
    { onRequest: examiner, schema: { ...doc('tests'), summary: 'Clone a test as a new draft, with or without its sections and questions', params: IdParams, body: CloneTestRequest, response: { 201: ExamDefinition } } },
    async (request, reply) => reply.status(201).send(await tests.cloneTest(currentUserOf(request), request.params.id, request.body)),
  );

  r.get(
    '/api/sections/test/:id',
    { onRequest: examiner, schema: { ...doc('sections'), summary: "A test's sections; the default one (id default, order -1) holds unsectioned questions", params: IdParams, response: { 200: SectionList } } },
    async (request) => content.findSections(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/sections',
    { onRequest: examiner, schema: { ...doc('sections'), summary: 'Add a section at the end', body: CreateSectionRequest, response: { 201: Section } } },
    async (request, reply) => reply.status(201).send(await content.createSection(currentUserOf(request), request.body)),
  );
  r.post(
    '/api/sections/update/order',
    { onRequest: examiner, schema: { ...doc('sections'), summary: "Reorder a test's sections", body: ReorderSectionsRequest, response: { 200: SectionList } } },
    async (request) => content.reorderSections(currentUserOf(request), request.body),
  );
  r.put(
    '/api/sections/:id',
    { onRequest: examiner, schema: { ...doc('sections'), summary: 'Rename a section', params: IdParams, body: UpdateSectionRequest, response: { 200: Section } } },
    async (request) => content.updateSection(currentUserOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/sections/:id',
    { onRequest: examiner, schema: { ...doc('sections'), summary: 'Remove a section; its questions move to the default section', params: IdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await content.removeSection(currentUserOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/testsectionquestions/test/:id',
    { onRequest: examiner, schema: { ...doc('test section questions'), summary: "A test's questions with their sections and marks, in order", params: IdParams, response: { 200: SectionQuestionList } } },
    async (request) => content.findQuestions(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/testsectionquestions',
    { onRequest: examiner, schema: { ...doc('test section questions'), summary: 'Add questions with their marks to a section (or default)', body: AddSectionQuestionsRequest, response: { 201: SectionQuestionList } } },
    async (request, reply) => reply.status(201).send(await content.addQuestions(currentUserOf(request), request.body)),
  );
  r.post(
    '/api/testsectionquestions/update/order',
    { onRequest: examiner, schema: { ...doc('test section questions'), summary: "Reorder a section's questions", body: ReorderSectionQuestionsRequest, response: { 200: SectionQuestionList } } },
    async (request) => content.reorderQuestions(currentUserOf(request), request.body),
  );
  r.put(
    '/api/testsectionquestions/:id',
    { onRequest: examiner, schema: { ...doc('test section questions'), summary: "Change a question's marks or move it to another section", params: IdParams, body: UpdateSectionQuestionRequest, response: { 200: SectionQuestionList } } },
    async (request) => content.updateQuestion(currentUserOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/testsectionquestions/:id',
    { onRequest: examiner, schema: { ...doc('test section questions'), summary: 'Take a question out of the test', params: IdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await content.removeQuestion(currentUserOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
