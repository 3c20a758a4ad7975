import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { ASSIGNMENT_CHECK_MESSAGES } from '@certs/shared/impartiality/assignment-check.contract';
import { subtractMonths } from '@certs/shared/award/award-expiry';
import { formatDay } from '@certs/shared/common/dates';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { RENEWAL_MESSAGES, type Renewal, type RenewalQueuePage } from '@certs/shared/renewal/renewal.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationHistory, applications } from '../../db/schema/application';
import { awardHistory, awards } from '../../db/schema/award';
import { impartialityEvents, staffConflicts } from '../../db/schema/impartiality';
import { mails } from '../../db/schema/mail';
import { programCertificationSettings, programRequirements, programUsers, programs } from '../../db/schema/program';
import { AWARD_MIGRATION_COLUMNS, type MigrationImport } from '@certs/shared/migration/migration.contract';
import { addYears } from '../award/award.service';
import { createMigrationModule } from '../migration/migration.module';

const R = '/api/certificationrenewalapplication';
const C = '/api/certificationapplication';

let t: TestApp;
let managerJwt: string;
let examinerJwt: string;
let outsiderJwt: string;
let adaJwt: string;
let bobJwt: string;
let manager: CreatedUser;
let ada: CreatedUser;
let bob: CreatedUser;
let programId: string;
let programCode: string;
let requirementIds: string[];

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });
const today = () => todayInSydney();

/** Ada's award of the program, made by the result stage, then dated so that it expires on `expiresOn` (three years after its award day). */
async function awardExpiringOn(holder: CreatedUser, expiresOn: string | null) {
  const application = await createApplicationWithModules(t.database.db, { applicantId: holder.applicantId!, programId, programType: 2, programModuleIds: [], workflowStage: 'Payment Stage Completed' });
  expect((await post(`${C}/${application.id}/resultstage`, { overallResult: 'Awarded' }, managerJwt)).statusCode).toBe(200);
  const awardedOn = expiresOn ? subtractMonths(expiresOn, 36) : today();
  const [award] = await t.database.db.update(awards).set({ awardedOn, expiresOn }).where(eq(awards.applicationId, application.id)).returning();
  return { applicationId: application.id, award: award! };
}

async function addDevelopment(jwt: string, numOfHours: number, startDate: string, provider = 'Welding Institute'): Promise<string> {
  const response = await post('/api/applicantprofessionaldevelopment', { provider, numOfHours, PersonalDevelopmentType: 'Course', startDate }, jwt);
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

const answers = () => requirementIds.map((requirementId) => ({ requirementId, answerText: 'Supervised welding on three bridges.' }));

async function submittedRenewal(holder: CreatedUser, jwt: string, developmentIds: string[] = []) {
  const expiresOn = subtractMonths(today(), -2);
  const { award, applicationId } = await awardExpiringOn(holder, expiresOn);
  const saved = await post(`${R}/save`, { awardId: award.id, answers: answers(), developmentIds }, jwt);
  expect(saved.statusCode).toBe(200);
  const submitted = await post(`${R}/${saved.json().id}/submit`, undefined, jwt);
  expect(submitted.statusCode).toBe(200);
  return { award, applicationId, expiresOn, renewal: submitted.json() as Renewal };
}

async function statusOf(applicationId: string) {
  const [row] = await t.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId));
  return row!.status;
}

