import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { AWARD_MESSAGES } from '@certs/shared/award/award.contract';
import { addDays } from '@certs/shared/exam-schedule/exam-schedule-time';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { calculateRange } from '@certs/shared/wpq/wpq-range';
import { WPQ_RECORD_MESSAGES, rangeInputOf, type WpqRecord, type WpqRecordSaveRequest, type WpqTestResultRequest } from '@certs/shared/wpq/wpq-record.contract';
import { WPQ_MESSAGES } from '@certs/shared/wpq/wpq-messages';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createApplicationWithModules, createTestCentre, createVenue } from '../../../test/factories/application-module.factory';
import { addProgramUser, createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { applicationHistory, applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';
import { mails } from '../../db/schema/mail';
import { applicants } from '../../db/schema/user';
import { programWelderQualificationSettings } from '../../db/schema/program';
import { wpqRecords } from '../../db/schema/wpq';
import { companies } from '../../db/schema/company';
import { impartialityEvents, staffRecords } from '../../db/schema/impartiality';

const W = '/api/wpq';

let t: TestApp;
let manager: CreatedUser;
let ada: CreatedUser;
let managerJwt: string;
let examinerJwt: string;
let assessorJwt: string;
let outsiderJwt: string;
let adaJwt: string;
let bobJwt: string;
let examinerId: string;
let programId: string;
let venueId: string;
let testCentreId: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

/** A 135 (MAG) butt weld on 10 mm plate in PA: the e2e journey's test piece. */
const plateButtWeld = (applicationId: string): WpqRecordSaveRequest => ({
  applicationId,
  dateOfBirth: '1990-04-12',
  placeOfBirth: 'Newcastle, NSW',
  identificationNumber: 'NSW-DL-1234567',
  methodOfIdentification: 'Driver licence',
  employer: 'Hunter Fabrication Pty Ltd',
  company: 'Hunter Fabrication',
  wpsNumber: 'WPS-135-01',
  wpsRevision: 'B',
  wpsDate: '2026-01-15',
  qualificationType: 'Initial qualification',
  placeOfTesting: 'Newcastle test bay',
  testDate: '2026-11-20',
  testingAcceptanceCriteria: 'ISO 5817 level B',
  validityOption: '9.3b',
  parentMaterial1Specification: 'AS/NZS 3678-350',
  parentMaterial1Group: 1,
  parentMaterial1Subgroup: '1.2',
  parentMaterial2Specification: 'AS/NZS 3678-350',
  parentMaterial2Group: 1,
  parentMaterial2Subgroup: '1.2',
  productType: 'Plate',
  jointType: 'BW',
  additionalJointTypeTest: 'Not-applicable',
  testPieceThickness: 10,
  weldingProcess: '135',
  transferMode: 'spray',
  weldingPosition: 'PA',
  fillerMaterialGroup: 'FM1',
  fillerMaterialType: 'S',
  fillerMaterialTradeName: 'ER70S-6',
  backingAndConsumableInsert: 'ss nb',
  depositThickness: 10,
  layerTechnique: 'ml',
  shieldingGas: 'M21 (Ar + 18% CO2)',
  typeOfCurrentAndPolarity: 'DC+',
  auxiliaries: 'None',
});

async function wpqApplication(holder: CreatedUser) {
  return createApplicationWithModules(t.database.db, { applicantId: holder.applicantId!, programId, programType: 3, programModuleIds: [], status: 'Assessment Completed', workflowStage: null });
}

async function applicationOf(id: string) {
  const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
  return row!;
}

async function mailsTo(email: string, subject: string) {
  return t.database.db
    .select()
    .from(mails)
    .where(and(eq(mails.toEmail, email), like(mails.subject, `%${subject}%`)));
}

/** Staff issue the invoice; the welder pays it on the test gateway: Payment Stage Completed. */
async function invoiceAndPay(applicationId: string, jwt: string) {
  const invoiced = await post(`/api/welderqualificationapplication/${applicationId}/preexam/submit`, undefined, managerJwt);
  expect(invoiced.statusCode, invoiced.body).toBe(200);
  const { trackerId } = invoiced.json().payment;
  const started = await post(`/api/paymentgateway/request/${trackerId}`, undefined, jwt);
  expect(started.statusCode, started.body).toBe(200);
  const url = new URL(started.json().redirectUrl);
  const paid = await t.app.inject({ method: 'POST', url: `/unauth/testgateway/session/${url.pathname.split('/').pop()}/complete`, payload: { token: url.searchParams.get('token'), outcome: 'paid' } });
  expect(paid.statusCode, paid.body).toBe(200);
  // Back from the gateway: the transaction is asked again and settled (Payment Stage Completed).
  const back = await post('/api/paymentgateway/afterpayment/callback', { trackerId }, jwt);
  expect(back.statusCode, back.body).toBe(200);
  return invoiced.json();
}

function tomorrowAtTen(): string {
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  return `${day}T10:00`;
}

async function scheduled(holder: CreatedUser, jwt: string): Promise<{ applicationId: string; record: WpqRecord }> {
  const { id: applicationId } = await wpqApplication(holder);
  const submitted = await post(`${W}/submit`, plateButtWeld(applicationId), jwt);
  expect(submitted.statusCode, submitted.body).toBe(200);
  await invoiceAndPay(applicationId, jwt);
  const record = submitted.json() as WpqRecord;
  const schedule = await post(`${W}/${record.id}/schedule`, { scheduledLocal: tomorrowAtTen(), scheduleTimeZone: 'Australia/Sydney', durationMinutes: 240, venueId, testingAgencyId: null, examinerId, scheduleNote: 'Bring your own helmet.' }, managerJwt);
  expect(schedule.statusCode, schedule.body).toBe(200);
  return { applicationId, record: schedule.json() };
}

async function evidence(jwt: string, name: string): Promise<string> {
  const { saved } = await uploadFile(t.app, jwt, { name, contentType: 'application/pdf', body: PDF_BYTES });
  expect(saved?.statusCode, saved?.body).toBe(200);
  return saved!.json().id as string;
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  const db = t.database.db;
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Mia', lastName: 'Manager' });
  const examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Eve', lastName: 'Examiner' });
  const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Asa', lastName: 'Assessor' });
  const outsider = await createStaffOfAnotherProgram(db, 'examiner');
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright', email: `ada.${Date.now()}@example.test` });
  const bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley', email: `bob.${Date.now()}@example.test` });
  ({ id: programId } = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 3, programTitle: 'Welder Qualification Test to ISO 9606-1' }));
  await db.insert(programWelderQualificationSettings).values({
    programId,
    standard: 'ISO 9606-1:2017',
    numOfConfirmation: 4,
    interval: 6,
    memberFeeCents: 29000,
    nonmemberFeeCents: 35000,
    messageConfirmation: 'Your employer confirms every six months.',
    programDeclaration: '<p>I declare.</p>',
  });
  await addProgramUser(db, programId, examiner.id, 'examiner');
  await addProgramUser(db, programId, assessor.id, 'assessor');
  examinerId = examiner.id;
  venueId = (await createVenue(db)).id;
  testCentreId = (await createTestCentre(db)).id;
  [managerJwt, examinerJwt, assessorJwt, outsiderJwt, adaJwt, bobJwt] = (await Promise.all([manager, examiner, assessor, outsider, ada, bob].map((user) => signIn(t.app, user)))).map((s) => s.jwt) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  // Building the app on a real database can take over a minute on a loaded machine.
}, 300_000);
afterAll(async () => {
  await t.close();
});

