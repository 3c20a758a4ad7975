import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { formatDay } from '@certs/shared/common/dates';
import type { ExamQualityReport, ExamQualityTest, MyQuestionFlag } from '@certs/shared/exam-quality/exam-quality.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules, createPublishedModuleTest } from '../../../test/factories/application-module.factory';
import { addProgramUser, createProgram } from '../../../test/factories/program.factory';
import { createQuestion, createSubject, createTag } from '../../../test/factories/question-bank.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { examDefinitions, examSectionQuestions } from '../../db/schema/exam-definition';
import { examInstances, questionInstances } from '../../db/schema/exam-instance';
import { programModules } from '../../db/schema/program';
import { questionOptions, questions } from '../../db/schema/question-bank';
import { textOfPdf } from '../pre-exam/pdf-text';

/**
 * The report on seeded sittings is the worked example of statistics.test.ts (packages/shared),
 * computed by hand there and repeated here:
 *
 *              Q1 Q2 Q3 Q4 | total  %
 *   C1          0  0  0  0 |   0     0
 *   C2          1  0  0  0 |   1    25
 *   C3          1  1  0  0 |   2    50
 *   C4          0  0  1  1 |   2    50
 *   C5          0  1  1  1 |   3    75
 *   C6          1  1  1  1 |   4   100
 *
 * mean 2 (50 %); variance 10/6 = 5/3, SD 1.290994 (1.29); p = 0.5 for every question, so
 * KR-20 = 4/3 x (1 - 1/(5/3)) = 8/15 = 0.533; SEM = sqrt(5/3) x sqrt(7/15) = sqrt(7/9) = 0.88.
 * Pass mark 50 %: C3 to C6 pass, 4 of 6 = 0.667. Q1's item-rest correlation is
 * -0.5 / sqrt(14.25) = -0.132 (flagged); Q2's 1.5 / sqrt(8.25) = 0.522.
 * Q1 is a single answer question with options A (right), B, C, D: C1 and C4 chose B, C5 chose C,
 * C2, C3 and C6 chose A, nobody D (flagged: a distractor nobody chose).
 */

let t: TestApp;
const jwt: Record<string, string> = {};
let testId: string;
let otherProgramTestId: string;
let q1: { id: string; questionNumber: number; versionId: string; optionIds: string[] };
let author: CreatedUser;

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const sydneyDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(at);