async function lastMailTo(email: string) {
  const rows = await t.database.db.select().from(mails).where(eq(mails.toEmail, email)).orderBy(asc(mails.createdOn));
  return rows.at(-1)!;
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  const db = t.database.db;
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Mia', lastName: 'Manager' });
  const examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Eve', lastName: 'Examiner' });
  const outsider = await createStaffOfAnotherProgram(db);
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright', email: `ada.${Date.now()}@example.test` });
  bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley', email: `bob.${Date.now()}@example.test` });
  ({ id: programId, programCode } = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 2, programTitle: 'Welding Supervisor' }));
  await db.update(programs).set({ numberPatternCheck: true, certificateNumPattern: 'WS-{N}', certificateStartNum: '001' }).where(eq(programs.id, programId));
  await db.insert(programCertificationSettings).values({
    programId,
    kind: 'initial',
    memberFeeCents: 1000,
    nonmemberFeeCents: 2000,
    renewalPeriod: 3,
    requiredCpdHours: 20,
    assessorAssessmentInstruction: 'Check the logbook.',
    programDeclaration: '<p>I declare.</p>',
  });
  const requirements = await db
    .insert(programRequirements)
    .values([
      { programId, requirementCode: 'R1', requirementDescription: 'Continued supervision of welding', sortOrder: 1 },
      { programId, requirementCode: 'R2', requirementDescription: 'No upheld complaints', sortOrder: 2 },
    ])
    .returning({ id: programRequirements.id });
  requirementIds = requirements.map((r) => r.id);
  await db.insert(programUsers).values({ programId, userId: examiner.id, role: PROGRAM_USER_ROLES.examiner });
  [managerJwt, examinerJwt, outsiderJwt, adaJwt, bobJwt] = (await Promise.all([manager, examiner, outsider, ada, bob].map((user) => signIn(t.app, user)))).map((s) => s.jwt) as [string, string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

describe('the holder applies to renew', () => {
  it('shows the requirements and the CPD hours within the award period against the required hours', async () => {
    const expiresOn = subtractMonths(today(), -3);
    const { award } = await awardExpiringOn(ada, expiresOn);
    const before = await addDevelopment(adaJwt, 50, subtractMonths(award.awardedOn, 1), 'Before the award');
    const inside = await addDevelopment(adaJwt, 12.5, subtractMonths(today(), 6));
    const alsoInside = await addDevelopment(adaJwt, 4, award.awardedOn);
    const form = await get(`${R}/award/${award.id}`, adaJwt);
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ id: null, canApply: true, requiredCpdHours: 20, cpdHours: 0, expiresOn, windowOpensOn: subtractMonths(expiresOn, 6) });
    expect(form.json().requirements.map((r: { code: string }) => r.code)).toEqual(['R1', 'R2']);
    const saved = await post(`${R}/save`, { awardId: award.id, answers: answers().slice(0, 1), developmentIds: [before, inside, alsoInside] }, adaJwt);
    expect(saved.statusCode).toBe(200);
    const draft: Renewal = saved.json();
    expect(draft.status).toBe('draft');
    // The entry from before the award day is listed but does not count.
    expect(draft.cpdHours).toBe(16.5);
    expect(draft.development.find((d) => d.id === before)).toMatchObject({ inPeriod: false, selected: true });

    // Submitting with a requirement unanswered is a 400 naming it, and changes nothing.
    const incomplete = await post(`${R}/${draft.id}/submit`, undefined, adaJwt);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fieldErrors).toEqual({ [`answers.${requirementIds[1]}`]: RENEWAL_MESSAGES.answerRequired });
    expect(await statusOf(award.applicationId)).toBe('Awarded');

    const resaved = await post(`${R}/save`, { awardId: award.id, answers: answers(), developmentIds: [inside, alsoInside] }, adaJwt);
    expect(resaved.json().id).toBe(draft.id);
    const submitted = await post(`${R}/${draft.id}/submit`, undefined, adaJwt);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', cpdHours: 16.5, requiredCpdHours: 20, applicationStatus: 'Applied for Renewal' });
    expect(await statusOf(award.applicationId)).toBe('Applied for Renewal');
    const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, award.applicationId));
    expect(history.filter((h) => h.toStatus === 'Applied for Renewal')).toEqual([expect.objectContaining({ fromStatus: 'Awarded', note: expect.stringContaining('submitted; CPD hours: 16.5 of 20 required') })]);
    const received = await lastMailTo(ada.email);
    expect(received.subject).toBe(`Your renewal of certificate ${award.certificateNumber} is received`);
    expect(JSON.stringify(received)).toContain('You listed 16.5 hours of continuing professional development; the program asks for 20.');

    // One open renewal: saving again or submitting twice is refused.
    expect((await post(`${R}/save`, { awardId: award.id, answers: answers() }, adaJwt)).statusCode).toBe(409);
    expect((await post(`${R}/${draft.id}/submit`, undefined, adaJwt)).statusCode).toBe(409);
  });

  it('refuses outside the renewal window, an award that is not current, and bad input, saving nothing', async () => {
    const { award: early } = await awardExpiringOn(ada, subtractMonths(today(), -7));
    const form = (await get(`${R}/award/${early.id}`, adaJwt)).json();
    expect(form.canApply).toBe(false);
    expect(form.blockedReason).toBe(RENEWAL_MESSAGES.outsideWindow(subtractMonths(early.expiresOn!, 6), early.expiresOn!));
    expect(form.blockedReason).toBe(`Renewal opens on ${formatDay(subtractMonths(early.expiresOn!, 6))} and closes on ${formatDay(early.expiresOn!)}`);
    const tooEarly = await post(`${R}/save`, { awardId: early.id, answers: answers() }, adaJwt);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe(form.blockedReason);

    const { award: held } = await awardExpiringOn(ada, subtractMonths(today(), -1));
    expect((await post(`${C}/${held.applicationId}/award/hold`, { reason: 'Complaint under review' }, managerJwt)).statusCode).toBe(200);
    const onHold = await post(`${R}/save`, { awardId: held.id, answers: answers() }, adaJwt);
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json().message).toBe(RENEWAL_MESSAGES.awardNotCurrent);

    const { award } = await awardExpiringOn(ada, subtractMonths(today(), -1));
    const bobsEntry = await addDevelopment(bobJwt, 10, today());
    const notMine = await post(`${R}/save`, { awardId: award.id, developmentIds: [bobsEntry] }, adaJwt);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().fieldErrors).toEqual({ developmentIds: RENEWAL_MESSAGES.unknownDevelopment });
    const badRequirement = await post(`${R}/save`, { awardId: award.id, answers: [{ requirementId: award.id, answerText: 'x' }] }, adaJwt);
    expect(badRequirement.statusCode).toBe(400);
    const { renewal: open } = (await get(`${R}/award/${award.id}`, adaJwt)).json() as { renewal?: unknown };
    expect(open).toBeUndefined();
    expect((await get(`${R}/award/${award.id}`, adaJwt)).json().id).toBeNull();
  });

  it("another applicant gets 404 for the holder's award and renewal, and staff cannot use the holder's routes", async () => {
    const { award, renewal } = await submittedRenewal(ada, adaJwt);
    expect((await get(`${R}/award/${award.id}`, bobJwt)).statusCode).toBe(404);
    expect((await post(`${R}/save`, { awardId: award.id, answers: answers() }, bobJwt)).statusCode).toBe(404);
    expect((await post(`${R}/${renewal.id}/submit`, undefined, bobJwt)).statusCode).toBe(404);
    expect((await get(`${R}/${renewal.id}`, bobJwt)).statusCode).toBe(404);
    expect((await get(`${R}/${renewal.id}`, adaJwt)).statusCode).toBe(200);
    expect((await get(`${R}/award/${award.id}`, managerJwt)).statusCode).toBe(403);
  });
});

