import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { AWARD_STATUSES } from '@certs/shared/award/award-status';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { PUBLIC_REGISTER_MESSAGES, type PublicCertificate, type PublicRegisterPage } from '@certs/shared/public-register/public-register.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { accounts } from '../../db/schema/account';
import { rateLimitEvents } from '../../db/schema/rate-limit';
import { applicants } from '../../db/schema/user';
import { PUBLIC_REGISTER_LIMITS } from './client-request-limit';
import { insertKeptQualification } from '../wpq-validity/wpq-validity-test-records';
import { insertTestAward } from './test-awards';

const PUBLIC_KEYS = ['awardDate', 'certificateNumber', 'designations', 'expiresOn', 'issuingBody', 'issuingBodyLogoUrl', 'name', 'programCode', 'programTitle', 'status'];
const SEARCH = '/unauth/application/companyreports/search';
const AICIP = '/unauth/application/companyreports/aicip';

let t: TestApp;
/** Each test searches from its own client address, so that the per-address limit of one never refuses another. */
let addressCounter = 0;
const nextAddress = () => `203.0.113.${++addressCounter}`;

const search = (url: string, payload: unknown, remoteAddress = nextAddress()) => t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const verify = (certificateNumber: string, remoteAddress = nextAddress()) => t.app.inject({ method: 'GET', url: `/unauth/verify/${encodeURIComponent(certificateNumber)}`, remoteAddress });

/** A word no other test's data contains, so each test's search finds exactly its own rows. */
const marker = () => `Zq${randomBytes(3).toString('hex')}`;

let programs: Record<1 | 2 | 3 | 4, { id: string; programCode: string }>;
let staff: CreatedUser;
/** The first account's name: the body that issues every award of this file. */
let bodyName: string;

async function holder(lastName: string, listed = true): Promise<CreatedUser & { applicantId: string }> {
  const user = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Robin', lastName });
  if (!listed) await t.database.db.update(applicants).set({ listedInRegister: false }).where(eq(applicants.id, user.applicantId!));
  return { ...user, applicantId: user.applicantId! };
}