/** A marked module sitting of the test: [questionVersionId, marks, chosen option ids] per question. */
async function sitting(
  candidate: CreatedUser,
  applicationModuleId: string,
  onTestId: string,
  answers: [string, number | null, string[]][],
  submittedOn: Date,
  isMarked = true,
): Promise<void> {
  const db = t.database.db;
  const score = answers.reduce((sum, answer) => sum + (answer[1] ?? 0), 0);
  const [instance] = await db
    .insert(examInstances)
    .values({
      examType: 'module',
      examDefinitionId: onTestId,
      applicantId: candidate.applicantId!,
      applicationModuleId,
      status: 'Submitted',
      totalSeconds: 3600,
      minimumSeconds: 0,
      startedOn: new Date(submittedOn.getTime() - 1_800_000),
      deadline: new Date(submittedOn.getTime() + 1_800_000),
      submittedOn,
      submittedHow: 'candidate',
      totalMarks: 4,
      score: isMarked ? score : null,
      percentage: isMarked ? (score / 4) * 100 : null,
      result: isMarked ? (score >= 2 ? 'Pass' : 'Fail') : null,
    })
    .returning({ id: examInstances.id });
  await db.insert(questionInstances).values(
    answers.map(([questionVersionId, actualMarks, chosen], index) => ({
      examInstanceId: instance!.id,
      questionVersionId,
      sortOrder: index + 1,
      maxMarks: 1,
      actualMarks,
      isAttempted: true,
      isAnswered: true,
      answerOptionGivenByUser: chosen,
    })),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Exam Quality'] });
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Exam Quality'], firstName: 'Mia', lastName: 'Manager' });
  const roleManager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Exam Quality'], firstName: 'Rob', lastName: 'Rolemanager' });
  const examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Exam Quality', 'Examinations'], firstName: 'Eve', lastName: 'Examiner' });
  const outsider = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Exam Quality'], firstName: 'Otto', lastName: 'Outsider' });
  const noMenu = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Reports', 'Examinations'] });
  author = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Libraries'], firstName: 'Aida', lastName: 'Author' });
  const otherAuthor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Libraries'] });
  const applicant = await createUser(db, { role: ROLES.Applicant });
  const nz = await createAccount(db, { name: 'Kiwi Quality Body' });
  const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Exam Quality'], accountId: nz.id });

  const programA = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programTitle: 'Inspector A' });
  const programB = await createProgram(db, { programManagerId: outsider.id, status: 2, programType: 1, programTitle: 'Inspector B' });
  await addProgramUser(db, programA.id, examiner.id, 'examiner');
  await addProgramUser(db, programA.id, roleManager.id, 'manager');
  const [moduleA] = await db
    .insert(programModules)
    .values({ programId: programA.id, moduleCode: 'QA-M1', moduleTitle: 'Welding processes', examinationType: 'Online', memberFeeCents: 100, nonMemberFeeCents: 200, passPercentage: 50, sortOrder: 1 })
    .returning({ id: programModules.id });
  const [moduleB] = await db
    .insert(programModules)
    .values({ programId: programB.id, moduleCode: 'QB-M1', moduleTitle: 'Symbols', examinationType: 'Online', memberFeeCents: 100, nonMemberFeeCents: 200, passPercentage: 50, sortOrder: 1 })
    .returning({ id: programModules.id });
  const test = await createPublishedModuleTest(db, moduleA!.id);
  testId = test.id;
  await db.update(examDefinitions).set({ totalTestMarks: 4, title: 'Quality worked example test' }).where(eq(examDefinitions.id, testId));
  otherProgramTestId = (await createPublishedModuleTest(db, moduleB!.id)).id;

  const subject = await createSubject(db);
  const tag = await createTag(db);
  const refs = { subjectIds: [subject.id], tagIds: [tag.id] };
  const made = await createQuestion(db, {
    ...refs,
    content: '<p>Which process uses a stick electrode?</p>',
    options: [
      { option: 'MMAW', correctAnswer: true },
      { option: 'GTAW', correctAnswer: false },
      { option: 'SAW', correctAnswer: false },
      { option: 'Oxy-fuel', correctAnswer: false },
    ],
  });
  const q1Options = await db.select({ id: questionOptions.id }).from(questionOptions).where(eq(questionOptions.questionVersionId, made.versionId)).orderBy(questionOptions.sortOrder);
  q1 = { ...made, optionIds: q1Options.map((o) => o.id) };
  const q2 = await createQuestion(db, { ...refs, content: '<p>Which gas shields GTAW?</p>', options: [{ option: 'Argon', correctAnswer: true }, { option: 'Oxygen', correctAnswer: false }] });
  const q2Options = await db.select({ id: questionOptions.id }).from(questionOptions).where(eq(questionOptions.questionVersionId, q2.versionId)).orderBy(questionOptions.sortOrder);
  const q3 = await createQuestion(db, { ...refs, questionType: 'Fill In The Blank', content: '<p>A triangle is a ____ weld.</p>' });
  const q4 = await createQuestion(db, { ...refs, questionType: 'Descriptive', content: '<p>Describe undercut.</p>' });
  // Q1 and Q2 are Aida's; Q3 and Q4 another author's.
  await db.update(questions).set({ createdBy: author.id }).where(inArray(questions.id, [q1.id, q2.id]));
  await db.update(questions).set({ createdBy: otherAuthor.id }).where(inArray(questions.id, [q3.id, q4.id]));
  await db.insert(examSectionQuestions).values(
    [q1, q2, q3, q4].map((q, index) => ({ examDefinitionId: testId, sectionId: null, questionId: q.id, questionVersionId: q.versionId, marks: 1, sortOrder: index + 1 })),
  );

  // The six candidates of the worked example, submitted three days ago.
  const [A, B, C] = q1.optionIds as [string, string, string, string];
  const [argon, oxygen] = q2Options.map((o) => o.id) as [string, string];
  const rows: [number, number, number, number, string][] = [
    [0, 0, 0, 0, B],
    [1, 0, 0, 0, A],
    [1, 1, 0, 0, A],
    [0, 0, 1, 1, B],
    [0, 1, 1, 1, C],
    [1, 1, 1, 1, A],
  ];
  const candidates: CreatedUser[] = [];
  for (const [index, [m1, m2, m3, m4, choice]] of rows.entries()) {
    const candidate = await createUser(db, { role: ROLES.Applicant, firstName: `Cand${index + 1}` });
    candidates.push(candidate);
    const application = await createApplicationWithModules(db, { applicantId: candidate.applicantId!, programId: programA.id, programModuleIds: [moduleA!.id] });
    await sitting(
      candidate,
      application.moduleIds[0]!,
      testId,
      [
        [q1.versionId, m1, [choice]],
        [q2.versionId, m2, [m2 ? argon : oxygen]],
        [q3.versionId, m3, []],
        [q4.versionId, m4, []],
      ],
      daysAgo(3),
    );
  }
  // Outside the period: a sitting of 40 days ago (Q1 wrong with B, the rest right); in it, one not marked yet (a descriptive answer waits).
  const early = await createUser(db, { role: ROLES.Applicant, firstName: 'Early' });
  const earlyApplication = await createApplicationWithModules(db, { applicantId: early.applicantId!, programId: programA.id, programModuleIds: [moduleA!.id] });
  await sitting(
    early,
    earlyApplication.moduleIds[0]!,
    testId,
    [
      [q1.versionId, 0, [B]],
      [q2.versionId, 1, [argon]],
      [q3.versionId, 1, []],
      [q4.versionId, 1, []],
    ],
    daysAgo(40),
  );
  const waiting = await createUser(db, { role: ROLES.Applicant, firstName: 'Waiting' });
  const waitingApplication = await createApplicationWithModules(db, { applicantId: waiting.applicantId!, programId: programA.id, programModuleIds: [moduleA!.id] });
  await sitting(
    waiting,
    waitingApplication.moduleIds[0]!,
    testId,
    [
      [q1.versionId, 0, [B]],
      [q2.versionId, 0, [oxygen]],
      [q3.versionId, 0, []],
      [q4.versionId, null, []],
    ],
    daysAgo(2),
    false,
  );

  const users = { admin, manager, roleManager, examiner, outsider, noMenu, author, otherAuthor, applicant, nzAdmin };
  for (const [name, user] of Object.entries(users)) jwt[name] = (await signIn(t.app, user)).jwt;
}, 120_000);

