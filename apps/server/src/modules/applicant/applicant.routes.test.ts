import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_MESSAGES } from '@certs/shared/applicant/applicant.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

let t: TestApp;
let ada: CreatedUser;
let adaJwt: string;
let bob: CreatedUser;
let bobJwt: string;
let staffJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  ada = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arc' });
  bob = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Bead' });
  adaJwt = (await signIn(t.app, ada)).jwt;
  bobJwt = (await signIn(t.app, bob)).jwt;
  const staff = await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Users'] });
  staffJwt = (await signIn(t.app, staff)).jwt;
  // Staff reach an applicant through an application to their account's programs (issue 40).
  const program = await createProgram(t.database.db, { programManagerId: staff.id, status: 2, programType: 1 });
  for (const applicant of [ada, bob]) {
    await createApplicationWithModules(t.database.db, { applicantId: applicant.applicantId!, programId: program.id, status: 'Application Submitted', workflowStage: null, programModuleIds: [] });
  }
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload });
const address = { streetNumber: '12', streetName: 'Foundry Road', city: 'Newcastle', state: 'NSW', postalCode: '2300', country: 'Australia' };

describe('the applicant profile', () => {
  it('saves and reads the personal and contact details', async () => {
    const saved = await post('/api/applicant/save', { firstName: 'Ada', lastName: 'Arc-Smith', dateOfBirth: '1990-04-02', phone: '+61 2 4900 0000', primaryEmail: 'ada.work@example.test', homeAddress: address }, adaJwt);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: ada.applicantId, lastName: 'Arc-Smith', dateOfBirth: '1990-04-02', homeAddress: address, workAddress: { city: '' }, isMember: false });
    expect((await get(`/api/applicant/${ada.applicantId}`, adaJwt)).json().phone).toBe('+61 2 4900 0000');
  });

  it("answers 404 for another applicant's profile, and saves only one's own", async () => {
    expect((await get(`/api/applicant/${bob.applicantId}`, adaJwt)).statusCode).toBe(404);
    expect((await get(`/api/applicant/${bob.applicantId}`, bobJwt)).statusCode).toBe(200);
    expect((await post('/api/applicant/save', { firstName: 'Bob', lastName: 'Bead' }, staffJwt)).statusCode).toBe(403);
  });

  it('refuses bad contact details with field messages', async () => {
    const bad = await post('/api/applicant/save', { firstName: 'Ada', lastName: 'Arc', phone: 'call me', primaryEmail: 'nope' }, adaJwt);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ phone: APPLICANT_MESSAGES.phoneInvalid, primaryEmail: 'Invalid email' });
    expect((await post('/api/applicant/save', { firstName: '', lastName: 'Arc' }, adaJwt)).json().fieldErrors.firstName).toBe('First Name is required');
  });
});

describe('membership', () => {
  it('applies member fees only once staff confirm, and withdraws the confirmation when the number changes', async () => {
    const declared = await post('/api/applicant/save', { firstName: 'Bob', lastName: 'Bead', membershipType: 'individual', memberNumber: 'WTIA-4471' }, bobJwt);
    expect(declared.json()).toMatchObject({ membershipType: 'individual', memberNumber: 'WTIA-4471', membershipConfirmedOn: null, isMember: false });
    expect((await post('/api/applicant/save', { firstName: 'Bob', lastName: 'Bead', membershipType: 'corporate' }, bobJwt)).json().fieldErrors.memberNumber).toBe(APPLICANT_MESSAGES.memberNumberRequired);

    const list = (await get('/api/applicant/pagination/all?searchTerm=WTIA-4471', staffJwt)).json();
    expect(list.rows.map((row: { id: string }) => row.id)).toEqual([bob.applicantId]);
    const confirmed = await post(`/api/applicant/${bob.applicantId}/membership`, { isConfirmed: true, memberCurrentUntil: '2099-06-30' }, staffJwt);
    expect(confirmed.json()).toMatchObject({ isMember: true, memberCurrentUntil: '2099-06-30' });
    expect((await get('/api/applicant/pagination/all?canShowActiveMember=true&pageSize=250', staffJwt)).json().rows.map((r: { id: string }) => r.id)).toContain(bob.applicantId);

    const changed = await post('/api/applicant/save', { firstName: 'Bob', lastName: 'Bead', membershipType: 'individual', memberNumber: 'WTIA-9999' }, bobJwt);
    expect(changed.json()).toMatchObject({ isMember: false, membershipConfirmedOn: null });
  });

  it('counts an expired membership as none', async () => {
    await post('/api/applicant/save', { firstName: 'Ada', lastName: 'Arc', membershipType: 'individual', memberNumber: 'OLD-1' }, adaJwt);
    expect((await post(`/api/applicant/${ada.applicantId}/membership`, { isConfirmed: true, memberCurrentUntil: '2020-01-01' }, staffJwt)).json().isMember).toBe(false);
  });

  it("keeps an applicant of one account from another account's staff: not listed, not readable, not confirmed (issue 40)", async () => {
    const nz = await createAccount(t.database.db);
    const nzJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Users'], accountId: nz.id }))).jwt;
    const list = (await get('/api/applicant/pagination/all?pageSize=250', nzJwt)).json();
    expect(list.rows.map((row: { id: string }) => row.id)).not.toContain(ada.applicantId);
    expect((await get(`/api/applicant/${ada.applicantId}`, nzJwt)).statusCode).toBe(403);
    expect((await get(`/api/applicant/profiledetails/${ada.applicantId}`, nzJwt)).statusCode).toBe(403);
    expect((await get(`/api/applicantexperience/byapplicant/${ada.applicantId}`, nzJwt)).statusCode).toBe(403);
    const before = (await get(`/api/applicant/${ada.applicantId}`, adaJwt)).json();
    const refused = await post(`/api/applicant/${ada.applicantId}/membership`, { isConfirmed: false, memberCurrentUntil: null }, nzJwt);
    expect(refused.statusCode).toBe(404);
    expect((await get(`/api/applicant/${ada.applicantId}`, adaJwt)).json()).toEqual(before);
    // A registrant who has applied nowhere is no account's record: any account's staff list them and confirm their membership.
    const newcomer = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Nina', lastName: 'Newcomer' });
    await post('/api/applicant/save', { firstName: 'Nina', lastName: 'Newcomer', membershipType: 'individual', memberNumber: 'NZ-77' }, (await signIn(t.app, newcomer)).jwt);
    expect((await get('/api/applicant/pagination/all?searchTerm=Newcomer', nzJwt)).json().rows.map((row: { id: string }) => row.id)).toEqual([newcomer.applicantId]);
    expect((await post(`/api/applicant/${newcomer.applicantId}/membership`, { isConfirmed: true, memberCurrentUntil: '2099-06-30' }, nzJwt)).json()).toMatchObject({ isMember: true });
  });

  it('keeps the staff screens from applicants', async () => {
    expect((await get('/api/applicant/pagination/all', adaJwt)).statusCode).toBe(403);
    expect((await post(`/api/applicant/${ada.applicantId}/membership`, { isConfirmed: true }, adaJwt)).statusCode).toBe(403);
    expect((await get(`/api/applicant/profiledetails/${ada.applicantId}`, bobJwt)).statusCode).toBe(403);
  });
});