beforeAll(async () => {
  t = await buildTestApp();
  const [firstAccount] = await t.database.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, FIRST_ACCOUNT_ID));
  bodyName = firstAccount!.name;
  staff = await createUser(t.database.db, { role: ROLES.SuperUser });
  const make = (programType: 1 | 2 | 3 | 4, title: string) => createProgram(t.database.db, { programManagerId: staff.id, programType, status: 2, programTitle: title });
  programs = {
    1: await make(1, 'Welding Inspector'),
    2: await make(2, 'Welding Supervisor'),
    3: await make(3, 'Welder to ISO 9606-1'),
    4: await make(4, 'Pipeline Inspector'),
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the public register', () => {
  it('lists holders with only the public fields, and never one who opted out, whatever the search', async () => {
    const name = marker();
    const listed = await holder(name);
    const optedOut = await holder(name, false);
    const shown = await insertTestAward(t.database.db, { applicantId: listed.applicantId, programId: programs[2].id, programType: 2, certificateNumber: `${name}-C-0001`, awardedOn: '2026-02-03', expiresOn: '2029-02-02' });
    const hidden = await insertTestAward(t.database.db, { applicantId: optedOut.applicantId, programId: programs[2].id, programType: 2, certificateNumber: `${name}-C-0002` });

    const response = await search(SEARCH, { searchTerm: name });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.json<PublicRegisterPage>();
    expect(Object.keys(page).sort()).toEqual(['page', 'pageSize', 'rows', 'totalRows']);
    expect(page.totalRows).toBe(1);
    expect(page.rows).toEqual([
      { name: `Robin ${name}`, programCode: programs[2].programCode, programTitle: 'Welding Supervisor', certificateNumber: shown.certificateNumber, awardDate: '2026-02-03', expiresOn: '2029-02-02', status: 'current', designations: [], issuingBody: bodyName, issuingBodyLogoUrl: null },
    ]);
    expect(Object.keys(page.rows[0]!).sort()).toEqual(PUBLIC_KEYS);
    // Nothing about the person beyond the name: no email, address, date of birth or ids.
    expect(response.body).not.toContain(listed.email);
    expect(response.body).not.toContain(listed.applicantId);

    for (const payload of [
      { searchTerm: hidden.certificateNumber },
      { searchTerm: hidden.certificateNumber, searchBy: 'certificateNumber' },
      { searchTerm: `Robin ${name}`, searchBy: 'name' },
      { searchTerm: programs[2].programCode, searchBy: 'program', perPageCount: 250 },
    ]) {
      const found = (await search(SEARCH, payload)).json<PublicRegisterPage>();
      expect(found.rows.map((row) => row.certificateNumber)).not.toContain(hidden.certificateNumber);
    }
  });

  it('searches by name, certificate number or program as asked, and by all three by default', async () => {
    const name = marker();
    const person = await holder(name);
    const award = await insertTestAward(t.database.db, { applicantId: person.applicantId, programId: programs[1].id, programType: 1, certificateNumber: `QN-${name}` });
    const numbers = async (payload: object) => (await search(SEARCH, payload)).json<PublicRegisterPage>().rows.map((row) => row.certificateNumber);

    expect(await numbers({ searchTerm: `robin ${name.toLowerCase()}`, searchBy: 'name' })).toEqual([award.certificateNumber]);
    expect(await numbers({ searchTerm: `${name} Robin`, searchBy: 'name' })).toEqual([award.certificateNumber]);
    expect(await numbers({ searchTerm: `QN-${name}`, searchBy: 'name' })).toEqual([]);
    expect(await numbers({ searchTerm: `QN-${name}`, searchBy: 'certificateNumber' })).toEqual([award.certificateNumber]);
    expect(await numbers({ searchTerm: name, searchBy: 'program' })).toEqual([]);
    expect(await numbers({ searchTerm: `QN-${name}` })).toEqual([award.certificateNumber]);
    expect(await numbers({ searchTerm: name })).toEqual([award.certificateNumber]);
    const byProgram = await numbers({ searchTerm: 'welding inspector', searchBy: 'program', perPageCount: 250 });
    expect(byProgram).toContain(award.certificateNumber);
  });

  it('lists Qualification, Certification and Welder Qualification holders in the personnel search and AICIP inspectors only in the AICIP register', async () => {
    const name = marker();
    const person = await holder(name);
    const byType: Record<number, string> = {};
    for (const programType of [1, 2, 3, 4] as const) {
      byType[programType] = (await insertTestAward(t.database.db, { applicantId: person.applicantId, programId: programs[programType].id, programType, certificateNumber: `${name}-T${programType}` })).certificateNumber;
    }
    const general = (await search(SEARCH, { searchTerm: name })).json<PublicRegisterPage>();
    expect(general.rows.map((row) => row.certificateNumber).sort()).toEqual([byType[1], byType[2], byType[3]]);
    const aicip = (await search(AICIP, { searchTerm: name })).json<PublicRegisterPage>();
    expect(aicip.rows.map((row) => row.certificateNumber)).toEqual([byType[4]]);
    expect(aicip.rows[0]).toMatchObject({ programCode: programs[4].programCode, programTitle: 'Pipeline Inspector' });
  });

  it("shows a welder qualification's range in the standard's designations, in the register and on its verification page", async () => {
    const name = marker();
    const welder = await holder(name);
    const kept = await insertKeptQualification(t.database.db, { applicantId: welder.applicantId, programId: programs[3].id, testDate: '2026-05-04', option: '9.3c' });
    const found = (await search(SEARCH, { searchTerm: name })).json<PublicRegisterPage>();
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0]!.designations).toContain('ISO 9606-1 135 P BW FM1 S s10 PF ss nb');
    const verified = await verify(kept.certificateNumber);
    expect(verified.json().designations).toEqual(found.rows[0]!.designations);
  });

  it('refuses blank, too short and wildcard-only searches, and other bad input, with 400', async () => {
    const cases: [unknown, string][] = [
      [{}, PUBLIC_REGISTER_MESSAGES.searchTermRequired],
      [{ searchTerm: '   ' }, PUBLIC_REGISTER_MESSAGES.searchTermRequired],
      [{ searchTerm: 'ab' }, PUBLIC_REGISTER_MESSAGES.searchTermTooShort],
      [{ searchTerm: '%%%' }, PUBLIC_REGISTER_MESSAGES.searchTermTooShort],
      [{ searchTerm: '***' }, PUBLIC_REGISTER_MESSAGES.searchTermTooShort],
      [{ searchTerm: '_ % * _' }, PUBLIC_REGISTER_MESSAGES.searchTermTooShort],
      [{ searchTerm: 'a%b_' }, PUBLIC_REGISTER_MESSAGES.searchTermTooShort],
      [{ searchTerm: 'x'.repeat(101) }, PUBLIC_REGISTER_MESSAGES.searchTermTooLong],
      [{ searchTerm: 'Robin', searchBy: 'email' }, 'Search by must be one of name, certificateNumber, program'],
    ];
    for (const [payload, message] of cases) {
      const response = await search(SEARCH, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await search(AICIP, { searchTerm: '%%' })).statusCode).toBe(400);
    expect((await search(SEARCH, { searchTerm: 'Robin', perPageCount: 7 })).statusCode).toBe(400);
    expect((await search(SEARCH, { searchTerm: 'Robin', currentPage: 0 })).statusCode).toBe(400);
    expect((await search(SEARCH, { searchTerm: 'Robin', dateOfBirth: '1980-01-01' })).statusCode).toBe(400);
  });

  it('takes % and _ in a term as themselves, never as patterns', async () => {
    const name = marker();
    const person = await holder(name);
    const literal = await insertTestAward(t.database.db, { applicantId: person.applicantId, programId: programs[2].id, programType: 2, certificateNumber: `${name}_100%` });
    await insertTestAward(t.database.db, { applicantId: person.applicantId, programId: programs[2].id, programType: 2, certificateNumber: `${name}x1000` });
    const found = (await search(SEARCH, { searchTerm: `${name}_100%`, searchBy: 'certificateNumber' })).json<PublicRegisterPage>();
    expect(found.rows.map((row) => row.certificateNumber)).toEqual([literal.certificateNumber]);
    const underscore = (await search(SEARCH, { searchTerm: `${name}_1`, searchBy: 'certificateNumber' })).json<PublicRegisterPage>();
    expect(underscore.rows.map((row) => row.certificateNumber)).toEqual([literal.certificateNumber]);
  });

  it('pages with currentPage and perPageCount, in name order', async () => {
    const name = marker();
    for (let i = 0; i < 12; i++) {
      const person = await holder(`${name}${String.fromCharCode(97 + i)}`);
      await insertTestAward(t.database.db, { applicantId: person.applicantId, programId: programs[1].id, programType: 1 });
    }
    const first = (await search(SEARCH, { searchTerm: name, searchBy: 'name' })).json<PublicRegisterPage>();
    expect(first).toMatchObject({ page: 1, pageSize: 10, totalRows: 12 });
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0]!.name).toBe(`Robin ${name}a`);
    const second = (await search(SEARCH, { searchTerm: name, searchBy: 'name', currentPage: 2, perPageCount: 10 })).json<PublicRegisterPage>();
    expect(second).toMatchObject({ page: 2, pageSize: 10, totalRows: 12 });
    expect(second.rows.map((row) => row.name)).toEqual([`Robin ${name}k`, `Robin ${name}l`]);
    const beyond = (await search(SEARCH, { searchTerm: name, currentPage: 5 })).json<PublicRegisterPage>();
    expect(beyond).toMatchObject({ rows: [], totalRows: 12 });
  });

  it('shows the status now: on hold, cancelled and withdrawn as they are, a current award past its last day as expired', async () => {
    const name = marker();
    const person = await holder(name);
    const statuses = { current: '', 'on hold': '', cancelled: '', withdrawn: '' } as Record<string, string>;
    for (const status of Object.keys(statuses)) {
      statuses[status] = (await insertTestAward(t.database.db, { applicantId: person.applicantId, programId: programs[2].id, programType: 2, status: status as 'current', certificateNumber: `${name}-${status.replace(' ', '')}` })).certificateNumber;
    }
    const lapsed = await insertTestAward(t.database.db, { applicantId: person.applicantId, programId: programs[2].id, programType: 2, expiresOn: '2020-01-31', certificateNumber: `${name}-lapsed` });
    const rows = (await search(SEARCH, { searchTerm: name, perPageCount: 50 })).json<PublicRegisterPage>().rows;
    const statusOf = Object.fromEntries(rows.map((row) => [row.certificateNumber, row.status]));
    expect(statusOf).toEqual({
      [statuses.current!]: 'current',
      [statuses['on hold']!]: 'on hold',
      [statuses.cancelled!]: 'cancelled',
      [statuses.withdrawn!]: 'withdrawn',
      [lapsed.certificateNumber]: 'expired',
    });
  });
});

