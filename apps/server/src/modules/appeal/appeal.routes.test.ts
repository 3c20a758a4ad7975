import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_MESSAGES, appealWindowClosedMessage, type Appeal, type AppealOptions, type AppealPage } from '@certs/shared/appeal/appeal.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { reviewWindowClosesOn } from '@certs/shared/review/review.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { createUser } from '../../../test/factories/user.factory';
import { signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { appeals } from '../../db/schema/appeal';
import { applications } from '../../db/schema/application';
import { awardHistory, awards } from '../../db/schema/award';
import { renewalApplications } from '../../db/schema/renewal';
import { applicationReviews } from '../../db/schema/review';
import { insertAward } from '../credential/credential-test-awards';
import { createAppealWorld, type AppealWorld } from './appeal-test-fixtures';

const PUBLIC_URL = 'http://localhost:3000';
const REFERENCE = /^APL-\d{4}-\d{5}$/;

let t: TestApp;
let w: AppealWorld;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  w = await createAppealWorld(t);
});
afterAll(async () => {
  await t.close();
});

const statusOf = async (applicationId: string) => (await w.db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId)))[0]!.status;

describe('lodging an appeal', () => {
  it('of a failed Certification result: a reference, targets, the review it is, Applied for review, and the acknowledgement with the reference', async () => {
    const application = await w.failedCertification(w.ada);
    const options = (await w.get(`/api/appeals/options?applicationId=${application.id}`, w.ada.jwt)).json<AppealOptions>();
    expect(options.decisions).toMatchObject([{ subject: 'result', cannotAppealBecause: null }]);
    const { saved } = await uploadFile(t.app, w.ada.jwt, { name: 'logbook.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const fileId = saved!.json().id as string;

    const response = await w.post('/api/appeals', { applicationId: application.id, subject: 'result', grounds: 'My referees were not contacted.', attachmentIds: [fileId] }, w.ada.jwt);
    expect(response.statusCode, response.body).toBe(200);
    const appeal = response.json<Appeal>();
    expect(appeal.reference).toMatch(REFERENCE);
    expect(appeal).toMatchObject({ subject: 'result', status: 'received', outcome: null, applicationNumber: application.applicationNumber, grounds: 'My referees were not contacted.', files: [{ id: fileId, name: 'logbook.pdf' }], staff: null, handlerName: null });
    expect(appeal.decideBy > appeal.acknowledgeBy).toBe(true);
    expect(appeal.overdue).toBe(false);
    expect(await statusOf(application.id)).toBe('Applied for review');
    // The appeal of a result is its review: the review's route shows it too.
    const [review] = await w.db.select().from(applicationReviews).where(eq(applicationReviews.applicationId, application.id));
    expect(review).toMatchObject({ status: 'open', reason: 'My referees were not contacted.' });
    expect(appeal.reviewId).toBe(review!.id);
    const history = await w.historyOf(application.id);
    expect(history.at(-1)!.note).toBe(`Appeal ${appeal.reference} lodged against the result with 1 file: My referees were not contacted.`);

    const acknowledgement = (await w.mailsTo(w.ada.email)).at(-1)!;
    expect(acknowledgement.subject).toBe(`Appeal received: ${appeal.reference}`);
    expect(acknowledgement.text).toContain(`Its reference is ${appeal.reference}`);
    expect(acknowledgement.text).toContain(`${PUBLIC_URL}/student/appeals/${appeal.reference}`);
    const notice = (await w.mailsTo(w.manager.email)).at(-1)!;
    expect(notice.subject).toBe(`Appeal lodged: ${appeal.reference}`);
    expect(notice.text).toContain(`${PUBLIC_URL}/admin/appeals/${appeal.id}`);

    // The program's staff open the file; staff of another program cannot.
    const file = appeal.files[0]!;
    expect((await w.get(`/api/attachment/presigned-download/${file.resourceKey}`, w.assessor.jwt)).statusCode).toBe(200);
    expect((await w.get(`/api/attachment/presigned-download/${file.resourceKey}`, w.outsider.jwt)).statusCode).toBe(403);

    // A second appeal of the same result is refused while this one is open.
    const again = await w.post('/api/appeals', { applicationId: application.id, subject: 'result', grounds: 'Again' }, w.ada.jwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APPEAL_MESSAGES.alreadyOpen);
  });

  it('of a refused assessment, a refused renewal, an award on hold and a cancelled award: each its own subject, with the application left where it is', async () => {
    const assessed = await w.refusedAtAssessment(w.ada);
    const assessment = await w.lodge(w.ada, assessed.id, 'assessment');
    expect(assessment).toMatchObject({ subject: 'assessment', status: 'received', reviewId: null });
    expect(await statusOf(assessed.id)).toBe('Failed');

    const renewed = await insertAward(w.db, { applicantId: w.ada.applicantId!, programId: w.programs.certification, programType: 2, awardedOn: '2023-02-01', expiresOn: '2026-02-01' });
    await w.db.update(applications).set({ status: 'Award Withdrawn' }).where(eq(applications.id, renewed.applicationId));
    await w.db.update(awards).set({ status: 'withdrawn' }).where(eq(awards.id, renewed.id));
    await w.db.insert(renewalApplications).values({ awardId: renewed.id, applicationId: renewed.applicationId, applicantId: w.ada.applicantId!, programId: w.programs.certification, programType: 2, status: 'refused', submittedOn: new Date(), decidedOn: new Date(), decidedBy: w.manager.id, decisionReason: 'CPD hours short' });
    const renewal = await w.lodge(w.ada, renewed.applicationId, 'renewal_refusal');
    expect(renewal).toMatchObject({ subject: 'renewal_refusal', awardId: renewed.id, certificateNumber: renewed.certificateNumber });

    const held = await w.awardActedOn(w.ada, 'hold');
    expect((await w.get(`/api/appeals/options?applicationId=${held.applicationId}`, w.ada.jwt)).json<AppealOptions>().decisions).toMatchObject([{ subject: 'award_hold', awardId: held.id, cannotAppealBecause: null }]);
    expect(await w.lodge(w.ada, held.applicationId, 'award_hold')).toMatchObject({ subject: 'award_hold', awardId: held.id });
    expect(await statusOf(held.applicationId)).toBe('Awarded OnHold');

    const cancelled = await w.awardActedOn(w.ada, 'cancel');
    expect(await w.lodge(w.ada, cancelled.applicationId, 'award_cancellation')).toMatchObject({ subject: 'award_cancellation', awardId: cancelled.id });

    // Each is on the person's list with a reference of its own; a decision that was not made cannot be appealed.
    const mine = (await w.get('/api/appeals/mine?pageSize=50', w.ada.jwt)).json<AppealPage>();
    const references = mine.rows.map((row) => row.reference);
    for (const appeal of [assessment, renewal]) expect(references).toContain(appeal.reference);
    expect(new Set(references).size).toBe(references.length);
    const notHeld = await w.post('/api/appeals', { applicationId: assessed.id, subject: 'award_hold', grounds: 'No' }, w.ada.jwt);
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().message).toBe(APPEAL_MESSAGES.noDecision.award_hold);
  });

  it('of a Welder Qualification result (not reviewable before issue 43)', async () => {
    const application = await createApplicationWithModules(w.db, { applicantId: w.bob.applicantId!, programId: w.programs.welder, programType: 3, status: 'Failed', workflowStage: 'Exam Modules Evaluation Completed', programModuleIds: [] });
    await w.db.update(applications).set({ overallResult: 'Failed', resultRecordedOn: new Date() }).where(eq(applications.id, application.id));
    const appeal = await w.lodge(w.bob, application.id, 'result', 'The bend test was judged against the wrong level.');
    expect(appeal).toMatchObject({ subject: 'result', programCode: expect.any(String) });
    expect(await statusOf(application.id)).toBe('Applied for review');
  });

  it('refuses bad input with 400 and nothing changed: blank grounds, no subject, a file that is not theirs', async () => {
    const application = await w.refusedAtAssessment(w.bob);
    const blank = await w.post('/api/appeals', { applicationId: application.id, subject: 'assessment', grounds: '  ' }, w.bob.jwt);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.grounds).toBe(APPEAL_MESSAGES.groundsRequired);
    const noSubject = await w.post('/api/appeals', { applicationId: application.id, grounds: 'x' }, w.bob.jwt);
    expect(noSubject.json().fieldErrors.subject).toBe(APPEAL_MESSAGES.subjectRequired);
    const { saved } = await uploadFile(t.app, w.ada.jwt, { name: 'not-bobs.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const foreign = await w.post('/api/appeals', { applicationId: application.id, subject: 'assessment', grounds: 'Mine', attachmentIds: [saved!.json().id] }, w.bob.jwt);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.attachmentIds).toBe(APPEAL_MESSAGES.fileNotFound);
    expect(await w.db.select().from(appeals).where(eq(appeals.applicationId, application.id))).toEqual([]);
    // Staff do not lodge for the person; another applicant's application is not found.
    expect((await w.post('/api/appeals', { applicationId: application.id, subject: 'assessment', grounds: 'For Bob' }, w.manager.jwt)).statusCode).toBe(403);
    expect((await w.post('/api/appeals', { applicationId: application.id, subject: 'assessment', grounds: 'Mine now' }, w.ada.jwt)).statusCode).toBe(404);
  });
});

describe('the window', () => {
  it('closes the program window after the decision, in the body’s days, for a result and for an award’s hold', async () => {
    const application = await w.failedQualification(w.bob);
    const recordedOn = new Date(Date.now() - 40 * 86_400_000);
    await w.db.update(applications).set({ resultRecordedOn: recordedOn }).where(eq(applications.id, application.id));
    const closed = appealWindowClosedMessage(reviewWindowClosesOn(recordedOn, 30));
    expect(closed).toMatch(/^The appeal window closed on \d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect((await w.get(`/api/appeals/options?applicationId=${application.id}`, w.bob.jwt)).json<AppealOptions>().decisions).toMatchObject([{ subject: 'result', cannotAppealBecause: closed }]);
    const late = await w.post('/api/appeals', { applicationId: application.id, subject: 'result', grounds: 'Please look again' }, w.bob.jwt);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(closed);
    expect(await statusOf(application.id)).toBe('Failed');

    const held = await w.awardActedOn(w.bob, 'hold');
    const heldOn = new Date(Date.now() - 31 * 86_400_000);
    await w.db.update(awardHistory).set({ createdOn: heldOn }).where(eq(awardHistory.awardId, held.id));
    const tooLate = await w.post('/api/appeals', { applicationId: held.applicationId, subject: 'award_hold', grounds: 'Please release it' }, w.bob.jwt);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(appealWindowClosedMessage(reviewWindowClosesOn(heldOn, 30)));
  });
});

describe('who reads an appeal', () => {
  it('the person reads theirs by id and by reference, without staff notes or names; another person gets 404 on both', async () => {
    const application = await w.refusedAtAssessment(w.ada);
    const appeal = await w.lodge(w.ada, application.id, 'assessment');
    expect((await w.post(`/api/appeals/${appeal.id}/notes`, { text: 'Called the assessor: the logbook was on file.' }, w.manager.jwt)).statusCode).toBe(200);
    expect((await w.post(`/api/appeals/${appeal.id}/notes`, { text: 'We are checking your logbook with the assessor.', sharedWithPerson: true }, w.manager.jwt)).statusCode).toBe(200);

    const byId = (await w.get(`/api/appeals/${appeal.id}`, w.ada.jwt)).json<Appeal>();
    const byReference = (await w.get(`/api/appeals/reference/${appeal.reference.toLowerCase()}`, w.ada.jwt)).json<Appeal>();
    expect(byReference.id).toBe(appeal.id);
    expect(byId.staff).toBeNull();
    expect(byId.entries.map((entry) => entry.text)).toContain('We are checking your logbook with the assessor.');
    expect(byId.entries.map((entry) => entry.text)).not.toContain('Called the assessor: the logbook was on file.');
    expect(byId.entries.every((entry) => entry.actorName !== 'Mia Manager')).toBe(true);
    expect((await w.mailsTo(w.ada.email)).at(-1)!.subject).toBe(`Your appeal ${appeal.reference}: a note from us`);

    expect((await w.get(`/api/appeals/${appeal.id}`, w.bob.jwt)).statusCode).toBe(404);
    expect((await w.get(`/api/appeals/reference/${appeal.reference}`, w.bob.jwt)).statusCode).toBe(404);
    expect((await w.get('/api/appeals/reference/not-a-reference', w.ada.jwt)).statusCode).toBe(404);
    expect((await w.get(`/api/appeals/mine?applicationId=${application.id}`, w.bob.jwt)).json<AppealPage>().rows).toEqual([]);
    // The register is staff's.
    expect((await w.get('/api/appeals', w.ada.jwt)).statusCode).toBe(403);
  });

  it('staff of the program read it with every entry; staff outside the program get 403, and the register holds only programs they serve on', async () => {
    const application = await w.refusedAtAssessment(w.bob);
    const appeal = await w.lodge(w.bob, application.id, 'assessment');
    const asStaff = (await w.get(`/api/appeals/${appeal.id}`, w.examiner.jwt)).json<Appeal>();
    expect(asStaff.staff).toMatchObject({ appellantEmail: w.bob.email, canAssign: false, canDecide: false });

    expect((await w.get(`/api/appeals/${appeal.id}`, w.outsider.jwt)).statusCode).toBe(403);
    expect((await w.get(`/api/appeals/reference/${appeal.reference}`, w.outsider.jwt)).statusCode).toBe(403);
    expect((await w.get(`/api/appeals/${appeal.id}/handlers`, w.outsider.jwt)).statusCode).toBe(403);
    expect((await w.post(`/api/appeals/${appeal.id}/handler`, { handlerId: w.outsider.id }, w.outsider.jwt)).statusCode).toBe(403);
    expect((await w.post(`/api/appeals/${appeal.id}/notes`, { text: 'Mine' }, w.outsider.jwt)).statusCode).toBe(403);
    expect((await w.post(`/api/appeals/${appeal.id}/decide`, { outcome: 'dismissed', reasons: 'No' }, w.outsider.jwt)).statusCode).toBe(403);
    expect((await w.get(`/api/appeals?programId=${w.programs.qualification}`, w.outsider.jwt)).statusCode).toBe(403);
    const outsiders = (await w.get('/api/appeals?pageSize=250', w.outsider.jwt)).json<AppealPage>();
    expect(outsiders.rows.map((row) => row.id)).not.toContain(appeal.id);

    // The program's register, with its filters and ages.
    const register = (await w.get(`/api/appeals?programId=${w.programs.qualification}&subject=assessment&status=received&pageSize=250`, w.assessor.jwt)).json<AppealPage>();
    expect(register.rows.find((row) => row.id === appeal.id)).toMatchObject({ reference: appeal.reference, appellantName: 'Bob Beadley', status: 'received', ageDays: 0, overdue: false, handlerName: null });
    const searched = (await w.get(`/api/appeals?search=${appeal.reference}`, w.manager.jwt)).json<AppealPage>();
    expect(searched.rows.map((row) => row.id)).toEqual([appeal.id]);
    // Staff without the Appeals menu are refused before anything is read.
    const noMenu = await createUser(w.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    expect((await w.get('/api/appeals', (await signIn(t.app, noMenu)).jwt)).statusCode).toBe(403);
  });

  it('lists an open appeal past its decision date as overdue, with its age', async () => {
    const application = await w.refusedAtAssessment(w.bob);
    const appeal = await w.lodge(w.bob, application.id, 'assessment');
    await w.db.update(appeals).set({ receivedOn: new Date(Date.now() - 40 * 86_400_000), decideBy: '2020-01-01' }).where(eq(appeals.id, appeal.id));
    const overdue = (await w.get(`/api/appeals?overdue=true&pageSize=250`, w.manager.jwt)).json<AppealPage>();
    expect(overdue.rows.find((row) => row.id === appeal.id)).toMatchObject({ overdue: true, ageDays: expect.any(Number) });
    expect(overdue.rows.find((row) => row.id === appeal.id)!.ageDays).toBeGreaterThanOrEqual(39);
    expect(overdue.rows.every((row) => row.overdue)).toBe(true);
    const notOverdue = (await w.get(`/api/appeals?overdue=false&pageSize=250`, w.manager.jwt)).json<AppealPage>();
    expect(notOverdue.rows.map((row) => row.id)).not.toContain(appeal.id);
  });

  it("another account's staff see nothing of it: 404 by id and by reference, and an empty register", async () => {
    const application = await w.refusedAtAssessment(w.ada);
    const appeal = await w.lodge(w.ada, application.id, 'assessment');
    const account = await createAccount(w.db);
    const admin = await createUser(w.db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Appeals'], accountId: account.id });
    const jwt = (await signIn(t.app, admin)).jwt;
    expect((await w.get(`/api/appeals/${appeal.id}`, jwt)).statusCode).toBe(404);
    expect((await w.get(`/api/appeals/reference/${appeal.reference}`, jwt)).statusCode).toBe(404);
    expect((await w.get(`/api/appeals/${appeal.id}/handlers`, jwt)).statusCode).toBe(404);
    expect((await w.post(`/api/appeals/${appeal.id}/handler`, { handlerId: admin.id }, jwt)).statusCode).toBe(404);
    expect((await w.get('/api/appeals?pageSize=250', jwt)).json<AppealPage>()).toMatchObject({ rows: [], totalRows: 0 });
  });
});

describe('reviews are appeals of a result', () => {
  it('asking for a review opens its appeal (reference in the mail); deciding the review decides the appeal, its change linked to the history', async () => {
    const application = await w.failedQualification(w.ada);
    const asked = await w.post(`/api/qualificationapplication/${application.id}/review`, { reason: 'Question 7 was marked wrongly.' }, w.ada.jwt);
    expect(asked.statusCode, asked.body).toBe(200);
    const [appeal] = (await w.get(`/api/appeals/mine?applicationId=${application.id}`, w.ada.jwt)).json<AppealPage>().rows;
    expect(appeal).toMatchObject({ subject: 'result', status: 'received' });
    expect((await w.mailsTo(w.ada.email)).at(-1)!.text).toContain(`its reference is ${appeal!.reference}`);
    expect((await w.historyOf(application.id)).at(-1)!.note).toBe(`Review asked for: Question 7 was marked wrongly. (appeal ${appeal!.reference})`);

    const decided = await w.post(`/api/qualificationapplication/${application.id}/review/decide`, { outcome: 'upheld', note: 'Remarked: 74%', moduleIds: [application.moduleIds[0]] }, w.otherManager.jwt);
    expect(decided.statusCode, decided.body).toBe(200);
    const after = (await w.get(`/api/appeals/${appeal!.id}`, w.manager.jwt)).json<Appeal>();
    const lastMove = (await w.historyOf(application.id)).at(-1)!;
    expect(after).toMatchObject({ status: 'decided', outcome: 'upheld', outcomeReasons: 'Remarked: 74%', decidedBy: 'Hana Handler', changes: [{ kind: 'result_corrected', applicationId: application.id, historyId: lastMove.id }] });
    expect(lastMove).toMatchObject({ fromStatus: 'Applied for review', toStatus: 'Awarded' });
  });
});