describe('the record', () => {
  it('is saved as a draft by the welder, read back by populate and preview, and submitted once complete', async () => {
    const { id: applicationId } = await wpqApplication(ada);
    const blank = await get(`${W}/populate/${applicationId}`, adaJwt);
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json()).toMatchObject({ id: null, status: 'draft', standard: 'ISO 9606-1:2017', can: { edit: true } });

    const draft = await post(W, { applicationId, placeOfBirth: 'Newcastle', weldingProcess: '135' }, adaJwt);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({ status: 'draft', placeOfBirth: 'Newcastle', weldingProcess: '135', dateOfBirth: null });

    const incomplete = await post(`${W}/submit`, { applicationId, placeOfBirth: 'Newcastle', weldingProcess: '135', productType: 'Plate', jointType: 'BW', testPieceThickness: 10, weldingPosition: 'PA', fillerMaterialType: 'S' }, adaJwt);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fieldErrors).toMatchObject({
      dateOfBirth: 'Date of birth is required',
      wpsNumber: 'WPS number is required',
      transferMode: WPQ_MESSAGES.transferModeRequiredFor('135'),
      backingAndConsumableInsert: WPQ_MESSAGES.backingRequired,
    });
    expect((await get(`${W}/preview/${draft.json().id}`, adaJwt)).json().status).toBe('draft');

    const notNumber = await post(W, { ...plateButtWeld(applicationId), testPieceThickness: '10 mm' }, adaJwt);
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().fieldErrors.testPieceThickness).toBe(WPQ_MESSAGES.thicknessNumber);

    const submitted = await post(`${W}/submit`, plateButtWeld(applicationId), adaJwt);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ id: draft.json().id, status: 'submitted', testPieceThickness: 10, parentMaterial1Group: 1, validityOption: '9.3b' });
    expect(submitted.json().requiredTests.map((r: { rule: string }) => r.rule)).toContain('one of');
    expect(await mailsTo(ada.email, 'welder qualification record submitted')).toHaveLength(1);
    const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.sequence));
    expect(history.at(-1)?.note).toBe('Welder qualification record submitted by the welder');
  });

  it('staff who manage the program enter it for the welder; the engine refuses an impossible test piece with its message', async () => {
    const { id: applicationId } = await wpqApplication(ada);
    const impossible = await post(`${W}/submit`, { ...plateButtWeld(applicationId), weldingPosition: 'PH' }, managerJwt);
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().fieldErrors.weldingPosition).toBe(WPQ_MESSAGES.pipePositionOnPlate('PH'));
    const saved = await post(`${W}/submit`, plateButtWeld(applicationId), managerJwt);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().status).toBe('submitted');
    const [mail] = await mailsTo(ada.email, 'welder qualification record submitted');
    expect(mail).toBeDefined();
  });

  it("refuses another applicant's record (404, never data) and staff outside the program (403, reads included)", async () => {
    const { id: applicationId } = await wpqApplication(ada);
    const saved = await post(W, plateButtWeld(applicationId), adaJwt);
    const id = saved.json().id as string;
    for (const response of [await get(`${W}/populate/${applicationId}`, bobJwt), await get(`${W}/preview/${id}`, bobJwt), await post(W, plateButtWeld(applicationId), bobJwt), await post(`${W}/submit`, plateButtWeld(applicationId), bobJwt)]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Newcastle');
    }
    for (const response of [await get(`${W}/populate/${applicationId}`, outsiderJwt), await get(`${W}/preview/${id}`, outsiderJwt), await post(W, plateButtWeld(applicationId), outsiderJwt)]) {
      expect(response.statusCode).toBe(403);
    }
    // An assessor of the program reads it but does not enter it for the welder.
    expect((await get(`${W}/preview/${id}`, assessorJwt)).statusCode).toBe(200);
    expect((await post(W, plateButtWeld(applicationId), assessorJwt)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(wpqRecords).where(eq(wpqRecords.id, id));
    expect(row?.modifiedBy).toBe(ada.id);
  });
});

