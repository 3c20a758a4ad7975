import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer } from '../../../test/sign-in';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { DEMO_HOLD_REASON, DEMO_HOLDER } from './demo-awards';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo-seed';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo data', () => {
  it('seeds one account of each role and one complete, published program of each type, once', async () => {
    expect(await seedDemoData(t.database.db)).toBe(true);
    expect(await seedDemoData(t.database.db)).toBe(false);

    for (const demo of DEMO_USERS) {
      const url = demo.role === 5 ? '/auth/local/applicant' : '/auth/local';
      const response = await t.app.inject({ method: 'POST', url, payload: { identifier: demo.email, password: DEMO_PASSWORD } });
      expect(response.statusCode, demo.email).toBe(200);
    }
    // The demo holder (issue 16): a current Certification award and an AICIP award on hold, numbered by the default series.
    const holder = await t.app.inject({ method: 'POST', url: '/auth/local/applicant', payload: { identifier: DEMO_HOLDER.email, password: DEMO_PASSWORD } });
    expect(holder.statusCode).toBe(200);
    const held = (await t.app.inject({ method: 'GET', url: '/api/applicant/awards', headers: bearer(holder.json().jwt as string) })).json();
    const year = Number(todayInSydney().slice(0, 4));
    expect(held.rows.map((a: { programCode: string; status: string; certificateNumber: string }) => [a.programCode, a.status, a.certificateNumber]).sort()).toEqual([
      ['AICIP-PIPE', 'on hold', `WCB-${year}-00002`],
      ['C-WELD-SUP', 'current', `WCB-${year}-00001`],
    ]);
    const onHold = (await t.app.inject({ method: 'GET', url: `/api/award/${held.rows.find((a: { status: string }) => a.status === 'on hold').id}`, headers: bearer(holder.json().jwt as string) })).json();
    expect(onHold).toMatchObject({ statusReason: DEMO_HOLD_REASON, expiresOn: expect.stringMatching(new RegExp(`^${year + 5}-`)) });
    const signedIn = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: 'super@demo.local', password: DEMO_PASSWORD } });
    const jwt = signedIn.json().jwt as string;
    const programs = (await t.app.inject({ method: 'GET', url: '/api/program/pagination', headers: bearer(jwt) })).json();
    expect(programs.rows.map((p: { programCode: string; status: number; programType: number }) => [p.programCode, p.programType, p.status]).sort()).toEqual([
      ['AICIP-PIPE', 4, 2],
      ['C-WELD-SUP', 2, 2],
      ['Q-WELD-INSP', 1, 2],
      ['WQ-ISO9606', 3, 2],
    ]);
    // Each demo program meets the publication rules a real one must meet.
    for (const program of programs.rows as { id: string; programCode: string }[]) {
      const completeness = (await t.app.inject({ method: 'GET', url: `/api/program/${program.id}/completeness`, headers: bearer(jwt) })).json();
      expect(completeness, program.programCode).toEqual({ isComplete: true, missing: [] });
    }
  });
});
