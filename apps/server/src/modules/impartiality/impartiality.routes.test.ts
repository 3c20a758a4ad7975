import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { dayInTimeZone } from '@certs/shared/common/dates';
import { IMPARTIALITY_MESSAGES as M, type StaffConflict } from '@certs/shared/impartiality/impartiality.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { addProgramUser, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { companies } from '../../db/schema/company';
import { impartialityEvents } from '../../db/schema/impartiality';

/**
 * `api/conflicts` (issue 43): declarations, the yearly agreement and the register of refusals and
 * overrides, with the refusals: applicants 403, other staff 403 on another's declaration, another
 * account's staff 404 and empty registers, bad input 400 with its message.
 */

let t: TestApp;
const jwt: Record<'admin' | 'assessor' | 'colleague' | 'manager' | 'menuOnly' | 'applicant' | 'otherAdmin', string> = {
  admin: '',
  assessor: '',
  colleague: '',
  manager: '',
  menuOnly: '',
  applicant: '',
  otherAdmin: '',
};
let assessor: CreatedUser;
let colleague: CreatedUser;
let manager: CreatedUser;
let relative: CreatedUser;
let stranger: CreatedUser;
let otherBodysApplicant: CreatedUser;
let companyId: string;
let managedProgramId: string;
let otherProgramId: string;
let applicationId: string;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Impartiality'], firstName: 'Ada', lastName: 'Administrator' });
  assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: [], firstName: 'Esther', lastName: 'Assessor' });
  colleague = await createUser(db, { role: ROLES.AccountContributor, menuItems: [], firstName: 'Colin', lastName: 'Colleague' });
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Impartiality'], firstName: 'Mona', lastName: 'Manager' });
  const menuOnly = await createUser(db, { role: ROLES.User, menuItems: ['Impartiality'] });
  relative = await createUser(db, { role: ROLES.Applicant, firstName: 'Rory', lastName: 'Relative', email: `rory.relative.${Date.now()}@example.test` });
  stranger = await createUser(db, { role: ROLES.Applicant, firstName: 'Rory', lastName: 'Stranger' });
  otherBodysApplicant = await createUser(db, { role: ROLES.Applicant, firstName: 'Rory', lastName: 'Kiwi' });

  // The manager's program: Esther assesses there; Colin serves on a program the manager does not manage.
  const managed = await createProgram(db, { programManagerId: manager.id, status: 2, programTitle: 'Welding Inspector' });
  const other = await createProgram(db, { programManagerId: admin.id, status: 2, programTitle: 'Welding Supervisor' });
  managedProgramId = managed.id;
  otherProgramId = other.id;
  await addProgramUser(db, managed.id, assessor.id, 'assessor');
  await addProgramUser(db, other.id, colleague.id, 'examiner');
  applicationId = (await createApplicationWithModules(db, { applicantId: relative.applicantId!, programId: managed.id, programModuleIds: [] })).id;

  // Another awarding body, its administrator and an applicant of its own.
  const body = await createAccount(db, { name: 'Kiwi Welding Body' });
  const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Impartiality'], accountId: body.id });
  const kiwiProgram = await createProgram(db, { programManagerId: otherAdmin.id, status: 2, accountId: body.id });
  await createApplicationWithModules(db, { applicantId: otherBodysApplicant.applicantId!, programId: kiwiProgram.id, programModuleIds: [] });

  const [company] = await db.insert(companies).values({ name: 'Illawarra Steel Fabricators', contactEmail: 'office@illawarra.example', city: 'Wollongong', state: 'NSW' }).returning({ id: companies.id });
  companyId = company!.id;

  const people = { admin, assessor, colleague, manager, menuOnly, applicant: relative, otherAdmin };
  for (const [name, user] of Object.entries(people)) jwt[name as keyof typeof jwt] = (await signIn(t.app, user)).jwt;
});

afterAll(async () => {
  await t.close();
});

