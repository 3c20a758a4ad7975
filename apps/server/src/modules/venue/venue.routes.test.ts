import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { TESTING_AGENCY_MESSAGES as M, VENUE_MESSAGES } from '@certs/shared/venue/venue.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { eq } from 'drizzle-orm';
import { applicationModules } from '../../db/schema/application-module';
import { programModules } from '../../db/schema/program';
import { createApplicationWithModules, createTestCentre, createVenue } from '../../../test/factories/application-module.factory';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

let t: TestApp;
let utilitiesJwt: string;
let programsJwt: string;
let otherStaffJwt: string;
let applicantJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const users = await Promise.all([
    createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Utilities'] }),
    createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }),
    createUser(db, { role: ROLES.User, menuItems: ['Dashboard', 'Reports'] }),
    createUser(db, { role: ROLES.Applicant }),
  ]);
  const tokens = await Promise.all(users.map(async (user) => (await signIn(t.app, user)).jwt));
  [utilitiesJwt, programsJwt, otherStaffJwt, applicantJwt] = tokens as [string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, jwt: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

const centre = (overrides: Record<string, unknown> = {}) => ({
  referenceNumber: 'TC-NEW-01',
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

describe('venues', () => {
  let venueId: string;

  it('are created, read, renamed and removed by staff with Utilities', async () => {
    const created = await send('POST', '/api/venue', utilitiesJwt, { title: '  Sydney Training Centre ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Sydney Training Centre' });
    venueId = created.json().id;
    await send('POST', '/api/venue', utilitiesJwt, { title: 'Melbourne Workshop' });
    await send('POST', '/api/venue', utilitiesJwt, { title: 'Perth Fabrication Hall' });
    expect((await send('GET', `/api/venue/${venueId}`, utilitiesJwt)).json().title).toBe('Sydney Training Centre');
    const renamed = await send('PUT', `/api/venue/${venueId}`, utilitiesJwt, { title: 'Sydney Training Centre (Level 2)' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('Sydney Training Centre (Level 2)');
  });

  it('are paged and searched by title, in title order', async () => {
    const all = (await send('GET', '/api/venue/pagination', programsJwt)).json();
    expect(all).toMatchObject({ page: 1, pageSize: 10, totalRows: 3 });
    expect(all.rows.map((v: { title: string }) => v.title)).toEqual(['Melbourne Workshop', 'Perth Fabrication Hall', 'Sydney Training Centre (Level 2)']);
    const found = (await send('GET', '/api/venue/pagination?searchTerm=perth', utilitiesJwt)).json();
    expect(found.rows.map((v: { title: string }) => v.title)).toEqual(['Perth Fabrication Hall']);
    expect((await send('GET', '/api/venue/pagination?pageSize=7', utilitiesJwt)).statusCode).toBe(400);
  });

  it('say what is wrong with a title', async () => {
    const blank = await send('POST', '/api/venue', utilitiesJwt, { title: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ title: VENUE_MESSAGES.titleRequired });
    const taken = await send('POST', '/api/venue', utilitiesJwt, { title: 'melbourne workshop' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ title: VENUE_MESSAGES.titleTaken });
    expect((await send('POST', '/api/venue', utilitiesJwt, { title: 'A', extra: 1 })).statusCode).toBe(400);
  });

  it('are read by staff with Programs but changed only with Utilities; applicants and other staff get 403', async () => {
    expect((await send('POST', '/api/venue', programsJwt, { title: 'Nope' })).statusCode).toBe(403);
    expect((await send('PUT', `/api/venue/${venueId}`, programsJwt, { title: 'Nope' })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/venue/remove/${venueId}`, programsJwt)).statusCode).toBe(403);
    expect((await send('GET', '/api/venue/pagination', otherStaffJwt)).statusCode).toBe(403);
    expect((await send('GET', '/api/venue/pagination', applicantJwt)).statusCode).toBe(403);
    expect((await send('POST', '/api/venue', applicantJwt, { title: 'Nope' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/venue/pagination' })).statusCode).toBe(401);
  });

  it('are removed, then gone', async () => {
    expect((await send('DELETE', `/api/venue/remove/${venueId}`, utilitiesJwt)).statusCode).toBe(204);
    expect((await send('GET', `/api/venue/${venueId}`, utilitiesJwt)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/venue/remove/${venueId}`, utilitiesJwt)).statusCode).toBe(404);
    expect((await send('GET', '/api/venue/not-a-uuid', utilitiesJwt)).statusCode).toBe(404);
  });
});

describe('test centres', () => {
  let centreId: string;

  it('are created with the spec fields, optional street number and alternate email', async () => {
    const created = await send('POST', '/api/testingagency', utilitiesJwt, centre({ streetNumber: undefined, alternateEmail: undefined }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...centre(), streetNumber: '', alternateEmail: '' });
    centreId = created.json().id;
    await send('POST', '/api/testingagency', utilitiesJwt, centre({ referenceNumber: 'TC-AKL-02', companyName: 'Auckland Weld Testing', city: 'Auckland', state: 'AUK', country: 'New Zealand', primaryEmail: 'akl@weldtest.example' }));
  });

  it('need every other field, a valid primary email, and a valid alternate email when given', async () => {
    const empty = await send('POST', '/api/testingagency', utilitiesJwt, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({
      referenceNumber: M.required('Reference Number'),
      companyName: M.required('Company Name'),
      streetName: M.required('Street Name'),
      postalCode: M.required('Postal Code'),
      city: M.required('City'),
      state: M.required('State'),
      country: M.required('Country'),
      phone: M.required('Phone'),
      mobile: M.required('Mobile'),
      primaryEmail: M.required('Primary Email'),
    });
    const badEmail = await send('POST', '/api/testingagency', utilitiesJwt, centre({ referenceNumber: 'TC-X', primaryEmail: 'bookings-at-hunter' }));
    expect(badEmail.json().fieldErrors).toEqual({ primaryEmail: M.invalidEmail });
    const badAlternate = await send('POST', '/api/testingagency', utilitiesJwt, centre({ referenceNumber: 'TC-X', alternateEmail: 'office' }));
    expect(badAlternate.json().fieldErrors).toEqual({ alternateEmail: M.invalidEmail });
    const badPhone = await send('POST', '/api/testingagency', utilitiesJwt, centre({ referenceNumber: 'TC-X', phone: 'ring me' }));
    expect(badPhone.json().fieldErrors).toEqual({ phone: M.phoneInvalid });
  });

  it('keep reference numbers unique, whatever the case', async () => {
    const taken = await send('POST', '/api/testingagency', utilitiesJwt, centre({ referenceNumber: 'tc-new-01' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ referenceNumber: M.referenceTaken });
    const clash = await send('PUT', `/api/testingagency/${centreId}`, utilitiesJwt, centre({ referenceNumber: 'TC-AKL-02' }));
    expect(clash.statusCode).toBe(409);
  });

  it('are paged and searched by reference, company, city, state and email', async () => {
    const search = async (term: string) => (await send('GET', `/api/testingagency/pagination?searchTerm=${encodeURIComponent(term)}`, programsJwt)).json().rows.map((c: { referenceNumber: string }) => c.referenceNumber);
    expect(await search('')).toEqual(['TC-AKL-02', 'TC-NEW-01']);
    expect(await search('hunter')).toEqual(['TC-NEW-01']);
    expect(await search('auckland')).toEqual(['TC-AKL-02']);
    expect(await search('tc-new')).toEqual(['TC-NEW-01']);
    expect(await search('akl@')).toEqual(['TC-AKL-02']);
  });

  it('are changed and removed with Utilities only', async () => {
    const changed = await send('PUT', `/api/testingagency/${centreId}`, utilitiesJwt, centre({ alternateEmail: 'office@hunterwelding.example', mobile: '0411 000 111' }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ alternateEmail: 'office@hunterwelding.example', mobile: '0411 000 111' });
    expect((await send('PUT', `/api/testingagency/${centreId}`, programsJwt, centre())).statusCode).toBe(403);
    expect((await send('POST', '/api/testingagency', applicantJwt, centre({ referenceNumber: 'TC-Z' }))).statusCode).toBe(403);
    expect((await send('GET', `/api/testingagency/${centreId}`, applicantJwt)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/testingagency/remove/${centreId}`, programsJwt)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/testingagency/remove/${centreId}`, utilitiesJwt)).statusCode).toBe(204);
    expect((await send('GET', `/api/testingagency/${centreId}`, utilitiesJwt)).statusCode).toBe(404);
  });
});

describe('places named in an exam schedule', () => {
  it('cannot be removed: 409 with the reason, and the place stays', async () => {
    const db = t.database.db;
    const manager = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] });
    const candidate = await createUser(db, { role: ROLES.Applicant });
    const program = await createProgram(db, { programManagerId: manager.id, status: 2 });
    await completeProgram(db, program.id, 1, manager.id);
    const [programModule] = await db.select({ id: programModules.id }).from(programModules).where(eq(programModules.programId, program.id));
    const application = await createApplicationWithModules(db, { applicantId: candidate.applicantId!, programId: program.id, programModuleIds: [programModule!.id] });
    const venue = await createVenue(db);
    const testCentre = await createTestCentre(db, 'Pilbara Weld Testing');
    await db.update(applicationModules).set({ venueId: venue.id, testingAgencyId: testCentre.id }).where(eq(applicationModules.id, application.moduleIds[0]!));

    const venueRefusal = await send('DELETE', `/api/venue/remove/${venue.id}`, utilitiesJwt);
    expect(venueRefusal.statusCode).toBe(409);
    expect(venueRefusal.json().message).toBe(VENUE_MESSAGES.inUse);
    expect((await send('GET', `/api/venue/${venue.id}`, utilitiesJwt)).statusCode).toBe(200);

    const centreRefusal = await send('DELETE', `/api/testingagency/remove/${testCentre.id}`, utilitiesJwt);
    expect(centreRefusal.statusCode).toBe(409);
    expect(centreRefusal.json().message).toBe(M.inUse);
    expect((await send('GET', `/api/testingagency/${testCentre.id}`, utilitiesJwt)).statusCode).toBe(200);
  });
});