describe('profile lists', () => {
  const lists: [string, object, object][] = [
    ['applicantqualification', { course: 'Certificate III in Engineering - Fabrication Trade', institution: 'TAFE NSW', qualificationType: 'Trade Certificate', startDate: '2010-02-01', endDate: '2013-12-01' }, { course: 'Diploma of Engineering' }],
    ['applicantexperience', { employer: 'Hunter Steel Fabrication', position: 'Boilermaker welder', startDate: '2014-01-06' }, { position: 'Leading hand' }],
    ['applicantprofessionalactivities', { activity: 'WTIA technical panel', startDate: '2019-03-01' }, { role: 'Member' }],
    ['applicantprofessionaldevelopment', { provider: 'WTIA', numOfHours: 7.5, PersonalDevelopmentType: 'Course', startDate: '2025-05-20' }, { numOfHours: 8 }],
  ];
  for (const [base, create, change] of lists) {
    it(`adds, edits and removes ${base} entries of one's own only`, async () => {
      const created = await post(`/api/${base}`, create, adaJwt);
      expect(created.statusCode).toBe(201);
      const { id } = created.json();
      expect((await get(`/api/${base}/byapplicant/${ada.applicantId}`, adaJwt)).json().map((e: { id: string }) => e.id)).toContain(id);
      const updated = await post(`/api/${base}/update/${id}`, { ...create, ...change }, adaJwt);
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject(change);

      expect((await get(`/api/${base}/byapplicant/${ada.applicantId}`, bobJwt)).statusCode).toBe(404);
      expect((await post(`/api/${base}/update/${id}`, create, bobJwt)).statusCode).toBe(404);
      expect((await get(`/api/${base}/remove/${id}`, bobJwt)).statusCode).toBe(404);
      expect((await get(`/api/${base}/byapplicant/${ada.applicantId}`, staffJwt)).statusCode).toBe(200);

      expect((await get(`/api/${base}/remove/${id}`, adaJwt)).statusCode).toBe(204);
      expect((await get(`/api/${base}/byapplicant/${ada.applicantId}`, adaJwt)).json().map((e: { id: string }) => e.id)).not.toContain(id);
    });
  }

  it('refuses an education entry that ends before it starts, and other bad entries', async () => {
    const backwards = await post('/api/applicantqualification', { course: 'Welding', institution: 'TAFE', qualificationType: 'Certificate', startDate: '2015-06-01', endDate: '2015-05-31' }, adaJwt);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.endDate).toBe(APPLICANT_MESSAGES.endBeforeStart);
    expect((await post('/api/applicantqualification', { course: 'Welding', institution: 'TAFE', qualificationType: 'Certificate', startDate: '2015-06-01', endDate: '2015-06-01' }, adaJwt)).statusCode).toBe(201);
    expect((await post('/api/applicantqualification', { course: '', institution: 'TAFE', qualificationType: 'Certificate', startDate: '2015-06-01' }, adaJwt)).json().fieldErrors.course).toBe('Course is required');
    expect((await post('/api/applicantqualification', { course: 'W', institution: 'TAFE', qualificationType: 'Certificate', startDate: '31/02/2015' }, adaJwt)).json().fieldErrors.startDate).toBe('Start Date must be a valid date');
    expect((await post('/api/applicantprofessionaldevelopment', { provider: 'WTIA', numOfHours: 'many', PersonalDevelopmentType: 'Course', startDate: '2025-01-01' }, adaJwt)).json().fieldErrors.numOfHours).toBe('Hours must be a number');
    expect((await post('/api/applicantexperience', { employer: 'X', position: 'Y', startDate: '2020-01-01' }, staffJwt)).statusCode).toBe(403);
  });
});
