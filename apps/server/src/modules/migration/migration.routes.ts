import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@certs/shared/auth/roles';
import {
  MAX_MIGRATION_BYTES,
  MigrationCreated,
  MigrationImport,
  MigrationKindParams,
  MigrationListQuery,
  MigrationPage,
  MigrationRequest,
  MigrationUploadRequest,
  MigrationUploadResponse,
} from '@certs/shared/migration/migration.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { MigrationService } from './migration.service';

const doc = { tags: ['legacy import'], security: [{ bearer: [] }] };
const IdParams = z.strictObject({ id: z.uuid() });
/**
 * `POST /api/migration/{kind}` shares its path with `GET /api/migration/{id}`; OpenAPI refuses two
 * paths that differ only by a parameter's name, so both call it `id` (here: the kind of file).
 */
const KindAsIdParams = z.strictObject({ id: MigrationKindParams.shape.kind.describe('The kind of file: applicants or awards') });

/** Legacy import (issue 41): an account's administrator (or the super user in it) brings the old system's records. */
export function registerMigrationRoutes(api: FastifyInstance, migrations: MigrationService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireAdmin({ roles: [ROLES.SuperUser, ROLES.AccountAdministrator] });
  const bodyLimit = MAX_MIGRATION_BYTES * 2;
  r.get('/api/migration/templates/:kind', { onRequest, schema: { ...doc, summary: "A kind's CSV template: its fixed header and one example row", params: MigrationKindParams } }, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="legacy-${request.params.kind}-template.csv"`)
      .send(migrations.template(request.params.kind)),
  );
  r.post(
    '/api/migration/uploads',
    {
      onRequest,
      schema: { ...doc, summary: 'A presigned URL to PUT a large CSV to; then start the import with its fileKey (the job streams it from storage)', body: MigrationUploadRequest, response: { 200: MigrationUploadResponse } },
    },
    async (request) => migrations.presignUpload(currentUserOf(request), request.body),
  );
  r.post(
    '/api/migration/:id',
    {
      onRequest,
      bodyLimit,
      schema: { ...doc, summary: 'Queue a file of one kind (in the request, or uploaded first and named by fileKey): a dry run checks every row and changes nothing; otherwise the job applies it', params: KindAsIdParams, body: MigrationRequest, response: { 202: MigrationCreated } },
    },
    async (request, reply) => reply.code(202).send(await migrations.start(currentUserOf(request), request.params.id, request.body)),
  );
  r.get('/api/migration', { onRequest, schema: { ...doc, summary: "The account's past imports, newest first", querystring: MigrationListQuery, response: { 200: MigrationPage } } }, async (request) =>
    migrations.list(currentUserOf(request), request.query as MigrationListQuery & { page: number; pageSize: number }),
  );
  r.get('/api/migration/:id', { onRequest, schema: { ...doc, summary: 'One import: status, counts and every refused row', params: IdParams, response: { 200: MigrationImport } } }, async (request) =>
    migrations.findOne(currentUserOf(request), request.params.id),
  );
  r.post('/api/migration/:id/undo', { onRequest, schema: { ...doc, summary: 'Undo a finished import while nothing else has touched what it wrote', params: IdParams, response: { 200: MigrationImport } } }, async (request) =>
    migrations.undo(currentUserOf(request), request.params.id),
  );
}
