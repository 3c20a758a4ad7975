import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { TEST_MESSAGES } from '@certs/shared/exam-definition/exam-definition.contract';
import { SECTION_MESSAGES } from '@certs/shared/exam-definition/exam-section.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createQuestion, createSubject, createTag, uniqueTitle } from '../../../test/factories/question-bank.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { programModules } from '../../db/schema/program';

/** Tests belong to an account (decision 033): of its own modules, with its own questions, out of other accounts' reach. */

let t: TestApp;
let auJwt: string;
let nzJwt: string;
let auModuleId: string;
let nzModuleId: string;
let auQuestionId: string;
let nzQuestionId: string;

async function moduleOf(programId: string): Promise<string> {
  const [module] = await t.database.db.select().from(programModules).where(eq(programModules.programId, programId));
  return module!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const nz = await createAccount(db);
  const menuItems = ['Examinations', 'Libraries'] as const;
  const auAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: [...menuItems] });
  const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: [...menuItems], accountId: nz.id });
  auJwt = (await signIn(t.app, auAdmin)).jwt;
  nzJwt = (await signIn(t.app, nzAdmin)).jwt;
  const auProgram = await createProgram(db, { programManagerId: auAdmin.id, programType: 1, status: 2, programTitle: 'Australian inspector' });
  await completeProgram(db, auProgram.id, 1, auAdmin.id);
  auModuleId = await moduleOf(auProgram.id);
  const nzProgram = await createProgram(db, { programManagerId: nzAdmin.id, programType: 1, status: 2, programTitle: 'Kiwi inspector', accountId: nz.id });
  await completeProgram(db, nzProgram.id, 1, nzAdmin.id);
  nzModuleId = await moduleOf(nzProgram.id);
  auQuestionId = (await createQuestion(db, { subjectIds: [(await createSubject(db)).id], tagIds: [(await createTag(db)).id] })).id;
  const nzSubject = (await send('POST', '/api/subjectreference', nzJwt, { title: uniqueTitle('Kiwi subject') })).json().id;
  const nzTag = (await send('POST', '/api/tagreference', nzJwt, { title: uniqueTitle('Kiwi tag') })).json().id;
  const nzQuestion = await send('POST', '/api/question', nzJwt, {
    content: '<p>Which process is used on Auckland pipelines?</p>',
    questionType: 'Descriptive',
    difficulty: 'Medium',
    subjects: [nzSubject],
    tags: [nzTag],
    options: [],
  });
  expect(nzQuestion.statusCode, nzQuestion.body).toBe(201);
  nzQuestionId = nzQuestion.json().id;
});
afterAll(async () => {
  await t.close();
});

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, jwt: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });
}

const testInput = (overrides: Record<string, unknown> = {}) => ({
  title: uniqueTitle('Welding processes module exam'),
  testType: 'module',
  programType: 1,
  overallTime: 90,
  minimumTime: 30,
  totalTestMarks: 10,
  description: 'Module 1 exam.',
  instruction: '<p>Answer every question.</p>',
  ...overrides,
});

