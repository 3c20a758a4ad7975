import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { OpenAPIV3 } from 'openapi-types';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiErrorBody } from '@certs/shared/common/api-error';
import { routeAccessOf } from './auth/authenticate';

/**
 * The document at /docs/json is what an integrator reads first (issue 21, item 17). Routes keep
 * only their own schema and summary; this file adds what follows from the platform itself, so no
 * route can forget it: an operationId from method and path, `security` from the access the route
 * declared (decision 014), the shared error answers, the server address, and OpenAPI 3.0 nullables.
 * `npm run lint:openapi` lints the result with Redocly's recommended rules (redocly.yaml).
 */

/** The one error body every route answers with (error-handler.ts); the document and its test read it. */
export const ApiErrorBodySchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  error: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
}) satisfies z.ZodType<ApiErrorBody>;

const API_ERROR_REF = '#/components/schemas/ApiError';
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The routes whose service limits callers and answers 429 (mail-request-limit.ts, the sign-in
 * limits in auth.service.ts, client-request-limit.ts); openapi.test.ts checks each is a route.
 */
export const RATE_LIMITED_OPERATIONS: readonly string[] = [
  'post /auth/local',
  'post /auth/local/applicant',
  'post /auth/local/mfa',
  'post /auth/local/mfa/enrolment/confirm',
  'post /unauth/applicantregistration',
  'post /unauth',
  'post /unauth/forgotpassword',
  'post /unauth/application/companyreports/search',
  'post /unauth/application/companyreports/aicip',
  'get /unauth/verify/{certificateNumber}',
  'post /unauth/complaints',
  'post /unauth/complaints/lookup',
];

const ERROR_DESCRIPTIONS: Record<string, string> = {
  400: 'The input was refused: `message` says why and `fieldErrors` names each field',
  401: 'Not signed in: no valid bearer token (or, on auth/ routes, the credentials, code or refresh cookie were refused)',
  403: 'The caller may not use this route or this record',
  404: 'No such record, or none the caller may see',
  409: "The record's state does not allow this change: `message` says why",
  429: 'Too many requests: `message` says when to try again',
};

/** A fastify wildcard (`/*`, a file key with slashes) is documented as one named path parameter. */
const WILDCARD_PARAMETER = 'key';

/** `GET /api/program/:id/publish` → `getApiProgramByIdPublish` (`:id.csv` → `ByIdCsv`): stable, unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      // A parameter with a suffix (`:id.csv`) keeps the suffix: `ByIdCsv`, apart from the `:id` route's `ById`.
      const parameter = /^[:{]([A-Za-z0-9_]+)\}?/.exec(segment);
      const name = parameter ? `by_${parameter[1]}_${segment.slice(parameter[0].length)}` : segment === '*' ? `by_${WILDCARD_PARAMETER}` : segment;
      return name
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((word) => word[0]!.toUpperCase() + word.slice(1))
        .join('');
    });
  return method.toLowerCase() + words.join('');
}

/** The route's own zod schemas as JSON, plus its operationId and the security its access declaration implies. */
const transform: SwaggerTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  if (schema && (schema as { hide?: boolean }).hide) return { schema, url };
  const { route } = document;
  const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  const documentedUrl = url.endsWith('/*') ? `${url.slice(0, -1)}:${WILDCARD_PARAMETER}` : url;
  const wildcardParams = documentedUrl === url ? {} : { params: { type: 'object', properties: { [WILDCARD_PARAMETER]: { type: 'string', description: 'The rest of the path: its `/` may be sent as it is or as %2F' } }, required: [WILDCARD_PARAMETER] } };
  return {
    url: documentedUrl,
    schema: {
      ...wildcardParams,
      ...schema,
      operationId: (schema as { operationId?: string } | undefined)?.operationId ?? operationIdOf(method, documentedUrl),
      // api/ routes declare who they are for (decision 014) and need a bearer token; the rest are open.
      security: routeAccessOf(route.onRequest) ? [{ bearer: [] }] : [],
    },
  };
};

type SchemaNode = Record<string, unknown>;

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null;
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`; zod's 3.0 target puts it beside `anyOf` for
 * a nullable union. It moves into each branch (null joins a branch's `enum`), recursively.
 */
function makeNullable(node: SchemaNode): void {
  const branches = (node.anyOf ?? node.oneOf) as unknown;
  if (typeof node.type === 'string') {
    node.nullable = true;
    if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...(node.enum as unknown[]), null];
  } else if (Array.isArray(branches)) {
    delete node.nullable;
    for (const branch of branches) if (isNode(branch)) makeNullable(branch);
  }
}

function fixNullables(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) fixNullables(item);
    return;
  }
  if (!isNode(value)) return;
  if (value.nullable === true && typeof value.type !== 'string') makeNullable(value);
  for (const child of Object.values(value)) fixNullables(child);
}

/** The 4xx answers an operation can give, from what the platform does for every route. */
function errorAnswersOf(method: string, path: string, operation: OpenAPIV3.OperationObject): number[] {
  const isSignedIn = (operation.security ?? []).length > 0;
  const isAuthRoute = path.startsWith('/auth/');
  const hasPathParameters = (operation.parameters ?? []).some((p) => 'in' in p && p.in === 'path');
  const codes = [400]; // input-guard.ts checks the query and path of every route, schemas the rest
  if (isSignedIn || isAuthRoute) codes.push(401, 403);
  if (isSignedIn || hasPathParameters) codes.push(404);
  if (WRITE_METHODS.has(method) && !isAuthRoute) codes.push(409);
  if (RATE_LIMITED_OPERATIONS.includes(`${method} ${path}`)) codes.push(429);
  return codes;
}

/** What belongs to the whole document: the error body, each operation's error answers, nullables. */
const transformObject: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const document = documentObject.openapiObject as OpenAPIV3.Document;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ApiError: z.toJSONSchema(ApiErrorBodySchema, { target: 'openapi-3.0' }) as OpenAPIV3.SchemaObject },
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      for (const code of errorAnswersOf(method, path, operation)) {
        operation.responses[code] ??= { description: ERROR_DESCRIPTIONS[code]!, content: { 'application/json': { schema: { $ref: API_ERROR_REF } } } };
      }
    }
  }
  fixNullables(document.paths);
  fixNullables(document.components);
  return document;
};

/** @fastify/swagger's options: the document's head, the server it is served from, and the two transforms. */
export function openApiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Certification platform API',
        version: '0.1.0',
        description:
          'Sign in with POST /auth/local (staff) or /auth/local/applicant and send the `jwt` it answers as `Authorization: Bearer <jwt>` to api/ routes. Every error answers with the ApiError body.',
      },
      servers: [{ url: publicUrl.replace(/\/$/, ''), description: 'This platform (its PUBLIC_URL)' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
    transformObject,
  };
}
