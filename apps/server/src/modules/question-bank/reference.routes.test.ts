import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createQuestion, createSubject, createTag, uniqueTitle } from '../../../test/factories/question-bank.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

let t: TestApp;
let superJwt: string;
let applicantJwt: string;
let examinerJwt: string;
let programsOnlyJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  superJwt = (await signIn(t.app, await createUser(db, { role: ROLES.SuperUser }))).jwt;
  applicantJwt = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  examinerJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Examinations'] }))).jwt;
  programsOnlyJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] }))).jwt;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, jwt = superJwt) =>
  t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

for (const { kind, path, noun } of [
  { kind: 'subject', path: 'subjectreference', noun: 'subject' },
  { kind: 'tag', path: 'tagreference', noun: 'tag' },
] as const) {
  describe(`${path}`, () => {
    it(`creates, lists, looks up, renames and removes a ${noun}`, async () => {
      const title = uniqueTitle('Welding processes');
      const created = await send('POST', `/api/${path}`, { title: `  ${title}  ` });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ title, numOfQuestions: 0 });
      const id = created.json().id as string;

      const all = (await send('GET', `/api/${path}/all`)).json() as { id: string; title: string }[];
      expect(all.some((row) => row.id === id)).toBe(true);

      const lookup = await send('GET', `/api/${path}/title/${encodeURIComponent(title.toUpperCase())}`);
      expect(lookup.json()).toEqual({ reference: { id, title } });
      expect((await send('GET', `/api/${path}/title/${encodeURIComponent('A free title')}`)).json()).toEqual({ reference: null });

      const renamed = await send('PUT', `/api/${path}/${id}`, { title: `${title} (arc)` });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().title).toBe(`${title} (arc)`);

      expect((await send('DELETE', `/api/${path}/remove/${id}`)).statusCode).toBe(204);
      expect((await send('GET', `/api/${path}/all`)).json().some((row: { id: string }) => row.id === id)).toBe(false);
    });

    it(`refuses a title that another ${noun} holds, whatever its case, at the field`, async () => {
      const title = uniqueTitle('Metallurgy');
      await send('POST', `/api/${path}`, { title });
      const again = await send('POST', `/api/${path}`, { title: title.toLowerCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json().fieldErrors.title).toBe(`A ${noun} with this title already exists`);

      const other = (await send('POST', `/api/${path}`, { title: uniqueTitle('Safety') })).json();
      const rename = await send('PUT', `/api/${path}/${other.id}`, { title: title.toUpperCase() });
      expect(rename.statusCode).toBe(409);
      expect(rename.json().fieldErrors.title).toBe(`A ${noun} with this title already exists`);
    });

    it('requires a title of at most 100 characters and rejects unknown fields', async () => {
      const blank = await send('POST', `/api/${path}`, { title: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fieldErrors.title).toBe('Title is required');
      expect((await send('POST', `/api/${path}`, {})).json().fieldErrors.title).toBe('Title is required');
      expect((await send('POST', `/api/${path}`, { title: 'x'.repeat(101) })).json().fieldErrors.title).toBe('Title must be at most 100 characters');
      expect((await send('POST', `/api/${path}`, { title: 'Ok', colour: 'red' })).statusCode).toBe(400);
    });

    it(`keeps a ${noun} that questions use and names them`, async () => {
      const db = t.database.db;
      const subject = await createSubject(db);
      const tag = await createTag(db);
      const first = await createQuestion(db, { subjectIds: [subject.id], tagIds: [tag.id] });
      const second = await createQuestion(db, { subjectIds: [subject.id], tagIds: [tag.id] });
      const id = kind === 'subject' ? subject.id : tag.id;

      const refused = await send('DELETE', `/api/${path}/remove/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `This ${noun} is used by 2 questions Q-${first.questionNumber} and Q-${second.questionNumber} and cannot be removed. Remove it from those questions first.`,
      );
      const listed = (await send('GET', `/api/${path}/all`)).json().find((row: { id: string }) => row.id === id);
      expect(listed.numOfQuestions).toBe(2);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await send('PUT', `/api/${path}/00000000-0000-4000-8000-000000000000`, { title: 'Anything' })).statusCode).toBe(404);
      expect((await send('DELETE', `/api/${path}/remove/not-an-id`)).statusCode).toBe(404);
    });

    it('is closed to applicants and to staff without Libraries; staff building tests may read', async () => {
      const { id } = (await send('POST', `/api/${path}`, { title: uniqueTitle('Inspection') })).json();
      for (const [method, url, body] of [
        ['GET', `/api/${path}/all`],
        ['GET', `/api/${path}/title/x`],
        ['POST', `/api/${path}`, { title: 'New' }],
        ['PUT', `/api/${path}/${id}`, { title: 'New' }],
        ['DELETE', `/api/${path}/remove/${id}`],
      ] as const) {
        expect((await send(method, url, body, applicantJwt)).statusCode).toBe(403);
        expect((await send(method, url, body, programsOnlyJwt)).statusCode).toBe(403);
      }
      expect((await send('GET', `/api/${path}/all`, undefined, examinerJwt)).statusCode).toBe(200);
      expect((await send('POST', `/api/${path}`, { title: 'Not mine to add' }, examinerJwt)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/${path}/all` })).statusCode).toBe(401);
    });
  });
}
