import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE_MESSAGES } from '@certs/shared/application/application-stage.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { completeProgram, createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { MailCatcher } from '../../../test/mail-catcher';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { programCertificationSettings, programRequirements, programUsers } from '../../db/schema/program';
import { eq } from 'drizzle-orm';

const PUBLIC_URL = 'http://localhost:3000';
const catcher = new MailCatcher();
let t: TestApp;

let superJwt: string;
let managerJwt: string;
let assessorJwt: string;
let otherAssessorJwt: string;
let examinerJwt: string;
let outsiderJwt: string;
let noMenuJwt: string;
let adaJwt: string;
let bobJwt: string;
let ada: CreatedUser;
let bob: CreatedUser;
let assessor: CreatedUser;
let otherAssessor: CreatedUser;
let examiner: CreatedUser;
let programId: string;
let requirementId: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });
const Q = '/api/qualificationapplication';

/** The applicant's own journey through the existing routes: draft with evidence, declaration, submit. */
async function applyAs(jwt: string, answerText: string, attachmentIds: string[] = []): Promise<{ id: string; applicationNumber: string }> {
  const saved = await post(`${Q}/save`, { programId, declarationAccepted: true, answers: [{ requirementId, answerText, attachmentIds }] }, jwt);
  expect(saved.statusCode).toBe(200);
  const submitted = await post(`${Q}/${saved.json().id}/submit`, undefined, jwt);
  expect(submitted.statusCode).toBe(200);
  return submitted.json();
}

function allYes(details: { criteria: { criterion: string }[] }) {
  return details.criteria.map((c) => ({ criterion: c.criterion, answer: 'Yes' }));
}

async function detailsOf(id: string, jwt = superJwt) {
  const response = await get(`${Q}/${id}/details`, jwt);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Staff take an application to Being Assessed with a submitted review, ready for the assessment. */
async function readyForAssessment(id: string) {
  const round = (await detailsOf(id)).assessmentRound;
  expect((await post(`${Q}/${id}/assessor/assign`, { assessorId: assessor.id, assessmentRound: round }, superJwt)).statusCode).toBe(200);
  expect((await post(`${Q}/${id}/assessor/submit`, { review: 'Evidence checks out.', recommendation: 'accept' }, assessorJwt)).statusCode).toBe(200);
  return detailsOf(id);
}

beforeAll(async () => {
  const smtpUrl = await catcher.start();
  t = await buildTestApp({ SMTP_URL: smtpUrl, PUBLIC_URL });
  const db = t.database.db;
  const superUser = await createUser(db, { role: ROLES.SuperUser, firstName: 'Sam', lastName: 'Super' });
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Mia', lastName: 'Manager' });
  assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Alex', lastName: 'Assessor' });
  otherAssessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Olly', lastName: 'Other' });
  examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const outsider = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const noMenu = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Dashboard'] });
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright', email: `ada.${Date.now()}@example.test` });
  bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley' });

  const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programTitle: 'Welding Inspector', programCode: 'Q-WF-INSP' });
  await completeProgram(db, program.id, 1, assessor.id);
  await db.insert(programUsers).values([
    { programId: program.id, userId: otherAssessor.id, role: PROGRAM_USER_ROLES.assessor },
    { programId: program.id, userId: examiner.id, role: PROGRAM_USER_ROLES.examiner },
  ]);
  programId = program.id;
  const [requirement] = await db.select().from(programRequirements).where(eq(programRequirements.programId, programId));
  requirementId = requirement!.id;

  const tokens = await Promise.all([superUser, manager, assessor, otherAssessor, examiner, outsider, noMenu, ada, bob].map(async (user) => (await signIn(t.app, user)).jwt));
  [superJwt, managerJwt, assessorJwt, otherAssessorJwt, examinerJwt, outsiderJwt, noMenuJwt, adaJwt, bobJwt] = tokens as [string, string, string, string, string, string, string, string, string];
});
afterAll(async () => {
  await t.close();
  await catcher.stop();
});

