import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamQualityReport, ExamQualityTest, MyQuestionFlag } from '@certs/shared/exam-quality/exam-quality.contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer } from '../../test/sign-in';
import { DEMO_EXAM_QUALITY } from './demo-exam-quality';
import { DEMO_PASSWORD, seedDemoData } from './demo-seed';

let t: TestApp;
const jwt: Record<string, string> = {};
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db);
  for (const email of ['accountadmin@demo.local', 'super@demo.local', 'contributor@demo.local']) {
    const response = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: email, password: DEMO_PASSWORD } });
    jwt[email] = response.json().jwt as string;
  }
}, 300_000);

afterAll(async () => {
  await t.close();
});

describe('the demo cohort of the IWI-M1 module test (issue 43)', () => {
  it('gives the quality report real figures: 36 candidates, alpha between 0.7 and 0.85, a question of negative discrimination and a distractor nobody chose', async () => {
    const tests = (await get('/api/examquality/tests', 'accountadmin@demo.local')).json<ExamQualityTest[]>();
    const test = tests.find((row) => row.title === DEMO_EXAM_QUALITY.testTitle);
    expect(test).toMatchObject({ markedSittings: DEMO_EXAM_QUALITY.candidates, moduleCode: DEMO_EXAM_QUALITY.moduleCode, status: 'published' });
    // Tests with sittings come first.
    expect(tests[0]!.id).toBe(test!.id);

    const report = (await get(`/api/examquality/tests/${test!.id}/report`, 'accountadmin@demo.local')).json<ExamQualityReport>();
    expect(report.candidates).toBe(36);
    expect(report.isSmallSample).toBe(false);
    // Descriptive questions earn part marks, so alpha rather than KR-20.
    expect(report.summary.reliabilityMethod).toBe('Cronbach alpha');
    expect(report.summary.reliability).toBeGreaterThanOrEqual(0.7);
    expect(report.summary.reliability).toBeLessThanOrEqual(0.85);
    expect(report.summary.standardErrorOfMeasurement).toBeGreaterThan(0);
    expect(report.summary.passRate).toBeGreaterThan(0.2);
    expect(report.summary.passRate).toBeLessThan(0.9);
    expect(report.distribution.reduce((sum, bin) => sum + bin.count, 0)).toBe(36);

    const flagged = report.items.filter((item) => item.flags.length > 0);
    expect(flagged.map((item) => item.flags)).toEqual([['unusedDistractor'], ['negativeDiscrimination']]);
    const [mmaw, flag] = flagged;
    expect(mmaw!.options.find((option) => option.text === DEMO_EXAM_QUALITY.unusedDistractor)).toMatchObject({ count: 0, share: 0, isCorrect: false });
    expect(flag!.content).toContain(DEMO_EXAM_QUALITY.negativeDiscriminationText);
    expect(flag!.discrimination).toBeLessThan(0);
  });

  it("shows the flags to the questions' author (the super user) and to the test's author (the contributor)", async () => {
    for (const who of ['super@demo.local', 'contributor@demo.local']) {
      const flags = (await get('/api/examquality/flags/mine', who)).json<MyQuestionFlag[]>();
      expect(flags.map((flag) => [flag.testTitle, flag.flags]).sort(), who).toEqual(
        [
          [DEMO_EXAM_QUALITY.testTitle, ['negativeDiscrimination']],
          [DEMO_EXAM_QUALITY.testTitle, ['unusedDistractor']],
        ].sort(),
      );
    }
    expect((await get('/api/examquality/flags/mine', 'accountadmin@demo.local')).json()).toEqual([]);
  });
});
