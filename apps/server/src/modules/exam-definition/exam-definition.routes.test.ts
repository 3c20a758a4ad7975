import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { TEST_MESSAGES } from '@certs/shared/exam-definition/exam-definition.contract';
import { MIXED_SECTIONS_WARNING, SPLIT_WITHOUT_SECTIONS_WARNING } from '@certs/shared/exam-definition/exam-definition-rules';
import { SECTION_MESSAGES } from '@certs/shared/exam-definition/exam-section.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addProgramUser, completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createQuestion, createSubject, createTag, uniqueTitle } from '../../../test/factories/question-bank.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { programModules } from '../../db/schema/program';

let t: TestApp;
let superJwt: string;
let applicantJwt: string;
let librarianJwt: string;
let contributorJwt: string;
let subjectId: string;
let tagId: string;
let moduleId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const superUser = await createUser(db, { role: ROLES.SuperUser, firstName: 'Sue', lastName: 'Perr' });
  superJwt = (await signIn(t.app, superUser)).jwt;
  applicantJwt = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  librarianJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Libraries'] }))).jwt;
  contributorJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Examinations'] }))).jwt;
  subjectId = (await createSubject(db)).id;
  tagId = (await createTag(db)).id;
  const program = await createProgram(db, { programManagerId: superUser.id, programType: 1, status: 2 });
  await completeProgram(db, program.id, 1, superUser.id);
  const [module] = await db.select().from(programModules).where(eq(programModules.programId, program.id));
  moduleId = module?.id ?? '';
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, jwt = superJwt) =>
  t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

const testInput = (overrides: Record<string, unknown> = {}) => ({
  title: uniqueTitle('Welding processes module exam'),
  testType: 'module',
  programType: 1,
  overallTime: 90,
  minimumTime: 30,
  totalTestMarks: 10,
  description: 'Module 1 exam of the welding inspector program.',
  instruction: '<p>Answer every question. Calculators are allowed.</p>',
  ...overrides,
});

const newQuestion = (overrides: Partial<Parameters<typeof createQuestion>[1]> = {}) => createQuestion(t.database.db, { subjectIds: [subjectId], tagIds: [tagId], ...overrides });

async function newTest(overrides: Record<string, unknown> = {}) {
  const response = await send('POST', '/api/tests', testInput(overrides));
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; title: string };
}

async function addQuestions(testId: string, sectionId: string, questions: { questionId: string; marks: number }[]) {
  const response = await send('POST', '/api/testsectionquestions', { testId, sectionId, questions });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; sectionId: string; questionNumber: number; version: number; marks: number }[];
}

