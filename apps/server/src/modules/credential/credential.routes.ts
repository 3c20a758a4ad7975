import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREDENTIAL_PATHS, CREDENTIAL_STATUS_PURPOSES } from '@certs/shared/credential/credential.contract';
import { currentUserOf, requireSignedIn } from '../../platform/auth/authenticate';
import { routeOf } from '../../platform/audit/personal-data-access';
import type { CredentialService } from './credential.service';

/** VC Data Model 2.0's media type of a credential secured with an embedded proof. */
const VC_MEDIA_TYPE = 'application/vc';

/**
 * Public, the same for everyone and fetched by verifiers anywhere: any origin may read them, and
 * caches keep them briefly (a status change reaches verifiers within a minute).
 */
function publicDocument(reply: FastifyReply, contentType: string, maxAgeSeconds: number, document: unknown): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('cache-control', `public, max-age=${maxAgeSeconds}`)
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(JSON.stringify(document));
}

/** The holder's download of an award's credential (decision 018). */
export function registerCredentialRoutes(api: FastifyInstance, credentials: CredentialService): void {
  api.withTypeProvider<ZodTypeProvider>().get(
    '/api/award/:id/credential',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['awards'],
        security: [{ bearer: [] }],
        summary: "The award as a signed Open Badges 3.0 credential (JSON), for its holder or staff who may read the award's program",
        params: z.strictObject({ id: z.string() }),
        produces: [VC_MEDIA_TYPE],
      },
    },
    async (request, reply) => {
      const { fileName, credential } = await credentials.credentialOf(currentUserOf(request), request.params.id, routeOf(request));
      return reply
        .header('content-type', VC_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(credential, null, 2));
    },
  );
}

const ISSUER_DOCUMENT_SUMMARY = "The awarding body's DID document (did:web): the public key that its credentials and status lists are signed with";
const STATUS_LIST_SUMMARY = "A signed Bitstring Status List credential of the awarding body's awards: suspension (on hold) or revocation (cancelled, withdrawn)";

/**
 * Each awarding body's DID document and two status lists, under /unauth/ (no sign-in): the first
 * account's at their original paths, every other account's under its issuer's path name.
 */
export function registerCredentialPublicRoutes(app: FastifyInstance, credentials: CredentialService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = { tags: ['credentials'] };
  const issuerName = z.string().min(1).max(64);
  const purpose = z.enum(CREDENTIAL_STATUS_PURPOSES);
  for (const url of [CREDENTIAL_PATHS.issuerDidDocument, CREDENTIAL_PATHS.issuer]) {
    r.get(url, { schema: { ...doc, summary: ISSUER_DOCUMENT_SUMMARY, produces: ['application/did+ld+json'] } }, async (_request, reply) =>
      publicDocument(reply, 'application/did+ld+json', 300, await credentials.issuerDocument(null)),
    );
  }
  r.get(
    '/unauth/credentials/status/:purpose',
    { schema: { ...doc, summary: STATUS_LIST_SUMMARY, params: z.strictObject({ purpose }), produces: [VC_MEDIA_TYPE] } },
    async (request, reply) => publicDocument(reply, VC_MEDIA_TYPE, 60, await credentials.statusList(null, request.params.purpose)),
  );
  // credentialPathsOf(name) in the shared contract builds these for a name.
  for (const url of ['/unauth/credentials/:issuerName/issuer/did.json', '/unauth/credentials/:issuerName/issuer']) {
    r.get(
      url,
      { schema: { ...doc, summary: `${ISSUER_DOCUMENT_SUMMARY}; 404 for a name no body's issuer has`, params: z.strictObject({ issuerName }), produces: ['application/did+ld+json'] } },
      async (request, reply) => publicDocument(reply, 'application/did+ld+json', 300, await credentials.issuerDocument(request.params.issuerName)),
    );
  }
  r.get(
    '/unauth/credentials/:issuerName/status/:purpose',
    { schema: { ...doc, summary: STATUS_LIST_SUMMARY, params: z.strictObject({ issuerName, purpose }), produces: [VC_MEDIA_TYPE] } },
    async (request, reply) => publicDocument(reply, VC_MEDIA_TYPE, 60, await credentials.statusList(request.params.issuerName, request.params.purpose)),
  );
}
