import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer } from '../../test/sign-in';
import { examDefinitions } from '../db/schema/exam-definition';
import { users } from '../db/schema/user';
import { DEMO_CUT_SCORE_JUDGES, DEMO_CUT_SCORE_PANEL, DEMO_CUT_SCORE_TEST, seedDemoCutScore } from './demo-cut-score';
import { DEMO_PASSWORD, seedDemoData } from './demo-seed';

/** The demo's cut score record (issue 43), as the program's manager reads it on the test's page. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the demo cut score', () => {
  it("holds the IWI-M1 exam's adopted Angoff panel of four judges at 70 %, over the superseded carried-over pass mark", async () => {
    await seedDemoData(t.database.db);
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'accountadmin@demo.local'));
    // Seeding again leaves the record as it is (the demo seed calls it once).
    await t.database.db.transaction((tx) => seedDemoCutScore(tx, { staffId: admin!.id }));
    const [test] = await t.database.db
      .select({ id: examDefinitions.id })
      .from(examDefinitions)
      .where(and(eq(examDefinitions.accountId, FIRST_ACCOUNT_ID), eq(examDefinitions.title, DEMO_CUT_SCORE_TEST)));
    const signedIn = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: 'accountadmin@demo.local', password: DEMO_PASSWORD } });
    const jwt = signedIn.json().jwt as string;

    const overview = (await t.app.inject({ method: 'GET', url: `/api/examquality/cutscores/tests/${test!.id}`, headers: bearer(jwt) })).json();
    expect(overview.test).toMatchObject({ totalMarks: 48, canEdit: true, module: { moduleCode: 'IWI-M1', passPercentage: 70 } });
    expect(overview.studies.map((row: { version: number; method: string; status: string; cutScorePercent: number; spreadPercent: number | null; adoptedBy: string }) => [row.version, row.method, row.status, row.cutScorePercent, row.spreadPercent, row.adoptedBy])).toEqual([
      [2, 'modified_angoff', 'adopted', 70, 2.48, 'Alex Administrator'],
      [1, 'other', 'superseded', 70, null, 'Alex Administrator'],
    ]);

    const study = (await t.app.inject({ method: 'GET', url: `/api/examquality/cutscores/studies/${overview.studies[0].id}`, headers: bearer(jwt) })).json();
    expect(study.description).toBe(DEMO_CUT_SCORE_PANEL);
    expect(study.judges.map((judge: { name: string; cutScorePercent: number }) => [judge.name, judge.cutScorePercent])).toEqual(
      DEMO_CUT_SCORE_JUDGES.map((judge, i) => [judge.name, [67, 72.5, 69, 71.5][i]]),
    );
    expect(study.figures).toEqual({ cutScorePercent: 70, cutScoreMarks: 33.6, spreadPercent: 2.48, standardErrorPercent: 1.24, judgesCounted: 4, totalMarks: 48, missingCount: 0, isComplete: true });
  });
});