describe('the applications queue', () => {
  let adaApplication: { id: string; applicationNumber: string };
  let bobApplication: { id: string; applicationNumber: string };

  beforeAll(async () => {
    adaApplication = await applyAs(adaJwt, 'Four years at Hunter Steel.');
    bobApplication = await applyAs(bobJwt, 'Three years in a shipyard.');
  });

  it('lists submitted applications with the spec columns, by number descending, 10 a page', async () => {
    const response = await get(`${Q}/pagination?programId=${programId}`, managerJwt);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 10, totalRows: 2 });
    expect(page.rows.map((r: { id: string }) => r.id)).toEqual([bobApplication.id, adaApplication.id]);
    expect(page.rows[1]).toMatchObject({
      applicationNumber: adaApplication.applicationNumber,
      programCode: 'Q-WF-INSP',
      programTitle: 'Welding Inspector',
      programType: 1,
      status: 'Application Submitted',
      workflowStage: null,
      applicantName: 'Ada Arcwright',
      applicantEmail: ada.email,
      assessorName: null,
      applicationDate: expect.any(String),
    });
    const ascending = (await get(`${Q}/pagination?programId=${programId}&ascending=true`, managerJwt)).json();
    expect(ascending.rows.map((r: { id: string }) => r.id)).toEqual([adaApplication.id, bobApplication.id]);
  });

  it('searches by number, name and email, and filters by status', async () => {
    const search = async (term: string) => (await get(`${Q}/pagination?programId=${programId}&searchTerm=${encodeURIComponent(term)}`, managerJwt)).json().rows.map((r: { id: string }) => r.id);
    expect(await search(adaApplication.applicationNumber)).toEqual([adaApplication.id]);
    expect(await search('arcwright')).toEqual([adaApplication.id]);
    expect(await search('Bob Bead')).toEqual([bobApplication.id]);
    expect(await search(ada.email.toUpperCase())).toEqual([adaApplication.id]);
    expect(await search('   ')).toHaveLength(2);
    expect(await search('100%_')).toEqual([]);
    const byStatus = (await get(`${Q}/pagination?programId=${programId}&status=Being%20Assessed`, managerJwt)).json();
    expect(byStatus.totalRows).toBe(0);
    expect((await get(`${Q}/pagination?programId=${programId}&status=Nonsense`, managerJwt)).statusCode).toBe(400);
  });

  it('leaves out drafts the applicant has not submitted', async () => {
    const carl = await createUser(t.database.db, { role: ROLES.Applicant });
    const carlJwt = (await signIn(t.app, carl)).jwt;
    const draft = (await post(`${Q}/save`, { programId, answers: [] }, carlJwt)).json();
    const page = (await get(`${Q}/pagination?programId=${programId}`, superJwt)).json();
    expect(page.rows.map((r: { id: string }) => r.id)).not.toContain(draft.id);
    expect((await get(`${Q}/${draft.id}/details`, superJwt)).statusCode).toBe(404);
  });

  it('is for staff with the Programs menu who administer or serve on the program', async () => {
    const url = `${Q}/pagination?programId=${programId}`;
    expect((await get(url, adaJwt)).statusCode).toBe(403);
    expect((await get(url, noMenuJwt)).statusCode).toBe(403);
    expect((await get(url, outsiderJwt)).statusCode).toBe(403);
    expect((await get(url, examinerJwt)).statusCode).toBe(200);
    expect((await get(url, assessorJwt)).statusCode).toBe(200);
    expect((await get(url, superJwt)).statusCode).toBe(200);
    expect((await get(`${Q}/${adaApplication.id}/details`, outsiderJwt)).statusCode).toBe(403);
    expect((await get(`${Q}/${adaApplication.id}/details`, adaJwt)).statusCode).toBe(403);
  });

  it('answers each type for its own programs only', async () => {
    expect((await get(`/api/certificationapplication/pagination?programId=${programId}`, superJwt)).statusCode).toBe(400);
    expect((await get(`/api/certificationapplication/${adaApplication.id}/details`, superJwt)).statusCode).toBe(404);
    expect((await get(`${Q}/pagination?programId=not-a-program`, superJwt)).statusCode).toBe(400);
  });
});