describe('staff decide', () => {
  it('renew: the same award and number, current, with a new expiry from the old one, a new certificate version, history and mail', async () => {
    const { award, applicationId, expiresOn, renewal } = await submittedRenewal(ada, adaJwt);
    const response = await post(`${R}/renewal/action`, { renewalId: renewal.id, action: 'renew' }, managerJwt);
    expect(response.statusCode).toBe(200);
    const newExpiresOn = addYears(expiresOn, 3);
    expect(response.json()).toMatchObject({ status: 'renewed', previousExpiresOn: expiresOn, newExpiresOn, expiresOn: newExpiresOn, certificateNumber: award.certificateNumber });
    const rows = await t.database.db.select().from(awards).where(eq(awards.applicationId, applicationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: award.id, certificateNumber: award.certificateNumber, status: 'current', expiresOn: newExpiresOn, awardType: 'Renewal', certificateVersion: award.certificateVersion + 1 });
    expect(await statusOf(applicationId)).toBe('Awarded');
    const history = await t.database.db.select().from(awardHistory).where(eq(awardHistory.awardId, award.id)).orderBy(asc(awardHistory.id));
    // History and mail say the days as people read dates (issue 45 item 9), not as YYYY-MM-DD.
    expect(history.at(-1)).toMatchObject({ action: 'renewed', toStatus: 'current', reason: `Renewed until ${formatDay(newExpiresOn)} (was ${formatDay(expiresOn)})` });
    const notes = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.sequence));
    expect(notes.at(-1)!.note).toBe(`Certificate ${award.certificateNumber} renewed until ${formatDay(newExpiresOn)}`);
    const renewedMail = await lastMailTo(ada.email);
    expect(renewedMail.subject).toBe(`Your certificate ${award.certificateNumber} is renewed`);
    expect(renewedMail.text).toContain(`It is now valid until ${formatDay(newExpiresOn)}.`);
    // The holder's list and the public verification find the one award with the new expiry.
    const mine = (await get('/api/applicant/awards', adaJwt)).json().rows.filter((a: { id: string }) => a.id === award.id);
    expect(mine).toEqual([expect.objectContaining({ expiresOn: newExpiresOn, status: 'current', awardType: 'Renewal' })]);
    // Decided once: a second action is a 409.
    expect((await post(`${R}/renewal/action`, { renewalId: renewal.id, action: 'renew' }, managerJwt)).statusCode).toBe(409);
    // The renewed award is outside its new window: no second renewal yet.
    expect((await get(`${R}/award/${award.id}`, adaJwt)).json()).toMatchObject({ id: null, canApply: false });
  });

  it('two decisions at once: one is taken, the other is a 409, and the expiry moves once', async () => {
    const { award, expiresOn, renewal } = await submittedRenewal(ada, adaJwt);
    const results = await Promise.all([
      post(`${R}/renewal/action`, { renewalId: renewal.id, action: 'renew' }, managerJwt),
      post(`${R}/renewal/action`, { renewalId: renewal.id, action: 'refuse', reason: 'Late evidence' }, managerJwt),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.database.db.select().from(awards).where(eq(awards.id, award.id));
    const renewed = results.find((r) => r.statusCode === 200)!.json().status === 'renewed';
    expect(row).toMatchObject(renewed ? { status: 'current', expiresOn: addYears(expiresOn, 3) } : { status: 'withdrawn', expiresOn });
  });

  it('refuse: a reason is required; then the award is withdrawn and the application Award Withdrawn', async () => {
    const { award, applicationId, renewal } = await submittedRenewal(ada, adaJwt);
    const blank = await post(`${R}/renewal/action`, { renewalId: renewal.id, action: 'refuse', reason: '  ' }, managerJwt);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ reason: RENEWAL_MESSAGES.reasonRequired });
    expect(await statusOf(applicationId)).toBe('Applied for Renewal');
    const refused = await post(`${R}/renewal/action`, { renewalId: renewal.id, action: 'refuse', reason: 'Not enough CPD' }, managerJwt);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', decisionReason: 'Not enough CPD', awardStatus: 'withdrawn' });
    expect(await statusOf(applicationId)).toBe('Award Withdrawn');
    const [row] = await t.database.db.select().from(awards).where(eq(awards.id, award.id));
    expect(row).toMatchObject({ status: 'withdrawn', statusReason: 'Not enough CPD', expiresOn: award.expiresOn });
    expect((await lastMailTo(ada.email)).subject).toBe(`Your renewal of certificate ${award.certificateNumber} is refused`);
  });

  it('lists the program queue with the spec defaults and search; staff outside the program or only serving on it get 403', async () => {
    const first = await submittedRenewal(bob, bobJwt);
    const second = await submittedRenewal(bob, bobJwt);
    const page = await get(`${R}/pagination?programId=${programId}`, managerJwt);
    expect(page.statusCode).toBe(200);
    const body: RenewalQueuePage = page.json();
    expect(body).toMatchObject({ page: 1, pageSize: 10 });
    const numbers = body.rows.map((r) => r.applicationNumber);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect(body.rows.every((r) => r.status !== 'draft')).toBe(true);
    const searched = (await get(`${R}/pagination?programId=${programId}&searchTerm=${encodeURIComponent(second.award.certificateNumber)}`, managerJwt)).json();
    expect(searched.rows.map((r: { id: string }) => r.id)).toEqual([second.renewal.id]);
    const submittedOnly = (await get(`${R}/pagination?programId=${programId}&status=submitted&searchTerm=Beadley`, managerJwt)).json();
    expect(submittedOnly.rows.map((r: { id: string }) => r.id).sort()).toEqual([first.renewal.id, second.renewal.id].sort());

    for (const jwt of [outsiderJwt, examinerJwt]) {
      expect((await get(`${R}/pagination?programId=${programId}`, jwt)).statusCode).toBe(403);
      expect((await get(`${R}/${first.renewal.id}`, jwt)).statusCode).toBe(403);
      expect((await post(`${R}/renewal/action`, { renewalId: first.renewal.id, action: 'renew' }, jwt)).statusCode).toBe(403);
    }
    expect((await get(`${R}/pagination?programId=${programId}`, bobJwt)).statusCode).toBe(403);
    expect(await statusOf(first.applicationId)).toBe('Applied for Renewal');
  });
});

