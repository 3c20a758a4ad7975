import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import {
  CERTIFICATE_CHECK_CSV_COLUMNS,
  CERTIFICATE_CHECK_MESSAGES,
  DAILY_CERTIFICATE_CHECK_NUMBERS,
  MAX_CERTIFICATE_CHECK_NUMBERS,
  type CertificateCheck,
  type CertificateCheckSummary,
} from '@certs/shared/certificate-check/certificate-check.contract';
import type { CompanyAccess } from '@certs/shared/company-access/company-access.contract';
import type { PublicCertificate } from '@certs/shared/public-register/public-register.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { certificateCheckBatches, certificateChecks } from '../../db/schema/certificate-check';
import { companies } from '../../db/schema/company';
import { applicants } from '../../db/schema/user';
import { insertTestAward } from '../public-register/test-awards';
import { insertKeptQualification } from '../wpq-validity/wpq-validity-test-records';

/**
 * A company checks many certificate numbers at once (issue 42, decision 038): each answers what
 * the public verification page answers, unknown numbers come back not found, the result downloads
 * as CSV, and every certificate found is logged for its holder, who sees which company checked.
 */

let t: TestApp;
const run = randomBytes(3).toString('hex');
const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });
let addressCounter = 0;
const verify = (number: string) => t.app.inject({ method: 'GET', url: `/unauth/verify/${encodeURIComponent(number)}`, remoteAddress: `192.0.2.${++addressCounter}` });

let coordinator: CreatedUser;
let coordinatorJwt: string;
let viewerJwt: string;
let otherCompanyJwt: string;
let holder: CreatedUser;
let holderJwt: string;
let optedOut: CreatedUser;
let otherApplicantJwt: string;
let staffJwt: string;
const numbers = { current: '', expired: '', cancelled: '', onHold: '', optedOut: '', welder: '' };