afterAll(async () => {
  await t.close();
});

const period = () => `from=${sydneyDay(daysAgo(10))}&to=${sydneyDay(new Date())}`;

describe('the report of the worked example', () => {
  it('summary: 6 candidates, mean 2 (50 %), SD 1.29, pass rate 0.667 at the 50 % pass mark, KR-20 0.533, SEM 0.88', async () => {
    const response = await get(`/api/examquality/tests/${testId}/report?${period()}`, 'manager');
    expect(response.statusCode).toBe(200);
    const report = response.json<ExamQualityReport>();
    expect(report.test).toMatchObject({ id: testId, title: 'Quality worked example test', moduleCode: 'QA-M1', passPercentage: 50, totalMarks: 4 });
    expect(report.candidates).toBe(6);
    expect(report.isSmallSample).toBe(true);
    expect(report.summary).toEqual({
      meanScore: 2,
      meanPercent: 50,
      standardDeviation: 1.29,
      lowestPercent: 0,
      highestPercent: 100,
      passed: 4,
      passRate: 0.667,
      reliabilityMethod: 'KR-20',
      reliability: 0.533,
      standardErrorOfMeasurement: 0.88,
    });
    expect(report.distribution.map((bin) => bin.count)).toEqual([1, 0, 1, 0, 0, 2, 0, 1, 0, 1]);
    expect(report.discriminationMethod).toContain('item-rest correlation');
  });

  it('questions in the test order: facility 0.5 each; Q1 discrimination -0.132 with its option shares, flagged; Q2 0.522', async () => {
    const report = (await get(`/api/examquality/tests/${testId}/report?${period()}`, 'manager')).json<ExamQualityReport>();
    expect(report.items.map((item) => [item.questionId === q1.id, item.facility, item.discrimination])).toEqual([
      [true, 0.5, -0.132],
      [false, 0.5, 0.522],
      [false, 0.5, 0.522],
      [false, 0.5, 0.522],
    ]);
    const [first, second, third, fourth] = report.items;
    expect(first!.options.map((o) => [o.label, o.text, o.isCorrect, o.count, o.share])).toEqual([
      ['A', 'MMAW', true, 3, 0.5],
      ['B', 'GTAW', false, 2, 0.333],
      ['C', 'SAW', false, 1, 0.167],
      ['D', 'Oxy-fuel', false, 0, 0],
    ]);
    expect(first!.flags).toEqual(['negativeDiscrimination', 'unusedDistractor']);
    expect(first!.content).toBe('Which process uses a stick electrode?');
    expect(second!.flags).toEqual([]);
    expect(second!.options.map((o) => o.count)).toEqual([3, 3]);
    // Neither fill-in-the-blank nor descriptive questions have options to share.
    expect(third!.options).toEqual([]);
    expect(fourth!.questionType).toBe('Descriptive');
  });

  it('counts the sittings of the period only: without one, the sitting of 40 days ago counts too; the unmarked sitting never', async () => {
    const all = (await get(`/api/examquality/tests/${testId}/report`, 'manager')).json<ExamQualityReport>();
    expect(all.candidates).toBe(7);
    expect(all.period).toEqual({ from: null, to: null, timeZone: 'Australia/Sydney' });
    const none = (await get(`/api/examquality/tests/${testId}/report?from=${sydneyDay(daysAgo(1))}`, 'manager')).json<ExamQualityReport>();
    expect(none.candidates).toBe(0);
    expect(none.summary).toMatchObject({ meanScore: null, standardDeviation: null, passRate: null, reliability: null, standardErrorOfMeasurement: null });
    expect(none.items.every((item) => item.flags.length === 0 && item.facility === null)).toBe(true);
  });

  it('refuses a period that ends before it starts, or a day that is no date, with the message at the field', async () => {
    const backwards = await get(`/api/examquality/tests/${testId}/report?from=2026-02-01&to=2026-01-01`, 'manager');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.to).toBe('To must not be before From');
    const wrong = await get(`/api/examquality/tests/${testId}/report?from=yesterday`, 'manager');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.from).toBe('Use a date as YYYY-MM-DD');
  });
});

