import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '@certs/shared/application/application.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { completeProgram, createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';

let t: TestApp;
let ada: CreatedUser;
let adaJwt: string;
let bobJwt: string;
let programId: string;
let requirementId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const staff = await createUser(t.database.db, { role: ROLES.SuperUser });
  ada = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arc' });
  adaJwt = (await signIn(t.app, ada)).jwt;
  bobJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt;
  const program = await createProgram(t.database.db, { programManagerId: staff.id, status: 2, programType: 1, programTitle: 'Welding Inspector' });
  await completeProgram(t.database.db, program.id, 1, staff.id);
  programId = program.id;
  const detail = (await t.app.inject({ method: 'GET', url: `/api/program/published/${programId}`, headers: bearer(adaJwt) })).json();
  requirementId = detail.requirements[0].id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, jwt = adaJwt) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload?: object, jwt = adaJwt) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

describe('applying to a program', () => {
  let applicationId: string;

  it('has no current application at first', async () => {
    const current = await get(`/api/qualificationapplication/currentapplication/${programId}/${ada.applicantId}`);
    expect(current.json()).toEqual({ application: null });
  });

  it('saves a draft with a number, and saving again keeps the same application', async () => {
    const draft = await post('/api/qualificationapplication/save', { programId, answers: [{ requirementId, answerText: 'Four years at Hunter Steel.' }] });
    expect(draft.statusCode).toBe(200);
    const body = draft.json();
    expect(body).toMatchObject({ status: 'Application Started', programTitle: 'Welding Inspector', declarationAccepted: false, submittedOn: null });
    expect(body.applicationNumber).toMatch(new RegExp(`^Q-${new Date().getUTCFullYear()}-\\d{5}$`));
    expect(body.answers[0]).toMatchObject({ requirementId, requirementCode: 'REQ-1', answerText: 'Four years at Hunter Steel.' });
    applicationId = body.id;
    const again = (await post('/api/qualificationapplication/save', { programId, answers: [{ requirementId, answerText: 'Five years.' }] })).json();
    expect(again.id).toBe(applicationId);
    expect(again.applicationNumber).toBe(body.applicationNumber);
    expect((await get(`/api/qualificationapplication/currentapplication/${programId}/${ada.applicantId}`)).json().application.id).toBe(applicationId);
    const catalogue = (await get('/api/program/published?pageSize=250')).json().rows.find((row: { id: string }) => row.id === programId);
    expect(catalogue.applicantStatus).toBe('Application Started');
  });

  it('refuses to submit until every requirement is answered and the declaration accepted', async () => {
    await post('/api/qualificationapplication/save', { programId, answers: [{ requirementId, answerText: '  ' }] });
    const refused = await post(`/api/qualificationapplication/${applicationId}/submit`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ [`answers.${requirementId}`]: APPLICATION_MESSAGES.answerRequired, declarationAccepted: APPLICATION_MESSAGES.declarationRequired });
    expect((await get(`/api/qualificationapplication/${applicationId}`)).json().status).toBe('Application Started');
  });

  it('takes evidence files of the applicant only', async () => {
    const { saved } = await uploadFile(t.app, adaJwt, { name: 'logbook.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const { saved: bobsFile } = await uploadFile(t.app, bobJwt, { name: 'bob.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const withBobs = await post('/api/qualificationapplication/save', { programId, answers: [{ requirementId, answerText: '', attachmentIds: [bobsFile!.json().id] }] });
    expect(withBobs.statusCode).toBe(400);
    expect(withBobs.json().message).toBe(APPLICATION_MESSAGES.unknownAttachment);
    const withOwn = await post('/api/qualificationapplication/save', { programId, declarationAccepted: true, answers: [{ requirementId, answerText: '', attachmentIds: [saved!.json().id] }] });
    expect(withOwn.json().answers[0].attachments.map((a: { name: string }) => a.name)).toEqual(['logbook.pdf']);
  });

  it('submits once, mails the applicant, and is read-only after', async () => {
    const submitted = await post(`/api/qualificationapplication/${applicationId}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'Application Submitted', submittedOn: expect.any(String) });
    const again = await post(`/api/qualificationapplication/${applicationId}/submit`);
    expect(again.statusCode).toBe(409);
    const edit = await post('/api/qualificationapplication/save', { programId, answers: [{ requirementId, answerText: 'Changed' }] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(APPLICATION_MESSAGES.alreadyOpen);
    const inbox = (await get('/api/applicantinbox/email/pagination')).json();
    expect(inbox.rows[0].subject).toMatch(/^Application Q-\d{4}-\d{5} received$/);
    const list = (await get('/api/applicant/applications')).json();
    expect(list.rows).toEqual([expect.objectContaining({ id: applicationId, status: 'Application Submitted', programTitle: 'Welding Inspector', programType: 1 })]);
  });

  it("never shows one applicant another's application", async () => {
    expect((await get(`/api/qualificationapplication/${applicationId}`, bobJwt)).statusCode).toBe(404);
    expect((await post(`/api/qualificationapplication/${applicationId}/submit`, undefined, bobJwt)).statusCode).toBe(404);
    expect((await get(`/api/qualificationapplication/currentapplication/${programId}/${ada.applicantId}`, bobJwt)).statusCode).toBe(404);
    expect((await get('/api/applicant/applications', bobJwt)).json().rows).toEqual([]);
    // Nor through another type's path.
    expect((await get(`/api/certificationapplication/${applicationId}`)).statusCode).toBe(404);
  });

  it('refuses programs that are not published, and the wrong application type', async () => {
    const staff = await createUser(t.database.db, { role: ROLES.SuperUser });
    const draftProgram = await createProgram(t.database.db, { programManagerId: staff.id, status: 1 });
    const closed = await post('/api/qualificationapplication/save', { programId: draftProgram.id, answers: [] });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe(APPLICATION_MESSAGES.programNotOpen);
    const certification = await createProgram(t.database.db, { programManagerId: staff.id, status: 2, programType: 2 });
    const wrongType = await post('/api/qualificationapplication/save', { programId: certification.id, answers: [] });
    expect(wrongType.json().message).toBe(APPLICATION_MESSAGES.wrongType);
    const staffJwt = (await signIn(t.app, staff)).jwt;
    expect((await post('/api/qualificationapplication/save', { programId, answers: [] }, staffJwt)).statusCode).toBe(403);
  });

  it('numbers applications apart even when several start at once', async () => {
    const staff = await createUser(t.database.db, { role: ROLES.SuperUser });
    const program = await createProgram(t.database.db, { programManagerId: staff.id, status: 2, programType: 1 });
    await completeProgram(t.database.db, program.id, 1, staff.id);
    const applicants = await Promise.all([1, 2, 3].map(() => createUser(t.database.db, { role: ROLES.Applicant })));
    const tokens = await Promise.all(applicants.map(async (a) => (await signIn(t.app, a)).jwt));
    const drafts = await Promise.all(tokens.map((jwt) => post('/api/qualificationapplication/save', { programId: program.id, answers: [] }, jwt)));
    const numbers = drafts.map((d) => d.json().applicationNumber);
    expect(new Set(numbers).size).toBe(3);
  });
});

describe('staff reading an application (GET {type}/{id}, decision 006)', () => {
  it("is for staff of its program once submitted: another program's staff get 403, a draft is never shown, another applicant gets 404", async () => {
    const db = t.database.db;
    const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1 });
    await completeProgram(db, program.id, 1, assessor.id);
    const otherProgramStaff = await createStaffOfAnotherProgram(db);
    const administrator = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] });
    const noMenu = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Dashboard'] });
    const carl = await createUser(db, { role: ROLES.Applicant });
    const [managerJwt, assessorJwt, otherJwt, administratorJwt, noMenuJwt, carlJwt] = await Promise.all(
      [manager, assessor, otherProgramStaff, administrator, noMenu, carl].map(async (user) => (await signIn(t.app, user)).jwt),
    ) as [string, string, string, string, string, string];
    const requirement = (await get(`/api/program/published/${program.id}`, carlJwt)).json().requirements[0].id;
    const { saved: file } = await uploadFile(t.app, carlJwt, { name: 'ticket.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const draft = (await post('/api/qualificationapplication/save', { programId: program.id, declarationAccepted: true, answers: [{ requirementId: requirement, answerText: 'Ten years.', attachmentIds: [file!.json().id] }] }, carlJwt)).json();
    const url = `/api/qualificationapplication/${draft.id}`;

    // A draft never submitted stays the applicant's, even for administrators.
    for (const jwt of [managerJwt, assessorJwt, administratorJwt]) expect((await get(url, jwt)).statusCode).toBe(404);
    expect((await get(url, carlJwt)).statusCode).toBe(200);

    expect((await post(`${url}/submit`, undefined, carlJwt)).statusCode).toBe(200);
    const refused = await get(url, otherJwt);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(draft.applicationNumber);
    expect(refused.body).not.toContain('attachments/');
    expect((await get(url, noMenuJwt)).statusCode).toBe(403);
    for (const jwt of [assessorJwt, managerJwt, administratorJwt]) {
      const read = await get(url, jwt);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ id: draft.id, status: 'Application Submitted', answers: [{ answerText: 'Ten years.', attachments: [{ name: 'ticket.pdf' }] }] });
    }
    expect((await get(url, bobJwt)).statusCode).toBe(404);
    expect((await get(url, carlJwt)).statusCode).toBe(200);
  });
});