describe('declaring a conflict', () => {
  let declarationId: string;

  it("finds the account's applicants by name or email, and only them", async () => {
    const byName = await send('GET', '/api/conflicts/applicants?searchTerm=rory', jwt.assessor);
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual([{ userId: relative.id, name: 'Rory Relative', email: relative.email }]);
    const byEmail = await send('GET', `/api/conflicts/applicants?searchTerm=${encodeURIComponent(relative.email.slice(0, 12))}`, jwt.assessor);
    expect(byEmail.json().map((row: { userId: string }) => row.userId)).toEqual([relative.id]);
    // Rory Kiwi applied to the other body only: its staff find him, this body's do not.
    const kiwi = await send('GET', '/api/conflicts/applicants?searchTerm=kiwi', jwt.otherAdmin);
    expect(kiwi.json().map((row: { userId: string }) => row.userId)).toEqual([otherBodysApplicant.id]);
    expect((await send('GET', '/api/conflicts/applicants?searchTerm=kiwi', jwt.assessor)).json()).toEqual([]);
    const short = await send('GET', '/api/conflicts/applicants?searchTerm=ro', jwt.assessor);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(M.searchTooShort);
  });

  it('finds active companies by name', async () => {
    const found = await send('GET', '/api/conflicts/companies?searchTerm=illawarra', jwt.assessor);
    expect(found.json()).toEqual([{ id: companyId, name: 'Illawarra Steel Fabricators', city: 'Wollongong', state: 'NSW' }]);
  });

  it('records a declaration against an applicant and one against a company', async () => {
    const declared = await send('POST', '/api/conflicts', jwt.assessor, { applicantUserId: relative.id, kind: 'relative', details: 'My cousin' });
    expect(declared.statusCode).toBe(201);
    expect(declared.json()).toMatchObject({ staff: { userId: assessor.id, name: 'Esther Assessor' }, applicant: { userId: relative.id, name: 'Rory Relative' }, company: null, kind: 'relative', details: 'My cousin', isActive: true, endedOn: null });
    declarationId = declared.json().id;
    const company = await send('POST', '/api/conflicts', jwt.assessor, { companyId, kind: 'employer_in_common' });
    expect(company.statusCode).toBe(201);
    expect(company.json()).toMatchObject({ company: { id: companyId, name: 'Illawarra Steel Fabricators' }, applicant: null, kind: 'employer_in_common', details: '' });
    const mine = await send('GET', '/api/conflicts/mine', jwt.assessor);
    expect(mine.json().map((row: StaffConflict) => row.kind).sort()).toEqual(['employer_in_common', 'relative']);
    expect((await send('GET', '/api/conflicts/mine', jwt.colleague)).json()).toEqual([]);
  });

  it('refuses a second open declaration against the same person', async () => {
    const again = await send('POST', '/api/conflicts', jwt.assessor, { applicantUserId: relative.id, kind: 'trainee' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyDeclared);
  });

  it('says what is wrong with the input, and records nothing', async () => {
    const cases: [object, string][] = [
      [{ kind: 'relative' }, M.targetRequired],
      [{ applicantUserId: relative.id, companyId, kind: 'relative' }, M.oneTarget],
      [{ applicantUserId: relative.id, kind: 'neighbour' }, M.kindRequired],
      [{ companyId, kind: 'other' }, M.detailsRequired],
      [{ companyId, kind: 'other', details: 'x'.repeat(2001) }, M.detailsMax],
    ];
    for (const [body, message] of cases) {
      const refused = await send('POST', '/api/conflicts', jwt.colleague, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    expect((await send('POST', '/api/conflicts', jwt.colleague, { companyId, kind: 'relative', extra: 1 })).statusCode).toBe(400);
    // Someone who applied nowhere, or only to another body, is not this account's applicant.
    for (const person of [stranger, otherBodysApplicant]) {
      const unknown = await send('POST', '/api/conflicts', jwt.colleague, { applicantUserId: person.id, kind: 'relative' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(M.applicantNotFound);
    }
    expect((await send('POST', '/api/conflicts', jwt.colleague, { companyId: '00000000-0000-4000-8000-000000000000', kind: 'relative' })).statusCode).toBe(404);
    expect((await send('GET', '/api/conflicts/mine', jwt.colleague)).json()).toEqual([]);
  });

  it('is for staff only: an applicant gets 403', async () => {
    expect((await send('POST', '/api/conflicts', jwt.applicant, { companyId, kind: 'relative' })).statusCode).toBe(403);
    expect((await send('GET', '/api/conflicts/mine', jwt.applicant)).statusCode).toBe(403);
    expect((await send('GET', '/api/conflicts/applicants?searchTerm=rory', jwt.applicant)).statusCode).toBe(403);
    expect((await send('POST', `/api/conflicts/${declarationId}/end`, jwt.applicant)).statusCode).toBe(403);
  });

  it('is ended by its author alone, once, and stays on record', async () => {
    const byColleague = await send('POST', `/api/conflicts/${declarationId}/end`, jwt.colleague);
    expect(byColleague.statusCode).toBe(403);
    expect(byColleague.json().message).toBe(M.notYourDeclaration);
    expect((await send('POST', `/api/conflicts/${declarationId}/end`, jwt.admin)).statusCode).toBe(403);
    const byOtherBody = await send('POST', `/api/conflicts/${declarationId}/end`, jwt.otherAdmin);
    expect(byOtherBody.statusCode).toBe(404);
    expect(byOtherBody.json().message).toBe(M.conflictNotFound);
    expect((await send('POST', '/api/conflicts/not-an-id/end', jwt.assessor)).statusCode).toBe(404);

    const ended = await send('POST', `/api/conflicts/${declarationId}/end`, jwt.assessor);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ id: declarationId, isActive: false });
    expect(ended.json().endedOn).toEqual(expect.any(String));
    const again = await send('POST', `/api/conflicts/${declarationId}/end`, jwt.assessor);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyEnded);
    const mine = (await send('GET', '/api/conflicts/mine', jwt.assessor)).json() as StaffConflict[];
    expect(mine.find((row) => row.id === declarationId)).toMatchObject({ isActive: false });
    // Ended, it no longer stands in the way of a new one.
    expect((await send('POST', '/api/conflicts', jwt.assessor, { applicantUserId: relative.id, kind: 'trainee', details: 'Taught him in 2025' })).statusCode).toBe(201);
  });
});

describe('the register of declarations', () => {
  beforeAll(async () => {
    await send('POST', '/api/conflicts', jwt.colleague, { companyId, kind: 'other', details: 'I hold shares in it' });
  });

  it("shows an administrator the whole account's declarations, filtered", async () => {
    const all = await send('GET', '/api/conflicts?status=all&pageSize=50', jwt.admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().totalRows).toBe(4);
    const active = (await send('GET', '/api/conflicts', jwt.admin)).json();
    expect(active.totalRows).toBe(3);
    const ended = (await send('GET', '/api/conflicts?status=ended', jwt.admin)).json();
    expect(ended.rows.map((row: StaffConflict) => [row.staff.name, row.kind])).toEqual([['Esther Assessor', 'relative']]);
    const colins = (await send('GET', `/api/conflicts?staffUserId=${colleague.id}`, jwt.admin)).json();
    expect(colins.rows.map((row: StaffConflict) => row.details)).toEqual(['I hold shares in it']);
    const trainees = (await send('GET', '/api/conflicts?kind=trainee', jwt.admin)).json();
    expect(trainees.rows.map((row: StaffConflict) => row.applicant?.name)).toEqual(['Rory Relative']);
    const searched = (await send('GET', '/api/conflicts?status=all&searchTerm=illawarra', jwt.admin)).json();
    expect(searched.totalRows).toBe(2);
    expect((await send('GET', '/api/conflicts?status=sometimes', jwt.admin)).statusCode).toBe(400);
  });

  it("shows a program's manager the declarations of the staff on their programs only", async () => {
    const seen = (await send('GET', '/api/conflicts?status=all', jwt.manager)).json();
    expect(seen.rows.map((row: StaffConflict) => row.staff.userId)).toEqual([assessor.id, assessor.id, assessor.id]);
    const scope = (await send('GET', '/api/conflicts/scope', jwt.manager)).json();
    expect(scope.isAdministrator).toBe(false);
    expect(scope.programs.map((program: { id: string }) => program.id)).toEqual([managedProgramId]);
    expect(scope.staff.map((person: { userId: string }) => person.userId).sort()).toEqual([assessor.id, manager.id].sort());
  });

  it("is refused to staff without the menu, to the menu without a program to manage, and to applicants; another account's is empty", async () => {
    expect((await send('GET', '/api/conflicts', jwt.colleague)).statusCode).toBe(403);
    const noPrograms = await send('GET', '/api/conflicts', jwt.menuOnly);
    expect(noPrograms.statusCode).toBe(403);
    expect(noPrograms.json().message).toBe(M.noProgramsManaged);
    expect((await send('GET', '/api/conflicts', jwt.applicant)).statusCode).toBe(403);
    const otherBody = (await send('GET', '/api/conflicts?status=all', jwt.otherAdmin)).json();
    expect(otherBody.totalRows).toBe(0);
    expect((await send('GET', `/api/conflicts?status=all&staffUserId=${assessor.id}`, jwt.otherAdmin)).json().totalRows).toBe(0);
    const otherScope = (await send('GET', '/api/conflicts/scope', jwt.otherAdmin)).json();
    expect(otherScope.staff.map((person: { userId: string }) => person.userId)).not.toContain(assessor.id);
  });
});

describe('the yearly agreement', () => {
  const year = Number(dayInTimeZone(new Date(), 'Australia/Sydney').slice(0, 4));
  let signedId: string;

  it('starts from the default text naming the body', async () => {
    const text = (await send('GET', '/api/conflicts/agreements/text', jwt.assessor)).json();
    expect(text).toMatchObject({ isDefault: true, modifiedOn: null });
    expect(text.text).toContain('Impartiality and confidentiality agreement of');
    expect(text.text).toContain('keep confidential');
  });

  it('is changed by account administrators only, with a message for an empty text', async () => {
    expect((await send('PUT', '/api/conflicts/agreements/text', jwt.assessor, { text: 'Mine' })).statusCode).toBe(403);
    expect((await send('PUT', '/api/conflicts/agreements/text', jwt.manager, { text: 'Mine' })).statusCode).toBe(403);
    const empty = await send('PUT', '/api/conflicts/agreements/text', jwt.admin, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(M.agreementTextRequired);
    const saved = await send('PUT', '/api/conflicts/agreements/text', jwt.admin, { text: 'First version: I will be impartial.' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ text: 'First version: I will be impartial.', isDefault: false, modifiedBy: 'Ada Administrator' });
    // Another body keeps its own text.
    expect((await send('GET', '/api/conflicts/agreements/text', jwt.otherAdmin)).json().isDefault).toBe(true);
  });

  it("is signed once a year, for this year only, with the text as it stood", async () => {
    const before = (await send('GET', '/api/conflicts/agreements/mine', jwt.assessor)).json();
    expect(before).toMatchObject({ year, text: 'First version: I will be impartial.', signedThisYear: null, signed: [] });
    const unticked = await send('POST', '/api/conflicts/agreements/sign', jwt.assessor, { year, accepted: false });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().message).toContain(M.acceptRequired);
    const lastYear = await send('POST', '/api/conflicts/agreements/sign', jwt.assessor, { year: year - 1, accepted: true });
    expect(lastYear.statusCode).toBe(400);
    expect(lastYear.json().message).toBe(M.notThisYear(year));
    const signed = await send('POST', '/api/conflicts/agreements/sign', jwt.assessor, { year, accepted: true });
    expect(signed.statusCode).toBe(201);
    expect(signed.json().signedThisYear).toMatchObject({ year, agreementText: 'First version: I will be impartial.', staff: { userId: assessor.id } });
    signedId = signed.json().signedThisYear.id;
    const twice = await send('POST', '/api/conflicts/agreements/sign', jwt.assessor, { year, accepted: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.alreadySigned(year));

    await send('PUT', '/api/conflicts/agreements/text', jwt.admin, { text: 'Second version.' });
    const kept = await send('GET', `/api/conflicts/agreements/${signedId}`, jwt.assessor);
    expect(kept.json().agreementText).toBe('First version: I will be impartial.');
    expect((await send('GET', '/api/conflicts/agreements/mine', jwt.assessor)).json().text).toBe('Second version.');
  });

  it("is read by its signer and administrators; another's is 403, another body's 404", async () => {
    expect((await send('GET', `/api/conflicts/agreements/${signedId}`, jwt.admin)).statusCode).toBe(200);
    expect((await send('GET', `/api/conflicts/agreements/${signedId}`, jwt.colleague)).statusCode).toBe(403);
    expect((await send('GET', `/api/conflicts/agreements/${signedId}`, jwt.otherAdmin)).statusCode).toBe(404);
    expect((await send('GET', `/api/conflicts/agreements/${signedId}`, jwt.applicant)).statusCode).toBe(403);
  });

  it('has a register of who has and has not signed this year, for administrators', async () => {
    const register = await send('GET', '/api/conflicts/agreements', jwt.admin);
    expect(register.statusCode).toBe(200);
    const body = register.json();
    expect(body.year).toBe(year);
    const esther = body.rows.find((row: { staff: { userId: string } }) => row.staff.userId === assessor.id);
    expect(esther).toMatchObject({ agreementId: signedId, signedOn: expect.any(String) });
    expect(body.rows.find((row: { staff: { userId: string } }) => row.staff.userId === colleague.id)).toMatchObject({ agreementId: null, signedOn: null });
    expect(body.signed).toBe(1);
    const unsigned = (await send('GET', '/api/conflicts/agreements?status=unsigned', jwt.admin)).json();
    expect(unsigned.rows.map((row: { staff: { userId: string } }) => row.staff.userId)).not.toContain(assessor.id);
    expect(unsigned.rows.map((row: { staff: { userId: string } }) => row.staff.userId)).toContain(colleague.id);
    expect((await send('GET', `/api/conflicts/agreements?year=${year - 1}`, jwt.admin)).json().signed).toBe(0);
    expect((await send('GET', '/api/conflicts/agreements', jwt.manager)).statusCode).toBe(403);
    expect((await send('GET', '/api/conflicts/agreements', jwt.assessor)).statusCode).toBe(403);
    const otherBody = (await send('GET', '/api/conflicts/agreements', jwt.otherAdmin)).json();
    expect(otherBody.rows.map((row: { staff: { userId: string } }) => row.staff.userId)).not.toContain(assessor.id);
  });
});

describe('the register of refusals and overrides', () => {
  const today = dayInTimeZone(new Date(), 'Australia/Sydney');

  beforeAll(async () => {
    const db = t.database.db;
    const lastMonth = dayjs().subtract(40, 'day').toDate();
    await db.insert(impartialityEvents).values([
      { programId: managedProgramId, applicationId, staffUserId: assessor.id, role: 'assessor', outcome: 'refused', reasons: ['declared a conflict of interest with this applicant (a relative)'], actorId: manager.id },
      { programId: managedProgramId, applicationId, staffUserId: assessor.id, role: 'assessor', outcome: 'overridden', reasons: ['declared a conflict of interest with this applicant (a relative)'], overrideReason: 'No other assessor this month', actorId: manager.id },
      { programId: otherProgramId, staffUserId: colleague.id, role: 'examiner', outcome: 'refused', reasons: ['authorisation as Examiner lapsed on 2026-06-30'], actorId: manager.id, createdOn: lastMonth },
    ]);
  });

  it('lists them for administrators, newest first, with filters', async () => {
    const all = await send('GET', '/api/conflicts/events', jwt.admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().totalRows).toBe(3);
    const override = (await send('GET', '/api/conflicts/events?outcome=overridden', jwt.admin)).json();
    expect(override.rows).toHaveLength(1);
    expect(override.rows[0]).toMatchObject({ outcome: 'overridden', overrideReason: 'No other assessor this month', actorName: 'Mona Manager', staff: { name: 'Esther Assessor' }, role: 'assessor', applicationId });
    expect(override.rows[0].applicationNumber).toEqual(expect.any(String));
    expect((await send('GET', `/api/conflicts/events?programId=${otherProgramId}`, jwt.admin)).json().rows.map((row: { staff: { userId: string } }) => row.staff.userId)).toEqual([colleague.id]);
    expect((await send('GET', `/api/conflicts/events?staffUserId=${assessor.id}`, jwt.admin)).json().totalRows).toBe(2);
    expect((await send('GET', '/api/conflicts/events?role=examiner', jwt.admin)).json().totalRows).toBe(1);
    expect((await send('GET', `/api/conflicts/events?from=${today}&to=${today}`, jwt.admin)).json().totalRows).toBe(2);
    const reversed = await send('GET', `/api/conflicts/events?from=${today}&to=2020-01-01`, jwt.admin);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain(M.dateOrder);
    expect((await send('GET', '/api/conflicts/events?from=yesterday', jwt.admin)).statusCode).toBe(400);
  });

  it("shows a program's manager the refusals in their programs only; nothing to another body; 403 to others", async () => {
    expect((await send('GET', '/api/conflicts/events', jwt.manager)).json().rows.map((row: { program: { id: string } }) => row.program.id)).toEqual([managedProgramId, managedProgramId]);
    expect((await send('GET', '/api/conflicts/events', jwt.otherAdmin)).json().totalRows).toBe(0);
    expect((await send('GET', '/api/conflicts/events', jwt.assessor)).statusCode).toBe(403);
    expect((await send('GET', '/api/conflicts/events', jwt.applicant)).statusCode).toBe(403);
  });
});
