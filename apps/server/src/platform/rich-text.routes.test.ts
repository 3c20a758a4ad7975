import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLES } from '@certs/shared/auth/roles';
import { RICH_TEXT_DESCRIPTION } from '@certs/shared/program/program-rules';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { completeProgram, createProgram, uniqueProgramCode } from '../../test/factories/program.factory';
import { createSubject, createTag, uniqueTitle } from '../../test/factories/question-bank.factory';
import { createUser, type CreatedUser } from '../../test/factories/user.factory';
import { bearer, signIn } from '../../test/sign-in';

/**
 * Rich text reaches every reader as the server cleaned it when it was saved (issue 45): what a
 * caller sends is kept to the editor's formatting on every route that takes a rich-text field, so
 * an integrator reading the API gets safe HTML, as the screens do. The routes are found from the
 * contracts (fields marked with `richText`/`asRichText`), so a new one fails here until it is tried.
 */

const HOSTILE = '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>';
const CLEAN = '<p>ok</p>';

let t: TestApp;
let superUser: CreatedUser;
let jwt: string;
let subjectId: string;
let tagId: string;

beforeAll(async () => {
  t = await buildTestApp();
  superUser = await createUser(t.database.db, { role: ROLES.SuperUser });
  jwt = (await signIn(t.app, superUser)).jwt;
  subjectId = (await createSubject(t.database.db)).id;
  tagId = (await createTag(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

async function newProgram(programType: 1 | 2 | 3 | 4): Promise<string> {
  return (await createProgram(t.database.db, { programManagerId: superUser.id, programType })).id;
}

const programInput = () => ({ programCode: uniqueProgramCode('RT'), programTitle: 'Rich text check', programType: 1, programManager: superUser.id, programDeclaration: HOSTILE });
const certificationInput = { memberFee: '350', nonmemberFee: '450', renewalPeriod: 3, assessorAssessmentInstruction: 'Check.', programDeclaration: HOSTILE };
const testInput = () => ({ title: uniqueTitle('Rich text test'), testType: 'module', programType: 1, overallTime: 90, minimumTime: 30, totalTestMarks: 10, description: 'd', instruction: HOSTILE });
const questionInput = () => ({
  content: HOSTILE,
  questionType: 'General Single Answer',
  difficulty: 'Easy',
  subjects: [subjectId],
  tags: [tagId],
  options: [
    { option: 'Yes', correctAnswer: true },
    { option: 'No', correctAnswer: false },
  ],
});

/** Saves rich text through the route; returns what the save answered and what reading it back gives. */
type Case = () => Promise<{ saved: { statusCode: number; body: string }; readBack: string; field: (body: unknown) => unknown }>;

const CASES: Record<string, Case> = {
  'POST /api/program': async () => {
    const saved = await send('POST', '/api/program', programInput());
    return { saved, readBack: (await send('GET', `/api/program/${saved.json().id}`)).body, field: (body) => (body as { programDeclaration: string }).programDeclaration };
  },
  'POST /api/program/update/:id': async () => {
    const id = await newProgram(1);
    const saved = await send('POST', `/api/program/update/${id}`, programInput());
    return { saved, readBack: (await send('GET', `/api/program/${id}`)).body, field: (body) => (body as { programDeclaration: string }).programDeclaration };
  },
  'POST /api/program/:id/certifications': async () => {
    const id = await newProgram(2);
    const saved = await send('POST', `/api/program/${id}/certifications`, certificationInput);
    return { saved, readBack: (await send('GET', `/api/program/${id}/certifications`)).body, field: (body) => (body as { programDeclaration?: string; settings?: { programDeclaration: string } }).settings?.programDeclaration ?? (body as { programDeclaration: string }).programDeclaration };
  },
  'POST /api/program/:id/renewals': async () => {
    const id = await newProgram(4);
    const { renewalPeriod: _period, ...renewal } = certificationInput;
    const saved = await send('POST', `/api/program/${id}/renewals`, renewal);
    return { saved, readBack: (await send('GET', `/api/program/${id}/renewals`)).body, field: (body) => (body as { programDeclaration?: string; settings?: { programDeclaration: string } }).settings?.programDeclaration ?? (body as { programDeclaration: string }).programDeclaration };
  },
  'POST /api/program/:id/welderqualification': async () => {
    const id = await newProgram(3);
    const input = { standard: 'ISO 9606-1:2017', numOfConfirmation: 4, interval: 6, memberFee: 250, nonmemberFee: 300, messageConfirmation: 'Confirm.', programDeclaration: HOSTILE };
    const saved = await send('POST', `/api/program/${id}/welderqualification`, input);
    return { saved, readBack: (await send('GET', `/api/program/${id}/welderqualification`)).body, field: (body) => (body as { programDeclaration?: string; settings?: { programDeclaration: string } }).settings?.programDeclaration ?? (body as { programDeclaration: string }).programDeclaration };
  },
  'POST /api/tests': async () => {
    const saved = await send('POST', '/api/tests', testInput());
    return { saved, readBack: (await send('GET', `/api/tests/test/${saved.json().id}`)).body, field: (body) => (body as { instruction: string }).instruction };
  },
  'PUT /api/tests/:id': async () => {
    const created = await send('POST', '/api/tests', { ...testInput(), instruction: '<p>Before</p>' });
    const saved = await send('PUT', `/api/tests/${created.json().id}`, testInput());
    return { saved, readBack: (await send('GET', `/api/tests/test/${created.json().id}`)).body, field: (body) => (body as { instruction: string }).instruction };
  },
  'POST /api/question': async () => {
    const saved = await send('POST', '/api/question', questionInput());
    return { saved, readBack: (await send('GET', `/api/question/${saved.json().id}`)).body, field: (body) => (body as { content: string }).content };
  },
  'PUT /api/question/:id': async () => {
    const created = await send('POST', '/api/question', { ...questionInput(), content: '<p>Before</p>' });
    const saved = await send('PUT', `/api/question/${created.json().id}`, questionInput());
    return { saved, readBack: (await send('GET', `/api/question/${created.json().id}`)).body, field: (body) => (body as { content: string }).content };
  },
};

/** Whether a JSON Schema holds a field described as rich text, at any depth. */
function holdsRichText(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(holdsRichText);
  if (!schema || typeof schema !== 'object') return false;
  const node = schema as Record<string, unknown>;
  return node.description === RICH_TEXT_DESCRIPTION || Object.values(node).some(holdsRichText);
}

describe('rich text on the way in', () => {
  it('is tried here on every route whose body has a rich-text field', () => {
    const routes = t.app.routeAccess
      .filter((route) => route.bodySchema && holdsRichText(z.toJSONSchema(route.bodySchema as z.ZodType, { io: 'input', unrepresentable: 'any' })))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [route, run] of Object.entries(CASES)) {
    it(`is kept to the editor's formatting: ${route}`, async () => {
      const { saved, readBack, field } = await run();
      expect(saved.statusCode, saved.body).toBeLessThan(300);
      for (const body of [saved.body, readBack]) {
        expect(body).not.toMatch(/<script|onerror|alert\(1\)/);
        expect(field(JSON.parse(body))).toBe(CLEAN);
      }
    });
  }

  it('keeps the declaration shown to applicants clean too (the published catalogue)', async () => {
    const id = await newProgram(1);
    await completeProgram(t.database.db, id, 1, superUser.id);
    expect((await send('POST', `/api/program/update/${id}`, programInput())).statusCode).toBe(200);
    expect((await send('POST', `/api/program/${id}/publish`)).statusCode).toBe(200);
    const published = await send('GET', `/api/program/published/${id}`);
    expect(published.statusCode).toBe(200);
    expect(published.json().programDeclaration).toBe(CLEAN);
  });
});
