import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { QUESTION_MESSAGES } from '@certs/shared/question-bank/question.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createQuestion, createSubject, createTag } from '../../../test/factories/question-bank.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

let t: TestApp;
let superJwt: string;
let applicantJwt: string;
let examinerJwt: string;
let subjectId: string;
let otherSubjectId: string;
let tagId: string;
let otherTagId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  superJwt = (await signIn(t.app, await createUser(db, { role: ROLES.SuperUser, firstName: 'Sue', lastName: 'Perr' }))).jwt;
  applicantJwt = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  examinerJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Examinations'] }))).jwt;
  subjectId = (await createSubject(db, 'Welding processes')).id;
  otherSubjectId = (await createSubject(db, 'Weld defects')).id;
  tagId = (await createTag(db, 'MMAW')).id;
  otherTagId = (await createTag(db, 'Visual inspection')).id;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, jwt = superJwt) =>
  t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

const single = (overrides: Record<string, unknown> = {}) => ({
  content: '<p>Which process uses a flux-coated consumable stick electrode?</p>',
  questionType: 'General Single Answer',
  difficulty: 'Easy',
  subjects: [subjectId],
  tags: [tagId],
  options: [
    { option: 'MMAW', correctAnswer: true },
    { option: 'GTAW', correctAnswer: false },
    { option: 'GMAW', correctAnswer: false },
  ],
  ...overrides,
});

