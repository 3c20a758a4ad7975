import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionRequest } from '@certs/shared/question-bank/question.contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer } from '../../test/sign-in';
import { DEMO_PASSWORD, seedDemoData } from './demo-seed';
import { DEMO_TEST_TITLES } from './demo-questions';

let t: TestApp;
let jwt: string;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db);
  jwt = (await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: 'super@demo.local', password: DEMO_PASSWORD } })).json().jwt;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });

describe('demo question bank and tests', () => {
  it('holds at least 20 questions of all four types, each valid by the question rules', async () => {
    const page = (await get('/api/question?pageSize=50')).json();
    expect(page.totalRows).toBeGreaterThanOrEqual(20);
    expect(new Set(page.rows.map((row: { questionType: string }) => row.questionType))).toEqual(new Set(['General Single Answer', 'Multiple Answer', 'Descriptive', 'Fill In The Blank']));
    for (const row of page.rows as { id: string }[]) {
      const question = (await get(`/api/question/${row.id}`)).json();
      const request = {
        content: question.content,
        questionType: question.questionType,
        difficulty: question.difficulty,
        subjects: question.subjects.map((s: { id: string }) => s.id),
        tags: question.tags.map((s: { id: string }) => s.id),
        canUploadAnswerPaper: question.canUploadAnswerPaper,
        options: question.options.map((o: { option: string; correctAnswer: boolean }) => ({ option: o.option, correctAnswer: o.correctAnswer })),
      };
      expect(QuestionRequest.safeParse(request).success, question.content).toBe(true);
    }
  });

  it('publishes a trial exam and module exams linked to the modules of Q-WELD-INSP, with marks that add up', async () => {
    const tests = (await get('/api/tests/pagination?pageSize=50')).json().rows as { id: string; title: string; testType: string; status: string; programModule: { programCode: string; moduleCode: string } | null }[];
    expect(tests.map((test) => test.title).sort()).toEqual([...DEMO_TEST_TITLES].sort());
    expect(new Set(tests.map((test) => test.testType))).toEqual(new Set(['trial', 'module']));
    for (const row of tests) {
      expect(row.status).toBe('published');
      expect(row.programModule?.programCode).toBe('Q-WELD-INSP');
      const test = (await get(`/api/tests/test/${row.id}`)).json();
      expect(test.marksTotal, test.title).toBe(test.totalTestMarks);
      expect(test.warnings, test.title).toEqual([]);
    }
  });
});