describe('the test form (spec sections 3 and 5)', () => {
  it('creates a draft test with every field, the trial flag read from the type', async () => {
    const created = await send('POST', '/api/tests', testInput({ isSectionSplit: true, canUploadAnswerPaper: true, shuffleQuestions: true, shuffleOptions: true, partialMarks: true, programModuleId: moduleId }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      testType: 'module',
      programType: 1,
      overallTime: 90,
      minimumTime: 30,
      totalTestMarks: 10,
      isSectionSplit: true,
      canUploadAnswerPaper: true,
      shuffleQuestions: true,
      shuffleOptions: true,
      partialMarks: true,
      isTrialExam: false,
      status: 'draft',
      published: false,
      unPublished: false,
      isCloned: false,
      numOfQuestions: 0,
      marksTotal: 0,
      programModule: { id: moduleId, moduleCode: 'M1' },
      createdBy: 'Sue Perr',
      publishProblems: [TEST_MESSAGES.noQuestions],
    });
    const trial = await send('POST', '/api/tests', testInput({ testType: 'trial' }));
    expect(trial.json()).toMatchObject({ isTrialExam: true, shuffleQuestions: false, shuffleOptions: false, partialMarks: false });
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['no title', { title: ' ' }, 'title', TEST_MESSAGES.titleRequired],
    ['a title over 150 characters', { title: 't'.repeat(151) }, 'title', TEST_MESSAGES.titleMax],
    ['no test type', { testType: undefined }, 'testType', TEST_MESSAGES.testTypeRequired],
    ['an unknown test type', { testType: 'resit' }, 'testType', TEST_MESSAGES.testTypeRequired],
    ['no program type', { programType: undefined }, 'programType', TEST_MESSAGES.programTypeRequired],
    ['program type 5', { programType: 5 }, 'programType', TEST_MESSAGES.programTypeRequired],
    ['overall time 0', { overallTime: 0 }, 'overallTime', TEST_MESSAGES.tooLess],
    ['minimum time 0', { minimumTime: 0 }, 'minimumTime', TEST_MESSAGES.tooLess],
    ['total marks 0', { totalTestMarks: 0 }, 'totalTestMarks', TEST_MESSAGES.tooLess],
    ['negative total marks', { totalTestMarks: -5 }, 'totalTestMarks', TEST_MESSAGES.tooLess],
    ['no overall time', { overallTime: undefined }, 'overallTime', TEST_MESSAGES.overallTimeRequired],
    ['minutes with decimals', { overallTime: 90.5 }, 'overallTime', TEST_MESSAGES.wholeMinutes],
    ['marks with three decimals', { totalTestMarks: 10.125 }, 'totalTestMarks', TEST_MESSAGES.marksDecimals],
    ['a minimum time over the overall time', { minimumTime: 120 }, 'minimumTime', TEST_MESSAGES.minimumOverOverall],
    ['no description', { description: '' }, 'description', TEST_MESSAGES.descriptionRequired],
    ['no instruction', { instruction: '<p> </p>' }, 'instruction', TEST_MESSAGES.instructionRequired],
  ];
  for (const [what, override, field, message] of invalid) {
    it(`refuses ${what} with "${message}"`, async () => {
      const response = await send('POST', '/api/tests', testInput(override));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
    });
  }

  it('keeps titles unique whatever their case; the lookup returns nothing for a free title', async () => {
    const { id, title } = await newTest();
    expect((await send('GET', `/api/tests/title/${encodeURIComponent(title.toUpperCase())}`)).json()).toEqual({ test: { id, title } });
    expect((await send('GET', `/api/tests/title/${encodeURIComponent('Nobody has this title')}`)).json()).toEqual({ test: null });
    const again = await send('POST', '/api/tests', testInput({ title: title.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors.title).toBe(TEST_MESSAGES.titleTaken);
    const other = await newTest();
    expect((await send('PUT', `/api/tests/${other.id}`, testInput({ title }))).json().fieldErrors.title).toBe(TEST_MESSAGES.titleTaken);
  });

  it('links a module only of a program of the same program type', async () => {
    const wrongType = await send('POST', '/api/tests', testInput({ programType: 2, programModuleId: moduleId }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fieldErrors.programModuleId).toBe(TEST_MESSAGES.programModuleType);
    const unknown = await send('POST', '/api/tests', testInput({ programModuleId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.json().fieldErrors.programModuleId).toBe(TEST_MESSAGES.programModuleNotFound);
    const modules = (await send('GET', '/api/tests/modules')).json();
    expect(modules.some((m: { id: string; programType: number }) => m.id === moduleId && m.programType === 1)).toBe(true);
  });

  it('edits a draft and sanitises the instruction', async () => {
    const { id } = await newTest();
    const edited = await send('PUT', `/api/tests/${id}`, testInput({ overallTime: 120, instruction: '<p>Read carefully<script>x()</script></p>' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ overallTime: 120, instruction: '<p>Read carefully</p>' });
    expect((await send('PUT', '/api/tests/00000000-0000-4000-8000-000000000000', testInput())).statusCode).toBe(404);
  });
});

describe('sections and their questions', () => {
  it('puts questions without a section in the default section titled Questions (id default, order -1)', async () => {
    const { id } = await newTest();
    expect((await send('GET', `/api/sections/test/${id}`)).json()).toEqual([{ id: 'default', title: 'Questions', order: -1, isDefault: true, numOfQuestions: 0, marks: 0 }]);
    const q = await newQuestion();
    const entries = await addQuestions(id, 'default', [{ questionId: q.id, marks: 2.5 }]);
    expect(entries).toMatchObject([{ sectionId: 'default', questionNumber: q.questionNumber, version: 1, marks: 2.5 }]);
    const test = (await send('GET', `/api/tests/test/${id}`)).json();
    expect(test).toMatchObject({ numOfQuestions: 1, marksTotal: 2.5, sectionInfo: [{ id: 'default', title: 'Questions', order: -1, numOfQuestions: 1, marks: 2.5 }] });
  });

  it('adds, renames, reorders and removes sections; a removed section leaves its questions in the default one', async () => {
    const { id } = await newTest();
    const a = (await send('POST', '/api/sections', { testId: id, title: 'Processes' })).json();
    const b = (await send('POST', '/api/sections', { testId: id, title: 'Defects' })).json();
    expect([a.order, b.order]).toEqual([1, 2]);
    expect((await send('PUT', `/api/sections/${a.id}`, { title: 'Welding processes' })).json().title).toBe('Welding processes');
    const reordered = await send('POST', '/api/sections/update/order', { testId: id, ids: [b.id, a.id] });
    expect(reordered.json().map((s: { title: string }) => s.title)).toEqual(['Defects', 'Welding processes']);
    expect((await send('POST', '/api/sections/update/order', { testId: id, ids: [a.id] })).json().message).toBe(SECTION_MESSAGES.sectionOrderMismatch);

    const q = await newQuestion();
    await addQuestions(id, b.id, [{ questionId: q.id, marks: 1 }]);
    expect((await send('DELETE', `/api/sections/${b.id}`)).statusCode).toBe(204);
    const sections = (await send('GET', `/api/sections/test/${id}`)).json();
    expect(sections.map((s: { id: string; numOfQuestions: number }) => [s.id === 'default' ? 'default' : s.id, s.numOfQuestions])).toEqual([
      ['default', 1],
      [a.id, 0],
    ]);
  });

  it('checks section titles', async () => {
    const { id } = await newTest();
    expect((await send('POST', '/api/sections', { testId: id, title: '' })).json().fieldErrors.title).toBe(SECTION_MESSAGES.titleRequired);
    expect((await send('POST', '/api/sections', { testId: id, title: 'questions' })).json().fieldErrors.title).toBe(SECTION_MESSAGES.titleReserved);
    await send('POST', '/api/sections', { testId: id, title: 'Safety' });
    const repeated = await send('POST', '/api/sections', { testId: id, title: 'SAFETY' });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().fieldErrors.title).toBe(SECTION_MESSAGES.titleTaken);
  });

  it('checks marks, refuses a question twice and unknown questions, moves and reorders questions', async () => {
    const { id } = await newTest();
    const section = (await send('POST', '/api/sections', { testId: id, title: 'Inspection' })).json();
    const [q1, q2, q3] = [await newQuestion(), await newQuestion(), await newQuestion()];
    if (!q1 || !q2 || !q3) throw new Error('questions');
    for (const [marks, message] of [
      [0, SECTION_MESSAGES.marksMin],
      [-1, SECTION_MESSAGES.marksMin],
      [1.255, SECTION_MESSAGES.marksDecimals],
      [1001, SECTION_MESSAGES.marksMax],
    ] as const) {
      const refused = await send('POST', '/api/testsectionquestions', { testId: id, sectionId: section.id, questions: [{ questionId: q1.id, marks }] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors['questions.0.marks']).toBe(message);
    }
    await addQuestions(id, section.id, [
      { questionId: q1.id, marks: 1 },
      { questionId: q2.id, marks: 2 },
    ]);
    const twice = await send('POST', '/api/testsectionquestions', { testId: id, sectionId: 'default', questions: [{ questionId: q1.id, marks: 1 }] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Q-${q1.questionNumber} is already in this test`);
    const unknown = await send('POST', '/api/testsectionquestions', { testId: id, sectionId: 'default', questions: [{ questionId: '00000000-0000-4000-8000-000000000000', marks: 1 }] });
    expect(unknown.json().message).toBe(SECTION_MESSAGES.questionNotFound);
    const otherTest = await newTest();
    const foreignSection = await send('POST', '/api/testsectionquestions', { testId: otherTest.id, sectionId: section.id, questions: [{ questionId: q3.id, marks: 1 }] });
    expect(foreignSection.statusCode).toBe(404);

    const entries = (await send('GET', `/api/testsectionquestions/test/${id}`)).json();
    const [e1, e2] = entries;
    const reordered = await send('POST', '/api/testsectionquestions/update/order', { testId: id, sectionId: section.id, ids: [e2.id, e1.id] });
    expect(reordered.json().map((e: { questionNumber: number }) => e.questionNumber)).toEqual([q2.questionNumber, q1.questionNumber]);
    expect((await send('POST', '/api/testsectionquestions/update/order', { testId: id, sectionId: section.id, ids: [e1.id] })).json().message).toBe(SECTION_MESSAGES.orderMismatch);

    const moved = await send('PUT', `/api/testsectionquestions/${e1.id}`, { marks: 4, sectionId: 'default' });
    expect(moved.json().find((e: { id: string }) => e.id === e1.id)).toMatchObject({ sectionId: 'default', marks: 4 });
    expect((await send('DELETE', `/api/testsectionquestions/${e2.id}`)).statusCode).toBe(204);
    expect((await send('GET', `/api/testsectionquestions/test/${id}`)).json()).toHaveLength(1);
  });

  it('warns, without blocking, when sectioned and unsectioned questions are mixed', async () => {
    const { id } = await newTest({ totalTestMarks: 2, isSectionSplit: true });
    expect((await send('GET', `/api/tests/test/${id}`)).json().warnings).toEqual([SPLIT_WITHOUT_SECTIONS_WARNING]);
    const section = (await send('POST', '/api/sections', { testId: id, title: 'Safety' })).json();
    await addQuestions(id, section.id, [{ questionId: (await newQuestion()).id, marks: 1 }]);
    await addQuestions(id, 'default', [{ questionId: (await newQuestion()).id, marks: 1 }]);
    const test = (await send('GET', `/api/tests/test/${id}`)).json();
    expect(test.warnings).toEqual([MIXED_SECTIONS_WARNING]);
    expect(test.publishProblems).toEqual([]);
    expect(test.sectionInfo.map((s: { title: string; order: number }) => [s.title, s.order])).toEqual([
      ['Questions', -1],
      ['Safety', 1],
    ]);
    expect((await send('POST', `/api/tests/${id}/publish`)).statusCode).toBe(200);
  });
});

describe('publishing, unpublishing and cloning', () => {
  it('blocks publishing while the marks total differs from totalTestMarks, or a section is empty, with a clear message', async () => {
    const { id } = await newTest({ totalTestMarks: 10 });
    const empty = await send('POST', `/api/tests/${id}/publish`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(`The test cannot be published yet: ${TEST_MESSAGES.noQuestions}`);

    await addQuestions(id, 'default', [
      { questionId: (await newQuestion()).id, marks: 2 },
      { questionId: (await newQuestion()).id, marks: 1.5 },
    ]);
    const mismatch = await send('POST', `/api/tests/${id}/publish`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('The test cannot be published yet: The question marks total 3.5 but Total Test Marks is 10: make them equal before publishing');
    expect((await send('GET', `/api/tests/test/${id}`)).json()).toMatchObject({ marksTotal: 3.5, totalTestMarks: 10, status: 'draft' });

    await send('POST', '/api/sections', { testId: id, title: 'Empty' });
    await send('PUT', `/api/tests/${id}`, testInput({ title: (await send('GET', `/api/tests/test/${id}`)).json().title, totalTestMarks: 3.5 }));
    expect((await send('POST', `/api/tests/${id}/publish`)).json().message).toBe('The test cannot be published yet: Section "Empty" has no questions');
  });

  it('publishes, then refuses changes to what candidates answer; title, description and instruction may still change', async () => {
    const input = testInput({ totalTestMarks: 3 });
    const { id } = (await send('POST', '/api/tests', input)).json();
    const section = (await send('POST', '/api/sections', { testId: id, title: 'Processes' })).json();
    const [entry] = await addQuestions(id, section.id, [{ questionId: (await newQuestion()).id, marks: 3 }]);
    const published = await send('POST', `/api/tests/${id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', published: true, unPublished: false });
    expect(published.json().publishedOn).not.toBeNull();

    const locked = await send('PUT', `/api/tests/${id}`, { ...input, overallTime: 60, totalTestMarks: 5, partialMarks: true, shuffleOptions: true });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(TEST_MESSAGES.contentLocked);
    expect(Object.keys(locked.json().fieldErrors).sort()).toEqual(['overallTime', 'partialMarks', 'shuffleOptions', 'totalTestMarks']);
    const renamed = await send('PUT', `/api/tests/${id}`, { ...input, title: `${input.title} (2026)`, description: 'Updated.' });
    expect(renamed.statusCode).toBe(200);

    for (const [method, url, body] of [
      ['POST', '/api/sections', { testId: id, title: 'More' }],
      ['PUT', `/api/sections/${section.id}`, { title: 'Renamed' }],
      ['DELETE', `/api/sections/${section.id}`],
      ['POST', '/api/testsectionquestions', { testId: id, sectionId: 'default', questions: [{ questionId: (await newQuestion()).id, marks: 1 }] }],
      ['PUT', `/api/testsectionquestions/${entry?.id}`, { marks: 5, sectionId: section.id }],
      ['DELETE', `/api/testsectionquestions/${entry?.id}`],
    ] as const) {
      const refused = await send(method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(409);
      expect(refused.json().message).toBe(TEST_MESSAGES.contentLocked);
    }
    expect((await send('POST', `/api/tests/${id}/publish`)).json().message).toBe('A published test cannot be published');
  });

  it('unpublishes (archives) and publishes again with the same content', async () => {
    const { id } = await newTest({ totalTestMarks: 1 });
    await addQuestions(id, 'default', [{ questionId: (await newQuestion()).id, marks: 1 }]);
    await send('POST', `/api/tests/${id}/publish`);
    const unpublished = await send('POST', `/api/tests/${id}/unpublish`);
    expect(unpublished.json()).toMatchObject({ status: 'unpublished', published: false, unPublished: true });
    expect((await send('POST', `/api/tests/${id}/unpublish`)).json().message).toBe('An unpublished test cannot be unpublished');
    expect((await send('POST', '/api/sections', { testId: id, title: 'Late' })).statusCode).toBe(409);
    expect((await send('POST', `/api/tests/${id}/publish`)).json().status).toBe('published');
    const draft = await newTest();
    expect((await send('POST', `/api/tests/${draft.id}/unpublish`)).json().message).toBe('A draft test cannot be unpublished');
  });

  it('lets one of two simultaneous publications win; the other is told the test is already published', async () => {
    const { id } = await newTest({ totalTestMarks: 1 });
    await addQuestions(id, 'default', [{ questionId: (await newQuestion()).id, marks: 1 }]);
    const results = await Promise.all([send('POST', `/api/tests/${id}/publish`), send('POST', `/api/tests/${id}/publish`)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('fixes question versions at publication: later edits reach drafts, never a published test', async () => {
    const question = await newQuestion();
    const publishedTest = await newTest({ totalTestMarks: 1 });
    const draftTest = await newTest({ totalTestMarks: 1 });
    await addQuestions(publishedTest.id, 'default', [{ questionId: question.id, marks: 1 }]);
    await addQuestions(draftTest.id, 'default', [{ questionId: question.id, marks: 1 }]);
    await send('POST', `/api/tests/${publishedTest.id}/publish`);

    const edited = await send('PUT', `/api/question/${question.id}`, {
      content: '<p>Which process uses a covered electrode?</p>',
      questionType: 'General Single Answer',
      subjects: [subjectId],
      tags: [tagId],
      options: [
        { option: 'MMAW', correctAnswer: true },
        { option: 'FCAW', correctAnswer: false },
      ],
    });
    expect(edited.json().version).toBe(2);

    const [kept] = (await send('GET', `/api/testsectionquestions/test/${publishedTest.id}`)).json();
    expect(kept).toMatchObject({ version: 1, currentVersion: 2 });
    const keptPreview = (await send('GET', `/api/tests/${publishedTest.id}/preview`)).json();
    expect(keptPreview.sections[0].questions[0].content).toBe('<p>Which process uses a flux-coated stick electrode?</p>');
    expect(keptPreview.sections[0].questions[0].options.map((o: { option: string }) => o.option)).toEqual(['MMAW', 'GTAW']);

    const [fresh] = (await send('GET', `/api/testsectionquestions/test/${draftTest.id}`)).json();
    expect(fresh).toMatchObject({ version: 2, contentText: 'Which process uses a covered electrode?' });
    await send('POST', `/api/tests/${draftTest.id}/publish`);
    const draftPreview = (await send('GET', `/api/tests/${draftTest.id}/preview`)).json();
    expect(draftPreview.sections[0].questions[0].options.map((o: { option: string }) => o.option)).toEqual(['MMAW', 'FCAW']);

    const usedIn = (await send('GET', `/api/question/${question.id}`)).json().usedInTests;
    expect(usedIn).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: publishedTest.id, status: 'published', version: 1 }),
        expect.objectContaining({ id: draftTest.id, status: 'published', version: 2 }),
      ]),
    );
  });

  it('clones with sections and questions, or the details alone, as a new draft with its own unique title', async () => {
    const { id, title } = await newTest({ totalTestMarks: 3, isSectionSplit: true, shuffleQuestions: true, partialMarks: true });
    const section = (await send('POST', '/api/sections', { testId: id, title: 'Processes' })).json();
    await addQuestions(id, section.id, [{ questionId: (await newQuestion()).id, marks: 2 }]);
    await addQuestions(id, 'default', [{ questionId: (await newQuestion()).id, marks: 1 }]);
    await send('POST', `/api/tests/${id}/publish`);

    const withSections = await send('POST', `/api/tests/${id}/clone`, { title: `${title} copy`, withSections: true });
    expect(withSections.statusCode).toBe(201);
    expect(withSections.json()).toMatchObject({ status: 'draft', isCloned: true, clonedFrom: { id, title }, numOfQuestions: 2, marksTotal: 3, isSectionSplit: true, shuffleQuestions: true, shuffleOptions: false, partialMarks: true });
    expect(withSections.json().sectionInfo.map((s: { title: string; numOfQuestions: number }) => [s.title, s.numOfQuestions])).toEqual([
      ['Questions', 1],
      ['Processes', 1],
    ]);
    expect(withSections.json().sectionInfo[1].id).not.toBe(section.id);

    const bare = await send('POST', `/api/tests/${id}/clone`, { title: `${title} blank`, withSections: false });
    expect(bare.json()).toMatchObject({ status: 'draft', isCloned: true, numOfQuestions: 0, totalTestMarks: 3 });
    expect(bare.json().sectionInfo).toEqual([{ id: 'default', title: 'Questions', order: -1, numOfQuestions: 0, marks: 0 }]);

    const taken = await send('POST', `/api/tests/${id}/clone`, { title: title.toUpperCase(), withSections: false });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors.title).toBe(TEST_MESSAGES.titleTaken);
    expect((await send('POST', `/api/tests/${id}/clone`, { title: '', withSections: true })).json().fieldErrors.title).toBe(TEST_MESSAGES.titleRequired);
    // The clone can be changed freely.
    expect((await send('POST', '/api/sections', { testId: withSections.json().id, title: 'Defects' })).statusCode).toBe(201);
  });
});

describe('the tests list', () => {
  it('searches by title or number and filters by type, program type and status', async () => {
    const marker = uniqueTitle('Filterable');
    const trial = await newTest({ title: `${marker} trial`, testType: 'trial', programType: 3, totalTestMarks: 1 });
    const moduleTest = await newTest({ title: `${marker} module`, testType: 'module', programType: 1 });
    await addQuestions(trial.id, 'default', [{ questionId: (await newQuestion()).id, marks: 1 }]);
    await send('POST', `/api/tests/${trial.id}/publish`);

    const list = async (query: string) => {
      const response = await send('GET', `/api/tests/pagination?search=${encodeURIComponent(marker)}${query}`);
      expect(response.statusCode).toBe(200);
      return response.json().rows.map((row: { id: string }) => row.id) as string[];
    };
    expect((await list('')).sort()).toEqual([trial.id, moduleTest.id].sort());
    expect(await list('&testType=trial')).toEqual([trial.id]);
    expect(await list('&programType=1')).toEqual([moduleTest.id]);
    expect(await list('&status=published')).toEqual([trial.id]);
    expect(await list('&status=draft')).toEqual([moduleTest.id]);
    const row = (await send('GET', `/api/tests/pagination?search=${encodeURIComponent(marker)}&testType=trial`)).json().rows[0];
    expect(row).toMatchObject({ numOfQuestions: 1, marksTotal: 1, published: true });
    const byNumber = (await send('GET', `/api/tests/pagination?search=T-${row.testNumber}`)).json().rows;
    expect(byNumber.map((r: { id: string }) => r.id)).toContain(trial.id);
    expect((await send('GET', '/api/tests/pagination?status=archived')).statusCode).toBe(400);
  });
});

describe('refusals', () => {
  it('answers 404 for unknown tests, sections and entries', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await send('GET', `/api/tests/test/${missing}`)).statusCode).toBe(404);
    expect((await send('GET', '/api/tests/test/abc')).statusCode).toBe(404);
    expect((await send('GET', `/api/sections/test/${missing}`)).statusCode).toBe(404);
    expect((await send('PUT', `/api/sections/${missing}`, { title: 'x' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/testsectionquestions/${missing}`)).statusCode).toBe(404);
    expect((await send('POST', `/api/tests/${missing}/publish`)).statusCode).toBe(404);
    expect((await send('POST', `/api/tests/${missing}/clone`, { title: 'x', withSections: true })).statusCode).toBe(404);
  });

  it('closes every test route to applicants and to staff without Examinations, and never shows correct answers in the preview', async () => {
    const { id } = await newTest({ totalTestMarks: 1 });
    const [entry] = await addQuestions(id, 'default', [{ questionId: (await newQuestion()).id, marks: 1 }]);
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/tests/pagination'],
      ['GET', '/api/tests/title/x'],
      ['GET', '/api/tests/modules'],
      ['GET', `/api/tests/test/${id}`],
      ['GET', `/api/tests/${id}/preview`],
      ['POST', '/api/tests', testInput()],
      ['PUT', `/api/tests/${id}`, testInput()],
      ['POST', `/api/tests/${id}/publish`],
      ['POST', `/api/tests/${id}/unpublish`],
      ['POST', `/api/tests/${id}/clone`, { title: 'x', withSections: true }],
      ['GET', `/api/sections/test/${id}`],
      ['POST', '/api/sections', { testId: id, title: 'x' }],
      ['GET', `/api/testsectionquestions/test/${id}`],
      ['PUT', `/api/testsectionquestions/${entry?.id}`, { marks: 1, sectionId: 'default' }],
      ['DELETE', `/api/testsectionquestions/${entry?.id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await send(method, url, body, applicantJwt)).statusCode, `${method} ${url}`).toBe(403);
      expect((await send(method, url, body, librarianJwt)).statusCode, `${method} ${url}`).toBe(403);
    }
    // The Examinations menu alone opens no test: this module test, linked to no module yet, belongs
    // to its program type, and the contributor manages or examines no program (issue 15).
    expect((await send('GET', `/api/tests/test/${id}`, undefined, contributorJwt)).statusCode).toBe(403);

    const preview = await send('GET', `/api/tests/${id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toMatch(/correctAnswer|"correct"/);
    expect(preview.json().sections[0].questions[0].options.map((o: { option: string }) => o.option)).toEqual(['MMAW', 'GTAW']);
    const fillIn = await newTest({ totalTestMarks: 1 });
    await addQuestions(fillIn.id, 'default', [{ questionId: (await newQuestion({ questionType: 'Fill In The Blank', options: [{ option: 'flat', correctAnswer: true }] })).id, marks: 1 }]);
    const fillInPreview = (await send('GET', `/api/tests/${fillIn.id}/preview`)).json();
    expect(fillInPreview.sections[0].questions[0].options).toEqual([]);
  });
});

describe('tests belong to the program of their module (issue 15)', () => {
  let moduleA: string;
  let moduleB: string;
  let examinerB: string;
  let assessorB: string;
  let managerB: string;
  let accountAdmin: string;

  async function moduleOf(programId: string): Promise<string> {
    const [module] = await t.database.db.select().from(programModules).where(eq(programModules.programId, programId));
    if (!module) throw new Error('module');
    return module.id;
  }

  beforeAll(async () => {
    const db = t.database.db;
    const owner = await createUser(db, { role: ROLES.SuperUser });
    const programA = await createProgram(db, { programManagerId: owner.id, programType: 1, status: 2 });
    const programB = await createProgram(db, { programManagerId: owner.id, programType: 1, status: 2 });
    await completeProgram(db, programA.id, 1, owner.id);
    await completeProgram(db, programB.id, 1, owner.id);
    [moduleA, moduleB] = [await moduleOf(programA.id), await moduleOf(programB.id)];
    const staff = (firstName: string) => createUser(db, { role: ROLES.AccountContributor, menuItems: ['Dashboard', 'Programs', 'Examinations'], firstName });
    const examiner = await staff('Eve');
    await addProgramUser(db, programB.id, examiner.id, 'examiner');
    const assessor = await staff('Ash');
    await addProgramUser(db, programB.id, assessor.id, 'assessor');
    const manager = await staff('Max');
    await addProgramUser(db, programB.id, manager.id, 'manager');
    // The assessor of B also examines a Welder Qualification program: a standing in that program type only.
    const elsewhere = await createProgram(db, { programManagerId: owner.id, programType: 3, status: 2 });
    await addProgramUser(db, elsewhere.id, assessor.id, 'examiner');
    examinerB = (await signIn(t.app, examiner)).jwt;
    assessorB = (await signIn(t.app, assessor)).jwt;
    managerB = (await signIn(t.app, manager)).jwt;
    accountAdmin = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Examinations'] }))).jwt;
  });

  /** A test with one question worth its total, ready to publish, made by the super user. */
  async function readyTest(overrides: Record<string, unknown>) {
    const test = await newTest({ totalTestMarks: 1, ...overrides });
    await addQuestions(test.id, 'default', [{ questionId: (await newQuestion()).id, marks: 1 }]);
    return test;
  }

  it("refuses an examiner of program B creating, editing, publishing or reading a test of program A's module, and allows them program B's", async () => {
    expect((await send('POST', '/api/tests', testInput({ programModuleId: moduleA }), examinerB)).statusCode).toBe(403);
    const created = await send('POST', '/api/tests', testInput({ programModuleId: moduleB, totalTestMarks: 1 }), examinerB);
    expect(created.statusCode).toBe(201);

    const ofA = await readyTest({ programModuleId: moduleA });
    const [entryA] = (await send('GET', `/api/testsectionquestions/test/${ofA.id}`)).json();
    const refused: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['PUT', `/api/tests/${ofA.id}`, testInput({ title: ofA.title, programModuleId: moduleA, totalTestMarks: 1 })],
      ['POST', `/api/tests/${ofA.id}/publish`],
      ['POST', `/api/tests/${ofA.id}/unpublish`],
      ['POST', `/api/tests/${ofA.id}/clone`, { title: uniqueTitle('Copy of A'), withSections: true }],
      ['GET', `/api/tests/test/${ofA.id}`],
      ['GET', `/api/tests/${ofA.id}/preview`],
      ['GET', `/api/sections/test/${ofA.id}`],
      ['GET', `/api/testsectionquestions/test/${ofA.id}`],
      ['POST', '/api/sections', { testId: ofA.id, title: 'Mine now' }],
      ['POST', '/api/testsectionquestions', { testId: ofA.id, sectionId: 'default', questions: [{ questionId: (await newQuestion()).id, marks: 1 }] }],
      ['PUT', `/api/testsectionquestions/${entryA.id}`, { marks: 5, sectionId: 'default' }],
      ['DELETE', `/api/testsectionquestions/${entryA.id}`],
    ];
    for (const [method, url, body] of refused) {
      expect((await send(method, url, body, examinerB)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await send('GET', `/api/tests/test/${ofA.id}`)).json()).toMatchObject({ status: 'draft', numOfQuestions: 1, marksTotal: 1 });

    const ofB = created.json() as { id: string; title: string };
    const edited = await send('PUT', `/api/tests/${ofB.id}`, testInput({ title: ofB.title, programModuleId: moduleB, totalTestMarks: 1, overallTime: 60 }), examinerB);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ overallTime: 60, programModule: { id: moduleB } });
    expect((await send('POST', '/api/testsectionquestions', { testId: ofB.id, sectionId: 'default', questions: [{ questionId: (await newQuestion()).id, marks: 1 }] }, examinerB)).statusCode).toBe(201);
    expect((await send('POST', `/api/tests/${ofB.id}/publish`, undefined, examinerB)).statusCode).toBe(200);
    expect((await send('GET', `/api/tests/test/${ofB.id}`, undefined, examinerB)).statusCode).toBe(200);
    expect((await send('GET', `/api/testsectionquestions/test/${ofB.id}`, undefined, examinerB)).statusCode).toBe(200);
  });

  it("refuses linking a test to a module of a program the caller is not on, either way round", async () => {
    const ofB = await newTest({ programModuleId: moduleB });
    const toA = await send('PUT', `/api/tests/${ofB.id}`, testInput({ title: ofB.title, programModuleId: moduleA }), examinerB);
    expect(toA.statusCode).toBe(403);
    expect((await send('GET', `/api/tests/test/${ofB.id}`)).json().programModule).toMatchObject({ id: moduleB });
    const ofA = await newTest({ programModuleId: moduleA });
    expect((await send('PUT', `/api/tests/${ofA.id}`, testInput({ title: ofA.title, programModuleId: moduleB }), examinerB)).statusCode).toBe(403);
    expect((await send('GET', `/api/tests/test/${ofA.id}`)).json().programModule).toMatchObject({ id: moduleA });
  });

  it("lists only the tests and modules of the caller's programs", async () => {
    const marker = uniqueTitle('Scoped');
    const ofA = await newTest({ title: `${marker} A`, programModuleId: moduleA });
    const ofB = await newTest({ title: `${marker} B`, programModuleId: moduleB });
    const trialOfType1 = await newTest({ title: `${marker} trial 1`, testType: 'trial' });
    const trialOfType2 = await newTest({ title: `${marker} trial 2`, testType: 'trial', programType: 2 });
    const listed = async (jwt: string) => {
      const response = await send('GET', `/api/tests/pagination?pageSize=250&search=${encodeURIComponent(marker)}`, undefined, jwt);
      expect(response.statusCode).toBe(200);
      expect(response.json().totalRows).toBe(response.json().rows.length);
      return (response.json().rows as { id: string }[]).map((row) => row.id).sort();
    };
    expect(await listed(examinerB)).toEqual([ofB.id, trialOfType1.id].sort());
    expect(await listed(assessorB)).toEqual([]);
    expect(await listed(accountAdmin)).toEqual([ofA.id, ofB.id, trialOfType1.id, trialOfType2.id].sort());
    const modules = (await send('GET', '/api/tests/modules', undefined, examinerB)).json().map((m: { id: string }) => m.id);
    expect(modules).toContain(moduleB);
    expect(modules).not.toContain(moduleA);
  });

  it('manages trial tests by their module when linked, else by program type; managers build tests too, assessors do not', async () => {
    const trialOfA = await readyTest({ testType: 'trial', programModuleId: moduleA });
    expect((await send('GET', `/api/tests/test/${trialOfA.id}`, undefined, examinerB)).statusCode).toBe(403);
    expect((await send('POST', `/api/tests/${trialOfA.id}/publish`, undefined, examinerB)).statusCode).toBe(403);
    const unlinked = await readyTest({ testType: 'trial' });
    expect((await send('POST', `/api/tests/${unlinked.id}/publish`, undefined, examinerB)).statusCode).toBe(200);
    expect((await send('POST', '/api/tests', testInput({ testType: 'trial' }), examinerB)).statusCode).toBe(201);
    expect((await send('POST', '/api/tests', testInput({ testType: 'trial', programType: 2 }), examinerB)).statusCode).toBe(403);

    expect((await send('POST', '/api/tests', testInput({ programModuleId: moduleB }), managerB)).statusCode).toBe(201);
    expect((await send('POST', '/api/tests', testInput({ programModuleId: moduleA }), managerB)).statusCode).toBe(403);
    expect((await send('POST', '/api/tests', testInput({ programModuleId: moduleB }), assessorB)).statusCode).toBe(403);
    expect((await send('POST', '/api/tests', testInput({ testType: 'trial' }), assessorB)).statusCode).toBe(403);
    // Its examiner role in a Welder Qualification program lets the assessor of B build unlinked tests of that type only.
    expect((await send('POST', '/api/tests', testInput({ testType: 'trial', programType: 3 }), assessorB)).statusCode).toBe(201);
  });

  it('leaves account administrators free to build and read every test', async () => {
    const created = await send('POST', '/api/tests', testInput({ programModuleId: moduleA, totalTestMarks: 1 }), accountAdmin);
    expect(created.statusCode).toBe(201);
    const { id, title } = created.json();
    await addQuestions(id, 'default', [{ questionId: (await newQuestion()).id, marks: 1 }]);
    expect((await send('PUT', `/api/tests/${id}`, testInput({ title, programModuleId: moduleB, totalTestMarks: 1 }), accountAdmin)).statusCode).toBe(200);
    expect((await send('POST', `/api/tests/${id}/publish`, undefined, accountAdmin)).statusCode).toBe(200);
    expect((await send('GET', `/api/tests/${id}/preview`, undefined, accountAdmin)).statusCode).toBe(200);
    expect((await send('GET', '/api/tests/modules', undefined, accountAdmin)).json().map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([moduleA, moduleB]));
  });
});