describe('the workflow to the award', () => {
  it('invoices the program fee, schedules the test, records the examiner tests and awards with the range the engine gives', async () => {
    const { id: applicationId } = await wpqApplication(ada);
    const submitted = await post(`${W}/submit`, plateButtWeld(applicationId), adaJwt);
    const id = submitted.json().id as string;

    // Not before payment.
    const early = await post(`${W}/${id}/schedule`, { scheduledLocal: tomorrowAtTen(), scheduleTimeZone: 'Australia/Sydney', durationMinutes: 240, venueId, testingAgencyId: null, examinerId, scheduleNote: '' }, managerJwt);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(WPQ_RECORD_MESSAGES.notPaid);

    const invoice = await invoiceAndPay(applicationId, adaJwt);
    expect(invoice.lines).toEqual([expect.objectContaining({ moduleTitle: 'Welder qualification test: Welder Qualification Test to ISO 9606-1', amountCents: 35000, feeBasis: 'nonMember' })]);
    expect((await applicationOf(applicationId)).workflowStage).toBe('Payment Stage Completed');

    const choices = await get(`${W}/${id}/schedule/choices`, managerJwt);
    expect(choices.json().examiners).toEqual([{ id: examinerId, name: 'Eve Examiner' }]);
    expect(choices.json().testCentres).toContainEqual(expect.objectContaining({ id: testCentreId }));
    expect((await get(`${W}/${id}/schedule/choices`, outsiderJwt)).statusCode).toBe(403);

    // Only a program examiner may be named; the manager schedules.
    const notExaminer = await post(`${W}/${id}/schedule`, { scheduledLocal: tomorrowAtTen(), scheduleTimeZone: 'Australia/Sydney', durationMinutes: 240, venueId, testingAgencyId: null, examinerId: manager.id, scheduleNote: '' }, managerJwt);
    expect(notExaminer.statusCode).toBe(400);
    expect(notExaminer.json().fieldErrors.examinerId).toBe(WPQ_RECORD_MESSAGES.examinerNotInProgram);
    expect((await post(`${W}/${id}/schedule`, { scheduledLocal: tomorrowAtTen(), scheduleTimeZone: 'Australia/Sydney', durationMinutes: 240, venueId, testingAgencyId: null, examinerId, scheduleNote: '' }, examinerJwt)).statusCode).toBe(403);
    const schedule = await post(`${W}/${id}/schedule`, { scheduledLocal: tomorrowAtTen(), scheduleTimeZone: 'Australia/Sydney', durationMinutes: 240, venueId: null, testingAgencyId: testCentreId, examinerId, scheduleNote: '' }, managerJwt);
    expect(schedule.statusCode, schedule.body).toBe(200);
    expect(schedule.json().schedule).toMatchObject({ durationMinutes: 240, testCentre: { id: testCentreId }, examiner: { id: examinerId, name: 'Eve Examiner' } });
    expect((await applicationOf(applicationId)).workflowStage).toBe('Exam Modules Sent');
    expect(await mailsTo(ada.email, 'your welder qualification test')).toHaveLength(1);
    // The record the test was sent for stays as it was, for the welder and for staff, and says why.
    for (const jwt of [adaJwt, managerJwt]) {
      const changed = await post(W, { ...plateButtWeld(applicationId), testPieceThickness: 12 }, jwt);
      expect(changed.statusCode).toBe(409);
      expect(changed.json().message).toBe(WPQ_RECORD_MESSAGES.sentForTest);
      expect((await get(`${W}/populate/${applicationId}`, jwt)).json()).toMatchObject({ testPieceThickness: 10, can: { edit: false } });
    }

    // The examiner's tests: visual first, the rest stop when it fails; only the program's examiner.
    const photo = await evidence(examinerJwt, 'visual.pdf');
    const bendReport = await evidence(examinerJwt, 'bend-report.pdf');
    const visual: WpqTestResultRequest = { testName: 'visual', result: 'Pass', evidenceAttachmentIds: [photo] };
    const bend: WpqTestResultRequest = { testName: 'bend', result: 'Pass', calculatedValue: 2, evidenceAttachmentIds: [bendReport] };
    expect((await post(`${W}/${id}/details`, { jobKnowledge: 'Acceptable', tests: [visual, bend] }, managerJwt)).statusCode).toBe(403);
    expect((await post(`${W}/${id}/details`, { jobKnowledge: 'Acceptable', tests: [visual, bend] }, outsiderJwt)).statusCode).toBe(403);
    const bendFirst = await post(`${W}/${id}/details`, { tests: [bend, visual] }, examinerJwt);
    expect(bendFirst.statusCode).toBe(400);
    expect(bendFirst.json().fieldErrors['tests.0.testName']).toBe(WPQ_RECORD_MESSAGES.visualFirst);
    const afterFailedVisual = await post(`${W}/${id}/details`, { tests: [{ ...visual, result: 'Fail' }, bend] }, examinerJwt);
    expect(afterFailedVisual.json().fieldErrors['tests.1.result']).toBe(WPQ_RECORD_MESSAGES.stoppedByVisual);
    const notMine = await post(`${W}/${id}/details`, { tests: [{ ...visual, evidenceAttachmentIds: [await evidence(adaJwt, 'mine.pdf')] }] }, examinerJwt);
    expect(notMine.json().fieldErrors['tests.0.evidenceAttachmentIds']).toBe(WPQ_RECORD_MESSAGES.evidenceUnknown);
    const visualOnly = await post(`${W}/${id}/details`, { tests: [visual] }, examinerJwt);
    expect(visualOnly.statusCode, visualOnly.body).toBe(200);

    const resultFile = await evidence(examinerJwt, 'test-result.pdf');
    const missing = await post(`${W}/${id}/examiner/submit`, { applicationTestingAgency: null, testResultFile: resultFile, messageToExaminer: '' }, examinerJwt);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({ jobKnowledge: WPQ_RECORD_MESSAGES.jobKnowledgeRequired, tests: expect.stringContaining('Record one of:') });

    const examined = await post(`${W}/${id}/examiner/submit`, { applicationTestingAgency: testCentreId, testResultFile: resultFile, messageToExaminer: 'Root face within tolerance.', details: { jobKnowledge: 'Acceptable', tests: [visual, bend] } }, examinerJwt);
    expect(examined.statusCode, examined.body).toBe(200);
    expect(examined.json()).toMatchObject({ status: 'examined', jobKnowledge: 'Acceptable', examSubmission: { testResultFile: { id: resultFile, name: 'test-result.pdf' }, testCentre: { id: testCentreId } } });
    expect(examined.json().tests).toMatchObject([
      { testName: 'visual', result: 'Pass', evidence: [{ id: photo }] },
      { testName: 'bend', result: 'Pass', calculatedValue: 2, evidence: [{ id: bendReport, name: 'bend-report.pdf' }] },
    ]);
    expect((await applicationOf(applicationId)).workflowStage).toBe('Exam Modules Evaluation Completed');
    // Staff of the program open the examiner's evidence through the record; staff of another program do not.
    const bendKey = examined.json().tests[1].evidence[0].resourceKey as string;
    expect((await get(`/api/attachment/presigned-download/${bendKey}`, managerJwt)).statusCode).toBe(200);
    expect((await get(`/api/attachment/presigned-download/${bendKey}`, outsiderJwt)).statusCode).toBe(403);
    expect((await post(`${W}/${id}/details`, { tests: [visual] }, examinerJwt)).json().message).toBe(WPQ_RECORD_MESSAGES.testsClosed);

    // The assessor's outcome.
    expect((await post(`${W}/${id}/result/submit`, { welderQualificationApproved: true }, outsiderJwt)).statusCode).toBe(403);
    expect((await post(`${W}/${id}/result/submit`, { welderQualificationApproved: true }, examinerJwt)).statusCode).toBe(403);
    const noReasons = await post(`${W}/${id}/result/submit`, { welderQualificationApproved: false }, assessorJwt);
    expect(noReasons.statusCode).toBe(400);
    expect(noReasons.json().fieldErrors.programAssessorNotes).toBe(WPQ_RECORD_MESSAGES.reasonsRequired);
    const approved = await post(`${W}/${id}/result/submit`, { welderQualificationApproved: true, programAssessorNotes: 'All tests acceptable.' }, assessorJwt);
    expect(approved.statusCode, approved.body).toBe(200);
    const view = approved.json() as WpqRecord;
    expect(view).toMatchObject({ status: 'approved', welderQualificationApproved: true, applicationStatus: 'Awarded' });

    const [award] = await t.database.db.select().from(awards).where(eq(awards.applicationId, applicationId));
    expect(award).toMatchObject({ awardType: 'Awarded', programType: 3, status: 'current' });
    expect(view).toMatchObject({ awardId: award!.id, certificateNumber: award!.certificateNumber, issueDate: award!.awardedOn });
    const [row] = await t.database.db.select().from(wpqRecords).where(eq(wpqRecords.id, id));
    const engine = calculateRange(rangeInputOf(plateButtWeld(applicationId) as never, 'ISO 9606-1:2017')!);
    expect(engine.ok).toBe(true);
    expect(row?.rangeOfQualification).toEqual(JSON.parse(JSON.stringify(engine.ok && engine.range)));
    expect(row?.awardId).toBe(award!.id);
    expect(view.rangeOfQualification).toMatchObject({ designations: ['ISO 9606-1 135 P BW FM1 S s10 PA ss nb'] });
    expect((await applicationOf(applicationId)).overallResult).toBe('Awarded');
    expect(await mailsTo(ada.email, 'welder qualification approved')).toHaveLength(1);
    const again = await post(`${W}/${id}/result/submit`, { welderQualificationApproved: true }, assessorJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WPQ_RECORD_MESSAGES.resultRecorded);
    // The welder reads the outcome and the stored range; the record is closed.
    const mine = await get(`${W}/preview/${id}`, adaJwt);
    expect(mine.json()).toMatchObject({ status: 'approved', can: { edit: false, examine: false, decide: false } });
    expect((await post(W, plateButtWeld(applicationId), adaJwt)).statusCode).toBe(409);
  }, 180_000);

  it('a failed visual test ends the test; one retest is allowed; not approved is Failed with the reasons', async () => {
    const { applicationId, record } = await scheduled(ada, adaJwt);
    const id = record.id!;
    const photo = await evidence(examinerJwt, 'visual-fail.pdf');
    const twoRetests = await post(`${W}/${id}/details`, { tests: [{ testName: 'visual', result: 'Fail', evidenceAttachmentIds: [photo] }, { testName: 'visual', result: 'Fail', isRetest: true }, { testName: 'bend', result: 'Fail' }, { testName: 'bend', result: 'Not tested', isRetest: true }] }, examinerJwt);
    expect(twoRetests.statusCode).toBe(400);
    expect(Object.values(twoRetests.json().fieldErrors)).toContain(WPQ_RECORD_MESSAGES.oneRetest);
    const resultFile = await evidence(examinerJwt, 'visual-report.pdf');
    const submitted = await post(
      `${W}/${id}/examiner/submit`,
      { testResultFile: resultFile, details: { jobKnowledge: 'Not tested', tests: [{ testName: 'visual', result: 'Fail', evidenceAttachmentIds: [photo] }, { testName: 'visual', result: 'Fail', isRetest: true }, { testName: 'bend', result: 'Not tested' }] } },
      examinerJwt,
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const cannotApprove = await post(`${W}/${id}/result/submit`, { welderQualificationApproved: true }, managerJwt);
    expect(cannotApprove.statusCode).toBe(400);
    expect(cannotApprove.json().fieldErrors.welderQualificationApproved).toBe(WPQ_RECORD_MESSAGES.testsNotPassed);
    const failed = await post(`${W}/${id}/result/submit`, { welderQualificationApproved: false, programAssessorNotes: 'Porosity and undercut over the limits of ISO 5817 level B.' }, managerJwt);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'failed', welderQualificationApproved: false, awardId: null, rangeOfQualification: null, applicationStatus: 'Failed' });
    expect(await t.database.db.select().from(awards).where(eq(awards.applicationId, applicationId))).toHaveLength(0);
    const [mail] = await mailsTo(ada.email, 'welder qualification not approved');
    expect(mail?.text).toContain('Porosity and undercut');
  }, 180_000);
});

