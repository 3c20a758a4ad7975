import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Question,
  QuestionListQuery,
  QuestionOption,
  QuestionPage,
  QuestionRequest,
  QuestionSearchRequest,
  QuestionVersionList,
} from '@certs/shared/question-bank/question.contract';
import { ExportFile, ExportRequest, ImportPreview, ImportRequest, ImportResult, MAX_IMPORT_CHARACTERS } from '@certs/shared/question-bank/question-transfer.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { QuestionService } from './question.service';
import type { QuestionTransferService } from './question-transfer.service';

const IdParams = z.strictObject({ id: z.string() });
// The file travels as JSON text; room for escaping on top of the file's own size.
const IMPORT_BODY_LIMIT = MAX_IMPORT_CHARACTERS * 2 + 64 * 1024;

/** The question bank (spec section 7): `api/question` paged, search, create, edit; `questionoptions/{id}`; import and export. */
export function registerQuestionRoutes(api: FastifyInstance, services: { questions: QuestionService; transfer: QuestionTransferService }): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { questions, transfer } = services;
  const doc = { tags: ['questions'], security: [{ bearer: [] }] };
  // Staff building tests read the bank too; the service checks the menu (Libraries or Examinations).
  const staff = requireAdmin();
  const librarian = requireAdmin({ menu: 'Libraries' });

  r.get(
    '/api/question',
    { onRequest: staff, schema: { ...doc, summary: 'The question bank, paged, latest change first', querystring: QuestionListQuery, response: { 200: QuestionPage } } },
    async (request) => questions.findQuestions(currentUserOf(request), request.query),
  );
  r.post(
    '/api/question/search',
    {
      onRequest: staff,
      schema: { ...doc, summary: 'Search by text or number, type, subjects, tags, difficulty, created and modified days', body: QuestionSearchRequest, response: { 200: QuestionPage } },
    },
    async (request) => questions.searchQuestions(currentUserOf(request), request.body),
  );
  r.post(
    '/api/question',
    { onRequest: librarian, schema: { ...doc, summary: 'Create a question (version 1)', body: QuestionRequest, response: { 201: Question } } },
    async (request, reply) => reply.status(201).send(await questions.createQuestion(currentUserOf(request), request.body)),
  );

  // Import and export, registered before `:id` so that their words are never read as ids.
  r.get(
    '/api/question/import/template',
    { onRequest: librarian, schema: { ...doc, summary: 'The CSV import template: the header and one example of each type', response: { 200: ExportFile } } },
    async (request) => transfer.template(currentUserOf(request)),
  );
  r.post(
    '/api/question/import/preview',
    { onRequest: librarian, bodyLimit: IMPORT_BODY_LIMIT, schema: { ...doc, summary: 'Check a CSV or Moodle XML file: every item with its errors; nothing is saved', body: ImportRequest, response: { 200: ImportPreview } } },
    async (request) => transfer.preview(currentUserOf(request), request.body),
  );
  r.post(
    '/api/question/import',
    { onRequest: librarian, bodyLimit: IMPORT_BODY_LIMIT, schema: { ...doc, summary: 'Import a file: all of it, or nothing when any item is wrong', body: ImportRequest, response: { 201: ImportResult } } },
    async (request, reply) => reply.status(201).send(await transfer.import(currentUserOf(request), request.body)),
  );
  r.post(
    '/api/question/export',
    { onRequest: staff, schema: { ...doc, summary: 'Export the bank or a selection as CSV or Moodle XML', body: ExportRequest, response: { 200: ExportFile } } },
    async (request) => transfer.export(currentUserOf(request), request.body.format, request.body.questionIds),
  );

  r.get(
    '/api/question/:id',
    { onRequest: staff, schema: { ...doc, summary: 'A question: its current version with options, subjects, tags and the tests using it', params: IdParams, response: { 200: Question } } },
    async (request) => questions.findQuestion(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/question/:id/versions',
    { onRequest: staff, schema: { ...doc, summary: 'Every saved version of a question, newest first', params: IdParams, response: { 200: QuestionVersionList } } },
    async (request) => questions.findVersions(currentUserOf(request), request.params.id),
  );
  r.put(
    '/api/question/:id',
    { onRequest: librarian, schema: { ...doc, summary: 'Edit a question: a change to what candidates answer makes a new version', params: IdParams, body: QuestionRequest, response: { 200: Question } } },
    async (request) => questions.updateQuestion(currentUserOf(request), request.params.id, request.body),
  );
  r.get(
    '/api/questionoptions/:id',
    { onRequest: staff, schema: { ...doc, summary: "The options of a question's current version", params: IdParams, response: { 200: z.array(QuestionOption) } } },
    async (request) => questions.findOptions(currentUserOf(request), request.params.id),
  );
}