describe('writing questions of each type', () => {
  it('creates a General Single Answer question as version 1 with its options in order', async () => {
    const created = await send('POST', '/api/question', single());
    expect(created.statusCode).toBe(201);
    const question = created.json();
    expect(question).toMatchObject({
      version: 1,
      questionType: 'General Single Answer',
      difficulty: 'Easy',
      canUploadAnswerPaper: false,
      subjects: [{ id: subjectId, title: 'Welding processes' }],
      tags: [{ id: tagId, title: 'MMAW' }],
      createdBy: 'Sue Perr',
    });
    expect(question.options.map((o: { option: string; correctAnswer: boolean; order: number }) => [o.option, o.correctAnswer, o.order])).toEqual([
      ['MMAW', true, 1],
      ['GTAW', false, 2],
      ['GMAW', false, 3],
    ]);
    expect(question.questionNumber).toBeGreaterThan(0);
  });

  it('orders options by their given order', async () => {
    const created = await send(
      'POST',
      '/api/question',
      single({ options: [{ option: 'Third', correctAnswer: false, order: 3 }, { option: 'First', correctAnswer: true, order: 1 }, { option: 'Second', correctAnswer: false, order: 2 }] }),
    );
    expect(created.json().options.map((o: { option: string }) => o.option)).toEqual(['First', 'Second', 'Third']);
  });

  it('creates a Multiple Answer question with several correct options', async () => {
    const created = await send(
      'POST',
      '/api/question',
      single({
        questionType: 'Multiple Answer',
        content: '<p>Which are planar imperfections?</p>',
        options: [
          { option: 'Crack', correctAnswer: true },
          { option: 'Lack of fusion', correctAnswer: true },
          { option: 'Porosity', correctAnswer: false },
        ],
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().options.filter((o: { correctAnswer: boolean }) => o.correctAnswer)).toHaveLength(2);
  });

  it('creates a Descriptive question, without options, that may take an answer paper', async () => {
    const created = await send('POST', '/api/question', single({ questionType: 'Descriptive', options: [], canUploadAnswerPaper: true, difficulty: 'Hard' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ questionType: 'Descriptive', options: [], canUploadAnswerPaper: true, difficulty: 'Hard' });
  });

  it('creates a Fill In The Blank question whose options are all accepted answers', async () => {
    const created = await send(
      'POST',
      '/api/question',
      single({ questionType: 'Fill In The Blank', content: '<p>PA is the ____ position.</p>', options: [{ option: 'flat' }, { option: 'downhand', correctAnswer: false }] }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().options.map((o: { option: string; correctAnswer: boolean }) => [o.option, o.correctAnswer])).toEqual([
      ['flat', true],
      ['downhand', true],
    ]);
  });

  it('takes Medium when no difficulty is given', async () => {
    const { difficulty: _omitted, ...withoutDifficulty } = single();
    expect((await send('POST', '/api/question', withoutDifficulty)).json().difficulty).toBe('Medium');
  });

  it('cleans the content: scripts and handlers are dropped', async () => {
    const created = await send('POST', '/api/question', single({ content: '<p onclick="x()">Identify the <strong>defect</strong><script>alert(1)</script></p>' }));
    expect(created.json().content).toBe('<p>Identify the <strong>defect</strong></p>');
    const onlyScript = await send('POST', '/api/question', single({ content: '<p>x</p><script>alert(1)</script>'.replace('<p>x</p>', '<script>a</script>') }));
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().fieldErrors.content).toBe(QUESTION_MESSAGES.contentRequired);
  });
});

describe('question rules and messages (spec section 5)', () => {
  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['no content', { content: '' }, 'content', QUESTION_MESSAGES.contentRequired],
    ['content of markup only', { content: '<p> &nbsp; </p><p><br></p>' }, 'content', QUESTION_MESSAGES.contentRequired],
    ['content over 20000 characters', { content: `<p>${'x'.repeat(20000)}</p>` }, 'content', QUESTION_MESSAGES.contentMax],
    ['no type', { questionType: undefined }, 'questionType', QUESTION_MESSAGES.questionTypeRequired],
    ['an unknown type', { questionType: 'True or False' }, 'questionType', QUESTION_MESSAGES.questionTypeRequired],
    ['an unknown difficulty', { difficulty: 'Extreme' }, 'difficulty', QUESTION_MESSAGES.difficultyRequired],
    ['no subjects', { subjects: [] }, 'subjects', QUESTION_MESSAGES.subjectsRequired],
    ['subjects missing', { subjects: undefined }, 'subjects', QUESTION_MESSAGES.subjectsRequired],
    ['no tags', { tags: [] }, 'tags', QUESTION_MESSAGES.tagsRequired],
    ['blank option text', { options: [{ option: '  ', correctAnswer: true }, { option: 'GTAW' }] }, 'options.0.option', QUESTION_MESSAGES.optionRequired],
    ['option over 1000 characters', { options: [{ option: 'x'.repeat(1001), correctAnswer: true }, { option: 'GTAW' }] }, 'options.0.option', QUESTION_MESSAGES.optionMax],
    ['one option only', { options: [{ option: 'MMAW', correctAnswer: true }] }, 'options', QUESTION_MESSAGES.choicesRequired],
    ['a single answer with two correct', { options: [{ option: 'MMAW', correctAnswer: true }, { option: 'SMAW', correctAnswer: true }] }, 'options', QUESTION_MESSAGES.singleCorrect],
    ['a single answer with none correct', { options: [{ option: 'MMAW' }, { option: 'GTAW' }] }, 'options', QUESTION_MESSAGES.singleCorrect],
    ['a multiple answer with none correct', { questionType: 'Multiple Answer', options: [{ option: 'A' }, { option: 'B' }] }, 'options', QUESTION_MESSAGES.multipleCorrect],
    ['repeated options', { options: [{ option: 'MMAW', correctAnswer: true }, { option: ' mmaw ' }] }, 'options.1.option', QUESTION_MESSAGES.optionsDiffer],
    ['eleven options', { options: Array.from({ length: 11 }, (_, i) => ({ option: `Option ${i}`, correctAnswer: i === 0 })) }, 'options', QUESTION_MESSAGES.tooManyOptions],
    ['a fill in the blank without answers', { questionType: 'Fill In The Blank', options: [] }, 'options', QUESTION_MESSAGES.acceptedAnswersRequired],
    ['a descriptive question with options', { questionType: 'Descriptive' }, 'options', QUESTION_MESSAGES.descriptiveNoOptions],
  ];
  for (const [what, override, field, message] of invalid) {
    it(`refuses ${what} with "${message}" at ${field}`, async () => {
      const response = await send('POST', '/api/question', single(override));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
    });
  }

  it('refuses subjects or tags that do not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await send('POST', '/api/question', single({ subjects: [missing] }))).json().fieldErrors.subjects).toBe(QUESTION_MESSAGES.unknownSubject);
    expect((await send('POST', '/api/question', single({ tags: [missing] }))).json().fieldErrors.tags).toBe(QUESTION_MESSAGES.unknownTag);
  });

  it('rejects unknown fields', async () => {
    expect((await send('POST', '/api/question', single({ marks: 2 }))).statusCode).toBe(400);
  });
});

describe('editing makes versions; exams keep theirs', () => {
  it('keeps version 1 and its options when the question is edited, and lists both versions', async () => {
    const created = (await send('POST', '/api/question', single())).json();
    const edited = await send(
      'PUT',
      `/api/question/${created.id}`,
      single({ content: '<p>Which process uses a covered electrode?</p>', options: [{ option: 'MMAW', correctAnswer: true }, { option: 'SAW', correctAnswer: false }] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, content: '<p>Which process uses a covered electrode?</p>' });
    expect(edited.json().versionId).not.toBe(created.versionId);

    const versions = (await send('GET', `/api/question/${created.id}/versions`)).json();
    expect(versions.map((v: { version: number; numOfOptions: number }) => [v.version, v.numOfOptions])).toEqual([
      [2, 2],
      [1, 3],
    ]);
    // The options of version 1 are still there, unchanged.
    const { questionOptions } = await import('../../db/schema/question-bank');
    const { eq } = await import('drizzle-orm');
    const old = await t.database.db.select().from(questionOptions).where(eq(questionOptions.questionVersionId, created.versionId));
    expect(old.map((o) => o.option).sort()).toEqual(['GMAW', 'GTAW', 'MMAW']);
  });

  it('re-files a question under other subjects and tags without a new version', async () => {
    const created = (await send('POST', '/api/question', single())).json();
    const refiled = (await send('PUT', `/api/question/${created.id}`, single({ subjects: [otherSubjectId], tags: [tagId, otherTagId] }))).json();
    expect(refiled.version).toBe(1);
    expect(refiled.subjects.map((s: { title: string }) => s.title)).toEqual(['Weld defects']);
    expect(refiled.tags.map((s: { title: string }) => s.title)).toEqual(['MMAW', 'Visual inspection']);
  });

  it('answers 404 for an unknown question and applies the same rules to edits', async () => {
    expect((await send('PUT', '/api/question/00000000-0000-4000-8000-000000000000', single())).statusCode).toBe(404);
    expect((await send('GET', '/api/question/nope')).statusCode).toBe(404);
    const created = (await send('POST', '/api/question', single())).json();
    const refused = await send('PUT', `/api/question/${created.id}`, single({ tags: [] }));
    expect(refused.json().fieldErrors.tags).toBe(QUESTION_MESSAGES.tagsRequired);
  });

  it('serves the options of the current version at questionoptions/{id}', async () => {
    const created = (await send('POST', '/api/question', single())).json();
    const options = await send('GET', `/api/questionoptions/${created.id}`);
    expect(options.statusCode).toBe(200);
    expect(options.json().map((o: { option: string }) => o.option)).toEqual(['MMAW', 'GTAW', 'GMAW']);
  });
});

describe('listing and searching', () => {
  let searchSubject: string;
  let searchTag: string;
  let numbers: number[] = [];

  beforeAll(async () => {
    const db = t.database.db;
    searchSubject = (await createSubject(db, 'Search subject')).id;
    searchTag = (await createTag(db, 'Search tag')).id;
    const a = await createQuestion(db, { content: '<p>Name the zinc fume hazard of galvanised steel</p>', subjectIds: [searchSubject], tagIds: [tagId] });
    const b = await createQuestion(db, { questionType: 'Descriptive', difficulty: 'Hard', content: '<p>Explain preheat for hydrogen control</p>', subjectIds: [subjectId], tagIds: [searchTag] });
    const c = await createQuestion(db, { questionType: 'Fill In The Blank', difficulty: 'Easy', content: '<p>Zinc melts at ____ degrees</p>', subjectIds: [searchSubject], tagIds: [searchTag] });
    numbers = [a.questionNumber, b.questionNumber, c.questionNumber];
  });

  const search = async (body: Record<string, unknown>, jwt = superJwt) => {
    const response = await send('POST', '/api/question/search', { page: 1, pageSize: 50, ...body }, jwt);
    expect(response.statusCode).toBe(200);
    return response.json() as { rows: { questionNumber: number; contentText: string }[]; totalRows: number };
  };

  it('lists the bank paged, latest change first, with subjects and tags', async () => {
    const page = await send('GET', '/api/question?page=1&pageSize=10');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ page: 1, pageSize: 10 });
    expect(body.totalRows).toBeGreaterThanOrEqual(3);
    expect(body.rows[0]).toHaveProperty('subjects');
    expect(body.rows[0]).toHaveProperty('tags');
    expect(body.rows[0]).toHaveProperty('createdOn');
    expect((await send('GET', '/api/question?pageSize=7')).statusCode).toBe(400);
  });

  it('finds by text, case-insensitively, and by question number', async () => {
    expect((await search({ text: '  ZINC  ' })).rows.map((r) => r.questionNumber).sort()).toEqual([numbers[0], numbers[2]].sort());
    expect((await search({ text: `Q-${numbers[1]}` })).rows.map((r) => r.questionNumber)).toEqual([numbers[1]]);
  });

  it('treats blank text as no text', async () => {
    const all = await search({});
    expect((await search({ text: '   ' })).totalRows).toBe(all.totalRows);
  });

  it('filters by type, difficulty, subject and tag together', async () => {
    expect((await search({ questionType: 'Descriptive', text: 'preheat' })).rows.map((r) => r.questionNumber)).toEqual([numbers[1]]);
    expect((await search({ difficulty: 'Easy', subjectIds: [searchSubject] })).rows.map((r) => r.questionNumber)).toEqual([numbers[2]]);
    expect((await search({ subjectIds: [searchSubject], tagIds: [searchTag] })).rows.map((r) => r.questionNumber)).toEqual([numbers[2]]);
    expect((await search({ tagIds: [searchTag] })).totalRows).toBe(2);
  });

  it('filters by created and modified days (Sydney), both ends included', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
    expect((await search({ createdFrom: today, createdTo: today, subjectIds: [searchSubject] })).totalRows).toBe(2);
    expect((await search({ modifiedFrom: '2000-01-01', modifiedTo: '2000-01-02' })).totalRows).toBe(0);
    expect((await search({ createdTo: '01/01/2000' })).totalRows).toBe(0);
    const wrong = await send('POST', '/api/question/search', { createdFrom: 'yesterday' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.createdFrom).toBe(QUESTION_MESSAGES.invalidDate);
    const backwards = await send('POST', '/api/question/search', { createdFrom: '2025-02-01', createdTo: '2025-01-01' });
    expect(backwards.json().fieldErrors.createdTo).toBe(QUESTION_MESSAGES.dateOrder);
  });

  it('lets staff who build tests search, but not write', async () => {
    expect((await search({ text: 'zinc' }, examinerJwt)).totalRows).toBe(2);
    expect((await send('POST', '/api/question', single(), examinerJwt)).statusCode).toBe(403);
  });
});

describe('the bank is closed to applicants', () => {
  it('answers 403 on every question route', async () => {
    const { id } = (await send('POST', '/api/question', single())).json();
    const routes: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/api/question'],
      ['POST', '/api/question/search', {}],
      ['POST', '/api/question', single()],
      ['GET', `/api/question/${id}`],
      ['GET', `/api/question/${id}/versions`],
      ['PUT', `/api/question/${id}`, single()],
      ['GET', `/api/questionoptions/${id}`],
      ['GET', '/api/question/import/template'],
      ['POST', '/api/question/import/preview', { format: 'csv', content: 'Type,Content' }],
      ['POST', '/api/question/import', { format: 'csv', content: 'Type,Content' }],
      ['POST', '/api/question/export', { format: 'csv' }],
    ];
    for (const [method, url, body] of routes) {
      const response = await send(method, url, body, applicantJwt);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.body).not.toContain('MMAW');
    }
  });
});