async function batchesOf(companyId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(certificateCheckBatches).where(eq(certificateCheckBatches.companyId, companyId));
  return row!.n;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const staff = await createUser(db, { role: ROLES.SuperUser });
  staffJwt = (await signIn(t.app, staff)).jwt;
  const certification = await createProgram(db, { programManagerId: staff.id, programType: 2, status: 2, programTitle: 'Welding Supervisor' });
  const welding = await createProgram(db, { programManagerId: staff.id, programType: 3, status: 2, programTitle: 'Welder to ISO 9606-1' });
  holder = await createUser(db, { role: ROLES.Applicant, firstName: 'Kerry', lastName: `Holder${run}` });
  holderJwt = (await signIn(t.app, holder)).jwt;
  optedOut = await createUser(db, { role: ROLES.Applicant, firstName: 'Olive', lastName: `Private${run}` });
  await db.update(applicants).set({ listedInRegister: false }).where(eq(applicants.id, optedOut.applicantId!));
  otherApplicantJwt = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  const award = async (applicant: CreatedUser, suffix: string, values: { status?: 'current' | 'cancelled' | 'on hold'; expiresOn?: string }) =>
    (await insertTestAward(db, { applicantId: applicant.applicantId!, programId: certification.id, programType: 2, certificateNumber: `CHK-${run}-${suffix}`, ...values })).certificateNumber;
  numbers.current = await award(holder, 'CUR', { expiresOn: '2099-01-31' });
  numbers.expired = await award(holder, 'EXP', { expiresOn: '2020-01-31' });
  numbers.cancelled = await award(holder, 'CAN', { status: 'cancelled' });
  numbers.onHold = await award(holder, 'HOLD', { status: 'on hold' });
  numbers.optedOut = await award(optedOut, 'OPT', {});
  numbers.welder = (await insertKeptQualification(db, { applicantId: holder.applicantId!, programId: welding.id, testDate: '2026-05-04', option: '9.3c' })).certificateNumber;

  coordinator = await createUser(db, { role: ROLES.CompanyCoordinator });
  coordinatorJwt = (await signIn(t.app, coordinator)).jwt;
  viewerJwt = (await signIn(t.app, await createUser(db, { role: ROLES.CompanyViewer, companyId: coordinator.companyId!, firstName: 'Vera', lastName: 'Viewer' }))).jwt;
  otherCompanyJwt = (await signIn(t.app, await createUser(db, { role: ROLES.CompanyCoordinator }))).jwt;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("a company's check of certificate numbers", () => {
  it('answers each number as the verification page does, in the order given, each once, and unknown numbers as not found', async () => {
    const unknown = `CHK-${run}-NONE`;
    const pasted = ['  ', numbers.current, ` ${numbers.expired} `, numbers.cancelled, numbers.onHold, numbers.optedOut, numbers.welder, unknown, numbers.current.toLowerCase(), '', numbers.current];
    const response = await send('POST', '/api/employer/certificate-checks', coordinatorJwt, { numbers: pasted });
    expect(response.statusCode, response.body).toBe(201);
    const check = response.json<CertificateCheck>();
    expect(check).toMatchObject({ checkedBy: 'Test Person', total: 7, found: 6 });
    expect(check.rows.map((row) => [row.number, row.found, row.status])).toEqual([
      [numbers.current, true, 'current'],
      [numbers.expired, true, 'expired'],
      [numbers.cancelled, true, 'cancelled'],
      [numbers.onHold, true, 'on hold'],
      [numbers.optedOut, true, 'current'],
      [numbers.welder, true, 'current'],
      [unknown, false, null],
    ]);
    expect(check.rows[0]).toMatchObject({ holderName: `Kerry Holder${run}`, programTitle: 'Welding Supervisor', expiresOn: '2099-01-31', awardDate: '2026-03-02' });
    expect(check.rows[6]).toMatchObject({ holderName: null, programCode: null, awardingBody: null, expiresOn: null });
    // Every found row says exactly what the public verification page says of the number.
    for (const row of check.rows.filter((r) => r.found)) {
      const verified = (await verify(row.number)).json<PublicCertificate>();
      expect({ ...row, number: undefined, found: undefined }).toEqual({
        number: undefined,
        found: undefined,
        certificateNumber: verified.certificateNumber,
        holderName: verified.name,
        programCode: verified.programCode,
        programTitle: verified.programTitle,
        awardingBody: verified.issuingBody,
        status: verified.status,
        awardDate: verified.awardDate,
        expiresOn: verified.expiresOn,
        designations: verified.designations,
      });
    }
    expect(check.rows[5]!.designations).toContain('ISO 9606-1 135 P BW FM1 S s10 PF ss nb');
    // The holder who opted out of the register is still named, as the verification page names them; nothing else about anyone leaves.
    expect(check.rows[4]!.holderName).toBe(`Olive Private${run}`);
    expect(response.body).not.toContain(holder.email);
    expect(response.body).not.toContain(holder.applicantId);

    // A number typed in another letter case is the same certificate.
    const typed = (await send('POST', '/api/employer/certificate-checks', viewerJwt, { numbers: [numbers.current.toLowerCase()] })).json<CertificateCheck>();
    expect(typed.rows).toEqual([expect.objectContaining({ number: numbers.current.toLowerCase(), found: true, certificateNumber: numbers.current, status: 'current' })]);
  });

  it("lists the company's own past checks with counts, reads one again and downloads it as CSV; another company sees none of them", async () => {
    const first = (await send('POST', '/api/employer/certificate-checks', coordinatorJwt, { numbers: [numbers.current, `=HYPERLINK("x")`, numbers.expired] })).json<CertificateCheck>();
    const second = (await send('POST', '/api/employer/certificate-checks', viewerJwt, { numbers: [numbers.cancelled] })).json<CertificateCheck>();
    const listed = await send('GET', '/api/employer/certificate-checks', viewerJwt);
    expect(listed.statusCode).toBe(200);
    const summaries = listed.json<CertificateCheckSummary[]>();
    expect(summaries.slice(0, 2)).toEqual([
      { id: second.id, checkedOn: second.checkedOn, checkedBy: 'Vera Viewer', total: 1, found: 1 },
      { id: first.id, checkedOn: first.checkedOn, checkedBy: 'Test Person', total: 3, found: 2 },
    ]);

    const again = await send('GET', `/api/employer/certificate-checks/${first.id}`, coordinatorJwt);
    expect(again.statusCode).toBe(200);
    expect(again.json<CertificateCheck>()).toEqual(first);

    const csv = await send('GET', `/api/employer/certificate-checks/${first.id}.csv`, viewerJwt);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="certificate-check-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe(CERTIFICATE_CHECK_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(`${numbers.current},Yes,${numbers.current},Kerry Holder${run},${again.json<CertificateCheck>().rows[0]!.programCode},Welding Supervisor,${first.rows[0]!.awardingBody},Current,02-Mar-2026,31-Jan-2099,`);
    // An entered text that would run as a formula in a spreadsheet is written as text; the unknown number reads "Not found".
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"")",No,,,,,,${CERTIFICATE_CHECK_MESSAGES.notFound},,,`);
    expect(lines[3]).toContain(',Expired,');

    const others = (await send('GET', '/api/employer/certificate-checks', otherCompanyJwt)).json<CertificateCheckSummary[]>();
    expect(others.map((summary) => summary.id)).not.toContain(first.id);
    for (const url of [`/api/employer/certificate-checks/${first.id}`, `/api/employer/certificate-checks/${first.id}.csv`, '/api/employer/certificate-checks/not-a-check']) {
      const refused = await send('GET', url, otherCompanyJwt);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: CERTIFICATE_CHECK_MESSAGES.checkNotFound });
      expect(refused.body).not.toContain(numbers.current);
    }
  });

  it('refuses more than 500 numbers and an empty list with 400 and a clear message, and logs nothing', async () => {
    const before = await batchesOf(coordinator.companyId!);
    const tooMany = Array.from({ length: MAX_CERTIFICATE_CHECK_NUMBERS + 1 }, (_, i) => `${numbers.current}-${i}`);
    tooMany[0] = numbers.current;
    const refused = await send('POST', '/api/employer/certificate-checks', coordinatorJwt, { numbers: tooMany });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: CERTIFICATE_CHECK_MESSAGES.tooManyNumbers });
    // 500 different numbers with repeats and blanks are within the limit: each counts once.
    const withRepeats = [...tooMany.slice(0, MAX_CERTIFICATE_CHECK_NUMBERS), ...tooMany.slice(0, 50), '', '  '];
    const accepted = await send('POST', '/api/employer/certificate-checks', coordinatorJwt, { numbers: withRepeats });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<CertificateCheck>()).toMatchObject({ total: MAX_CERTIFICATE_CHECK_NUMBERS, found: 1 });
    for (const payload of [{ numbers: [] }, { numbers: ['', '   '] }, {}]) {
      const empty = await send('POST', '/api/employer/certificate-checks', coordinatorJwt, payload);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ message: CERTIFICATE_CHECK_MESSAGES.numbersRequired });
    }
    const tooLong = await send('POST', '/api/employer/certificate-checks', coordinatorJwt, { numbers: ['X'.repeat(101)] });
    expect(tooLong.json()).toMatchObject({ statusCode: 400, message: CERTIFICATE_CHECK_MESSAGES.numberTooLong });
    expect(await batchesOf(coordinator.companyId!)).toBe(before + 1);
  });

  it('keeps a company to its daily budget of numbers: the check that would pass it is refused with 429 and logs nothing', async () => {
    const company = await createUser(t.database.db, { role: ROLES.CompanyCoordinator });
    const jwt = (await signIn(t.app, company)).jwt;
    // Earlier today the company checked all but 100 of its budget.
    const earlier = Array.from({ length: DAILY_CERTIFICATE_CHECK_NUMBERS - 100 }, (_, i) => `EARLIER-${i}`);
    await t.database.db.insert(certificateCheckBatches).values({ companyId: company.companyId!, checkedBy: company.id, numbers: earlier, foundCount: 0 });
    const over = await send('POST', '/api/employer/certificate-checks', jwt, { numbers: [numbers.current, ...Array.from({ length: 100 }, (_, i) => `OVER-${i}`)] });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ message: CERTIFICATE_CHECK_MESSAGES.dailyLimit });
    expect(await batchesOf(company.companyId!)).toBe(1);
    const within = await send('POST', '/api/employer/certificate-checks', jwt, { numbers: [numbers.current] });
    expect(within.statusCode, within.body).toBe(201);
    // Another company's budget is its own.
    expect((await send('POST', '/api/employer/certificate-checks', otherCompanyJwt, { numbers: [numbers.current] })).statusCode).toBe(201);
  });

  it('refuses applicants and staff on every check route', async () => {
    const [check] = (await send('GET', '/api/employer/certificate-checks', coordinatorJwt)).json<CertificateCheckSummary[]>();
    for (const jwt of [holderJwt, staffJwt]) {
      expect((await send('POST', '/api/employer/certificate-checks', jwt, { numbers: [numbers.current] })).statusCode).toBe(403);
      expect((await send('GET', '/api/employer/certificate-checks', jwt)).statusCode).toBe(403);
      expect((await send('GET', `/api/employer/certificate-checks/${check!.id}`, jwt)).statusCode).toBe(403);
      expect((await send('GET', `/api/employer/certificate-checks/${check!.id}.csv`, jwt)).statusCode).toBe(403);
    }
  });
});

