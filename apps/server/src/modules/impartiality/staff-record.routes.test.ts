import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { dayInTimeZone } from '@certs/shared/common/dates';
import { STAFF_RECORD_MESSAGES as M, type StaffRecord, type StaffRegisterRow } from '@certs/shared/impartiality/staff-record.contract';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { addProgramUser, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { companies } from '../../db/schema/company';

/**
 * `api/staffrecords` (issue 43): each staff member's employer, qualifications and training with a
 * file, authorisations per program and role with their expiry, the staff register, and who may
 * read and change what.
 */

let t: TestApp;
const jwt: Record<'admin' | 'assessor' | 'colleague' | 'manager' | 'applicant' | 'otherAdmin', string> = { admin: '', assessor: '', colleague: '', manager: '', applicant: '', otherAdmin: '' };
let assessor: CreatedUser;
let colleague: CreatedUser;
let manager: CreatedUser;
let companyId: string;
let managedProgramId: string;
let otherProgramId: string;
let otherBodysProgramId: string;
const today = dayInTimeZone(new Date(), 'Australia/Sydney');
const dayFrom = (days: number) => dayjs(today).add(days, 'day').format('YYYY-MM-DD');

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Impartiality', 'Programs'], firstName: 'Ada', lastName: 'Administrator' });
  assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: [], firstName: 'Esther', lastName: 'Assessor' });
  colleague = await createUser(db, { role: ROLES.AccountContributor, menuItems: [], firstName: 'Colin', lastName: 'Colleague' });
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Impartiality'], firstName: 'Mona', lastName: 'Manager' });
  const applicant = await createUser(db, { role: ROLES.Applicant });
  managedProgramId = (await createProgram(db, { programManagerId: manager.id, programCode: 'IWI-TEST', programTitle: 'Welding Inspector' })).id;
  otherProgramId = (await createProgram(db, { programManagerId: admin.id, programCode: 'CWS-TEST', programTitle: 'Welding Supervisor' })).id;
  await addProgramUser(db, managedProgramId, assessor.id, 'assessor');
  await addProgramUser(db, managedProgramId, assessor.id, 'examiner');
  await addProgramUser(db, managedProgramId, manager.id, 'examiner');
  await addProgramUser(db, otherProgramId, assessor.id, 'invigilator');
  await addProgramUser(db, otherProgramId, colleague.id, 'examiner');
  const body = await createAccount(db, { name: 'Kiwi Welding Body' });
  const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Impartiality'], accountId: body.id });
  otherBodysProgramId = (await createProgram(db, { programManagerId: otherAdmin.id, accountId: body.id })).id;
  const [company] = await db.insert(companies).values({ name: 'Hunter Valley Fabrication', contactEmail: 'office@hunter.example' }).returning({ id: companies.id });
  companyId = company!.id;
  const people = { admin, assessor, colleague, manager, applicant, otherAdmin };
  for (const [name, user] of Object.entries(people)) jwt[name as keyof typeof jwt] = (await signIn(t.app, user)).jwt;
});

afterAll(async () => {
  await t.close();
});

const recordOf = async (userId: string, token = jwt.admin) => (await send('GET', `/api/staffrecords/${userId}`, token)).json() as StaffRecord;

