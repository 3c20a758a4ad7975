import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applications } from '../../db/schema/application';
import { programUsers } from '../../db/schema/program';

let t: TestApp;
const jwt: Record<'super' | 'accountAdmin' | 'assessor' | 'manager' | 'outsider' | 'noMenu' | 'applicant', string> = {
  super: '',
  accountAdmin: '',
  assessor: '',
  manager: '',
  outsider: '',
  noMenu: '',
  applicant: '',
};
const numbers: Record<'assessed' | 'managed' | 'other' | 'certification', string> = { assessed: '', managed: '', other: '', certification: '' };
const programIds: Record<'assessed' | 'managed' | 'other', string> = { assessed: '', managed: '', other: '' };

const queue = (who: keyof typeof jwt, query = '') => t.app.inject({ method: 'GET', url: `/api/qualificationapplication/pagination${query}`, headers: bearer(jwt[who]) });
const numbersIn = (body: { rows: { applicationNumber: string }[] }) => body.rows.map((r) => r.applicationNumber).sort();

async function submittedApplication(applicant: CreatedUser, programId: string, programType: 1 | 2, status = 'Application Submitted'): Promise<string> {
  const applicationNumber = `${programType === 1 ? 'Q' : 'C'}-2026-${randomBytes(3).toString('hex')}`;
  await t.database.db.insert(applications).values({ applicationNumber, applicantId: applicant.applicantId!, programId, programType, status, submittedOn: new Date() });
  return applicationNumber;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const accountAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] });
  const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const outsider = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const noMenu = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Dashboard'] });
  const applicant = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright' });
  const other = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley' });

  const assessed = await createProgram(db, { programManagerId: superUser.id, status: 2, programType: 1, programCode: 'Q-QUEUE-A', programTitle: 'Welding Inspector' });
  const managed = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programCode: 'Q-QUEUE-B', programTitle: 'Welding Supervisor' });
  const other1 = await createProgram(db, { programManagerId: superUser.id, status: 2, programType: 1, programCode: 'Q-QUEUE-C', programTitle: 'Welding Coordinator' });
  const certification = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 2, programCode: 'C-QUEUE-D' });
  await db.insert(programUsers).values([
    { programId: assessed.id, userId: assessor.id, role: PROGRAM_USER_ROLES.assessor },
    { programId: other1.id, userId: noMenu.id, role: PROGRAM_USER_ROLES.examiner },
  ]);
  programIds.assessed = assessed.id;
  programIds.managed = managed.id;
  programIds.other = other1.id;
  numbers.assessed = await submittedApplication(applicant, assessed.id, 1, 'Being Assessed');
  numbers.managed = await submittedApplication(other, managed.id, 1);
  numbers.other = await submittedApplication(applicant, other1.id, 1);
  numbers.certification = await submittedApplication(applicant, certification.id, 2);

  const users = { super: superUser, accountAdmin, assessor, manager, outsider, noMenu, applicant };
  for (const [who, user] of Object.entries(users)) jwt[who as keyof typeof jwt] = (await signIn(t.app, user)).jwt;
});
afterAll(async () => {
  await t.close();
});

describe('the applications queue across programs', () => {
  it('shows super users and account administrators every program of the type, with the program of each row', async () => {
    for (const who of ['super', 'accountAdmin'] as const) {
      const response = await queue(who);
      expect(response.statusCode).toBe(200);
      expect(numbersIn(response.json())).toEqual([numbers.assessed, numbers.managed, numbers.other].sort());
    }
    const row = (await queue('super', `?searchTerm=${numbers.managed}`)).json().rows[0];
    expect(row).toMatchObject({ applicationNumber: numbers.managed, programId: programIds.managed, programCode: 'Q-QUEUE-B', programTitle: 'Welding Supervisor', applicantName: 'Bob Beadley' });
  });

  it('shows other staff only the programs they serve on, as assessor or manager', async () => {
    expect(numbersIn((await queue('assessor')).json())).toEqual([numbers.assessed]);
    expect(numbersIn((await queue('manager')).json())).toEqual([numbers.managed]);
    const outsider = await queue('outsider');
    expect(outsider.statusCode).toBe(200);
    expect(outsider.json()).toMatchObject({ rows: [], totalRows: 0 });
  });

  it('keeps the filters, search and paging', async () => {
    expect(numbersIn((await queue('super', '?status=Being%20Assessed')).json())).toEqual([numbers.assessed]);
    expect(numbersIn((await queue('super', '?searchTerm=arcwright')).json())).toEqual([numbers.assessed, numbers.other].sort());
    const first = (await queue('super', '?pageSize=10&page=1&orderBy=applicationNumber&ascending=true')).json();
    expect(first.totalRows).toBe(3);
    expect((await queue('assessor', '?searchTerm=bob')).json().rows).toEqual([]);
  });

  it('still narrows to one program, and refuses staff without the Programs menu and applicants', async () => {
    expect(numbersIn((await queue('super', `?programId=${programIds.other}`)).json())).toEqual([numbers.other]);
    expect((await queue('assessor', `?programId=${programIds.managed}`)).statusCode).toBe(403);
    expect((await queue('noMenu')).statusCode).toBe(403);
    expect((await queue('applicant')).statusCode).toBe(403);
  });
});

describe('the queues of another account (issue 40)', () => {
  it("list only its own programs' applications, to its administrator and a super user switched into it; the first account's program is refused", async () => {
    const db = t.database.db;
    const nz = await createAccount(db, { name: 'Kiwi Queue Body' });
    const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: nz.id });
    const nzProgram = await createProgram(db, { programManagerId: nzAdmin.id, status: 2, programType: 1, programCode: 'Q-QUEUE-NZ', accountId: nz.id });
    const kiri = await createUser(db, { role: ROLES.Applicant, firstName: 'Kiri', lastName: 'Kiwi' });
    const kiwiNumber = await submittedApplication(kiri, nzProgram.id, 1);
    const switched = await createUser(db, { role: ROLES.SuperUser });
    const switchedJwt = (await signIn(t.app, switched)).jwt;
    expect((await t.app.inject({ method: 'POST', url: '/api/accounts/current', headers: bearer(switchedJwt), payload: { accountId: nz.id } })).statusCode).toBe(200);
    for (const callerJwt of [(await signIn(t.app, nzAdmin)).jwt, switchedJwt]) {
      const list = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(callerJwt) });
      expect(numbersIn((await list('/api/qualificationapplication/pagination?pageSize=250')).json())).toEqual([kiwiNumber]);
      expect((await list(`/api/qualificationapplication/pagination?programId=${programIds.assessed}`)).statusCode).toBe(404);
      expect((await list('/api/certificationapplication/pagination?pageSize=250')).json().totalRows).toBe(0);
    }
    expect(numbersIn((await queue('super', '?pageSize=250')).json())).not.toContain(kiwiNumber);
  });
});
