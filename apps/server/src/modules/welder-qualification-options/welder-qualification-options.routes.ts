import { requireSignedIn } from '../../platform/auth/authenticate';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdditionalJointTypeOptionsResponse,
  AdditionalJointTypeParams,
  FillerMaterialTypesResponse,
  JointOptionsResponse,
  MaterialGroupParams,
  MaterialSubgroupsResponse,
  ProcessOptionsResponse,
  ProductJointParams,
  RangeRequest,
  RangeResponse,
  WeldProcessParams,
  WeldProcessesResponse,
  WeldingPositionsResponse,
  WpqReferenceResponse,
} from '@certs/shared/wpq/wpq.contract';
import { WelderQualificationOptionsService, type CachedAnswer } from './welder-qualification-options.service';

const BASE = '/api/welderqualificationoptions';
const secured = { tags: ['welder qualification options'], security: [{ bearer: [] }] };

/**
 * Reference data changes only with a release, so browsers may keep an answer for an hour and then
 * revalidate it with its entity tag. It is the same for everyone and holds nothing personal.
 */
export const OPTIONS_CACHE_CONTROL = 'public, max-age=3600';

function sendCached<T>(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<T>): T | FastifyReply {
  reply.header('cache-control', OPTIONS_CACHE_CONTROL).header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  return answer.body;
}

/**
 * `api/welderqualificationoptions/...` (spec section 7): the dependent option lists and the range
 * of qualification, for any signed-in admin or applicant (the scope's token check gives 401).
 */
export function registerWelderQualificationOptionsRoutes(api: FastifyInstance, service = new WelderQualificationOptionsService()): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${BASE}/reference`,
    { onRequest: requireSignedIn(), schema: { ...secured, summary: 'Every welding reference list (spec section 9) in one answer', response: { 200: WpqReferenceResponse } } },
    async (request, reply) => sendCached(request, reply, service.reference()),
  );
  r.get(
    `${BASE}/weldprocesses`,
    { onRequest: requireSignedIn(), schema: { ...secured, summary: 'Welding processes by ISO 4063 number', response: { 200: WeldProcessesResponse } } },
    async (request, reply) => sendCached(request, reply, service.weldProcesses()),
  );
  r.get(
    `${BASE}/materialsubgroups/:materialGroup`,
    {
      onRequest: requireSignedIn(), schema: { ...secured, summary: 'ISO/TR 15608 subgroups of a material group (1 to 11)', params: MaterialGroupParams, response: { 200: MaterialSubgroupsResponse } },
    },
    async (request, reply) => sendCached(request, reply, service.materialSubgroups(request.params.materialGroup)),
  );
  r.get(
    `${BASE}/dependentoptions/product/:productType/joint/:jointType`,
    {
      onRequest: requireSignedIn(), schema: {
        ...secured,
        summary: 'What a product type and joint type allow: positions, branch and backing types, layer techniques, additional joint type tests',
        params: ProductJointParams,
        response: { 200: JointOptionsResponse },
      },
    },
    async (request, reply) => sendCached(request, reply, service.jointOptions(request.params.productType, request.params.jointType)),
  );
  r.get(
    `${BASE}/dependentoptions/process/:weldingProcess`,
    {
      onRequest: requireSignedIn(), schema: {
        ...secured,
        summary: 'What a welding process allows: transfer modes, directions, filler groups and types',
        params: WeldProcessParams,
        response: { 200: ProcessOptionsResponse },
      },
    },
    async (request, reply) => sendCached(request, reply, service.processOptions(request.params.weldingProcess)),
  );
  r.get(
    `${BASE}/fillermaterialtypes/:weldingProcess`,
    {
      onRequest: requireSignedIn(), schema: {
        ...secured,
        summary: 'Filler material types of a process (filler group fixed to FM1)',
        params: WeldProcessParams,
        response: { 200: FillerMaterialTypesResponse },
      },
    },
    async (request, reply) => sendCached(request, reply, service.fillerMaterialTypes(request.params.weldingProcess)),
  );
  r.get(
    `${BASE}/producttypes/:additionalJointTypeTest`,
    {
      onRequest: requireSignedIn(), schema: {
        ...secured,
        summary: 'Product types and positions of an additional joint type test',
        params: AdditionalJointTypeParams,
        response: { 200: AdditionalJointTypeOptionsResponse },
      },
    },
    async (request, reply) => sendCached(request, reply, service.additionalJointTypeOptions(request.params.additionalJointTypeTest)),
  );
  r.get(
    `${BASE}/weldingpositions/:productType/:jointType`,
    {
      onRequest: requireSignedIn(), schema: { ...secured, summary: 'Test positions of a product type and joint type', params: ProductJointParams, response: { 200: WeldingPositionsResponse } },
    },
    async (request, reply) => sendCached(request, reply, service.weldingPositions(request.params.productType, request.params.jointType)),
  );
  r.post(
    `${BASE}/range`,
    {
      onRequest: requireSignedIn(), schema: {
        ...secured,
        summary: 'The range of qualification of a test, with the clause and table behind each part',
        description:
          'Impossible test variables (a butt weld in PB or PD, a pipe without a diameter, a thickness of 0, a filler type that does not exist for the process, ...) answer 400 with a message per field.',
        body: RangeRequest,
        response: { 200: RangeResponse },
      },
    },
    async (request) => service.range(request.body),
  );
}
