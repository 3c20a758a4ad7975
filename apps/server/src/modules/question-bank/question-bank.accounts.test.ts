import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { QUESTION_MESSAGES } from '@certs/shared/question-bank/question.contract';
import type { ImportPreview } from '@certs/shared/question-bank/question-transfer.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { uniqueTitle } from '../../../test/factories/question-bank.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

/** Each account has its own question bank (decision 033): subjects, tags, questions and their versions. */

let t: TestApp;
let auJwt: string;
let nzJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const nz = await createAccount(db);
  const menuItems = ['Libraries', 'Examinations'] as const;
  auJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: [...menuItems] }))).jwt;
  nzJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: [...menuItems], accountId: nz.id }))).jwt;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, jwt: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

async function createReference(path: 'subjectreference' | 'tagreference', title: string, jwt: string): Promise<string> {
  const response = await send('POST', `/api/${path}`, jwt, { title });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const question = (subjectId: string, tagId: string, content: string) => ({
  content: `<p>${content}</p>`,
  questionType: 'General Single Answer',
  difficulty: 'Easy',
  subjects: [subjectId],
  tags: [tagId],
  options: [
    { option: 'MMAW', correctAnswer: true },
    { option: 'GTAW', correctAnswer: false },
  ],
});

async function createQuestion(jwt: string, content: string): Promise<{ id: string; questionNumber: number; subjectId: string; tagId: string }> {
  const subjectId = await createReference('subjectreference', uniqueTitle('Processes'), jwt);
  const tagId = await createReference('tagreference', uniqueTitle('Stick'), jwt);
  const response = await send('POST', '/api/question', jwt, question(subjectId, tagId, content));
  expect(response.statusCode, response.body).toBe(201);
  return { ...response.json(), subjectId, tagId };
}

for (const path of ['subjectreference', 'tagreference'] as const) {
  describe(`${path} of two accounts`, () => {
    it('allows the same title in both accounts, each listing and finding only its own', async () => {
      const title = uniqueTitle('Welding processes');
      const auId = await createReference(path, title, auJwt);
      const nzId = await createReference(path, title.toUpperCase(), nzJwt);
      const nzAll = (await send('GET', `/api/${path}/all`, nzJwt)).json() as { id: string }[];
      expect(nzAll.map((row) => row.id)).toContain(nzId);
      expect(nzAll.map((row) => row.id)).not.toContain(auId);
      expect((await send('GET', `/api/${path}/title/${encodeURIComponent(title)}`, nzJwt)).json()).toEqual({ reference: { id: nzId, title: title.toUpperCase() } });
      expect((await send('GET', `/api/${path}/title/${encodeURIComponent(title)}`, auJwt)).json()).toEqual({ reference: { id: auId, title } });
      // Still unique inside one account.
      expect((await send('POST', `/api/${path}`, nzJwt, { title })).statusCode).toBe(409);
    });

    it("answers 404 to another account's administrator renaming or removing one, and changes nothing", async () => {
      const title = uniqueTitle('Metallurgy');
      const auId = await createReference(path, title, auJwt);
      expect((await send('PUT', `/api/${path}/${auId}`, nzJwt, { title: 'Taken over' })).statusCode).toBe(404);
      expect((await send('DELETE', `/api/${path}/remove/${auId}`, nzJwt)).statusCode).toBe(404);
      expect((await send('GET', `/api/${path}/title/${encodeURIComponent(title)}`, auJwt)).json().reference).toEqual({ id: auId, title });
    });

    it("says nothing of another account's title when the lookup runs in the other account", async () => {
      const title = uniqueTitle('Only in Australia');
      await createReference(path, title, auJwt);
      expect((await send('GET', `/api/${path}/title/${encodeURIComponent(title)}`, nzJwt)).json()).toEqual({ reference: null });
    });
  });
}

describe('questions of two accounts', () => {
  it("answer 404 to another account's administrator on read, versions, options and edit, and the edit changes nothing", async () => {
    const au = await createQuestion(auJwt, 'Which process uses a flux-coated stick electrode in Sydney?');
    expect((await send('GET', `/api/question/${au.id}`, nzJwt)).statusCode).toBe(404);
    expect((await send('GET', `/api/question/${au.id}/versions`, nzJwt)).statusCode).toBe(404);
    expect((await send('GET', `/api/questionoptions/${au.id}`, nzJwt)).statusCode).toBe(404);
    const nzSubject = await createReference('subjectreference', uniqueTitle('NZ subject'), nzJwt);
    const nzTag = await createReference('tagreference', uniqueTitle('NZ tag'), nzJwt);
    expect((await send('PUT', `/api/question/${au.id}`, nzJwt, question(nzSubject, nzTag, 'Rewritten'))).statusCode).toBe(404);
    const kept = await send('GET', `/api/question/${au.id}`, auJwt);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ version: 1, content: '<p>Which process uses a flux-coated stick electrode in Sydney?</p>' });
  });

  it("are left out of another account's list and search, by text and by number", async () => {
    const au = await createQuestion(auJwt, 'Kookaburra weld bead question');
    const nz = await createQuestion(nzJwt, 'Kiwi weld bead question');
    const nzList = (await send('GET', '/api/question?page=1&pageSize=250', nzJwt)).json();
    const nzIds = nzList.rows.map((row: { id: string }) => row.id);
    expect(nzIds).toContain(nz.id);
    expect(nzIds).not.toContain(au.id);
    expect((await send('POST', '/api/question/search', nzJwt, { text: 'Kookaburra' })).json().totalRows).toBe(0);
    expect((await send('POST', '/api/question/search', nzJwt, { text: `Q-${au.questionNumber}` })).json().totalRows).toBe(0);
    expect((await send('POST', '/api/question/search', nzJwt, { text: 'weld bead question' })).json().rows.map((row: { id: string }) => row.id)).toEqual([nz.id]);
    expect((await send('POST', '/api/question/search', nzJwt, { subjectIds: [au.subjectId] })).json().totalRows).toBe(0);
  });

  it("are left out of another account's export, the whole bank and a selection naming them", async () => {
    const au = await createQuestion(auJwt, 'Platypus preheat question');
    const nz = await createQuestion(nzJwt, 'Tui preheat question');
    const bank = (await send('POST', '/api/question/export', nzJwt, { format: 'csv' })).json();
    expect(bank.content).toContain('Tui preheat question');
    expect(bank.content).not.toContain('Platypus preheat question');
    const selection = (await send('POST', '/api/question/export', nzJwt, { format: 'moodle', questionIds: [au.id, nz.id] })).json();
    expect(selection.count).toBe(1);
    expect(selection.content).not.toContain('Platypus');
    const own = (await send('POST', '/api/question/export', auJwt, { format: 'csv', questionIds: [au.id] })).json();
    expect(own.count).toBe(1);
  });

  it("refuses another account's subject or tag on a new question as unknown", async () => {
    const au = await createQuestion(auJwt, 'Whose subject is this?');
    const nzSubject = await createReference('subjectreference', uniqueTitle('NZ own'), nzJwt);
    const nzTag = await createReference('tagreference', uniqueTitle('NZ own tag'), nzJwt);
    const withAuSubject = await send('POST', '/api/question', nzJwt, question(au.subjectId, nzTag, 'Borrowed subject'));
    expect(withAuSubject.statusCode).toBe(400);
    expect(withAuSubject.json().fieldErrors.subjects).toBe(QUESTION_MESSAGES.unknownSubject);
    const withAuTag = await send('POST', '/api/question', nzJwt, question(nzSubject, au.tagId, 'Borrowed tag'));
    expect(withAuTag.statusCode).toBe(400);
    expect(withAuTag.json().fieldErrors.tags).toBe(QUESTION_MESSAGES.unknownTag);
  });

  it("answers 404 to another account removing a subject in use, and its question keeps it", async () => {
    const au = await createQuestion(auJwt, 'In use in Australia');
    expect((await send('DELETE', `/api/subjectreference/remove/${au.subjectId}`, nzJwt)).statusCode).toBe(404);
    const listed = ((await send('GET', '/api/subjectreference/all', auJwt)).json() as { id: string; numOfQuestions: number }[]).find((row) => row.id === au.subjectId);
    expect(listed?.numOfQuestions).toBe(1);
  });
});

