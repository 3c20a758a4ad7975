import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { PUBLIC_REGISTER_MESSAGES, type PublicCertificate, type PublicRegisterPage, type RegisterBody } from '@certs/shared/public-register/public-register.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { accounts } from '../../db/schema/account';
import { applicants } from '../../db/schema/user';
import type { PublicCertificateRow } from './public-register.repository';
import { toPublicCertificate } from './public-register.service';
import { insertTestAward } from './test-awards';

const SEARCH = '/unauth/application/companyreports/search';
const AICIP = '/unauth/application/companyreports/aicip';

let t: TestApp;
let addressCounter = 0;
/** Each request from its own client address, so that no test spends another's budget. */
const nextAddress = () => `198.51.100.${++addressCounter}`;
const search = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
const page = async (url: string, payload: object) => {
  const response = await search(url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicRegisterPage>();
};

let first: { name: string; shortName: string };
let nz: { id: string; name: string; shortName: string };
/** One holder with a certification and an AICIP award from each body, under a name no other test uses. */
let holderName: string;
const certificates = { au: '', nz: '', auAicip: '', nzAicip: '', nzOptedOut: '' };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const [firstAccount] = await db.select({ name: accounts.name, shortName: accounts.shortName }).from(accounts).where(eq(accounts.id, FIRST_ACCOUNT_ID));
  first = firstAccount!;
  nz = await createAccount(db, { name: 'Welding Certification New Zealand', shortName: 'wcnz' });
  const auManager = await createUser(db, { role: ROLES.AccountContributor });
  const nzManager = await createUser(db, { role: ROLES.AccountContributor, accountId: nz.id });
  const auProgram = await createProgram(db, { programManagerId: auManager.id, status: 2, programType: 2, programTitle: 'Welding Supervisor' });
  const auAicipProgram = await createProgram(db, { programManagerId: auManager.id, status: 2, programType: 4, programTitle: 'Pipeline Inspector' });
  const nzProgram = await createProgram(db, { programManagerId: nzManager.id, status: 2, programType: 2, programTitle: 'Welding Supervisor (NZ)', accountId: nz.id });
  const nzAicipProgram = await createProgram(db, { programManagerId: nzManager.id, status: 2, programType: 4, programTitle: 'Pipeline Inspector (NZ)', accountId: nz.id });

  holderName = `Zb${randomBytes(3).toString('hex')}`;
  const holder = await createUser(db, { role: ROLES.Applicant, firstName: 'Kiri', lastName: holderName });
  const optedOut = await createUser(db, { role: ROLES.Applicant, firstName: 'Kiri', lastName: holderName });
  await db.update(applicants).set({ listedInRegister: false }).where(eq(applicants.id, optedOut.applicantId!));
  const award = async (applicantId: string, programId: string, programType: 2 | 4, certificateNumber: string) =>
    (await insertTestAward(db, { applicantId, programId, programType, certificateNumber })).certificateNumber;
  certificates.au = await award(holder.applicantId!, auProgram.id, 2, `WCB-${holderName}-1`);
  certificates.auAicip = await award(holder.applicantId!, auAicipProgram.id, 4, `WCB-${holderName}-2`);
  certificates.nz = await award(holder.applicantId!, nzProgram.id, 2, `WCNZ-${holderName}-1`);
  certificates.nzAicip = await award(holder.applicantId!, nzAicipProgram.id, 4, `WCNZ-${holderName}-2`);
  certificates.nzOptedOut = await award(optedOut.applicantId!, nzProgram.id, 2, `WCNZ-${holderName}-3`);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the register of several awarding bodies', () => {
  it("searches every body by default and names each row's issuing body", async () => {
    const found = await page(SEARCH, { searchTerm: holderName });
    expect(found.rows.map((row) => [row.certificateNumber, row.issuingBody]).sort()).toEqual([
      [certificates.au, first.name],
      [certificates.nz, nz.name],
    ]);
    const aicip = await page(AICIP, { searchTerm: holderName });
    expect(aicip.rows.map((row) => [row.certificateNumber, row.issuingBody]).sort()).toEqual([
      [certificates.auAicip, first.name],
      [certificates.nzAicip, nz.name],
    ]);
  });

  it("narrows either register to one body by its short name, in any letter case, and still leaves out who opted out", async () => {
    const numbers = async (url: string, accountShortName: string) => (await page(url, { searchTerm: holderName, accountShortName })).rows.map((row) => row.certificateNumber);
    expect(await numbers(SEARCH, 'wcnz')).toEqual([certificates.nz]);
    expect(await numbers(SEARCH, ' WCNZ ')).toEqual([certificates.nz]);
    expect(await numbers(SEARCH, first.shortName)).toEqual([certificates.au]);
    expect(await numbers(AICIP, 'wcnz')).toEqual([certificates.nzAicip]);
    expect(await numbers(AICIP, first.shortName)).toEqual([certificates.auAicip]);
    const byNumber = await page(SEARCH, { searchTerm: `WCB-${holderName}`, searchBy: 'certificateNumber', accountShortName: 'wcnz' });
    expect(byNumber).toMatchObject({ rows: [], totalRows: 0 });
  });

  it('refuses a body that does not exist with 400 and says why, and a blank one as bad input', async () => {
    const unknown = await search(SEARCH, { searchTerm: holderName, accountShortName: 'no-such-body' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: PUBLIC_REGISTER_MESSAGES.bodyNotFound, fieldErrors: { accountShortName: PUBLIC_REGISTER_MESSAGES.bodyNotFound } });
    expect((await search(SEARCH, { searchTerm: holderName, accountShortName: '  ' })).statusCode).toBe(400);
    expect((await search(SEARCH, { searchTerm: holderName, accountShortName: 7 })).statusCode).toBe(400);
  });

  it('lists the bodies with their name and short name only, for the page to filter by', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/unauth/accounts' });
    expect(response.statusCode).toBe(200);
    const bodies = response.json<RegisterBody[]>();
    expect(bodies).toEqual(expect.arrayContaining([{ name: first.name, shortName: first.shortName }, { name: nz.name, shortName: 'wcnz' }]));
    expect(bodies.every((body) => Object.keys(body).sort().join() === 'name,shortName')).toBe(true);
    // Nothing else about a body leaves the server: no id, email, tax numbers or gateway keys.
    expect(response.body).not.toContain(nz.id);
    expect(response.body).not.toContain('@example.test');
    expect(response.body).not.toContain('9429041234563');
  });
});