describe('CSV and PDF', () => {
  it('the CSV holds the summary and one row per question with its flags', async () => {
    const response = await get(`/api/examquality/tests/${testId}/report.csv?${period()}`, 'manager');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="exam-quality-T\d+-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = response.body.replace(/^\uFEFF/, '');
    expect(csv).toContain('Measure,Value');
    expect(csv).toContain('Candidates (marked sittings),6');
    // The period's days as people read dates (issue 45 item 9).
    expect(csv).toContain(`Sittings submitted from,${formatDay(sydneyDay(daysAgo(10)))}`);
    expect(csv).toContain('Reliability (KR-20),0.533');
    expect(csv).toContain('Standard error of measurement (marks),0.88');
    expect(csv).toContain('Pass rate,66.7%');
    expect(csv).toContain('Question,Section,Type,Marks,Facility,Discrimination,Options chosen,Flags,Text');
    expect(csv).toContain(
      `Q-${q1.questionNumber},Questions,General Single Answer,1,0.5,-0.132,A (correct) 50.0% (3); B 33.3% (2); C 16.7% (1); D 0.0% (0),Negative discrimination; Distractor nobody chose,Which process uses a stick electrode?`,
    );
  });

  it('the PDF shows the reliability, the SEM and the flags', async () => {
    const response = await get(`/api/examquality/tests/${testId}/report.pdf?${period()}`, 'manager');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="exam-quality-T\d+-.+\.pdf"$/);
    const text = await textOfPdf(response.rawPayload);
    expect(text).toContain('Exam quality report');
    expect(text).toContain('Reliability (KR-20)');
    expect(text).toContain('0.533');
    expect(text).toContain('Standard error of measurement (marks)');
    expect(text).toContain('0.88');
    expect(text).toContain(`Q-${q1.questionNumber}`);
    expect(text).toContain('-0.13');
    expect(text).toContain('Negative discrimination');
    expect(text).toContain('Distractor nobody chose');
    expect(text.some((line) => line.startsWith('Caution: 6 candidates'))).toBe(true);
  });
});

