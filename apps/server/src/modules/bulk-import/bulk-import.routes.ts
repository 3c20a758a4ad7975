import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BULK_IMPORT_PATHS, BulkImport, BulkImportListQuery, BulkImportPage, BulkImportPreview, BulkImportRequest, MAX_BULK_IMPORT_BYTES } from '@certs/shared/bulk-import/bulk-import.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { BulkImportService } from './bulk-import.service';

const doc = { tags: ['bulk import'], security: [{ bearer: [] }] };
const IdParams = z.strictObject({ id: z.uuid() });

/** `bulkimportprocess` (spec section 7): template, preview, add (queued as a job), lists, one import and its per-row results. Programs menu. */
export function registerBulkImportRoutes(api: FastifyInstance, imports: BulkImportService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireAdmin({ menu: 'Programs' });
  const bodyLimit = MAX_BULK_IMPORT_BYTES * 2;
  r.get(BULK_IMPORT_PATHS.template, { onRequest, schema: { ...doc, summary: 'The CSV template with every column and one example row' } }, async (_request, reply) =>
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="bulk-import-template.csv"').send(imports.template()),
  );
  r.post(
    BULK_IMPORT_PATHS.preview,
    { onRequest, bodyLimit, schema: { ...doc, summary: 'Check a file: each row created, updated, unchanged or refused (with the field and reason); nothing is written', body: BulkImportRequest, response: { 200: BulkImportPreview } } },
    async (request) => imports.preview(currentUserOf(request), request.body),
  );
  r.post(
    BULK_IMPORT_PATHS.add,
    { onRequest, bodyLimit, schema: { ...doc, summary: 'Import a file: queued as a job; refused rows are skipped and listed', body: BulkImportRequest, response: { 202: BulkImport } } },
    async (request, reply) => reply.code(202).send(await imports.add(currentUserOf(request), request.body)),
  );
  r.get(
    BULK_IMPORT_PATHS.lists,
    { onRequest, schema: { ...doc, summary: 'Past imports of the programs the caller may read, newest first', querystring: BulkImportListQuery, response: { 200: BulkImportPage } } },
    async (request) => imports.list(currentUserOf(request), request.query),
  );
  r.get('/api/bulkimportprocess/:id', { onRequest, schema: { ...doc, summary: 'One import with its progress', params: IdParams, response: { 200: BulkImport } } }, async (request) =>
    imports.findOne(currentUserOf(request), request.params.id),
  );
  r.get('/api/bulkimportprocess/:id/results', { onRequest, schema: { ...doc, summary: "The import's per-row results as CSV", params: IdParams } }, async (request, reply) => {
    const file = await imports.resultsCsv(currentUserOf(request), request.params.id);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.csv);
  });
}
