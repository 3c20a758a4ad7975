import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@certs/shared/auth/roles';
import { InvitationBatchRequest, InvitationBatchResult, InvitationPreview } from '@certs/shared/migration/migration-invitations.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { MigrationInvitations } from './migration-invitations';

const doc = { tags: ['legacy import'], security: [{ bearer: [] }] };
const IdParams = z.strictObject({ id: z.uuid() });

/** Inviting the people a finished legacy import created (issue 41): the same staff as the import's own routes. */
export function registerMigrationInvitationRoutes(api: FastifyInstance, invitations: MigrationInvitations): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireAdmin({ roles: [ROLES.SuperUser, ROLES.AccountAdministrator] });
  r.get(
    '/api/migration/:id/invitations',
    { onRequest, schema: { ...doc, summary: "Where the import's people stand (waiting, invited, expired, signed in), the next batch's first people and the mail they will get", params: IdParams, response: { 200: InvitationPreview } } },
    async (request) => invitations.preview(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/migration/:id/invitations',
    {
      onRequest,
      schema: {
        ...doc,
        summary: 'Mail the next batch of people the import created (or, with reinviteExpired, those whose link expired unused) a link to choose their password',
        params: IdParams,
        body: InvitationBatchRequest,
        response: { 200: InvitationBatchResult },
      },
    },
    async (request) => invitations.sendBatch(currentUserOf(request), request.params.id, request.body),
  );
}
