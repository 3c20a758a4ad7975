import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationHistory } from '../../db/schema/application';
import { programRequirements } from '../../db/schema/program';

const Q = '/api/qualificationapplication';
let t: TestApp;
let superJwt: string;
let assessorJwt: string;
let adaJwt: string;
let bobJwt: string;
let assessor: CreatedUser;
let applicationId: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const superUser = await createUser(db, { role: ROLES.SuperUser, firstName: 'Sam', lastName: 'Super' });
  assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Alex', lastName: 'Assessor' });
  const ada = await createUser(db, { role: ROLES.Applicant });
  const bob = await createUser(db, { role: ROLES.Applicant });
  const program = await createProgram(db, { programManagerId: superUser.id, status: 2, programType: 1 });
  await completeProgram(db, program.id, 1, assessor.id);
  const [requirement] = await db.select().from(programRequirements).where(eq(programRequirements.programId, program.id));
  const tokens = await Promise.all([superUser, assessor, ada, bob].map(async (user) => (await signIn(t.app, user)).jwt));
  [superJwt, assessorJwt, adaJwt, bobJwt] = tokens as [string, string, string, string];

  const saved = await post(`${Q}/save`, { programId: program.id, declarationAccepted: true, answers: [{ requirementId: requirement!.id, answerText: 'Four years at Hunter Steel.', attachmentIds: [] }] }, adaJwt);
  applicationId = saved.json().id;
  expect((await post(`${Q}/${applicationId}/submit`, undefined, adaJwt)).statusCode).toBe(200);
  expect((await post(`${Q}/${applicationId}/assessor/assign`, { assessorId: assessor.id, assessmentRound: 0, note: 'Staff-only: check the logbook dates' }, superJwt)).statusCode).toBe(200);
  expect((await post(`${Q}/${applicationId}/assessor/submit`, { review: 'Fine.', recommendation: 'accept' }, assessorJwt)).statusCode).toBe(200);
  // A later exam-stage move, as the pre-exam stage writes it.
  await db.insert(applicationHistory).values({ applicationId, fromStatus: 'Examinations Stage', toStatus: 'Examinations Stage', fromStage: null, toStage: 'preExamination Completed', note: 'Staff-only note' });
});
afterAll(async () => {
  await t.close();
});

describe("the applicant's application history", () => {
  it('lists each move, oldest first, with status and stage but no staff notes or names', async () => {
    const response = await get(`${Q}/${applicationId}/history`, adaJwt);
    expect(response.statusCode).toBe(200);
    const entries = response.json();
    expect(entries.map((e: { fromStatus: string | null; toStatus: string; fromStage: string | null; toStage: string | null }) => [e.fromStatus, e.toStatus, e.fromStage, e.toStage])).toEqual([
      [null, 'Application Started', null, null],
      ['Application Started', 'Application Submitted', null, null],
      ['Application Submitted', 'Being Assessed', null, null],
      ['Examinations Stage', 'Examinations Stage', null, 'preExamination Completed'],
    ]);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['changedOn', 'fromStage', 'fromStatus', 'id', 'toStage', 'toStatus']);
      expect(Number.isNaN(Date.parse(entry.changedOn))).toBe(false);
    }
    expect(response.body).not.toContain('Staff-only');
    expect(response.body).not.toContain('Alex');
  });

  it("answers 404 for another applicant's application, an unknown one or the wrong type", async () => {
    expect((await get(`${Q}/${applicationId}/history`, bobJwt)).statusCode).toBe(404);
    expect((await get(`${Q}/0b7c4d0e-8a4c-4a55-9a53-2f4f3d1c2b11/history`, adaJwt)).statusCode).toBe(404);
    expect((await get(`/api/certificationapplication/${applicationId}/history`, adaJwt)).statusCode).toBe(404);
  });

  it('is for applicants: staff read the full history on the staff page', async () => {
    expect((await get(`${Q}/${applicationId}/history`, superJwt)).statusCode).toBe(403);
  });
});