describe('a staff record kept by administrators', () => {
  let competenceId: string;

  it('holds the employer and position', async () => {
    const saved = await send('PUT', `/api/staffrecords/${assessor.id}`, jwt.admin, { employerCompanyId: companyId, position: 'Senior welding inspector' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ staff: { userId: assessor.id, name: 'Esther Assessor', active: true }, employer: { id: companyId, name: 'Hunter Valley Fabrication' }, position: 'Senior welding inspector', canEdit: true });
    const long = await send('PUT', `/api/staffrecords/${assessor.id}`, jwt.admin, { employerCompanyId: null, position: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(M.positionMax);
    const unknown = await send('PUT', `/api/staffrecords/${assessor.id}`, jwt.admin, { employerCompanyId: '00000000-0000-4000-8000-000000000000', position: '' });
    expect(unknown.statusCode).toBe(404);
    expect((await recordOf(assessor.id)).position).toBe('Senior welding inspector');
  });

  it('holds qualifications and training with their expiry and a file', async () => {
    const { saved } = await uploadFile(t.app, jwt.admin, { name: 'iwi-diploma.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const added = await send('POST', `/api/staffrecords/${assessor.id}/competences`, jwt.admin, {
      kind: 'qualification',
      title: 'IIW International Welding Inspector (Comprehensive)',
      issuer: 'IIW',
      obtainedOn: '2020-03-01',
      expiresOn: dayFrom(-1),
      attachmentId: saved!.json().id,
    });
    expect(added.statusCode).toBe(201);
    const qualification = added.json().competences.find((row: { title: string }) => row.title.startsWith('IIW'));
    expect(qualification).toMatchObject({ kind: 'qualification', issuer: 'IIW', obtainedOn: '2020-03-01', expiresOn: dayFrom(-1), state: 'lapsed', file: { name: 'iwi-diploma.pdf' } });
    competenceId = qualification.id;
    const training = await send('POST', `/api/staffrecords/${assessor.id}/competences`, jwt.admin, { kind: 'training', title: 'Examiner calibration day', obtainedOn: today });
    expect(training.json().competences.find((row: { title: string }) => row.title === 'Examiner calibration day')).toMatchObject({ state: 'no_expiry', file: null, expiresOn: null });

    const renewed = await send('PUT', `/api/staffrecords/${assessor.id}/competences/${competenceId}`, jwt.admin, {
      kind: 'qualification',
      title: 'IIW International Welding Inspector (Comprehensive)',
      issuer: 'IIW',
      obtainedOn: '2020-03-01',
      expiresOn: dayFrom(30),
      attachmentId: saved!.json().id,
    });
    expect(renewed.json().competences.find((row: { id: string }) => row.id === competenceId)).toMatchObject({ state: 'soon', expiresOn: dayFrom(30) });
  });

  it('says what is wrong with a qualification, and saves nothing', async () => {
    const cases: [object, string][] = [
      [{ kind: 'qualification', title: '', obtainedOn: '2020-01-01' }, M.titleRequired],
      [{ kind: 'qualification', title: 'CSWIP 3.1', obtainedOn: '01/01/2020' }, M.obtainedOnRequired],
      [{ kind: 'qualification', title: 'CSWIP 3.1', obtainedOn: '2020-01-01', expiresOn: '2019-01-01' }, M.expiresBeforeObtained],
      [{ kind: 'diploma', title: 'CSWIP 3.1', obtainedOn: '2020-01-01' }, M.kindRequired],
    ];
    for (const [body, message] of cases) {
      const refused = await send('POST', `/api/staffrecords/${assessor.id}/competences`, jwt.admin, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    // A file must be the administrator's own upload.
    const { saved } = await uploadFile(t.app, jwt.assessor, { name: 'mine.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const notTheirs = await send('POST', `/api/staffrecords/${assessor.id}/competences`, jwt.admin, { kind: 'training', title: 'CSWIP 3.1', obtainedOn: '2020-01-01', attachmentId: saved!.json().id });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe(M.fileNotFound);
    expect((await recordOf(assessor.id)).competences).toHaveLength(2);
  });

  it("opens a qualification's file for its holder and administrators", async () => {
    const byAdmin = await send('GET', `/api/staffrecords/${assessor.id}/competences/${competenceId}/file`, jwt.admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().url).toEqual(expect.any(String));
    expect((await send('GET', `/api/staffrecords/${assessor.id}/competences/${competenceId}/file`, jwt.assessor)).statusCode).toBe(200);
    expect((await send('GET', `/api/staffrecords/${assessor.id}/competences/${competenceId}/file`, jwt.colleague)).statusCode).toBe(403);
    expect((await send('GET', `/api/staffrecords/${assessor.id}/competences/${competenceId}/file`, jwt.otherAdmin)).statusCode).toBe(404);
    expect((await send('GET', `/api/staffrecords/${assessor.id}/competences/${competenceId}/file`, jwt.applicant)).statusCode).toBe(403);
  });

  it('is changed by account administrators only; another body cannot reach it', async () => {
    expect((await send('PUT', `/api/staffrecords/${assessor.id}`, jwt.manager, { employerCompanyId: null, position: '' })).statusCode).toBe(403);
    expect((await send('PUT', `/api/staffrecords/${assessor.id}`, jwt.assessor, { employerCompanyId: null, position: '' })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/staffrecords/${assessor.id}/competences/${competenceId}`, jwt.manager)).statusCode).toBe(403);
    const otherBody = await send('PUT', `/api/staffrecords/${assessor.id}`, jwt.otherAdmin, { employerCompanyId: null, position: 'Taken over' });
    expect(otherBody.statusCode).toBe(404);
    expect(otherBody.json().message).toBe(M.staffNotFound);
    expect((await send('GET', `/api/staffrecords/${assessor.id}`, jwt.otherAdmin)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/staffrecords/${assessor.id}/competences/${competenceId}`, jwt.otherAdmin)).statusCode).toBe(404);
    expect((await send('GET', `/api/staffrecords/${assessor.id}`, jwt.applicant)).statusCode).toBe(403);
    expect((await send('GET', `/api/staffrecords/${assessor.id}`, jwt.colleague)).statusCode).toBe(403);
    expect((await recordOf(assessor.id)).position).toBe('Senior welding inspector');
  });

  it('removes a qualification entered by mistake', async () => {
    const record = await recordOf(assessor.id);
    const training = record.competences.find((row) => row.kind === 'training')!;
    const removed = await send('DELETE', `/api/staffrecords/${assessor.id}/competences/${training.id}`, jwt.admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().competences.map((row: { id: string }) => row.id)).not.toContain(training.id);
    expect((await send('DELETE', `/api/staffrecords/${assessor.id}/competences/${training.id}`, jwt.admin)).statusCode).toBe(404);
  });
});

describe('authorisations per program and role', () => {
  it('are set by an administrator, and show lapsed and lapsing ones', async () => {
    const lapsed = await send('PUT', `/api/staffrecords/${assessor.id}/authorisations`, jwt.admin, { programId: managedProgramId, role: PROGRAM_USER_ROLES.assessor, authorisedUntil: dayFrom(-1), authorisationBasis: 'Witnessed assessment 2023' });
    expect(lapsed.statusCode).toBe(200);
    const soon = await send('PUT', `/api/staffrecords/${assessor.id}/authorisations`, jwt.admin, { programId: managedProgramId, role: PROGRAM_USER_ROLES.examiner, authorisedUntil: dayFrom(20), authorisationBasis: 'IWI-C' });
    const rows = soon.json().authorisations as StaffRecord['authorisations'];
    expect(rows.map((row) => [row.programCode, row.role, row.state, row.authorisedUntil])).toEqual([
      ['CWS-TEST', PROGRAM_USER_ROLES.invigilator, 'no_expiry', null],
      ['IWI-TEST', PROGRAM_USER_ROLES.assessor, 'lapsed', dayFrom(-1)],
      ['IWI-TEST', PROGRAM_USER_ROLES.examiner, 'soon', dayFrom(20)],
    ]);
    expect(rows.every((row) => row.canEdit)).toBe(true);
    // Today is still within an authorisation that ends today.
    const lastDay = await send('PUT', `/api/staffrecords/${colleague.id}/authorisations`, jwt.admin, { programId: otherProgramId, role: PROGRAM_USER_ROLES.examiner, authorisedUntil: today, authorisationBasis: '' });
    expect(lastDay.json().authorisations[0]).toMatchObject({ state: 'soon' });
  });

  it('keep their expiry when the program user is saved again with the same role', async () => {
    const saved = await send('POST', '/api/programuser/save', jwt.admin, { programId: managedProgramId, userId: assessor.id, roles: [PROGRAM_USER_ROLES.assessor, PROGRAM_USER_ROLES.examiner, PROGRAM_USER_ROLES.invigilator] });
    expect(saved.statusCode).toBe(200);
    const rows = (await recordOf(assessor.id)).authorisations.filter((row) => row.programId === managedProgramId);
    expect(rows.map((row) => [row.role, row.authorisedUntil, row.authorisationBasis])).toEqual([
      [PROGRAM_USER_ROLES.assessor, dayFrom(-1), 'Witnessed assessment 2023'],
      [PROGRAM_USER_ROLES.examiner, dayFrom(20), 'IWI-C'],
      [PROGRAM_USER_ROLES.invigilator, null, ''],
    ]);
  });

  it("are set by a program's manager in their programs only, and not for themselves", async () => {
    const record = await recordOf(assessor.id, jwt.manager);
    expect(record.canEdit).toBe(false);
    expect(record.authorisations.map((row) => [row.programId, row.canEdit])).toEqual([
      [otherProgramId, false],
      [managedProgramId, true],
      [managedProgramId, true],
      [managedProgramId, true],
    ]);
    const ok = await send('PUT', `/api/staffrecords/${assessor.id}/authorisations`, jwt.manager, { programId: managedProgramId, role: PROGRAM_USER_ROLES.assessor, authorisedUntil: dayFrom(365), authorisationBasis: 'Re-witnessed' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().authorisations.find((row: { programId: string; role: number }) => row.programId === managedProgramId && row.role === 1)).toMatchObject({ state: 'current', authorisationBasis: 'Re-witnessed' });
    expect((await send('PUT', `/api/staffrecords/${assessor.id}/authorisations`, jwt.manager, { programId: otherProgramId, role: PROGRAM_USER_ROLES.invigilator, authorisedUntil: null })).statusCode).toBe(403);
    expect((await send('PUT', `/api/staffrecords/${manager.id}/authorisations`, jwt.manager, { programId: managedProgramId, role: PROGRAM_USER_ROLES.examiner, authorisedUntil: null })).statusCode).toBe(403);
    // Colin serves on no program Mona manages: his record is not hers to read.
    expect((await send('GET', `/api/staffrecords/${colleague.id}`, jwt.manager)).statusCode).toBe(403);
    expect((await send('PUT', `/api/staffrecords/${assessor.id}/authorisations`, jwt.assessor, { programId: managedProgramId, role: 1, authorisedUntil: null })).statusCode).toBe(403);
  });

  it('are refused for a role not held, a program of another body, and bad dates', async () => {
    const notHeld = await send('PUT', `/api/staffrecords/${colleague.id}/authorisations`, jwt.admin, { programId: managedProgramId, role: PROGRAM_USER_ROLES.assessor, authorisedUntil: null });
    expect(notHeld.statusCode).toBe(404);
    expect(notHeld.json().message).toBe(M.authorisationNotFound);
    expect((await send('PUT', `/api/staffrecords/${colleague.id}/authorisations`, jwt.admin, { programId: otherBodysProgramId, role: 2, authorisedUntil: null })).statusCode).toBe(404);
    const badDay = await send('PUT', `/api/staffrecords/${colleague.id}/authorisations`, jwt.admin, { programId: otherProgramId, role: 2, authorisedUntil: '31/12/2027' });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toContain(M.authorisedUntilInvalid);
    const badRole = await send('PUT', `/api/staffrecords/${colleague.id}/authorisations`, jwt.admin, { programId: otherProgramId, role: 9, authorisedUntil: null });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toContain(M.roleRequired);
    expect((await send('PUT', `/api/staffrecords/${colleague.id}/authorisations`, jwt.otherAdmin, { programId: otherProgramId, role: 2, authorisedUntil: null })).statusCode).toBe(404);
    expect((await recordOf(colleague.id)).authorisations[0]).toMatchObject({ authorisedUntil: today });
  });
});

describe("one's own record and the staff register", () => {
  it("shows every member of staff their own record, read only", async () => {
    const mine = await send('GET', '/api/staffrecords/mine', jwt.assessor);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ staff: { userId: assessor.id }, canEdit: false, employer: { name: 'Hunter Valley Fabrication' }, signedThisYear: false, today });
    expect(mine.json().authorisations.every((row: { canEdit: boolean }) => !row.canEdit)).toBe(true);
    expect((await send('GET', '/api/staffrecords/mine', jwt.colleague)).json().authorisations).toHaveLength(1);
    expect((await send('GET', '/api/staffrecords/mine', jwt.applicant)).statusCode).toBe(403);
  });

  it('lists the staff with lapsed or lapsing authorisations and unsigned agreements, for administrators', async () => {
    const year = Number(today.slice(0, 4));
    await send('POST', '/api/conflicts/agreements/sign', jwt.colleague, { year, accepted: true });
    // Esther's assessor authorisation was renewed by Mona; her examiner one lapses soon. Make Colin's lapse.
    await send('PUT', `/api/staffrecords/${colleague.id}/authorisations`, jwt.admin, { programId: otherProgramId, role: 2, authorisedUntil: dayFrom(-10), authorisationBasis: '' });
    const register = await send('GET', '/api/staffrecords', jwt.admin);
    expect(register.statusCode).toBe(200);
    const rowOf = (rows: StaffRegisterRow[], userId: string) => rows.find((row) => row.staff.userId === userId);
    const all = register.json();
    expect(rowOf(all.rows, assessor.id)).toMatchObject({ employerName: 'Hunter Valley Fabrication', authorisations: 4, lapsedAuthorisations: 0, soonAuthorisations: 1, lapsedCompetences: 0, signedOn: null });
    expect(rowOf(all.rows, colleague.id)).toMatchObject({ authorisations: 1, lapsedAuthorisations: 1, signedOn: expect.any(String) });
    const lapsed = (await send('GET', '/api/staffrecords?filter=lapsed', jwt.admin)).json();
    expect(lapsed.rows.map((row: StaffRegisterRow) => row.staff.userId)).toEqual([colleague.id]);
    const unsigned = (await send('GET', '/api/staffrecords?filter=unsigned', jwt.admin)).json();
    expect(unsigned.rows.map((row: StaffRegisterRow) => row.staff.userId)).toContain(assessor.id);
    expect(unsigned.rows.map((row: StaffRegisterRow) => row.staff.userId)).not.toContain(colleague.id);
    const attention = (await send('GET', '/api/staffrecords?filter=attention', jwt.admin)).json();
    expect(attention.rows.map((row: StaffRegisterRow) => row.staff.userId)).toEqual(expect.arrayContaining([assessor.id, colleague.id]));
    expect(all.counts).toMatchObject({ lapsed: 1, soon: 1 });
    expect((await send('GET', '/api/staffrecords?searchTerm=esther', jwt.admin)).json().rows.map((row: StaffRegisterRow) => row.staff.userId)).toEqual([assessor.id]);
    expect((await send('GET', '/api/staffrecords?filter=everyone', jwt.admin)).statusCode).toBe(400);
  });

  it('is refused to managers, staff and applicants; another body sees none of these staff', async () => {
    expect((await send('GET', '/api/staffrecords', jwt.manager)).statusCode).toBe(403);
    expect((await send('GET', '/api/staffrecords', jwt.assessor)).statusCode).toBe(403);
    expect((await send('GET', '/api/staffrecords', jwt.applicant)).statusCode).toBe(403);
    const otherBody = (await send('GET', '/api/staffrecords', jwt.otherAdmin)).json();
    expect(otherBody.rows.map((row: StaffRegisterRow) => row.staff.userId)).not.toContain(assessor.id);
  });
});