async function newTest(jwt: string, overrides: Record<string, unknown> = {}): Promise<{ id: string; title: string; testNumber: number }> {
  const response = await send('POST', '/api/tests', jwt, testInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('tests of two accounts', () => {
  it('may share a title, each account finding only its own', async () => {
    const title = uniqueTitle('Welding processes');
    const au = await newTest(auJwt, { title });
    const nz = await newTest(nzJwt, { title: title.toLowerCase() });
    expect((await send('GET', `/api/tests/title/${encodeURIComponent(title)}`, nzJwt)).json()).toEqual({ test: { id: nz.id, title: title.toLowerCase() } });
    expect((await send('GET', `/api/tests/title/${encodeURIComponent(title)}`, auJwt)).json()).toEqual({ test: { id: au.id, title } });
    expect((await send('POST', '/api/tests', nzJwt, testInput({ title }))).statusCode).toBe(409);
  });

  it("are left out of another account's list, by title and by number", async () => {
    const au = await newTest(auJwt, { title: uniqueTitle('Wallaby fillet welds') });
    const nzList = (await send('GET', '/api/tests/pagination?page=1&pageSize=250', nzJwt)).json();
    expect(nzList.rows.map((row: { id: string }) => row.id)).not.toContain(au.id);
    expect((await send('GET', '/api/tests/pagination?search=Wallaby', nzJwt)).json().totalRows).toBe(0);
    expect((await send('GET', `/api/tests/pagination?search=T-${au.testNumber}`, nzJwt)).json().totalRows).toBe(0);
    expect((await send('GET', '/api/tests/pagination?search=Wallaby', auJwt)).json().totalRows).toBe(1);
  });

  it("answer 404 to another account's administrator on every read and change of a test, its sections and its questions, and nothing changes", async () => {
    const au = await newTest(auJwt, { title: uniqueTitle('Sydney harbour bridge exam') });
    const section = (await send('POST', '/api/sections', auJwt, { testId: au.id, title: 'Processes' })).json();
    const added = await send('POST', '/api/testsectionquestions', auJwt, { testId: au.id, sectionId: section.id, questions: [{ questionId: auQuestionId, marks: 2 }] });
    expect(added.statusCode, added.body).toBe(201);
    const entryId = added.json()[0].id as string;

    const refused: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['read', 'GET', `/api/tests/test/${au.id}`],
      ['preview', 'GET', `/api/tests/${au.id}/preview`],
      ['edit', 'PUT', `/api/tests/${au.id}`, testInput({ title: 'Taken over' })],
      ['publish', 'POST', `/api/tests/${au.id}/publish`],
      ['clone', 'POST', `/api/tests/${au.id}/clone`, { title: uniqueTitle('Copied'), withSections: true }],
      ['list sections', 'GET', `/api/sections/test/${au.id}`],
      ['add a section', 'POST', '/api/sections', { testId: au.id, title: 'Intruders' }],
      ['rename a section', 'PUT', `/api/sections/${section.id}`, { title: 'Renamed' }],
      ['reorder sections', 'POST', '/api/sections/update/order', { testId: au.id, ids: [section.id] }],
      ['remove a section', 'DELETE', `/api/sections/${section.id}`],
      ['list questions', 'GET', `/api/testsectionquestions/test/${au.id}`],
      ['add a question', 'POST', '/api/testsectionquestions', { testId: au.id, sectionId: 'default', questions: [{ questionId: nzQuestionId, marks: 1 }] }],
      ['change marks', 'PUT', `/api/testsectionquestions/${entryId}`, { marks: 5, sectionId: 'default' }],
      ['reorder questions', 'POST', '/api/testsectionquestions/update/order', { testId: au.id, sectionId: section.id, ids: [entryId] }],
      ['remove a question', 'DELETE', `/api/testsectionquestions/${entryId}`],
    ];
    for (const [what, method, url, body] of refused) {
      const response = await send(method, url, nzJwt, body);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(404);
    }

    const kept = (await send('GET', `/api/tests/test/${au.id}`, auJwt)).json();
    expect(kept).toMatchObject({ title: au.title, status: 'draft', numOfQuestions: 1, marksTotal: 2 });
    expect(kept.sectionInfo.map((s: { title: string }) => s.title)).toContain('Processes');
    const questions = (await send('GET', `/api/testsectionquestions/test/${au.id}`, auJwt)).json();
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({ id: entryId, sectionId: section.id, marks: 2 });
  });
});

describe("a test's module", () => {
  it("is offered from the caller's own account only", async () => {
    const nzModules = (await send('GET', '/api/tests/modules', nzJwt)).json().map((m: { id: string }) => m.id);
    expect(nzModules).toContain(nzModuleId);
    expect(nzModules).not.toContain(auModuleId);
    const auModules = (await send('GET', '/api/tests/modules', auJwt)).json().map((m: { id: string }) => m.id);
    expect(auModules).toContain(auModuleId);
    expect(auModules).not.toContain(nzModuleId);
  });

  it("refuses another account's module as unknown, on create and on edit", async () => {
    const created = await send('POST', '/api/tests', nzJwt, testInput({ programModuleId: auModuleId }));
    expect(created.statusCode).toBe(400);
    expect(created.json().fieldErrors.programModuleId).toBe(TEST_MESSAGES.programModuleNotFound);

    const own = await newTest(nzJwt, { programModuleId: nzModuleId });
    expect((await send('GET', `/api/tests/test/${own.id}`, nzJwt)).json().programModule).toMatchObject({ id: nzModuleId });
    const relinked = await send('PUT', `/api/tests/${own.id}`, nzJwt, testInput({ title: own.title, programModuleId: auModuleId }));
    expect(relinked.statusCode).toBe(400);
    expect(relinked.json().fieldErrors.programModuleId).toBe(TEST_MESSAGES.programModuleNotFound);
    expect((await send('GET', `/api/tests/test/${own.id}`, nzJwt)).json().programModule).toMatchObject({ id: nzModuleId });
  });
});

describe("a test's questions", () => {
  it("come from the test's own account: another account's question is unknown and nothing is added", async () => {
    const nz = await newTest(nzJwt);
    const borrowed = await send('POST', '/api/testsectionquestions', nzJwt, { testId: nz.id, sectionId: 'default', questions: [{ questionId: auQuestionId, marks: 1 }] });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().message).toBe(SECTION_MESSAGES.questionNotFound);
    expect((await send('GET', `/api/testsectionquestions/test/${nz.id}`, nzJwt)).json()).toEqual([]);
    const own = await send('POST', '/api/testsectionquestions', nzJwt, { testId: nz.id, sectionId: 'default', questions: [{ questionId: nzQuestionId, marks: 1 }] });
    expect(own.statusCode, own.body).toBe(201);
  });

  it("are added by a clone into the cloner's own account", async () => {
    const nz = await newTest(nzJwt);
    await send('POST', '/api/testsectionquestions', nzJwt, { testId: nz.id, sectionId: 'default', questions: [{ questionId: nzQuestionId, marks: 1 }] });
    const copy = await send('POST', `/api/tests/${nz.id}/clone`, nzJwt, { title: uniqueTitle('Kiwi copy'), withSections: true });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ isCloned: true, numOfQuestions: 1 });
    expect((await send('GET', `/api/tests/test/${copy.json().id}`, auJwt)).statusCode).toBe(404);
  });
});