describe('certificate verification', () => {
  it('answers each status with the public fields, and 404 for an unknown number', async () => {
    const name = marker();
    const person = await holder(name);
    const today = todayInSydney();
    for (const status of AWARD_STATUSES) {
      const award = await insertTestAward(t.database.db, {
        applicantId: person.applicantId,
        programId: programs[4].id,
        programType: 4,
        status: status === 'expired' ? 'current' : status,
        // Its last valid day is today: still current; yesterday: expired.
        expiresOn: status === 'expired' ? '2021-06-30' : today,
        certificateNumber: `${name}-V-${status.replace(' ', '')}`,
      });
      const response = await verify(award.certificateNumber);
      expect(response.statusCode, status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<PublicCertificate>();
      expect(Object.keys(body).sort()).toEqual(PUBLIC_KEYS);
      expect(body).toMatchObject({ name: `Robin ${name}`, certificateNumber: award.certificateNumber, status, programCode: programs[4].programCode, issuingBody: bodyName });
    }
    const unknown = await verify(`${name}-NOPE`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PUBLIC_REGISTER_MESSAGES.certificateNotFound);
  });

  it("verifies an opted-out holder's certificate, with the name it carries, and forgives letter case", async () => {
    const name = marker();
    const person = await holder(name, false);
    const award = await insertTestAward(t.database.db, { applicantId: person.applicantId, programId: programs[2].id, programType: 2, certificateNumber: `${name}-OPT`.toUpperCase() });
    const exact = await verify(award.certificateNumber);
    expect(exact.statusCode).toBe(200);
    expect(exact.json<PublicCertificate>()).toMatchObject({ name: `Robin ${name}`, status: 'current' });
    const typed = await verify(award.certificateNumber.toLowerCase());
    expect(typed.json<PublicCertificate>().certificateNumber).toBe(award.certificateNumber);
    expect(typed.body).not.toContain(person.email);
    // Two numbers that differ only in letter case: each typed exactly answers its own certificate.
    const other = await insertTestAward(t.database.db, { applicantId: person.applicantId, programId: programs[1].id, programType: 1, certificateNumber: award.certificateNumber.toLowerCase() });
    expect((await verify(other.certificateNumber)).json<PublicCertificate>()).toMatchObject({ certificateNumber: other.certificateNumber, programCode: programs[1].programCode });
    expect((await verify(award.certificateNumber)).json<PublicCertificate>()).toMatchObject({ certificateNumber: award.certificateNumber, programCode: programs[2].programCode });
  });
});

describe('limits per client address', () => {
  it('answers 429 with a clear message after the search budget, counting both registers, and only for that address', async () => {
    const address = nextAddress();
    for (let i = 0; i < PUBLIC_REGISTER_LIMITS.search.max; i++) {
      const response = await search(i % 2 ? AICIP : SEARCH, { searchTerm: 'Robin' }, address);
      expect(response.statusCode, `request ${i + 1}`).toBe(200);
    }
    const refused = await search(SEARCH, { searchTerm: 'Robin' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(PUBLIC_REGISTER_MESSAGES.tooManySearches);
    expect((await search(AICIP, { searchTerm: 'Robin' }, address)).statusCode).toBe(429);
    expect((await search(SEARCH, { searchTerm: 'Robin' }, nextAddress())).statusCode).toBe(200);
    // Verification has a budget of its own.
    expect((await verify('NO-SUCH-NUMBER', address)).statusCode).toBe(404);
  });

  it('answers 429 after the verification budget', async () => {
    const address = nextAddress();
    for (let i = 0; i < PUBLIC_REGISTER_LIMITS.verify.max; i++) expect((await verify('NO-SUCH-NUMBER', address)).statusCode).toBe(404);
    const refused = await verify('NO-SUCH-NUMBER', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(PUBLIC_REGISTER_MESSAGES.tooManyVerifications);
    const counted = await t.database.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.key, address));
    // Refused requests are taken back: the window holds the budget and no more.
    expect(counted).toHaveLength(PUBLIC_REGISTER_LIMITS.verify.max);
  });

  it('takes its budgets from REGISTER_LIMIT_* (a body whose employers check many certificates from one office raises them)', async () => {
    const office = await buildTestApp({ REGISTER_LIMIT_VERIFICATIONS: '3', REGISTER_LIMIT_SEARCHES: '2' }, t.database);
    try {
      const address = nextAddress();
      const officeVerify = () => office.app.inject({ method: 'GET', url: '/unauth/verify/NO-SUCH-NUMBER', remoteAddress: address });
      for (let i = 0; i < 3; i++) expect((await officeVerify()).statusCode).toBe(404);
      expect((await officeVerify()).statusCode).toBe(429);
      const officeSearch = () => office.app.inject({ method: 'POST', url: SEARCH, payload: { searchTerm: 'Robin' }, remoteAddress: address });
      for (let i = 0; i < 2; i++) expect((await officeSearch()).statusCode).toBe(200);
      expect((await officeSearch()).json().message).toBe(PUBLIC_REGISTER_MESSAGES.tooManySearches);
    } finally {
      await office.close();
    }
  });
});

describe('the register opt-out in the profile', () => {
  it('is saved with the profile, leaves the register at once, shows on staff view, and stays as it is when a save leaves it out', async () => {
    const name = marker();
    const person = await holder(name);
    const award = await insertTestAward(t.database.db, { applicantId: person.applicantId, programId: programs[2].id, programType: 2 });
    const { jwt } = await signIn(t.app, person);
    const staffJwt = (await signIn(t.app, staff)).jwt;
    const inRegister = async () => (await search(SEARCH, { searchTerm: name })).json<PublicRegisterPage>().rows.map((row) => row.certificateNumber);

    const own = await t.app.inject({ method: 'GET', url: `/api/applicant/${person.applicantId}`, headers: bearer(jwt) });
    expect(own.json().listedInRegister).toBe(true);
    expect(await inRegister()).toEqual([award.certificateNumber]);

    const save = (payload: object) => t.app.inject({ method: 'POST', url: '/api/applicant/save', headers: bearer(jwt), payload: { firstName: 'Robin', lastName: name, ...payload } });
    const optOut = await save({ listedInRegister: false });
    expect(optOut.statusCode).toBe(200);
    expect(optOut.json().listedInRegister).toBe(false);
    expect(await inRegister()).toEqual([]);
    const staffView = await t.app.inject({ method: 'GET', url: `/api/applicant/profiledetails/${person.applicantId}`, headers: bearer(staffJwt) });
    expect(staffView.json().listedInRegister).toBe(false);

    // A save from a form without the switch (or an older client) changes nothing about it.
    expect((await save({ phone: '02 9999 0000' })).json().listedInRegister).toBe(false);
    expect((await save({ listedInRegister: 'no' })).statusCode).toBe(400);
    expect((await save({ listedInRegister: true })).json().listedInRegister).toBe(true);
    expect(await inRegister()).toEqual([award.certificateNumber]);
  });
});