describe('the decision and impartiality (issue 43)', () => {
  it("refuses a decider with a declared conflict with the holder, changing nothing; the manager's override renews and the history says why", async () => {
    const cleo = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Cleo', lastName: 'Conflicted', email: `cleo.${Date.now()}@example.test` });
    const cleoJwt = (await signIn(t.app, cleo)).jwt;
    const { applicationId, renewal } = await submittedRenewal(cleo, cleoJwt);
    await t.database.db.insert(staffConflicts).values({ staffUserId: manager.id, applicantUserId: cleo.id, kind: 'relative' });

    const refused = await post(`${R}/renewal/action`, { renewalId: renewal.id, action: 'renew' }, managerJwt);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().details.impartiality.refusals).toMatchObject([{ staffUserId: manager.id, role: 'decision_maker', reasons: [ASSIGNMENT_CHECK_MESSAGES.conflictWithApplicant('a relative')] }]);
    expect(await statusOf(applicationId)).toBe('Applied for Renewal');

    const renewed = await post(`${R}/renewal/action`, { renewalId: renewal.id, action: 'renew', override: { reason: 'Only certifier available; countersigned by the chair' } }, managerJwt);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ status: 'renewed' });
    const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.sequence));
    expect(history.at(-1)!.note).toContain('(impartiality refusal overridden: Only certifier available; countersigned by the chair)');
    const events = await t.database.db.select().from(impartialityEvents).where(eq(impartialityEvents.applicationId, applicationId)).orderBy(asc(impartialityEvents.createdOn));
    expect(events.map((e) => e.outcome)).toEqual(['refused', 'overridden']);
  });
});