describe('verification of several bodies\' certificates', () => {
  it('names the body that issued the certificate, for an opted-out holder too', async () => {
    for (const [certificateNumber, body] of [
      [certificates.nz, nz.name],
      [certificates.au, first.name],
      [certificates.nzOptedOut, nz.name],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/unauth/verify/${certificateNumber}`, remoteAddress: nextAddress() });
      expect(response.statusCode).toBe(200);
      expect(response.json<PublicCertificate>()).toMatchObject({ certificateNumber, issuingBody: body, name: `Kiri ${holderName}` });
    }
  });

  it("reads the status now on the issuing body's own day", () => {
    // 12:00 UTC on 1 March 2026 is already 2 March in Auckland (+13:00) but still 1 March in Sydney (+11:00).
    const now = new Date('2026-03-01T12:00:00Z');
    const row: PublicCertificateRow = { firstName: 'Kiri', lastName: 'Holder', programCode: 'C', programTitle: 'T', certificateNumber: 'N', awardedOn: '2023-03-01', expiresOn: '2026-03-01', status: 'current', range: null, issuingBody: 'B', timeZone: 'Pacific/Auckland', issuingBodyShortName: 'b-body', issuingBodyLogoId: null };
    expect(toPublicCertificate(row, now).status).toBe('expired');
    expect(toPublicCertificate({ ...row, timeZone: 'Australia/Sydney' }, now).status).toBe('current');
  });
});