describe('the award date of an approval (issue 41)', () => {
  /** A record examined with passing tests, its application submitted on `submittedOn`: the assessor may decide. */
  async function examined(submittedOn: Date): Promise<{ applicationId: string; id: string }> {
    const { applicationId, record } = await scheduled(ada, adaJwt);
    const id = record.id!;
    const details = { jobKnowledge: 'Acceptable', tests: [{ testName: 'visual', result: 'Pass', evidenceAttachmentIds: [await evidence(examinerJwt, 'visual.pdf')] }, { testName: 'bend', result: 'Pass', calculatedValue: 2 }] };
    const submitted = await post(`${W}/${id}/examiner/submit`, { testResultFile: await evidence(examinerJwt, 'result.pdf'), details }, examinerJwt);
    expect(submitted.statusCode, submitted.body).toBe(200);
    await t.database.db.update(applications).set({ submittedOn }).where(eq(applications.id, applicationId));
    return { applicationId, id };
  }
  const awardsOf = (applicationId: string) => t.database.db.select().from(awards).where(eq(awards.applicationId, applicationId));
  const lastNoteOf = async (applicationId: string) =>
    (await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.sequence))).at(-1)!.note;

  it('dates the award and the certificate issue date the day staff give, and the history names it; the form is offered the days it may take', async () => {
    const { applicationId, id } = await examined(new Date('2026-11-01T02:00:00Z'));
    expect((await get(`${W}/preview/${id}`, assessorJwt)).json<WpqRecord>().awardDateRange).toEqual({ earliest: '2026-11-01', latest: todayInSydney() });
    expect((await get(`${W}/preview/${id}`, adaJwt)).json<WpqRecord>().awardDateRange).toBeNull();
    const approved = await post(`${W}/${id}/result/submit`, { welderQualificationApproved: true, awardedOn: '2026-11-25' }, assessorJwt);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<WpqRecord>()).toMatchObject({ status: 'approved', issueDate: '2026-11-25', awardDateRange: null });
    const [award] = await awardsOf(applicationId);
    expect(award).toMatchObject({ awardedOn: '2026-11-25', status: 'current' });
    expect(award!.certificateNumber).toMatch(/^WCB-2026-/);
    expect(await lastNoteOf(applicationId)).toBe('Welder qualification approved (award date 25-Nov-2026)');
  }, 180_000);

  it('an appeal upheld against Not approved (issue 43): the record is approved with the range the engine gives, the award dated the day the handler gives', async () => {
    const { applicationId, id } = await examined(new Date('2026-11-01T02:00:00Z'));
    const refused = await post(`${W}/${id}/result/submit`, { welderQualificationApproved: false, programAssessorNotes: 'Porosity in the root' }, assessorJwt);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await awardsOf(applicationId)).toHaveLength(0);

    const lodged = await post('/api/appeals', { applicationId, subject: 'result', grounds: 'The radiograph shows porosity within the acceptance level.' }, adaJwt);
    expect(lodged.statusCode, lodged.body).toBe(200);
    const appealId = lodged.json().id as string;
    const handler = await createUser(t.database.db, { role: ROLES.SuperUser, firstName: 'Hal', lastName: 'Handler' });
    const handlerJwt = (await signIn(t.app, handler)).jwt;
    expect((await post(`/api/appeals/${appealId}/handler`, { handlerId: handler.id }, handlerJwt)).statusCode).toBe(200);
    const decided = await post(`/api/appeals/${appealId}/decide`, { outcome: 'upheld', reasons: 'Porosity within ISO 5817 level B.', awardedOn: '2026-11-28' }, handlerJwt);
    expect(decided.statusCode, decided.body).toBe(200);

    const [award] = await awardsOf(applicationId);
    expect(award).toMatchObject({ awardedOn: '2026-11-28', status: 'current' });
    const record = (await get(`${W}/preview/${id}`, adaJwt)).json<WpqRecord>();
    expect(record).toMatchObject({ status: 'approved', welderQualificationApproved: true, issueDate: '2026-11-28' });
    const [row] = await t.database.db.select().from(wpqRecords).where(eq(wpqRecords.id, id));
    expect(row).toMatchObject({ awardId: award!.id, programAssessorNotes: expect.stringContaining('upheld: Porosity within ISO 5817 level B.') });
    const engine = calculateRange(rangeInputOf(plateButtWeld(applicationId) as never, 'ISO 9606-1:2017')!);
    expect(row!.rangeOfQualification).toEqual(JSON.parse(JSON.stringify(engine.ok && engine.range)));
  }, 180_000);

  it('refuses a future day, a day before the submission, an impossible day and a date with Not approved (400 at awardedOn), changing nothing; no date is today', async () => {
    const { applicationId, id } = await examined(new Date('2026-11-01T02:00:00Z'));
    const cases: [object, string][] = [
      [{ welderQualificationApproved: true, awardedOn: addDays(todayInSydney(), 1) }, AWARD_MESSAGES.awardedOnFuture],
      [{ welderQualificationApproved: true, awardedOn: '2026-10-31' }, AWARD_MESSAGES.awardedOnBeforeSubmitted('01-Nov-2026')],
      [{ welderQualificationApproved: true, awardedOn: '2026-11-31' }, AWARD_MESSAGES.awardedOnInvalid],
      [{ welderQualificationApproved: false, programAssessorNotes: 'Porosity', awardedOn: '2026-11-25' }, WPQ_RECORD_MESSAGES.awardedOnOnlyApproved],
    ];
    for (const [payload, message] of cases) {
      const response = await post(`${W}/${id}/result/submit`, payload, assessorJwt);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ awardedOn: message });
    }
    expect(await awardsOf(applicationId)).toHaveLength(0);
    expect((await applicationOf(applicationId)).workflowStage).toBe('Exam Modules Evaluation Completed');
    expect((await get(`${W}/preview/${id}`, assessorJwt)).json<WpqRecord>()).toMatchObject({ status: 'examined', issueDate: null, can: { decide: true } });
    // Staff outside the program and the examiner are refused with a date as without.
    expect((await post(`${W}/${id}/result/submit`, { welderQualificationApproved: true, awardedOn: '2026-11-25' }, outsiderJwt)).statusCode).toBe(403);
    expect((await post(`${W}/${id}/result/submit`, { welderQualificationApproved: true, awardedOn: '2026-11-25' }, examinerJwt)).statusCode).toBe(403);
    expect((await post(`${W}/${id}/result/submit`, { welderQualificationApproved: true }, assessorJwt)).statusCode).toBe(200);
    expect((await awardsOf(applicationId))[0]!.awardedOn).toBe(todayInSydney());
    expect(await lastNoteOf(applicationId)).toBe('Welder qualification approved');
  }, 180_000);
});

