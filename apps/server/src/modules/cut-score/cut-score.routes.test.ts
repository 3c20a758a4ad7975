import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { CUT_SCORE_MESSAGES, passMarkNotEditableMessage, programArchivedMessage, studyLockedMessage, type CutScoreStudy } from '@certs/shared/cut-score/cut-score.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { addProgramUser, completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createQuestion, createSubject, createTag, uniqueTitle } from '../../../test/factories/question-bank.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { examDefinitions, examSectionQuestions } from '../../db/schema/exam-definition';
import { programModules, programs } from '../../db/schema/program';

/**
 * Cut scores of module tests (issue 43): a study per version, by the modified Angoff method (a
 * panel's ratings, the figures computed) or another method described; adopting supersedes the
 * adopted version and sets the module's pass mark. The figures are those of the worked example of
 * packages/shared/src/cut-score/angoff.test.ts: marks 1, 2, 2, 3, 2; judges A, B, C at 67, 57 and
 * 71 %; the panel at 65 % (6.5 of 10 marks), spread sqrt(52) = 7.21, standard error 4.16.
 */

const BASE = '/api/examquality/cutscores';
const MARKS = [1, 2, 2, 3, 2];
const GRID: Record<string, number[]> = { 'Ada Arc': [80, 60, 70, 50, 90], 'Bo Bead': [70, 50, 60, 40, 80], 'Cy Crater': [90, 70, 80, 60, 70] };

let t: TestApp;
let subjectId: string;
let tagId: string;
let manager: CreatedUser;
const jwt = { manager: '', admin: '', examiner: '', assessor: '', otherProgram: '', otherAccount: '', applicant: '', noProgramsMenu: '' };
let programId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Examinations', 'Programs'], firstName: 'Meg', lastName: 'Manager' });
  const examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Examinations', 'Programs'] });
  const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Examinations', 'Programs'] });
  const noProgramsMenu = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Examinations'] });
  const program = await createProgram(db, { programManagerId: manager.id, programType: 1, status: 2 });
  programId = program.id;
  await completeProgram(db, program.id, 1, assessor.id);
  await addProgramUser(db, program.id, examiner.id, 'examiner');
  await addProgramUser(db, program.id, noProgramsMenu.id, 'manager');
  const otherManager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Examinations', 'Programs'] });
  await createProgram(db, { programManagerId: otherManager.id, programType: 1, status: 2 });
  const nz = await createAccount(db);
  jwt.manager = (await signIn(t.app, manager)).jwt;
  jwt.admin = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Examinations', 'Programs'], firstName: 'Ann', lastName: 'Admin' }))).jwt;
  jwt.examiner = (await signIn(t.app, examiner)).jwt;
  jwt.assessor = (await signIn(t.app, assessor)).jwt;
  jwt.noProgramsMenu = (await signIn(t.app, noProgramsMenu)).jwt;
  jwt.otherProgram = (await signIn(t.app, otherManager)).jwt;
  jwt.otherAccount = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Examinations', 'Programs'], accountId: nz.id }))).jwt;
  jwt.applicant = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  subjectId = (await createSubject(db)).id;
  tagId = (await createTag(db)).id;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, caller: string = jwt.manager, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(caller), ...(payload ? { payload } : {}) });