describe('importing in two accounts', () => {
  it("files imported questions under the importer's own subjects and tags, creating them there", async () => {
    const subject = uniqueTitle('Shared subject');
    const tag = uniqueTitle('Shared tag');
    const auSubjectId = await createReference('subjectreference', subject, auJwt);
    await createReference('tagreference', tag, auJwt);
    const csv = ['Type,Difficulty,Content,Subjects,Tags,Can Upload Answer Paper,Option 1,Option 2,Correct', `General Single Answer,Easy,Imported into New Zealand,${subject},${tag},No,MMAW,GTAW,1`].join('\n');

    const nzPreview = (await send('POST', '/api/question/import/preview', nzJwt, { format: 'csv', content: csv })).json() as ImportPreview;
    expect(nzPreview).toMatchObject({ canImport: true, newSubjects: [subject], newTags: [tag] });
    const auPreview = (await send('POST', '/api/question/import/preview', auJwt, { format: 'csv', content: csv })).json() as ImportPreview;
    expect(auPreview).toMatchObject({ newSubjects: [], newTags: [] });

    expect((await send('POST', '/api/question/import', nzJwt, { format: 'csv', content: csv })).statusCode).toBe(201);
    const found = (await send('POST', '/api/question/search', nzJwt, { text: 'Imported into New Zealand' })).json();
    expect(found.totalRows).toBe(1);
    const [row] = found.rows as { id: string }[];
    const imported = (await send('GET', `/api/question/${row!.id}`, nzJwt)).json();
    expect(imported.subjects[0].title).toBe(subject);
    expect(imported.subjects[0].id).not.toBe(auSubjectId);
    expect((await send('POST', '/api/question/search', auJwt, { text: 'Imported into New Zealand' })).json().totalRows).toBe(0);
    const auSubjects = (await send('GET', '/api/subjectreference/all', auJwt)).json() as { id: string; numOfQuestions: number }[];
    expect(auSubjects.find((s) => s.id === auSubjectId)?.numOfQuestions).toBe(0);
  });
});
