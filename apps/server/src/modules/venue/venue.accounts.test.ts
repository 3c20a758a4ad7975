import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

/** Venues and test centres belong to an account (decision 033): another account's staff never reach them. */

let t: TestApp;
let auJwt: string;
let nzJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const nz = await createAccount(db);
  auJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Utilities'] }))).jwt;
  nzJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Utilities'], accountId: nz.id }))).jwt;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, jwt: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

const centre = (overrides: Record<string, unknown> = {}) => ({
  referenceNumber: 'TC-AU-01',
  companyName: 'Hunter Welding Test Centre',
  streetNumber: '12',
  streetName: 'Industrial Drive',
  postalCode: '2300',
  city: 'Newcastle',
  state: 'NSW',
  country: 'Australia',
  phone: '02 4900 1234',
  mobile: '0400 123 456',
  primaryEmail: 'bookings@hunterwelding.example',
  alternateEmail: '',
  ...overrides,
});

describe('venues of two accounts', () => {
  it('may share a title, each account seeing only its own', async () => {
    const au = await send('POST', '/api/venue', auJwt, { title: 'Harbour Workshop' });
    const nz = await send('POST', '/api/venue', nzJwt, { title: 'harbour workshop' });
    expect(au.statusCode).toBe(201);
    expect(nz.statusCode).toBe(201);
    const nzList = (await send('GET', '/api/venue/pagination?searchTerm=harbour', nzJwt)).json();
    expect(nzList.totalRows).toBe(1);
    expect(nzList.rows.map((row: { id: string }) => row.id)).toEqual([nz.json().id]);
    const auList = (await send('GET', '/api/venue/pagination?searchTerm=harbour', auJwt)).json();
    expect(auList.rows.map((row: { id: string }) => row.id)).toEqual([au.json().id]);
  });

  it("answers 404 to another account's administrator reading, renaming or removing a venue, and changes nothing", async () => {
    const { id } = (await send('POST', '/api/venue', auJwt, { title: 'Parramatta Bay 3' })).json();
    expect((await send('GET', `/api/venue/${id}`, nzJwt)).statusCode).toBe(404);
    expect((await send('PUT', `/api/venue/${id}`, nzJwt, { title: 'Taken over' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/venue/remove/${id}`, nzJwt)).statusCode).toBe(404);
    const kept = await send('GET', `/api/venue/${id}`, auJwt);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().title).toBe('Parramatta Bay 3');
  });
});

describe('test centres of two accounts', () => {
  it("answers 404 to another account's administrator and leaves the centre out of their list", async () => {
    const created = await send('POST', '/api/testingagency', auJwt, centre({ referenceNumber: 'TC-AU-ONLY', companyName: 'Illawarra Weld Lab' }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect((await send('GET', `/api/testingagency/${id}`, nzJwt)).statusCode).toBe(404);
    expect((await send('PUT', `/api/testingagency/${id}`, nzJwt, centre({ referenceNumber: 'TC-AU-ONLY', companyName: 'Renamed' }))).statusCode).toBe(404);
    expect((await send('DELETE', `/api/testingagency/remove/${id}`, nzJwt)).statusCode).toBe(404);
    expect((await send('GET', '/api/testingagency/pagination?searchTerm=Illawarra', nzJwt)).json().totalRows).toBe(0);
    const kept = await send('GET', `/api/testingagency/${id}`, auJwt);
    expect(kept.json()).toMatchObject({ companyName: 'Illawarra Weld Lab' });
    expect(kept.json()).not.toHaveProperty('accountId');
  });

  it("lands a new centre in the creator's account", async () => {
    const created = await send('POST', '/api/testingagency', nzJwt, centre({ referenceNumber: 'TC-NZ-01', companyName: 'Auckland Weld Testing', country: 'New Zealand' }));
    expect(created.statusCode).toBe(201);
    expect((await send('GET', '/api/testingagency/pagination?searchTerm=Auckland', nzJwt)).json().totalRows).toBe(1);
    expect((await send('GET', '/api/testingagency/pagination?searchTerm=Auckland', auJwt)).json().totalRows).toBe(0);
  });

  it('may both hold the same reference number, still once within each account', async () => {
    expect((await send('POST', '/api/testingagency', auJwt, centre({ referenceNumber: 'TC-SHARED-7' }))).statusCode).toBe(201);
    expect((await send('POST', '/api/testingagency', nzJwt, centre({ referenceNumber: 'TC-SHARED-7', country: 'New Zealand' }))).statusCode).toBe(201);
    const again = await send('POST', '/api/testingagency', nzJwt, centre({ referenceNumber: 'tc-shared-7', country: 'New Zealand' }));
    expect(again.statusCode).toBe(409);
  });
});
