import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LibraryDocument,
  LibraryDocumentDownload,
  LibraryDocumentPage,
  LibraryDocumentQuery,
  LibraryDocumentRequest,
  ReviseLibraryDocumentRequest,
} from '@certs/shared/library-document/library-document.contract';
import { currentUserOf, requireAdmin, requireSignedIn } from '../../platform/auth/authenticate';
import type { LibraryDocumentService } from './library-document.service';

const IdParams = z.strictObject({ id: z.string() });
const doc = { tags: ['library documents'], security: [{ bearer: [] }] };

/** `api/librarydocument` (spec section 7, Other admin): Libraries staff write; every reader is checked by the flags. */
export function registerLibraryDocumentRoutes(api: FastifyInstance, documents: LibraryDocumentService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const libraries = requireAdmin({ menu: 'Libraries' });

  r.get(
    '/api/librarydocument/pagination',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'Library documents the caller may read (all of them for Libraries staff), searched and paged', querystring: LibraryDocumentQuery, response: { 200: LibraryDocumentPage } } },
    async (request) => documents.findPage(currentUserOf(request), request.query),
  );
  r.get(
    '/api/librarydocument/:id',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'One document (with its earlier revisions for Libraries staff); 403 when the access flags do not allow the caller', params: IdParams, response: { 200: LibraryDocument } } },
    async (request) => documents.findOne(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/librarydocument/:id/download',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: "A short-lived link to the document's file, checked like the document", params: IdParams, response: { 200: LibraryDocumentDownload } } },
    async (request) => documents.download(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/librarydocument/:id/revision/:revisionId/download',
    { onRequest: libraries, schema: { ...doc, summary: "An earlier revision's file (Libraries staff)", params: z.strictObject({ id: z.string(), revisionId: z.string() }), response: { 200: LibraryDocumentDownload } } },
    async (request) => documents.downloadRevision(currentUserOf(request), request.params.id, request.params.revisionId),
  );
  r.post(
    '/api/librarydocument',
    { onRequest: libraries, schema: { ...doc, summary: 'Add a document', body: LibraryDocumentRequest, response: { 201: LibraryDocument } } },
    async (request, reply) => reply.status(201).send(await documents.create(currentUserOf(request), request.body)),
  );
  r.post(
    '/api/librarydocument/update/:id',
    { onRequest: libraries, schema: { ...doc, summary: 'Correct the current revision of a document', params: IdParams, body: LibraryDocumentRequest, response: { 200: LibraryDocument } } },
    async (request) => documents.update(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/librarydocument/:id/revise',
    { onRequest: libraries, schema: { ...doc, summary: 'A new revision; the current one goes to the history', params: IdParams, body: ReviseLibraryDocumentRequest, response: { 200: LibraryDocument } } },
    async (request) => documents.revise(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/librarydocument/:id/retire',
    { onRequest: libraries, schema: { ...doc, summary: 'Retire a document: no reader sees it any more', params: IdParams, response: { 200: LibraryDocument } } },
    async (request) => documents.retire(currentUserOf(request), request.params.id),
  );
}