/** A new module of the program (pass mark 70) and a published module test of five questions with the marks above. */
async function newTest(options: { testType?: 'trial' | 'module'; program?: string; status?: 'draft' | 'published' } = {}) {
  const db = t.database.db;
  const [module] = await db
    .insert(programModules)
    .values({ programId: options.program ?? programId, moduleCode: uniqueTitle('M').replace(' ', '-'), moduleTitle: 'Welding processes', examinationType: 'Online', memberFeeCents: 100, nonMemberFeeCents: 100, passPercentage: 70, sortOrder: 9 })
    .returning({ id: programModules.id, moduleCode: programModules.moduleCode });
  const [test] = await db
    .insert(examDefinitions)
    .values({
      title: uniqueTitle('Welding processes module exam'),
      description: 'Module exam',
      instruction: '<p>Answer every question.</p>',
      testType: options.testType ?? 'module',
      programType: 1,
      programModuleId: module!.id,
      overallTime: 60,
      minimumTime: 10,
      totalTestMarks: 10,
      status: options.status ?? 'published',
      publishedOn: options.status === 'draft' ? null : new Date(),
    })
    .returning({ id: examDefinitions.id });
  const questions: { id: string; questionNumber: number }[] = [];
  for (const [i, marks] of MARKS.entries()) {
    const question = await createQuestion(db, { subjectIds: [subjectId], tagIds: [tagId], content: `<p>Question ${i + 1} about welding processes</p>` });
    await db.insert(examSectionQuestions).values({ examDefinitionId: test!.id, questionId: question.id, questionVersionId: question.versionId, marks, sortOrder: i + 1 });
    questions.push(question);
  }
  return { testId: test!.id, moduleId: module!.id, moduleCode: module!.moduleCode, questions };
}

const passMarkOf = async (moduleId: string) => (await t.database.db.select().from(programModules).where(eq(programModules.id, moduleId)))[0]!.passPercentage;