describe('the examiner and the impartiality check (issue 43)', () => {
  it("refuses an examiner employed by the welder's employer (409, recorded, nothing scheduled); the manager overrides with a reason", async () => {
    const db = t.database.db;
    const cy = await createUser(db, { role: ROLES.Applicant, firstName: 'Cy', lastName: 'Crater' });
    const cyJwt = (await signIn(t.app, cy)).jwt;
    const [company] = await db.insert(companies).values({ name: 'Hunter Steel Fabrication', contactEmail: `hr.${Date.now()}@example.test` }).returning({ id: companies.id });
    await db.update(applicants).set({ employerCompanyId: company!.id, employerClaimStatus: 'approved' }).where(eq(applicants.id, cy.applicantId!));
    await db.insert(staffRecords).values({ staffUserId: examinerId, employerCompanyId: company!.id });
    try {
      const { id: applicationId } = await wpqApplication(cy);
      const submitted = await post(`${W}/submit`, plateButtWeld(applicationId), cyJwt);
      expect(submitted.statusCode, submitted.body).toBe(200);
      await invoiceAndPay(applicationId, cyJwt);
      const id = (submitted.json() as WpqRecord).id!;
      const schedule = { scheduledLocal: tomorrowAtTen(), scheduleTimeZone: 'Australia/Sydney', durationMinutes: 240, venueId, testingAgencyId: null, examinerId, scheduleNote: '' };

      const refused = await post(`${W}/${id}/schedule`, schedule, managerJwt);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe("Eve Examiner cannot be assigned as examiner: is employed by Hunter Steel Fabrication, the applicant's employer.");
      const [record] = await db.select().from(wpqRecords).where(eq(wpqRecords.id, id));
      expect(record).toMatchObject({ examinerId: null, scheduledAt: null });

      const overridden = await post(`${W}/${id}/schedule`, { ...schedule, override: { reason: 'Works at another site of the group' } }, managerJwt);
      expect(overridden.statusCode, overridden.body).toBe(200);
      const events = await db.select().from(impartialityEvents).where(eq(impartialityEvents.applicationId, applicationId)).orderBy(asc(impartialityEvents.createdOn));
      expect(events.map((event) => [event.role, event.outcome, event.overrideReason])).toEqual([
        ['examiner', 'refused', null],
        ['examiner', 'overridden', 'Works at another site of the group'],
      ]);
    } finally {
      await db.delete(staffRecords).where(eq(staffRecords.staffUserId, examinerId));
    }
  });
});