describe('the renewal setting', () => {
  it("records the program's Required CPD Hours with the certification settings, refusing a bad value", async () => {
    const { id } = await createProgram(t.database.db, { programManagerId: manager.id, programType: 2, programTitle: 'Draft Certification' });
    const settings = { memberFee: '10.00', nonmemberFee: '20.00', renewalPeriod: 3, assessorAssessmentInstruction: 'Check.', programDeclaration: '<p>I declare.</p>' };
    const bad = await post(`/api/program/${id}/certifications`, { ...settings, requiredCpdHours: 'lots' }, managerJwt);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Required CPD Hours must be a whole number from 0 to 1000');
    const saved = await post(`/api/program/${id}/certifications`, { ...settings, requiredCpdHours: 15 }, managerJwt);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().requiredCpdHours).toBe(15);
    expect((await get(`/api/program/${id}/certifications`, managerJwt)).json().settings.requiredCpdHours).toBe(15);
  });
});

describe('an award brought by the legacy import (issue 41)', () => {
  it('renews like any other: the holder applies, staff renew, the same number with a new expiry; its credential downloads', async () => {
    const db = t.database.db;
    const administrator = await createUser(db, { role: ROLES.AccountAdministrator });
    const adminJwt = (await signIn(t.app, administrator)).jwt;
    const cara = await createUser(db, { role: ROLES.Applicant, firstName: 'Cara', lastName: 'Carried', email: `cara.${Date.now()}@example.test` });
    const caraJwt = (await signIn(t.app, cara)).jwt;
    const expiresOn = subtractMonths(today(), -2);
    const number = `OLD-${Date.now()}`;
    const cells: Record<string, string> = { email: cara.email, firstName: 'Cara', lastName: 'Carried', programCode, certificateNumber: number, awardedOn: subtractMonths(expiresOn, 36), expiresOn, status: 'Current' };
    const csvContent = [AWARD_MIGRATION_COLUMNS.join(','), AWARD_MIGRATION_COLUMNS.map((column) => cells[column] ?? '').join(',')].join('\n');
    const started = await post('/api/migration/awards', { fileName: 'holders.csv', csvContent, dryRun: false }, adminJwt);
    expect(started.statusCode, started.body).toBe(202);
    await createMigrationModule(db, { defaultPattern: 'WCB-{YYYY}-{N}', log: { warn: () => undefined }, runJobs: false }).service.runPending();
    const imported = (await get(`/api/migration/${started.json().id}`, adminJwt)).json<MigrationImport>();
    expect(imported).toMatchObject({ status: 'Finished', created: 1, refused: 0 });
    const [award] = await db.select().from(awards).where(eq(awards.certificateNumber, number));

    // Its credential is the award's, signed, from its original award day.
    const credential = await get(`/api/award/${award!.id}/credential`, caraJwt);
    expect(credential.statusCode).toBe(200);
    expect(credential.json()).toMatchObject({ type: ['VerifiableCredential', 'OpenBadgeCredential'], validFrom: expect.stringMatching(new RegExp(`^${award!.awardedOn}T`)) });

    const saved = await post(`${R}/save`, { awardId: award!.id, answers: answers(), developmentIds: [] }, caraJwt);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post(`${R}/${saved.json().id}/submit`, undefined, caraJwt)).statusCode).toBe(200);
    const renewed = await post(`${R}/renewal/action`, { renewalId: saved.json().id, action: 'renew' }, managerJwt);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ status: 'renewed', newExpiresOn: addYears(expiresOn, 3), certificateNumber: number });
    const [after] = await db.select().from(awards).where(eq(awards.id, award!.id));
    expect(after).toMatchObject({ certificateNumber: number, status: 'current', expiresOn: addYears(expiresOn, 3), awardType: 'Renewal' });
  });
});