async function createStudy(testId: string, payload: object = { method: 'modified_angoff' }, caller = jwt.manager): Promise<CutScoreStudy> {
  const response = await send('POST', `${BASE}/tests/${testId}/studies`, caller, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** An Angoff study with the worked example's panel; `skip` leaves cells (judge name, question index) unrated. */
async function angoffStudy(test: Awaited<ReturnType<typeof newTest>>, skip: [string, number][] = []): Promise<CutScoreStudy> {
  let study = await createStudy(test.testId, { method: 'modified_angoff', description: 'Panel of 3 March 2026, online.' });
  for (const name of Object.keys(GRID)) {
    const added = await send('POST', `${BASE}/studies/${study.id}/judges`, jwt.manager, { name, expertise: 'IWI, ten years in fabrication inspection' });
    expect(added.statusCode, added.body).toBe(201);
    study = added.json();
  }
  const ratings = study.judges.flatMap((judge) =>
    GRID[judge.name]!.map((rating, i) => ({ judgeId: judge.id, questionId: test.questions[i]!.id, rating })).filter((_, i) => !skip.some(([name, index]) => name === judge.name && index === i)),
  );
  const rated = await send('PUT', `${BASE}/studies/${study.id}/ratings`, jwt.manager, { ratings });
  expect(rated.statusCode, rated.body).toBe(200);
  return rated.json();
}

describe('a modified Angoff study', () => {
  it('starts at the next version, takes the panel and its ratings, and computes the figures of the worked example', async () => {
    const test = await newTest();
    const first = await createStudy(test.testId);
    expect(first).toMatchObject({ version: 1, method: 'modified_angoff', status: 'draft', judgeCount: 0, createdBy: 'Meg Manager', figures: { cutScorePercent: null, isComplete: false } });
    expect(first.test).toMatchObject({ totalMarks: 10, canEdit: true, canSetPassMark: true, module: { moduleCode: test.moduleCode, passPercentage: 70 } });
    expect(first.test.questions.map((question) => question.marks)).toEqual(MARKS);

    const study = await angoffStudy(test);
    expect(study.version).toBe(2);
    expect(study.judges.map((judge) => [judge.name, judge.cutScorePercent])).toEqual([
      ['Ada Arc', 67],
      ['Bo Bead', 57],
      ['Cy Crater', 71],
    ]);
    expect(study.figures).toEqual({ cutScorePercent: 65, cutScoreMarks: 6.5, spreadPercent: 7.21, standardErrorPercent: 4.16, judgesCounted: 3, totalMarks: 10, missingCount: 0, isComplete: true });
    expect(study.ratings).toHaveLength(15);

    // A cell changed: Ada's Q4 (3 marks) from 50 to 80 adds 90 / 10 = 9 points to her 67: 76; the panel (76 + 57 + 71) / 3 = 68.
    const changed = await send('PUT', `${BASE}/studies/${study.id}/ratings`, jwt.manager, { ratings: [{ judgeId: study.judges[0]!.id, questionId: test.questions[3]!.id, rating: 80 }] });
    expect(changed.json().judges[0].cutScorePercent).toBe(76);
    expect(changed.json().figures.cutScorePercent).toBe(68);

    const overview = await send('GET', `${BASE}/tests/${test.testId}`);
    expect(overview.statusCode).toBe(200);
    expect(overview.json().studies.map((row: { version: number; status: string; cutScorePercent: number | null; judgeCount: number }) => [row.version, row.status, row.cutScorePercent, row.judgeCount])).toEqual([
      [2, 'draft', 68, 3],
      [1, 'draft', null, 0],
    ]);
  });

  it('clears a cell with null, and leaves out a judge who has not rated every question', async () => {
    const test = await newTest();
    const study = await angoffStudy(test);
    const cleared = await send('PUT', `${BASE}/studies/${study.id}/ratings`, jwt.manager, { ratings: [{ judgeId: study.judges[2]!.id, questionId: test.questions[0]!.id, rating: null }] });
    // Cy no longer counts: (67 + 57) / 2 = 62; SD sqrt(50) = 7.07.
    expect(cleared.json().judges[2]).toMatchObject({ name: 'Cy Crater', cutScorePercent: null, ratedCount: 4 });
    expect(cleared.json().figures).toMatchObject({ cutScorePercent: 62, spreadPercent: 7.07, judgesCounted: 2, missingCount: 1, isComplete: false });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const test = await newTest();
    const study = await angoffStudy(test);
    const judgeId = study.judges[0]!.id;
    const cases: [string, object, number, string][] = [
      ['a rating over 100', { ratings: [{ judgeId, questionId: test.questions[0]!.id, rating: 101 }] }, 400, CUT_SCORE_MESSAGES.ratingRange],
      ['a negative rating', { ratings: [{ judgeId, questionId: test.questions[0]!.id, rating: -1 }] }, 400, CUT_SCORE_MESSAGES.ratingRange],
      ['no ratings', { ratings: [] }, 400, CUT_SCORE_MESSAGES.ratingsRequired],
      ['a question of no test of this study', { ratings: [{ judgeId, questionId: (await newTest()).questions[0]!.id, rating: 50 }] }, 400, CUT_SCORE_MESSAGES.ratingUnknownQuestion],
      ['a judge of another panel', { ratings: [{ judgeId: (await angoffStudy(await newTest())).judges[0]!.id, questionId: test.questions[0]!.id, rating: 50 }] }, 400, CUT_SCORE_MESSAGES.ratingUnknownJudge],
    ];
    for (const [name, payload, status, message] of cases) {
      const response = await send('PUT', `${BASE}/studies/${study.id}/ratings`, jwt.manager, payload);
      expect(response.statusCode, name).toBe(status);
      expect(response.json().message, name).toContain(message);
    }
    const sameName = await send('POST', `${BASE}/studies/${study.id}/judges`, jwt.manager, { name: 'ada arc', expertise: '' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(CUT_SCORE_MESSAGES.judgeNameTaken);
    const noName = await send('POST', `${BASE}/studies/${study.id}/judges`, jwt.manager, { name: '  ', expertise: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain(CUT_SCORE_MESSAGES.judgeNameRequired);
    const entered = await send('PUT', `${BASE}/studies/${study.id}`, jwt.manager, { description: 'x', cutScorePercent: 60 });
    expect(entered.statusCode).toBe(400);
    expect(entered.json().message).toBe(CUT_SCORE_MESSAGES.angoffComputed);
    const unknownMethod = await send('POST', `${BASE}/tests/${test.testId}/studies`, jwt.manager, { method: 'bookmark' });
    expect(unknownMethod.statusCode).toBe(400);
    expect(unknownMethod.body).toContain(CUT_SCORE_MESSAGES.methodRequired);

    const after = (await send('GET', `${BASE}/studies/${study.id}`)).json();
    expect(after.judges).toHaveLength(3);
    expect(after.figures.cutScorePercent).toBe(65);
    expect(after.description).toBe('Panel of 3 March 2026, online.');
  });

  it('takes a judge off the panel with their ratings', async () => {
    const test = await newTest();
    const study = await angoffStudy(test);
    const removed = await send('DELETE', `${BASE}/studies/${study.id}/judges/${study.judges[1]!.id}`);
    expect(removed.statusCode).toBe(200);
    // (67 + 71) / 2 = 69.
    expect(removed.json()).toMatchObject({ judgeCount: 2, figures: { cutScorePercent: 69, judgesCounted: 2 } });
    expect(removed.json().ratings).toHaveLength(10);
    const renamed = await send('PUT', `${BASE}/studies/${study.id}/judges/${study.judges[0]!.id}`, jwt.manager, { name: 'Ada Arc-Welder', expertise: 'CSWIP 3.1' });
    expect(renamed.json().judges[0]).toMatchObject({ name: 'Ada Arc-Welder', expertise: 'CSWIP 3.1', cutScorePercent: 67 });
  });

  it('is not made for a trial test', async () => {
    const trial = await newTest({ testType: 'trial' });
    const response = await send('POST', `${BASE}/tests/${trial.testId}/studies`, jwt.manager, { method: 'modified_angoff' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CUT_SCORE_MESSAGES.trialTest);
  });
});

describe('adopting a study', () => {
  it('refuses an incomplete grid, naming the missing cells, and changes nothing', async () => {
    const test = await newTest();
    const study = await angoffStudy(test, [
      ['Bo Bead', 1],
      ['Cy Crater', 4],
    ]);
    const response = await send('POST', `${BASE}/studies/${study.id}/adopt`);
    expect(response.statusCode).toBe(400);
    const q2 = test.questions[1]!.questionNumber;
    const q5 = test.questions[4]!.questionNumber;
    expect(response.json().message).toBe(
      `The rating grid is incomplete: 2 ratings are missing (Bo Bead on question Q${q2} (Question 2 about welding processes); Cy Crater on question Q${q5} (Question 5 about welding processes)).`,
    );
    expect((await send('GET', `${BASE}/studies/${study.id}`)).json()).toMatchObject({ status: 'draft', adoptedOn: null });
    expect(await passMarkOf(test.moduleId)).toBe(70);
  });

  it('waits for the test to be published: a draft test may still change its questions and marks', async () => {
    const test = await newTest({ status: 'draft' });
    const study = await angoffStudy(test);
    expect(study.figures.cutScorePercent).toBe(65);
    const response = await send('POST', `${BASE}/studies/${study.id}/adopt`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CUT_SCORE_MESSAGES.testDraft);
    expect((await send('GET', `${BASE}/studies/${study.id}`)).json().status).toBe('draft');
    expect(await passMarkOf(test.moduleId)).toBe(70);
  });

  it('needs two judges, and another method its description and cut score', async () => {
    const test = await newTest();
    const lone = await createStudy(test.testId);
    const judged = (await send('POST', `${BASE}/studies/${lone.id}/judges`, jwt.manager, { name: 'Solo', expertise: '' })).json() as CutScoreStudy;
    await send('PUT', `${BASE}/studies/${lone.id}/ratings`, jwt.manager, { ratings: test.questions.map((question) => ({ judgeId: judged.judges[0]!.id, questionId: question.id, rating: 60 })) });
    const one = await send('POST', `${BASE}/studies/${lone.id}/adopt`);
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe(CUT_SCORE_MESSAGES.tooFewJudges);

    const other = await createStudy(test.testId, { method: 'other' });
    const undescribed = await send('POST', `${BASE}/studies/${other.id}/adopt`);
    expect(undescribed.json().message).toBe(CUT_SCORE_MESSAGES.descriptionRequired);
    await send('PUT', `${BASE}/studies/${other.id}`, jwt.manager, { description: 'Borderline group method, 2025 sittings.' });
    const noScore = await send('POST', `${BASE}/studies/${other.id}/adopt`);
    expect(noScore.json().message).toBe(CUT_SCORE_MESSAGES.cutScoreRequired);
    const zero = await send('PUT', `${BASE}/studies/${other.id}`, jwt.manager, { description: 'Borderline group method.', cutScorePercent: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain(CUT_SCORE_MESSAGES.cutScoreRange);
    const judges = await send('POST', `${BASE}/studies/${other.id}/judges`, jwt.manager, { name: 'Ada', expertise: '' });
    expect(judges.json().message).toBe(CUT_SCORE_MESSAGES.angoffOnly);
    expect(await passMarkOf(test.moduleId)).toBe(70);
  });

  it("supersedes the adopted version, sets the module's pass mark, and keeps every version with who adopted it and when", async () => {
    const test = await newTest();
    const other = await createStudy(test.testId, { method: 'other', description: 'The IIW guideline pass mark, confirmed by the examinations committee in 2024.' });
    const set = await send('PUT', `${BASE}/studies/${other.id}`, jwt.manager, { description: 'The IIW guideline pass mark, confirmed by the examinations committee in 2024.', cutScorePercent: 72.5 });
    expect(set.json().figures).toMatchObject({ cutScorePercent: 72.5, cutScoreMarks: 7.25, isComplete: true });
    const first = await send('POST', `${BASE}/studies/${other.id}/adopt`, jwt.admin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ supersededVersion: null, passMark: { moduleCode: test.moduleCode, before: 70, after: 72.5 }, study: { status: 'adopted', adoptedBy: 'Ann Admin', cutScorePercent: 72.5, previousPassPercent: 70 } });
    expect(await passMarkOf(test.moduleId)).toBe(72.5);

    const angoff = await angoffStudy(test);
    const second = await send('POST', `${BASE}/studies/${angoff.id}/adopt`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ supersededVersion: 1, passMark: { before: 72.5, after: 65 }, study: { version: 2, status: 'adopted', cutScorePercent: 65, spreadPercent: 7.21, adoptedBy: 'Meg Manager', previousPassPercent: 72.5 } });
    expect(Date.parse(second.json().study.adoptedOn)).toBeGreaterThan(Date.now() - 60_000);
    expect(await passMarkOf(test.moduleId)).toBe(65);

    const overview = (await send('GET', `${BASE}/tests/${test.testId}`)).json();
    expect(overview.test.module.passPercentage).toBe(65);
    // Each version keeps the pass mark its adoption replaced.
    type Row = { version: number; method: string; status: string; cutScorePercent: number; spreadPercent: number | null; adoptedBy: string; previousPassPercent: number | null };
    expect(overview.studies.map((row: Row) => [row.version, row.method, row.status, row.cutScorePercent, row.spreadPercent, row.adoptedBy, row.previousPassPercent])).toEqual([
      [2, 'modified_angoff', 'adopted', 65, 7.21, 'Meg Manager', 72.5],
      [1, 'other', 'superseded', 72.5, null, 'Ann Admin', 70],
    ]);
  });

  it('leaves adopted and superseded studies as they are on record', async () => {
    const test = await newTest();
    const older = await angoffStudy(test);
    await send('POST', `${BASE}/studies/${older.id}/adopt`);
    const newer = await angoffStudy(test);
    await send('POST', `${BASE}/studies/${newer.id}/adopt`);
    const edits: [string, 'POST' | 'PUT' | 'DELETE', string, object | undefined][] = [
      ['ratings', 'PUT', '/ratings', { ratings: [{ judgeId: newer.judges[0]!.id, questionId: test.questions[0]!.id, rating: 10 }] }],
      ['a judge added', 'POST', '/judges', { name: 'Late Judge', expertise: '' }],
      ['a judge renamed', 'PUT', `/judges/${newer.judges[0]!.id}`, { name: 'Renamed', expertise: '' }],
      ['a judge removed', 'DELETE', `/judges/${newer.judges[0]!.id}`, undefined],
      ['the description', 'PUT', '', { description: 'Rewritten' }],
      ['adopted again', 'POST', '/adopt', undefined],
    ];
    for (const [name, method, path, payload] of edits) {
      const response = await send(method, `${BASE}/studies/${newer.id}${path}`, jwt.manager, payload);
      expect(response.statusCode, name).toBe(409);
      expect(response.json().message, name).toBe(studyLockedMessage(2, 'adopted'));
    }
    const superseded = await send('PUT', `${BASE}/studies/${older.id}/ratings`, jwt.manager, { ratings: [{ judgeId: older.judges[0]!.id, questionId: test.questions[0]!.id, rating: 10 }] });
    expect(superseded.statusCode).toBe(409);
    expect(superseded.json().message).toBe(studyLockedMessage(1, 'superseded'));
    const after = (await send('GET', `${BASE}/studies/${newer.id}`)).json();
    expect(after).toMatchObject({ status: 'adopted', description: 'Panel of 3 March 2026, online.', judgeCount: 3, figures: { cutScorePercent: 65 } });
  });

  it('of two drafts adopted at once, one ends adopted and the other superseded', async () => {
    const test = await newTest();
    const a = await angoffStudy(test);
    const b = await createStudy(test.testId, { method: 'other', description: 'Hofstee compromise, 2026 panel.' });
    await send('PUT', `${BASE}/studies/${b.id}`, jwt.manager, { description: 'Hofstee compromise, 2026 panel.', cutScorePercent: 66 });
    const [ra, rb] = await Promise.all([send('POST', `${BASE}/studies/${a.id}/adopt`), send('POST', `${BASE}/studies/${b.id}/adopt`)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const studies = (await send('GET', `${BASE}/tests/${test.testId}`)).json().studies as { id: string; status: string; cutScorePercent: number }[];
    expect(studies.map((row) => row.status).sort()).toEqual(['adopted', 'superseded']);
    const adopted = studies.find((row) => row.status === 'adopted')!;
    expect(await passMarkOf(test.moduleId)).toBe(adopted.cutScorePercent);
  });

  it("needs the right to edit the program, whose module's pass mark it sets, and a program not archived", async () => {
    const test = await newTest();
    const study = await angoffStudy(test);
    // A manager of the program without the Programs menu sets cut scores but cannot change a pass mark.
    expect((await send('GET', `${BASE}/tests/${test.testId}`, jwt.noProgramsMenu)).json().test).toMatchObject({ canEdit: true, canSetPassMark: false });
    const refused = await send('POST', `${BASE}/studies/${study.id}/adopt`, jwt.noProgramsMenu);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(passMarkNotEditableMessage(test.moduleCode, (await programCodeOf(programId))!));
    expect((await send('GET', `${BASE}/studies/${study.id}`)).json().status).toBe('draft');

    const archived = await createProgram(t.database.db, { programManagerId: manager.id, programType: 1, status: 3 });
    const archivedTest = await newTest({ program: archived.id });
    const archivedStudy = await angoffStudy(archivedTest);
    const closed = await send('POST', `${BASE}/studies/${archivedStudy.id}/adopt`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(programArchivedMessage(archived.programCode));
    expect(await passMarkOf(archivedTest.moduleId)).toBe(70);
  });
});

async function programCodeOf(id: string): Promise<string | undefined> {
  return (await t.database.db.select({ code: programs.programCode }).from(programs).where(eq(programs.id, id)))[0]?.code;
}

describe('who reaches cut scores', () => {
  it("lets the program's examiners read and not set them; refuses its assessor, staff of another program and applicants", async () => {
    const test = await newTest();
    const study = await angoffStudy(test);
    const read = await send('GET', `${BASE}/tests/${test.testId}`, jwt.examiner);
    expect(read.statusCode).toBe(200);
    expect(read.json().test).toMatchObject({ canEdit: false, canSetPassMark: false });
    expect((await send('GET', `${BASE}/studies/${study.id}`, jwt.examiner)).statusCode).toBe(200);
    expect((await send('POST', `${BASE}/tests/${test.testId}/studies`, jwt.examiner, { method: 'other' })).statusCode).toBe(403);
    expect((await send('PUT', `${BASE}/studies/${study.id}/ratings`, jwt.examiner, { ratings: [{ judgeId: study.judges[0]!.id, questionId: test.questions[0]!.id, rating: 1 }] })).statusCode).toBe(403);
    expect((await send('POST', `${BASE}/studies/${study.id}/adopt`, jwt.examiner)).statusCode).toBe(403);

    for (const [who, caller] of [
      ['an assessor of the program', jwt.assessor],
      ['the manager of another program', jwt.otherProgram],
      ['an applicant', jwt.applicant],
    ] as const) {
      expect((await send('GET', `${BASE}/tests/${test.testId}`, caller)).statusCode, who).toBe(403);
      expect((await send('GET', `${BASE}/studies/${study.id}`, caller)).statusCode, who).toBe(403);
      expect((await send('POST', `${BASE}/tests/${test.testId}/studies`, caller, { method: 'other' })).statusCode, who).toBe(403);
      expect((await send('PUT', `${BASE}/studies/${study.id}/ratings`, caller, { ratings: [{ judgeId: study.judges[0]!.id, questionId: test.questions[0]!.id, rating: 1 }] })).statusCode, who).toBe(403);
      expect((await send('POST', `${BASE}/studies/${study.id}/adopt`, caller)).statusCode, who).toBe(403);
    }
    const after = (await send('GET', `${BASE}/studies/${study.id}`)).json();
    expect(after).toMatchObject({ status: 'draft', figures: { cutScorePercent: 65 } });
    expect(await passMarkOf(test.moduleId)).toBe(70);
  });

  it("shows another account's staff nothing (not found) and lets them change nothing", async () => {
    const test = await newTest();
    const study = await angoffStudy(test);
    const caller = jwt.otherAccount;
    expect((await send('GET', `${BASE}/tests/${test.testId}`, caller)).json()).toMatchObject({ statusCode: 404, message: CUT_SCORE_MESSAGES.testNotFound });
    expect((await send('GET', `${BASE}/studies/${study.id}`, caller)).json()).toMatchObject({ statusCode: 404, message: CUT_SCORE_MESSAGES.studyNotFound });
    expect((await send('POST', `${BASE}/tests/${test.testId}/studies`, caller, { method: 'other' })).statusCode).toBe(404);
    expect((await send('POST', `${BASE}/studies/${study.id}/judges`, caller, { name: 'Intruder', expertise: '' })).statusCode).toBe(404);
    expect((await send('PUT', `${BASE}/studies/${study.id}/ratings`, caller, { ratings: [{ judgeId: study.judges[0]!.id, questionId: test.questions[0]!.id, rating: 1 }] })).statusCode).toBe(404);
    expect((await send('DELETE', `${BASE}/studies/${study.id}/judges/${study.judges[0]!.id}`, caller)).statusCode).toBe(404);
    expect((await send('POST', `${BASE}/studies/${study.id}/adopt`, caller)).statusCode).toBe(404);
    const after = (await send('GET', `${BASE}/studies/${study.id}`)).json();
    expect(after).toMatchObject({ status: 'draft', judgeCount: 3, figures: { cutScorePercent: 65 } });
    expect(await passMarkOf(test.moduleId)).toBe(70);
  });

  it('answers 404 for an id that is no study or test', async () => {
    expect((await send('GET', `${BASE}/studies/not-a-uuid`)).statusCode).toBe(404);
    expect((await send('GET', `${BASE}/tests/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });
});
