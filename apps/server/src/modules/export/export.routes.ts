import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_PATHS, ExportFailureRequest, MAX_CSV_EXPORT_BYTES, SaveCsvRequest, SaveCsvResponse } from '@certs/shared/export/export.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { ExportService } from './export.service';

const doc = { tags: ['exports'], security: [{ bearer: [] }] };

/** Staff tables' CSV exports: save (spec section 7), download by the author, and the log of a failed export (spec section 8). */
export function registerExportRoutes(api: FastifyInstance, exports: ExportService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin();
  r.post(
    EXPORT_PATHS.save,
    {
      onRequest: staff,
      // The CSV travels as JSON text: room for the content and its escaping.
      bodyLimit: MAX_CSV_EXPORT_BYTES * 2,
      schema: { ...doc, summary: 'Keep a CSV of a table as filtered on screen; the answer names the file to download', body: SaveCsvRequest, response: { 200: SaveCsvResponse } },
    },
    async (request) => exports.save(currentUserOf(request), request.body),
  );
  r.get(
    '/api/exportcsvdata/download/:fileName',
    { onRequest: staff, schema: { ...doc, summary: 'Download a saved CSV export (its author only; 404 otherwise), named for a person: what it holds and the day it was exported', params: z.strictObject({ fileName: z.string().max(200) }) } },
    async (request, reply) => {
      const file = await exports.download(currentUserOf(request), request.params.fileName);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
    },
  );
  r.post(
    EXPORT_PATHS.failure,
    { onRequest: staff, schema: { ...doc, summary: 'Log an export that failed in the browser (spec section 8: logged only)', body: ExportFailureRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      exports.logFailure(currentUserOf(request), request.body);
      return reply.code(204).send(null);
    },
  );
}
