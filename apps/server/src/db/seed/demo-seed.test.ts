import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer } from '../../../test/sign-in';
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
