import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffConflict } from '@certs/shared/impartiality/impartiality.contract';
import type { StaffRecord, StaffRegisterRow } from '@certs/shared/impartiality/staff-record.contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer } from '../../test/sign-in';
import { DEMO_CONFLICT } from './demo-impartiality';
import { DEMO_PASSWORD, seedDemoData } from './demo-seed';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const signIn = async (email: string) => (await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: email, password: DEMO_PASSWORD } })).json().jwt as string;
const get = async (url: string, jwt: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(jwt) })).json();

describe('the demo of issue 43', () => {
  it("shows the administrator who signed this year's agreement and whose authorisation lapses soon", async () => {
    const admin = await signIn('accountadmin@demo.local');
    const register = await get('/api/staffrecords', admin);
    const rowOf = (email: string) => (register.rows as StaffRegisterRow[]).find((row) => row.staff.email === email);
    expect(rowOf('accountadmin@demo.local')).toMatchObject({ position: 'Certification manager', signedOn: expect.any(String), lapsedAuthorisations: 0 });
    expect(rowOf('contributor@demo.local')).toMatchObject({ signedOn: expect.any(String), lapsedAuthorisations: 0, lapsedCompetences: 0 });
    expect(rowOf('user@demo.local')).toMatchObject({ signedOn: null, soonAuthorisations: 1, lapsedAuthorisations: 0 });
    expect(register.counts).toMatchObject({ lapsed: 0, soon: 1 });
  });

  it("holds Casey's declared conflict with Quinn Imported and an ended one of Uma's", async () => {
    const admin = await signIn('accountadmin@demo.local');
    const conflicts = (await get('/api/conflicts?status=all', admin)).rows as StaffConflict[];
    expect(conflicts.map((row) => [row.staff.email, row.applicant?.email, row.kind, row.isActive]).sort()).toEqual([
      [DEMO_CONFLICT.staffEmail, DEMO_CONFLICT.applicantEmail, 'trainee', true],
      ['user@demo.local', 'riley.imported@demo.local', 'employer_in_common', false],
    ]);
    // The refusal of Casey as Quinn's assessor is on the register.
    const events = await get('/api/conflicts/events', admin);
    expect(events.rows.map((row: { staff: { email: string }; role: string; outcome: string; program: { programCode: string } }) => [row.staff.email, row.role, row.outcome, row.program.programCode])).toEqual([
      [DEMO_CONFLICT.staffEmail, 'assessor', 'refused', 'Q-WELD-INSP'],
    ]);
    expect(events.rows[0].reasons[0]).toContain('a trainee they taught');
  });

  it("gives Casey a record with qualifications, the Welding Inspector authorisations' expiry and two years' agreements", async () => {
    const casey = await signIn('contributor@demo.local');
    const record = (await get('/api/staffrecords/mine', casey)) as StaffRecord;
    expect(record.competences.map((row) => row.title)).toContain('IIW International Welding Inspector (Comprehensive)');
    const inspector = record.authorisations.filter((row) => row.programCode === 'Q-WELD-INSP');
    expect(inspector.map((row) => [row.role, row.state])).toEqual([
      [1, 'current'],
      [2, 'current'],
    ]);
    expect(record.agreements).toHaveLength(2);
    expect(record.signedThisYear).toBe(true);
    expect((await get('/api/conflicts/agreements/mine', casey)).signedThisYear.agreementText).toContain('Impartiality and confidentiality agreement of');
  });
});