describe("the holder's log of checks", () => {
  it('shows the holder which company checked which certificate and when, never who there; another applicant sees none of it', async () => {
    const [company] = await t.database.db.insert(companies).values({ name: `Crew Checkers ${run}`, contactEmail: `office.${run}@checkers.test` }).returning({ id: companies.id });
    const checker = await createUser(t.database.db, { role: ROLES.CompanyViewer, companyId: company!.id, firstName: 'Chuck', lastName: `Checker${run}` });
    const checked = (await send('POST', '/api/employer/certificate-checks', (await signIn(t.app, checker)).jwt, { numbers: [numbers.onHold, `NOPE-${run}`] })).json<CertificateCheck>();
    const [logged] = await t.database.db.select({ n: count() }).from(certificateChecks).where(eq(certificateChecks.companyId, company!.id));
    expect(logged!.n).toBe(1);

    const access = await send('GET', '/api/company/employer/access', holderJwt);
    expect(access.statusCode).toBe(200);
    const log = access.json<CompanyAccess>().checks;
    expect(log[0]).toEqual({ companyName: `Crew Checkers ${run}`, certificateNumber: numbers.onHold, checkedOn: checked.checkedOn });
    // The company, not the person there: neither their email nor their name.
    expect(access.body).not.toContain(checker.email);
    expect(access.body).not.toContain(`Checker${run}`);

    const optedOutLog = (await send('GET', '/api/company/employer/access', (await signIn(t.app, optedOut)).jwt)).json<CompanyAccess>().checks;
    expect(optedOutLog.map((entry) => entry.certificateNumber)).toEqual([numbers.optedOut]);
    expect((await send('GET', '/api/company/employer/access', otherApplicantJwt)).json<CompanyAccess>().checks).toEqual([]);
    // A company user or staff member has no such view.
    expect((await send('GET', '/api/company/employer/access', coordinatorJwt)).statusCode).toBe(403);
    expect((await send('GET', '/api/company/employer/access', staffJwt)).statusCode).toBe(403);
  });
});
