import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { ApiErrorBodySchema, operationIdOf, RATE_LIMITED_OPERATIONS } from './openapi';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PUBLIC_URL = 'https://certification.example.org';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  method: string;
  path: string;
  operation: OpenAPIV3.OperationObject;
}

let t: TestApp;
let document: OpenAPIV3.Document;
let operations: Operation[];

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  operations = Object.entries(document.paths).flatMap(([p, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [{ method, path: p, operation: item[method] }] : [])),
  );
});
afterAll(async () => {
  await t.close();
});

/** `/api/program/:id/publish` as the document writes it: `/api/program/{id}/publish`. */
const documentedPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{key}');

interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/** The document through Redocly CLI with the repository's redocly.yaml (recommended rules), as CI lints it. */
async function redoclyProblems(): Promise<RedoclyProblem[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'certs-openapi-test-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
    const run = promisify(execFile);
    const args = [cli, 'lint', file, '--config', path.join(REPO_ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000'];
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };
    // Redocly exits 1 when it finds errors; its JSON report is on stdout either way.
    const stdout = await run(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }).then(
      (result) => result.stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    return (JSON.parse(stdout) as { problems: RedoclyProblem[] }).problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the OpenAPI document at /docs/json (issue 21, item 17)', () => {
  it("has no errors under Redocly's recommended rules", async () => {
    const errors = (await redoclyProblems()).filter((problem) => problem.severity === 'error');
    expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`)).toEqual([]);
  }, 60_000);

  it('gives every operation an operationId, each one unique', () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations.filter((o) => !o.operation.operationId).map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);
    const ids = operations.map((o) => o.operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('names operations from method and path, so a generated client keeps its names', () => {
    expect(operationIdOf('GET', '/api/program/:id/publish')).toBe('getApiProgramByIdPublish');
    expect(operationIdOf('POST', '/unauth/credentials/issuer/did.json')).toBe('postUnauthCredentialsIssuerDidJson');
    expect(operationIdOf('get', '/unauth/dependent_data/uploadanswerpaper')).toBe('getUnauthDependentDataUploadanswerpaper');
    expect(document.paths['/api/program/{id}/publish']?.post?.operationId).toBe('postApiProgramByIdPublish');
  });

  it('asks a bearer token of every route that declares its access, and of no other', () => {
    const declared = new Set(t.app.routeAccess.map((r) => `${r.method.toLowerCase()} ${documentedPath(r.url)}`));
    expect(declared.size).toBeGreaterThan(100);
    for (const { method, path: p, operation } of operations) {
      const key = `${method} ${p}`;
      expect(operation.security, key).toBeDefined();
      expect(operation.security, key).toEqual(declared.has(key) ? [{ bearer: [] }] : []);
    }
    // Every declared route is in the document, so none is left without its security.
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    expect([...declared].filter((key) => !documented.has(key))).toEqual([]);
    // Under api/ only the server time is open (exam clocks poll it without a token).
    const openApiRoutes = operations.filter((o) => o.path.startsWith('/api/') && o.operation.security?.length === 0).map((o) => `${o.method} ${o.path}`);
    expect(openApiRoutes).toEqual(['get /api/launchexam/servertime']);
    expect(document.components?.securitySchemes?.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('documents the error answers with the shared error body', () => {
    const errorRef = { $ref: '#/components/schemas/ApiError' };
    const answers = (o: Operation, code: number) => (o.operation.responses[code] as OpenAPIV3.ResponseObject | undefined)?.content?.['application/json']?.schema;
    for (const o of operations) {
      const key = `${o.method} ${o.path}`;
      expect(answers(o, 400), key).toEqual(errorRef);
      if (o.operation.security?.length) {
        for (const code of [401, 403, 404]) expect(answers(o, code), `${key} ${code}`).toEqual(errorRef);
      }
    }
    expect(answers(operations.find((o) => o.method === 'post' && o.path === '/api/programapplicationcoupon')!, 409)).toEqual(errorRef);
    for (const key of RATE_LIMITED_OPERATIONS) {
      const o = operations.find((candidate) => `${candidate.method} ${candidate.path}` === key);
      expect(o, `${key} is a documented route`).toBeDefined();
      expect(answers(o!, 429), key).toEqual(errorRef);
    }
    expect(document.components?.schemas?.ApiError).toMatchObject({ type: 'object', required: ['statusCode', 'error', 'message'] });
  });

  it('describes the error bodies the server really answers', async () => {
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(ApiErrorBodySchema.parse(unauthenticated.json())).toMatchObject({ statusCode: 401 });
    const badInput = await t.app.inject({ method: 'POST', url: '/unauth/forgotpassword', payload: { email: 'not an email' } });
    expect(badInput.statusCode).toBe(400);
    expect(ApiErrorBodySchema.parse(badInput.json()).fieldErrors).toBeDefined();
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(ApiErrorBodySchema.parse(unknown.json())).toMatchObject({ statusCode: 404 });
  });

  it('names the server it is served from (PUBLIC_URL)', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
  });

  it('writes nullable only beside a type, as OpenAPI 3.0 reads it', () => {
    const misplaced: string[] = [];
    const walk = (value: unknown, pointer: string) => {
      if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${pointer}/${i}`));
      if (typeof value !== 'object' || value === null) return;
      const node = value as Record<string, unknown>;
      if (node.nullable === true && typeof node.type !== 'string') misplaced.push(pointer);
      for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${key}`);
    };
    walk(document, '#');
    expect(misplaced).toEqual([]);
    // A nullable fee (a union of number and text) still takes null.
    const fee = document.paths['/api/program/{id}/welderqualification']?.post?.requestBody as OpenAPIV3.RequestBodyObject;
    expect(JSON.stringify(fee.content['application/json']?.schema)).toContain('"nullable":true');
  });

  it('documents a wildcard route with a named path parameter', () => {
    const download = document.paths['/api/attachment/presigned-download/{key}']?.get;
    expect(download?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'key', required: true })]);
  });
});