describe('the application page', () => {
  it("shows the applicant's profile, answers with their files (which staff can open), history and the criteria", async () => {
    const other = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Eve', lastName: 'Evidence' });
    const otherJwt = (await signIn(t.app, other)).jwt;
    const { saved: file } = await uploadFile(t.app, otherJwt, { name: 'logbook.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const application = await applyAs(otherJwt, 'See my logbook.', [file!.json().id]);
    const details = await detailsOf(application.id, managerJwt);
    expect(details.applicant).toMatchObject({ firstName: 'Eve', lastName: 'Evidence', email: other.email });
    expect(details.application.answers[0]).toMatchObject({ requirementCode: 'REQ-1', answerText: 'See my logbook.' });
    const attachment = details.application.answers[0].attachments[0];
    expect(attachment.name).toBe('logbook.pdf');
    expect((await get(`/api/attachment/presigned-download/${attachment.resourceKey}`, managerJwt)).statusCode).toBe(200);
    expect(details.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['Application Started', 'Application Submitted']);
    expect(details.history[1]).toMatchObject({ fromStatus: 'Application Started', changedBy: 'Eve Evidence' });
    expect(details.criteria.map((c: { criterion: string }) => c.criterion)).toEqual(['identity', 'evidence', 'declaration', `requirement:${requirementId}`]);
    expect(details).toMatchObject({ assessmentRound: 0, assessor: null, assessorReview: null, assessment: null, assessorInstruction: null, workflowStage: null });
    expect(details.permissions).toEqual({ canManage: true, canReview: false, canAddFileNote: true });
    expect((await detailsOf(application.id, examinerJwt)).permissions.canManage).toBe(false);
  });
});

describe("another program's staff", () => {
  it('get 403 on the application, its page, file notes and files; its own assessor and manager read them', async () => {
    const other = await createStaffOfAnotherProgram(t.database.db);
    const otherJwt = (await signIn(t.app, other)).jwt;
    const gus = await createUser(t.database.db, { role: ROLES.Applicant });
    const gusJwt = (await signIn(t.app, gus)).jwt;
    const { saved: file, resourceKey } = await uploadFile(t.app, gusJwt, { name: 'weld-ticket.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const application = await applyAs(gusJwt, 'My ticket is attached.', [file!.json().id]);
    await post(`${Q}/${application.id}/filenotes`, { note: 'Seen the original ticket.' }, managerJwt);
    const reads = [`${Q}/${application.id}`, `${Q}/${application.id}/details`, `${Q}/${application.id}/filenotes`, `/api/attachment/presigned-download/${resourceKey}`];
    for (const url of reads) {
      const refused = await get(url, otherJwt);
      expect([url, refused.statusCode]).toEqual([url, 403]);
      expect(refused.body).not.toContain(application.applicationNumber);
      expect(refused.body).not.toContain('Seen the original ticket');
    }
    expect((await post(`${Q}/${application.id}/filenotes`, { note: 'Not mine to write.' }, otherJwt)).statusCode).toBe(403);
    for (const jwt of [assessorJwt, managerJwt, examinerJwt, superJwt]) {
      for (const url of reads) expect([url, (await get(url, jwt)).statusCode]).toEqual([url, 200]);
    }
    // Another applicant learns nothing of it.
    expect((await get(`${Q}/${application.id}`, bobJwt)).statusCode).toBe(404);
    expect((await get(`/api/attachment/presigned-download/${resourceKey}`, bobJwt)).statusCode).toBe(404);
  });
});

describe('file notes', () => {
  it('are added and read by staff only; applicants never see them', async () => {
    const application = await applyAs((await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt, 'Notes please.');
    const empty = await post(`${Q}/${application.id}/filenotes`, { note: '  ' }, managerJwt);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ note: STAGE_MESSAGES.fileNoteRequired });
    const added = await post(`${Q}/${application.id}/filenotes`, { note: 'Phoned the referee: confirmed.' }, managerJwt);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ note: 'Phoned the referee: confirmed.', createdBy: 'Mia Manager' });
    await post(`${Q}/${application.id}/filenotes`, { note: 'Second note.' }, examinerJwt);
    const list = (await get(`${Q}/${application.id}/filenotes`, superJwt)).json();
    expect(list.map((n: { note: string }) => n.note)).toEqual(['Second note.', 'Phoned the referee: confirmed.']);
    expect((await get(`${Q}/${application.id}/filenotes`, outsiderJwt)).statusCode).toBe(403);
  });

  it('stay out of everything the applicant reads', async () => {
    const adaApplications = (await get('/api/applicant/applications', adaJwt)).json();
    const adaId = adaApplications.rows[0].id;
    await post(`${Q}/${adaId}/filenotes`, { note: 'Staff only: doubts about the eye test.' }, managerJwt);
    expect((await get(`${Q}/${adaId}/filenotes`, adaJwt)).statusCode).toBe(403);
    expect((await post(`${Q}/${adaId}/filenotes`, { note: 'Me too' }, adaJwt)).statusCode).toBe(403);
    const own = await get(`${Q}/${adaId}`, adaJwt);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('doubts about the eye test');
    const inbox = await get('/api/applicantinbox/email/pagination', adaJwt);
    expect(inbox.body).not.toContain('doubts about the eye test');
  });
});

describe('the assessor stage', () => {
  let application: { id: string; applicationNumber: string };
  let applicant: CreatedUser;
  let applicantJwt: string;

  beforeAll(async () => {
    applicant = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Fay', lastName: 'Fillet' });
    applicantJwt = (await signIn(t.app, applicant)).jwt;
    application = await applyAs(applicantJwt, 'Five years.');
  });

  it('is assigned by administrators and the program manager only', async () => {
    const body = { assessorId: assessor.id, assessmentRound: 0 };
    expect((await post(`${Q}/${application.id}/assessor/assign`, body, adaJwt)).statusCode).toBe(403);
    expect((await post(`${Q}/${application.id}/assessor/assign`, body, assessorJwt)).statusCode).toBe(403);
    expect((await post(`${Q}/${application.id}/assessor/assign`, body, examinerJwt)).statusCode).toBe(403);
  });

  it('takes only an active assessor of the program', async () => {
    const notAssessor = await post(`${Q}/${application.id}/assessor/assign`, { assessorId: examiner.id, assessmentRound: 0 }, managerJwt);
    expect(notAssessor.statusCode).toBe(400);
    expect(notAssessor.json()).toMatchObject({ message: STAGE_MESSAGES.notAnAssessor, fieldErrors: { assessorId: STAGE_MESSAGES.notAnAssessor } });
    const missing = await post(`${Q}/${application.id}/assessor/assign`, { assessmentRound: 0 }, managerJwt);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.assessorId).toBe(STAGE_MESSAGES.assessorRequired);
  });

  it('refuses a review before an assessor is assigned', async () => {
    expect((await post(`${Q}/${application.id}/assessor/save`, { review: 'x' }, superJwt)).statusCode).toBe(409);
    expect((await post(`${Q}/${application.id}/assessment/save`, {}, superJwt)).statusCode).toBe(409);
  });

  it('moves the application to Being Assessed and mails the applicant and the assessor over SMTP', async () => {
    const response = await post(`${Q}/${application.id}/assessor/assign`, { assessorId: assessor.id, assessmentRound: 0, note: 'Urgent' }, managerJwt);
    expect(response.statusCode).toBe(200);
    const details = response.json();
    expect(details.application.status).toBe('Being Assessed');
    expect(details).toMatchObject({ assessmentRound: 1, assessor: { id: assessor.id, name: 'Alex Assessor' } });
    expect(details.history.at(-1)).toMatchObject({ fromStatus: 'Application Submitted', toStatus: 'Being Assessed', note: 'Assessor: Alex Assessor. Urgent', changedBy: 'Mia Manager' });
    const mail = await catcher.waitFor(applicant.email, new RegExp(`^Application ${application.applicationNumber}: assessment has started$`));
    expect(mail.text).toContain(`${PUBLIC_URL}/student/applications/qualificationapplication/${application.id}`);
    const toAssessor = await catcher.waitFor(assessor.email, /assigned to you for assessment/);
    expect(toAssessor.text).toContain(`/admin/programs/${programId}/applications/qualificationapplication/${application.id}`);
    const inbox = (await get('/api/applicantinbox/email/pagination', applicantJwt)).json();
    expect(inbox.rows.map((m: { subject: string }) => m.subject)).toContain(`Application ${application.applicationNumber}: assessment has started`);
    const row = (await get(`${Q}/pagination?programId=${programId}&status=Being%20Assessed`, managerJwt)).json().rows[0];
    expect(row).toMatchObject({ id: application.id, assessorName: 'Alex Assessor' });
  });

  it('refuses a stale assignment (someone else already moved it) with 409', async () => {
    const stale = await post(`${Q}/${application.id}/assessor/assign`, { assessorId: otherAssessor.id, assessmentRound: 0 }, managerJwt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STAGE_MESSAGES.moved);
  });

  it("shows the assessor the program's instruction only for Certification and AICIP", async () => {
    expect((await detailsOf(application.id, assessorJwt)).assessorInstruction).toBeNull();
  });

  it('lets only the assigned assessor (or an administrator) save and submit the review', async () => {
    const other = await post(`${Q}/${application.id}/assessor/save`, { review: 'Mine' }, otherAssessorJwt);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(STAGE_MESSAGES.notAssignedAssessor);
    expect((await post(`${Q}/${application.id}/assessor/save`, { review: 'Mine' }, managerJwt)).statusCode).toBe(403);
    expect((await post(`${Q}/${application.id}/assessor/save`, { review: 'Mine' }, adaJwt)).statusCode).toBe(403);
    const details = await detailsOf(application.id, assessorJwt);
    expect(details.permissions).toMatchObject({ canReview: true, canManage: false });
    expect((await detailsOf(application.id, otherAssessorJwt)).permissions.canReview).toBe(false);
  });

  it('saves a partial review, checks it on submit, then keeps it', async () => {
    const saved = await post(`${Q}/${application.id}/assessor/save`, { review: 'Half way through the logbook.' }, assessorJwt);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().assessorReview).toMatchObject({ review: 'Half way through the logbook.', recommendation: null, submittedOn: null, assessorName: 'Alex Assessor', savedByName: 'Alex Assessor' });
    const incomplete = await post(`${Q}/${application.id}/assessor/submit`, { review: ' ' }, assessorJwt);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fieldErrors).toEqual({ review: STAGE_MESSAGES.reviewRequired, recommendation: STAGE_MESSAGES.selectOne });
    const submitted = await post(`${Q}/${application.id}/assessor/submit`, { review: 'Logbook verified.', recommendation: 'accept' }, assessorJwt);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().assessorReview).toMatchObject({ review: 'Logbook verified.', recommendation: 'accept', submittedOn: expect.any(String) });
    expect(submitted.json().permissions.canReview).toBe(false);
    expect(submitted.json().history.at(-1)).toMatchObject({ fromStatus: 'Being Assessed', toStatus: 'Being Assessed', note: 'Assessor review submitted by Alex Assessor; recommendation: Accept into examinations' });
    const again = await post(`${Q}/${application.id}/assessor/save`, { review: 'Changed my mind' }, assessorJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STAGE_MESSAGES.reviewSubmitted);
  });

  it('lets two staff assign at the same moment: one 200, one 409, one history entry', async () => {
    const other = await applyAs((await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt, 'Two at once');
    const results = await Promise.all([
      post(`${Q}/${other.id}/assessor/assign`, { assessorId: assessor.id, assessmentRound: 0 }, managerJwt),
      post(`${Q}/${other.id}/assessor/assign`, { assessorId: otherAssessor.id, assessmentRound: 0 }, superJwt),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const details = await detailsOf(other.id);
    expect(details.assessmentRound).toBe(1);
    expect(details.history.filter((h: { toStatus: string }) => h.toStatus === 'Being Assessed')).toHaveLength(1);
  });

  it('lets two assessors submit at once: only one wins', async () => {
    const other = await applyAs((await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt, 'Race');
    await post(`${Q}/${other.id}/assessor/assign`, { assessorId: assessor.id, assessmentRound: 0 }, superJwt);
    const body = { review: 'Fine.', recommendation: 'accept' };
    const results = await Promise.all([post(`${Q}/${other.id}/assessor/submit`, body, assessorJwt), post(`${Q}/${other.id}/assessor/submit`, body, superJwt)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("shows the Certification program's assessor instruction", async () => {
    const certification = await createProgram(t.database.db, { programManagerId: assessor.id, status: 2, programType: 2 });
    await completeProgram(t.database.db, certification.id, 2, assessor.id);
    await t.database.db.update(programCertificationSettings).set({ assessorAssessmentInstruction: 'Check three years of logbook.' }).where(eq(programCertificationSettings.programId, certification.id));
    const cert = (await post('/api/certificationapplication/save', { programId: certification.id, declarationAccepted: true, answers: [{ requirementId: (await t.database.db.select().from(programRequirements).where(eq(programRequirements.programId, certification.id)))[0]!.id, answerText: 'Yes' }] }, bobJwt)).json();
    expect((await post(`/api/certificationapplication/${cert.id}/submit`, undefined, bobJwt)).statusCode).toBe(200);
    const details = (await get(`/api/certificationapplication/${cert.id}/details`, assessorJwt)).json();
    expect(details.assessorInstruction).toBe('Check three years of logbook.');
  });
});

describe('the assessment stage', () => {
  let application: { id: string; applicationNumber: string };
  let applicant: CreatedUser;
  let applicantJwt: string;

  beforeAll(async () => {
    applicant = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Gus', lastName: 'Gouge' });
    applicantJwt = (await signIn(t.app, applicant)).jwt;
    application = await applyAs(applicantJwt, 'Two years in a fab shop.');
    await post(`${Q}/${application.id}/assessor/assign`, { assessorId: assessor.id, assessmentRound: 0 }, superJwt);
  });

  it('is decided by administrators and the program manager, not the assessor', async () => {
    expect((await post(`${Q}/${application.id}/assessment/save`, {}, assessorJwt)).statusCode).toBe(403);
    expect((await post(`${Q}/${application.id}/assessment/submit`, {}, adaJwt)).statusCode).toBe(403);
  });

  it('saves a partial draft, and on submit needs the report and one option per criterion', async () => {
    const draft = await post(`${Q}/${application.id}/assessment/save`, { assessmentReport: 'Started.', selections: [{ criterion: 'identity', answer: 'Yes' }, { criterion: 'bogus', answer: 'No' }] }, managerJwt);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().assessment).toMatchObject({ assessmentReport: 'Started.', selections: [{ criterion: 'identity', answer: 'Yes' }], outcome: null, submittedOn: null });
    const refused = await post(`${Q}/${application.id}/assessment/submit`, {}, managerJwt);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Assessment report is required');
    expect(refused.json().fieldErrors).toEqual({
      assessmentReport: 'Assessment report is required',
      'selections.identity': 'Please select one option',
      'selections.evidence': 'Please select one option',
      'selections.declaration': 'Please select one option',
      [`selections.requirement:${requirementId}`]: 'Please select one option',
      outcome: 'Please select one option',
    });
    const badAnswer = await post(`${Q}/${application.id}/assessment/save`, { selections: [{ criterion: 'identity', answer: 'Perhaps' }] }, managerJwt);
    expect(badAnswer.statusCode).toBe(400);
    expect(Object.values(badAnswer.json().fieldErrors)).toContain('Please select one option');
  });

  it('waits for the assessor review before a decision', async () => {
    const details = await detailsOf(application.id);
    const early = await post(`${Q}/${application.id}/assessment/submit`, { assessmentReport: 'Good.', selections: allYes(details), outcome: 'accept' }, managerJwt);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(STAGE_MESSAGES.reviewNotSubmitted);
  });

  it('asks for more information: back to the applicant with the message, by mail over SMTP', async () => {
    // The super user submits it for the assessor: the review names both (issue 45 item 8).
    const forAssessor = await post(`${Q}/${application.id}/assessor/submit`, { review: 'Eye test missing.', recommendation: 'moreInformation' }, superJwt);
    expect(forAssessor.json().assessorReview).toMatchObject({ assessorName: 'Alex Assessor', savedByName: 'Sam Super' });
    expect(forAssessor.json().history.at(-1).note).toBe('Assessor review submitted by Sam Super for Alex Assessor; recommendation: Request more information');
    const details = await detailsOf(application.id);
    const noMessage = await post(`${Q}/${application.id}/assessment/submit`, { assessmentReport: 'Eye test missing.', selections: allYes(details), outcome: 'moreInformation' }, managerJwt);
    expect(noMessage.json().fieldErrors).toEqual({ messageToApplicant: STAGE_MESSAGES.messageRequired });
    const response = await post(
      `${Q}/${application.id}/assessment/submit`,
      { assessmentReport: 'Eye test missing.', selections: allYes(details), outcome: 'moreInformation', messageToApplicant: 'Please upload an eye test from the last 12 months.' },
      managerJwt,
    );
    expect(response.statusCode).toBe(200);
    const after = response.json();
    expect(after.application.status).toBe('Application Started');
    expect(after.assessment).toMatchObject({ outcome: 'moreInformation', submittedOn: expect.any(String), submittedBy: 'Mia Manager' });
    expect(after.history.at(-1)).toMatchObject({ fromStatus: 'Being Assessed', toStatus: 'Application Started', note: 'Request more information: Please upload an eye test from the last 12 months.' });
    const mail = await catcher.waitFor(applicant.email, /more information needed$/);
    expect(mail.text).toContain('Please upload an eye test from the last 12 months.');

    const own = (await get(`${Q}/${application.id}`, applicantJwt)).json();
    expect(own.status).toBe('Application Started');
    expect(own.informationRequest).toMatchObject({ message: 'Please upload an eye test from the last 12 months.', requestedOn: expect.any(String) });
  });

  it('lets the applicant edit and resubmit: Application Started -> Application Submitted again, in the history', async () => {
    const edited = await post(`${Q}/save`, { programId, declarationAccepted: true, answers: [{ requirementId, answerText: 'Two years; eye test attached.' }] }, applicantJwt);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().id).toBe(application.id);
    const resubmitted = await post(`${Q}/${application.id}/submit`, undefined, applicantJwt);
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json()).toMatchObject({ status: 'Application Submitted', informationRequest: null });
    const details = await detailsOf(application.id);
    expect(details.history.at(-1)).toMatchObject({ fromStatus: 'Application Started', toStatus: 'Application Submitted', note: 'Resubmitted with the information requested' });
    expect(details.application.answers[0].answerText).toBe('Two years; eye test attached.');
    // A new round starts with a new assignment; the previous round's assessment stays in the history.
    expect((await post(`${Q}/${application.id}/assessment/save`, {}, managerJwt)).statusCode).toBe(409);
  });

  it('accepts into examinations once: two decisions at the same moment give one 200 and one 409', async () => {
    const details = await readyForAssessment(application.id);
    expect(details.assessmentRound).toBe(2);
    expect(details.assessment).toBeNull();
    const body = { assessmentReport: 'All evidence now in order.', selections: allYes(details), outcome: 'accept' };
    const results = await Promise.all([post(`${Q}/${application.id}/assessment/submit`, body, managerJwt), post(`${Q}/${application.id}/assessment/submit`, body, superJwt)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await detailsOf(application.id);
    expect(after.application.status).toBe('Assessment Completed');
    expect(after.history.filter((h: { toStatus: string }) => h.toStatus === 'Assessment Completed')).toHaveLength(1);
    await catcher.waitFor(applicant.email, /accepted into examinations$/);
    expect((await post(`${Q}/${application.id}/assessor/assign`, { assessorId: assessor.id, assessmentRound: 2 }, superJwt)).statusCode).toBe(409);
    expect(after.history.map((h: { fromStatus: string | null; toStatus: string }) => `${h.fromStatus ?? '-'} > ${h.toStatus}`)).toEqual([
      '- > Application Started',
      'Application Started > Application Submitted',
      'Application Submitted > Being Assessed',
      'Being Assessed > Being Assessed',
      'Being Assessed > Application Started',
      'Application Started > Application Submitted',
      'Application Submitted > Being Assessed',
      'Being Assessed > Being Assessed',
      'Being Assessed > Assessment Completed',
    ]);
  });

  it('refuses to accept with an unmet criterion', async () => {
    const other = await applyAs((await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt, 'Hmm');
    const details = await readyForAssessment(other.id);
    const selections = allYes(details).map((s, i) => (i === 1 ? { ...s, answer: 'No' } : s));
    const refused = await post(`${Q}/${other.id}/assessment/submit`, { assessmentReport: 'Evidence weak.', selections, outcome: 'accept' }, managerJwt);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ outcome: STAGE_MESSAGES.unmetCriterion });
  });

  it('rejects: Failed, with the reason mailed over SMTP', async () => {
    const hal = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Hal' });
    const other = await applyAs((await signIn(t.app, hal)).jwt, 'Not much');
    const details = await readyForAssessment(other.id);
    const selections = allYes(details).map((s, i) => (i === 1 ? { ...s, answer: 'No' } : s));
    const response = await post(`${Q}/${other.id}/assessment/submit`, { assessmentReport: 'No evidence.', selections, outcome: 'reject', messageToApplicant: 'The experience shown is under two years.' }, managerJwt);
    expect(response.statusCode).toBe(200);
    expect(response.json().application.status).toBe('Failed');
    const mail = await catcher.waitFor(hal.email, new RegExp(`^Application ${other.applicationNumber}: not accepted$`));
    expect(mail.text).toContain('The experience shown is under two years.');
    expect((await post(`${Q}/${other.id}/assessment/submit`, { assessmentReport: 'x', selections, outcome: 'reject', messageToApplicant: 'x' }, managerJwt)).statusCode).toBe(409);
  });

  it('hands an application over to another assessor: a new round, and the old assessor loses it', async () => {
    const other = await applyAs((await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt, 'Handover');
    await post(`${Q}/${other.id}/assessor/assign`, { assessorId: assessor.id, assessmentRound: 0 }, managerJwt);
    await post(`${Q}/${other.id}/assessor/save`, { review: 'Started' }, assessorJwt);
    const handed = await post(`${Q}/${other.id}/assessor/assign`, { assessorId: otherAssessor.id, assessmentRound: 1 }, managerJwt);
    expect(handed.statusCode).toBe(200);
    expect(handed.json()).toMatchObject({ assessmentRound: 2, assessor: { id: otherAssessor.id }, assessorReview: null });
    expect((await post(`${Q}/${other.id}/assessor/save`, { review: 'Still mine?' }, assessorJwt)).statusCode).toBe(403);
    expect((await post(`${Q}/${other.id}/assessor/save`, { review: 'Taking over.' }, otherAssessorJwt)).statusCode).toBe(200);
  });
});