describe('who reads the report', () => {
  it('administrators, the named program manager and the manager role read it; the tests list shows the test with its marked sittings', async () => {
    for (const who of ['admin', 'manager', 'roleManager']) expect((await get(`/api/examquality/tests/${testId}/report`, who)).statusCode, who).toBe(200);
    const managed = (await get('/api/examquality/tests', 'manager')).json<ExamQualityTest[]>();
    expect(managed).toEqual([expect.objectContaining({ id: testId, markedSittings: 7, moduleCode: 'QA-M1', status: 'published' })]);
    const all = (await get('/api/examquality/tests', 'admin')).json<ExamQualityTest[]>();
    expect(all.map((test) => test.id)).toEqual(expect.arrayContaining([testId, otherProgramTestId]));
  });

  it("refuses (403) the program's examiner, another program's manager and staff without the menu; reads, CSV and PDF alike", async () => {
    for (const suffix of ['report', 'report.csv', 'report.pdf']) {
      for (const who of ['examiner', 'outsider', 'noMenu']) expect((await get(`/api/examquality/tests/${testId}/${suffix}`, who)).statusCode, `${who} ${suffix}`).toBe(403);
    }
    expect((await get('/api/examquality/tests', 'examiner')).json()).toEqual([]);
    expect((await get('/api/examquality/tests', 'noMenu')).statusCode).toBe(403);
  });

  it('refuses applicants (403) and answers 401 without a token', async () => {
    for (const url of [`/api/examquality/tests/${testId}/report`, `/api/examquality/tests/${testId}/report.csv`, '/api/examquality/tests', '/api/examquality/flags/mine']) {
      expect((await get(url, 'applicant')).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it("another account's administrator does not find the test (404) and lists none of it", async () => {
    for (const suffix of ['report', 'report.csv', 'report.pdf']) expect((await get(`/api/examquality/tests/${testId}/${suffix}`, 'nzAdmin')).statusCode).toBe(404);
    expect((await get('/api/examquality/tests', 'nzAdmin')).json()).toEqual([]);
    expect((await get('/api/examquality/tests/not-a-test/report', 'admin')).statusCode).toBe(404);
  });
});

describe("the author's flags", () => {
  it("show the author's flagged questions in the live test, with the report's figures", async () => {
    const response = await get('/api/examquality/flags/mine', 'author');
    expect(response.statusCode).toBe(200);
    const flags = response.json<MyQuestionFlag[]>();
    // Over every marked sitting of the live test (7): Q1 stays negative and D unchosen; Q2 is not flagged.
    expect(flags).toEqual([
      {
        questionId: q1.id,
        questionLabel: `Q-${q1.questionNumber}`,
        testId,
        testTitle: 'Quality worked example test',
        candidates: 7,
        facility: expect.any(Number),
        discrimination: expect.any(Number),
        flags: ['negativeDiscrimination', 'unusedDistractor'],
      },
    ]);
    expect(flags[0]!.discrimination).toBeLessThan(0);
    expect((await get(`/api/examquality/flags/mine?questionId=${q1.id}`, 'author')).json()).toHaveLength(1);
  });

  it("show nothing of other authors' questions, nor once the test is no longer live", async () => {
    expect((await get('/api/examquality/flags/mine', 'otherAuthor')).json()).toEqual([]);
    expect((await get(`/api/examquality/flags/mine?questionId=${q1.id}`, 'otherAuthor')).json()).toEqual([]);
    expect((await get('/api/examquality/flags/mine', 'nzAdmin')).json()).toEqual([]);
    expect((await get('/api/examquality/flags/mine?questionId=nope', 'author')).statusCode).toBe(400);
    await t.database.db.update(examDefinitions).set({ status: 'unpublished' }).where(eq(examDefinitions.id, testId));
    try {
      expect((await get('/api/examquality/flags/mine', 'author')).json()).toEqual([]);
    } finally {
      await t.database.db.update(examDefinitions).set({ status: 'published' }).where(eq(examDefinitions.id, testId));
    }
  });
});
