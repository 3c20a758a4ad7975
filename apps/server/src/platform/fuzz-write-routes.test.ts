import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, type CreatedUser } from '../../test/factories/user.factory';
import { bearer, signIn } from '../../test/sign-in';
import { applicants, users } from '../db/schema';
import type { RouteAccessEntry } from './auth/authenticate';

/**
 * Fuzzing every write route from its own body schema (issue 15): each top-level field of the
 * schema, in turn, takes each hostile value below (wrong types, empty, huge, NUL and control
 * characters, broken surrogates, SQL and HTML payloads, deep nesting), and whole bodies of the
 * wrong shape are sent too. No answer may be a 5xx, and records of another user must be unchanged
 * afterwards. Callers are the users each route admits (a super user for staff routes, an
 * applicant for applicant routes, both for routes open to both), so input reaches validation and,
 * where it passes, the service. Bounded: a few thousand requests through app.inject.
 */

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

const HOSTILE_VALUES: readonly unknown[] = [
  null,
  -1e308,
  true,
  [],
  { $gt: '' },
  '',
  'x'.repeat(100_000),
  'a\u0000b',
  '\u0001\u0008\u001f\u007f\ud800',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  '2026-02-30T25:61:00Z',
  nested(200),
];

const HOSTILE_BODIES: readonly unknown[] = [null, [], 'text', 42, nested(500), { ['a'.repeat(10_000)]: 1 }, { '\u0000': 'x' }];

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** The route's zod body schema as JSON Schema (input side), or null when it has none. */
function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * A plausible valid value for a schema: hostile values are put into a body that is otherwise
 * valid, so that they get past "required" checks to the service and the database.
 */
function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const option = (schema.anyOf ?? schema.oneOf)?.find((o) => o.type !== 'null');
  if (option) return sampleOf(option, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return `fuzz.${randomUUID().slice(0, 8)}@example.test`;
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return '2026-11-26';
      const length = Math.min(Math.max(schema.minLength ?? 1, 4), schema.maxLength ?? 4);
      return 'Fuzz'.padEnd(length, 'z').slice(0, length);
    }
    case 'number':
    case 'integer':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, depth + 1));
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sampleOf(schema.properties?.[key], depth + 1)]));
    default:
      return null;
  }
}

/** The bodies sent to one route: wrong shapes, then each field of a valid-looking body made hostile in turn. */
function bodiesFor(route: RouteAccessEntry): unknown[] {
  const schema = jsonSchemaOf(route.bodySchema);
  const bodies: unknown[] = [...HOSTILE_BODIES];
  if (!schema) return bodies;
  const base = sampleOf(schema);
  const fields = Object.keys({ ...schema.properties, ...Object.assign({}, ...(schema.anyOf ?? []).map((o) => o.properties ?? {})) });
  for (const field of fields) for (const value of HOSTILE_VALUES) bodies.push({ ...(base && typeof base === 'object' ? base : {}), [field]: value });
  return bodies;
}

function urlOf(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'attachments/x.pdf');
}

let t: TestApp;
let staffJwt: string;
let applicantJwt: string;
let bystander: CreatedUser;

async function bystanderRecords() {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, bystander.id));
  const [applicant] = await db.select().from(applicants).where(eq(applicants.userId, bystander.id));
  return JSON.stringify({ user, applicant });
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  staffJwt = (await signIn(t.app, await createUser(db, { role: ROLES.SuperUser }))).jwt;
  applicantJwt = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  bystander = await createUser(db, { role: ROLES.Applicant, firstName: 'Bystander', lastName: 'Untouched' });
});
afterAll(async () => {
  await t.close();
});

function callersOf(route: RouteAccessEntry): string[] {
  if (route.access.audience === 'applicant') return [applicantJwt];
  if (route.access.audience === 'staff') return [staffJwt];
  return [staffJwt, applicantJwt];
}

describe('fuzzing every write route from its schema', () => {
  it('answers no hostile input with a 5xx and changes no other user', async () => {
    const before = await bystanderRecords();
    const writeRoutes = t.app.routeAccess.filter((route) => route.method !== 'GET' && !route.url.includes('/logout'));
    expect(writeRoutes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let requests = 0;
    for (const route of writeRoutes) {
      const bodies = bodiesFor(route);
      for (const jwt of callersOf(route)) {
        for (const body of bodies) {
          requests += 1;
          const response = await t.app.inject({
            method: route.method as 'POST',
            url: urlOf(route.url),
            headers: { ...bearer(jwt), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          if (response.statusCode >= 500) failures.push(`${route.method} ${route.url} ${JSON.stringify(body).slice(0, 80)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    console.info(`fuzz: ${requests} requests to ${writeRoutes.length} write routes`);
    expect(requests).toBeGreaterThan(1_500);
    expect(failures).toEqual([]);
    expect(await bystanderRecords()).toBe(before);
  }, 300_000);
});

/**
 * Reads asked without what they need (issue 45): every GET route with each path parameter missing
 * ("undefined", as a page with no id yet sends it, or empty) and no query string. A missing id is
 * the caller's mistake: a 4xx, never a 5xx (program details once answered 500 by design).
 */
describe('reading every route without its ids', () => {
  it('answers no read with a 5xx', async () => {
    const reads = t.app.routeAccess.filter((route) => route.method === 'GET');
    const failures: string[] = [];
    for (const route of reads) {
      const missing = route.url.includes(':') ? ['undefined', ''] : [''];
      for (const jwt of callersOf(route)) {
        for (const id of missing) {
          const url = route.url.replace(/:[A-Za-z]+/g, id).replace(/\*$/, '');
          const response = await t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
          if (response.statusCode >= 500) failures.push(`GET ${url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
