import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE_MESSAGES } from '@certs/shared/application/application-stage.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { RESULT_MESSAGES, SCHEDULE_MESSAGES, WHAT_TO_BRING, WHAT_TO_BRING_RECORDED_ONLINE, type ExamSchedule, type ScheduleModuleRequest } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { PUBLIC_SCHEDULE_MESSAGES, type PublicSchedule } from '@certs/shared/exam-schedule/public-schedule.contract';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules, createPublishedModuleTest, createTestCentre, createVenue, moveExamIntoPast } from '../../../test/factories/application-module.factory';
import { completeProgram, createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { applicationHistory, applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { mails } from '../../db/schema/mail';
import { programModules, programUsers } from '../../db/schema/program';
import { users } from '../../db/schema/user';
import { testingAgencies, venues } from '../../db/schema/venue';
import { ExamScheduleRepository } from './exam-schedule.repository';
import { PublicScheduleService } from './public-schedule.service';

const PUBLIC_URL = 'http://localhost:3000';
const M = '/api/qualificationapplicationmodule';
const Q = '/api/qualificationapplication';
// Next year, so every date below is in the future whenever the suite runs.
const YEAR = new Date().getUTCFullYear() + 1;
const at = (monthDay: string, time: string) => `${YEAR}-${monthDay}T${time}`;

/** Sydney's clocks go forward at 2:00 on the first Sunday of October. */
function sydneyDaylightSavingStart(year: number): string {
  const first = new Date(Date.UTC(year, 9, 1));
  const day = 1 + ((7 - first.getUTCDay()) % 7);
  return `${year}-10-${String(day).padStart(2, '0')}`;
}

let t: TestApp;
let superJwt: string;
let managerJwt: string;
let examinerJwt: string;
let invigilatorJwt: string;
let outsiderJwt: string;
let adaJwt: string;
let bobJwt: string;
let ada: CreatedUser;
let bob: CreatedUser;
let examiner: CreatedUser;
let invigilator: CreatedUser;
let outsider: CreatedUser;
let programId: string;
let onlineModuleId: string;
let practicalModuleId: string;
let onlineTestId: string;
let practicalTestId: string;
let draftTestId: string;
let venue: { id: string; title: string };
let centre: { id: string; companyName: string };

const get = (url: string, jwt?: string) => t.app.inject({ method: 'GET', url, headers: jwt ? bearer(jwt) : {} });
const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

async function scheduleOf(id: string, jwt = managerJwt): Promise<ExamSchedule> {
  const response = await get(`${M}/${id}/scheduled`, jwt);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** A complete schedule: the online module at 10:00 Sydney, the practical one at a venue in Melbourne time. */
function onlineRow(moduleId: string, overrides: Partial<ScheduleModuleRequest> = {}): ScheduleModuleRequest {
  return {
    applicationModuleId: moduleId,
    examKind: 'Online',
    scheduledLocal: at('11-21', '10:00'),
    scheduleTimeZone: 'Australia/Sydney',
    durationMinutes: 90,
    examinerId: examiner.id,
    invigilatorId: invigilator.id,
    examDefinitionId: onlineTestId,
    ...overrides,
  };
}

function practicalRow(moduleId: string, overrides: Partial<ScheduleModuleRequest> = {}): ScheduleModuleRequest {
  return {
    applicationModuleId: moduleId,
    examKind: 'Practical',
    scheduledLocal: at('11-22', '09:30'),
    scheduleTimeZone: 'Australia/Melbourne',
    durationMinutes: 180,
    venueId: venue.id,
    examinerId: examiner.id,
    scheduleNote: 'Bring your own hood.',
    ...overrides,
  };
}

async function applicationFor(applicant: CreatedUser, workflowStage: 'Payment Stage Completed' | 'Payment Stage Requested' = 'Payment Stage Completed') {
  return createApplicationWithModules(t.database.db, { applicantId: applicant.applicantId!, programId, programModuleIds: [onlineModuleId, practicalModuleId], workflowStage });
}

/** Schedules both modules and sends them: the application is then at Exam Modules Sent. */
async function scheduledAndSent(applicant: CreatedUser) {
  const application = await applicationFor(applicant);
  const [online, practical] = application.moduleIds as [string, string];
  expect((await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online), practicalRow(practical)] }, managerJwt)).statusCode).toBe(200);
  expect((await post(`${M}/${application.id}/examination/send`, undefined, managerJwt)).statusCode).toBe(200);
  return { ...application, online, practical };
}

async function historyOf(applicationId: string) {
  return t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.sequence));
}

async function mailsTo(email: string) {
  return t.database.db.select().from(mails).where(eq(mails.toEmail, email)).orderBy(asc(mails.createdOn));
}

async function stageOf(applicationId: string) {
  const [row] = await t.database.db.select().from(applications).where(eq(applications.id, applicationId));
  return { status: row!.status, stage: row!.workflowStage, overallResult: row!.overallResult, resultRecordedOn: row!.resultRecordedOn };
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  const db = t.database.db;
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Mia', lastName: 'Manager' });
  examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Eve', lastName: 'Examiner' });
  invigilator = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Ivan', lastName: 'Invigilator' });
  outsider = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright', email: `ada.${Date.now()}@example.test` });
  bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley', email: `bob.${Date.now()}@example.test` });
  // Ada lives in Perth: her mail and page show Perth time.
  await db.update(users).set({ timeZone: 'Australia/Perth' }).where(eq(users.id, ada.id));

  const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programTitle: 'Welding Inspector', programCode: 'Q-ES-INSP' });
  programId = program.id;
  await completeProgram(db, programId, 1, examiner.id);
  await db.insert(programUsers).values([
    { programId, userId: examiner.id, role: PROGRAM_USER_ROLES.examiner },
    { programId, userId: invigilator.id, role: PROGRAM_USER_ROLES.invigilator },
  ]);
  const [online] = await db.select().from(programModules).where(eq(programModules.programId, programId));
  onlineModuleId = online!.id;
  await db.update(programModules).set({ invigilated: true, moduleTitle: 'Welding processes' }).where(eq(programModules.id, onlineModuleId));
  const [practical] = await db
    .insert(programModules)
    .values({ programId, moduleCode: 'M2', moduleTitle: 'Practical inspection', examinationType: 'Practical', memberFeeCents: 30000, nonMemberFeeCents: 35000, passPercentage: 75, sortOrder: 2 })
    .returning();
  practicalModuleId = practical!.id;
  onlineTestId = (await createPublishedModuleTest(db, onlineModuleId)).id;
  practicalTestId = (await createPublishedModuleTest(db, practicalModuleId)).id;
  draftTestId = (await createPublishedModuleTest(db, onlineModuleId, 1, 'draft')).id;
  venue = await createVenue(db, 'Sydney Welding Hall');
  centre = await createTestCentre(db, 'Hunter Weld Testing');

  const tokens = await Promise.all([superUser, manager, examiner, invigilator, outsider, ada, bob].map(async (user) => (await signIn(t.app, user)).jwt));
  [superJwt, managerJwt, examinerJwt, invigilatorJwt, outsiderJwt, adaJwt, bobJwt] = tokens as [string, string, string, string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

describe('the schedule screen', () => {
  it("lists the candidate's modules with the form's choices: kinds, zones, venues, centres, the program's examiners and invigilators, published module tests", async () => {
    const application = await applicationFor(bob);
    const schedule = await scheduleOf(application.id);
    expect(schedule).toMatchObject({ status: 'Examinations Stage', workflowStage: 'Payment Stage Completed', candidate: { name: 'Bob Beadley', timeZone: 'Australia/Sydney' } });
    expect(schedule.modules.map((m) => [m.moduleCode, m.examinationType, m.invigilated, m.isScheduleComplete, m.scheduleSentOn])).toEqual([
      ['M1', 'Online', true, false, null],
      ['M2', 'Practical', false, false, null],
    ]);
    expect(schedule.permissions).toEqual({ canSchedule: true, canSend: false, canEnterResults: false, canRecordResult: false });
    const choices = schedule.choices!;
    expect(choices.kinds).toEqual(['Online', 'Practical', 'Oral', 'Pen & Paper', 'Practical & Oral']);
    expect(choices.zones[0]).toBe('Australia/Sydney');
    expect(choices.zones).toContain('Pacific/Chatham');
    expect(choices.venues).toEqual([{ id: venue.id, name: 'Sydney Welding Hall' }]);
    expect(choices.testCentres).toEqual([{ id: centre.id, name: 'Hunter Weld Testing', address: '12 Foundry Rd, Newcastle NSW 2300, Australia' }]);
    expect(choices.examiners).toEqual([{ id: examiner.id, name: 'Eve Examiner' }]);
    expect(choices.invigilators).toEqual([{ id: invigilator.id, name: 'Ivan Invigilator' }]);
    expect(choices.tests.map((test) => test.id).sort()).toEqual([onlineTestId, practicalTestId].sort());
    expect(choices.tests.map((test) => test.id)).not.toContain(draftTestId);
  });

  it('is open to staff who serve on the program (read only for an examiner), refused to others and to applicants', async () => {
    const application = await applicationFor(bob);
    const asExaminer = await scheduleOf(application.id, examinerJwt);
    expect(asExaminer.permissions.canSchedule).toBe(false);
    expect(asExaminer.choices).toBeNull();
    expect((await get(`${M}/${application.id}/scheduled`, outsiderJwt)).statusCode).toBe(403);
    expect((await get(`${M}/${application.id}/scheduled`, bobJwt)).statusCode).toBe(403);
    expect((await get(`${M}/${application.id}/scheduled`)).statusCode).toBe(401);
    expect((await get(`/api/aicipapplicationmodule/${application.id}/scheduled`, managerJwt)).statusCode).toBe(404);
    expect((await get(`${M}/not-an-id/scheduled`, managerJwt)).statusCode).toBe(404);
    const [online] = application.moduleIds as [string];
    for (const jwt of [examinerJwt, bobJwt]) {
      expect((await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online)] }, jwt)).statusCode).toBe(403);
      expect((await post(`${M}/${application.id}/examination/send`, undefined, jwt)).statusCode).toBe(403);
      expect((await post(`${Q}/${application.id}/resultstage`, { overallResult: 'Failed' }, jwt)).statusCode).toBe(403);
    }
  });
});

describe('saving the schedule', () => {
  it('says at each field what is missing, by kind and module', async () => {
    const application = await applicationFor(bob);
    const [online, practical] = application.moduleIds as [string, string];
    const response = await post(`${M}/${application.id}/examination/update`, { modules: [{ applicationModuleId: online, examKind: 'Online' }, { applicationModuleId: practical, examKind: 'Practical' }] }, managerJwt);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      'modules.0.scheduledLocal': SCHEDULE_MESSAGES.dateRequired,
      'modules.0.durationMinutes': SCHEDULE_MESSAGES.durationRequired,
      'modules.0.examinerId': SCHEDULE_MESSAGES.examinerRequired,
      'modules.0.invigilatorId': SCHEDULE_MESSAGES.invigilatorRequired,
      'modules.0.examDefinitionId': SCHEDULE_MESSAGES.testRequired,
      'modules.1.scheduledLocal': SCHEDULE_MESSAGES.dateRequired,
      'modules.1.durationMinutes': SCHEDULE_MESSAGES.durationRequired,
      'modules.1.venueId': SCHEDULE_MESSAGES.placeRequired('Practical'),
      'modules.1.examinerId': SCHEDULE_MESSAGES.examinerRequired,
    });
  });

  it('refuses a time the clocks skip, the past, unreadable text, and names the zone', async () => {
    const application = await applicationFor(bob);
    const [online] = application.moduleIds as [string];
    const gap = `${sydneyDaylightSavingStart(YEAR)}T02:30`;
    const refusal = async (overrides: Partial<ScheduleModuleRequest>) => (await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online, overrides)] }, managerJwt)).json();
    expect((await refusal({ scheduledLocal: gap })).message).toBe(`${gap.replace('T', ' ')} does not exist in Sydney: the clocks go forward an hour that night. Choose another time`);
    // Brisbane keeps standard time all year: the same wall-clock time exists there.
    expect((await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online, { scheduledLocal: gap, scheduleTimeZone: 'Australia/Brisbane' })] }, managerJwt)).statusCode).toBe(200);
    expect((await refusal({ scheduledLocal: `${new Date().getUTCFullYear() - 1}-01-10T10:00` })).fieldErrors).toEqual({ 'modules.0.scheduledLocal': SCHEDULE_MESSAGES.inPast });
    expect((await refusal({ scheduledLocal: '21/11/2027 10am' })).message).toBe('Invalid Time Format');
    expect((await refusal({ scheduleTimeZone: 'Europe/London' as never })).statusCode).toBe(400);
  });

  it('checks the examiner, invigilator, places and test against the program and module', async () => {
    const application = await applicationFor(bob);
    const [online, practical] = application.moduleIds as [string, string];
    const errors = async (rows: ScheduleModuleRequest[]) => (await post(`${M}/${application.id}/examination/update`, { modules: rows }, managerJwt)).json().fieldErrors;
    expect(await errors([onlineRow(online, { examinerId: outsider.id, invigilatorId: examiner.id, examDefinitionId: practicalTestId })])).toEqual({
      'modules.0.examinerId': SCHEDULE_MESSAGES.notAnExaminer,
      'modules.0.invigilatorId': SCHEDULE_MESSAGES.notAnInvigilator,
      'modules.0.examDefinitionId': SCHEDULE_MESSAGES.testNotOfModule,
    });
    expect(await errors([onlineRow(online, { examDefinitionId: draftTestId })])).toEqual({ 'modules.0.examDefinitionId': SCHEDULE_MESSAGES.testNotOfModule });
    expect(await errors([practicalRow(practical, { venueId: onlineTestId })])).toEqual({ 'modules.0.venueId': SCHEDULE_MESSAGES.venueNotFound });
    expect(await errors([practicalRow(practical, { testingAgencyId: centre.id })])).toEqual({ 'modules.0.venueId': SCHEDULE_MESSAGES.placeBoth });
    expect(await errors([practicalRow(practical, { examDefinitionId: practicalTestId })])).toEqual({ 'modules.0.examDefinitionId': SCHEDULE_MESSAGES.testOnlyOnline });
    const other = await applicationFor(bob);
    expect(await errors([onlineRow(other.moduleIds[0]!)])).toEqual({ 'modules.0.applicationModuleId': SCHEDULE_MESSAGES.unknownModule });
    expect((await post(`${M}/${application.id}/examination/update`, { modules: [{ ...onlineRow(online), colour: 'red' }] }, managerJwt)).statusCode).toBe(400);
  });

  it('keeps the time as entered in its zone, and moves to Exam Initialization Completed once every module is complete', async () => {
    const application = await applicationFor(bob);
    const [online, practical] = application.moduleIds as [string, string];
    const first = await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online)] }, managerJwt);
    expect(first.statusCode).toBe(200);
    expect(first.json().workflowStage).toBe('Payment Stage Completed');
    expect((await historyOf(application.id)).length).toBe(0);

    const second = await post(`${M}/${application.id}/examination/update`, { modules: [practicalRow(practical, { testingAgencyId: centre.id, venueId: null })] }, managerJwt);
    expect(second.statusCode).toBe(200);
    const schedule: ExamSchedule = second.json();
    expect(schedule.workflowStage).toBe('Exam Initialization Completed');
    expect(schedule.permissions.canSend).toBe(true);
    const [m1, m2] = schedule.modules;
    // 10:00 in Sydney in November is daylight time (UTC+11); 09:30 in Melbourne likewise.
    expect(m1).toMatchObject({ examKind: 'Online', scheduledLocal: at('11-21', '10:00'), scheduleTimeZone: 'Australia/Sydney', scheduledAt: `${YEAR}-11-20T23:00:00.000Z`, isScheduleComplete: true });
    expect(m1!.examDefinition?.id).toBe(onlineTestId);
    expect(m1!.invigilator).toEqual({ id: invigilator.id, name: 'Ivan Invigilator' });
    expect(m2).toMatchObject({ scheduledLocal: at('11-22', '09:30'), scheduleTimeZone: 'Australia/Melbourne', scheduledAt: `${YEAR}-11-21T22:30:00.000Z`, venue: null, testCentre: { id: centre.id } });
    const history = await historyOf(application.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: 'Examinations Stage', toStatus: 'Examinations Stage', fromStage: 'Payment Stage Completed', toStage: 'Exam Initialization Completed' });
    // Saving the same again changes nothing and moves nothing.
    expect((await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online)] }, managerJwt)).json().workflowStage).toBe('Exam Initialization Completed');
    expect(await historyOf(application.id)).toHaveLength(1);
  });

  it('moves the stage once when two members of staff complete the schedule at the same moment', async () => {
    const application = await applicationFor(bob);
    const body = { modules: application.moduleIds.map((id, i) => (i === 0 ? onlineRow(id) : practicalRow(id))) };
    const results = await Promise.all([post(`${M}/${application.id}/examination/update`, body, managerJwt), post(`${M}/${application.id}/examination/update`, body, superJwt)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await historyOf(application.id)).filter((h) => h.toStage === 'Exam Initialization Completed')).toHaveLength(1);
    expect(await stageOf(application.id)).toMatchObject({ stage: 'Exam Initialization Completed' });
  });

  it('is refused before the payment is complete, and sending before the schedule is complete', async () => {
    const unpaid = await applicationFor(bob, 'Payment Stage Requested');
    const save = await post(`${M}/${unpaid.id}/examination/update`, { modules: [onlineRow(unpaid.moduleIds[0]!)] }, managerJwt);
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe(SCHEDULE_MESSAGES.notPaid);
    expect((await post(`${M}/${unpaid.id}/examination/send`, undefined, managerJwt)).json().message).toBe(SCHEDULE_MESSAGES.notPaid);
    const paid = await applicationFor(bob);
    await post(`${M}/${paid.id}/examination/update`, { modules: [onlineRow(paid.moduleIds[0]!)] }, managerJwt);
    const send = await post(`${M}/${paid.id}/examination/send`, undefined, managerJwt);
    expect(send.statusCode).toBe(409);
    expect(send.json().message).toBe(SCHEDULE_MESSAGES.incomplete);
    expect(await mailsTo(bob.email)).toHaveLength(0);
  });
});

describe('sending the schedule', () => {
  let sent: Awaited<ReturnType<typeof scheduledAndSent>>;

  beforeAll(async () => {
    sent = await scheduledAndSent(ada);
  });

  it("mails each module in the candidate's own zone with its abbreviation, kind, place or link, duration and what to bring", async () => {
    expect(await stageOf(sent.id)).toMatchObject({ status: 'Examinations Stage', stage: 'Exam Modules Sent' });
    const [mail] = await mailsTo(ada.email);
    expect(mail!.subject).toBe(`Application ${sent.applicationNumber}: your exams are scheduled`);
    const text = mail!.text;
    expect(text).toContain('Times are in Perth time');
    // 10:00 AEDT Sydney is 07:00 AWST Perth; 09:30 AEDT Melbourne is 06:30 AWST.
    expect(text).toContain(`M1 Welding processes: Online exam on 21-Nov-${YEAR} 07:00 AM AWST, 90 minutes.`);
    // One end for everyone (decision 041): 07:00 plus the 90 scheduled minutes.
    expect(text).toContain(`It ends at 21-Nov-${YEAR} 08:30 AM AWST for everyone: start on time.`);
    expect(text).toContain(`Sit it online: ${PUBLIC_URL}/student/examinations.`);
    // Not recorded: no camera, and no microphone ever (no sound is recorded; issue 45).
    expect(text).toContain(`What to bring: ${WHAT_TO_BRING.Online}`);
    expect(text).not.toMatch(/camera|microphone/);
    expect(text).toContain(`M2 Practical inspection: Practical exam on 22-Nov-${YEAR} 06:30 AM AWST, 180 minutes. Venue: Sydney Welding Hall.`);
    expect(text).toContain(`What to bring: ${WHAT_TO_BRING.Practical}`);
    expect(text).toContain('Note: Bring your own hood.');
    expect(mail!.links).toEqual(expect.arrayContaining([{ label: 'Sit your online exams', url: `${PUBLIC_URL}/student/examinations` }]));
    const history = await historyOf(sent.id);
    expect(history.map((h) => h.toStage)).toEqual(['Exam Initialization Completed', 'Exam Modules Sent']);
    expect(history[1]!.note).toBe('Exam schedule sent to the candidate: M1, M2');
  });

  it('shows the candidate a test centre by its address', async () => {
    const application = await applicationFor(bob);
    const [online, practical] = application.moduleIds as [string, string];
    await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online), practicalRow(practical, { venueId: null, testingAgencyId: centre.id })] }, managerJwt);
    await post(`${M}/${application.id}/examination/send`, undefined, managerJwt);
    const mail = (await mailsTo(bob.email)).at(-1)!;
    expect(mail.text).toContain('Test centre: Hunter Weld Testing, 12 Foundry Rd, Newcastle NSW 2300, Australia.');
    // Bob keeps the default zone.
    expect(mail.text).toContain(`M1 Welding processes: Online exam on 21-Nov-${YEAR} 10:00 AM AEDT`);
  });

  it('moves the stage once when two members of staff send at the same moment', async () => {
    const application = await applicationFor(bob);
    const [online, practical] = application.moduleIds as [string, string];
    await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online), practicalRow(practical)] }, managerJwt);
    const before = (await mailsTo(bob.email)).length;
    const results = await Promise.all([post(`${M}/${application.id}/examination/send`, undefined, managerJwt), post(`${M}/${application.id}/examination/send`, undefined, superJwt)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(SCHEDULE_MESSAGES.nothingNew);
    expect((await historyOf(application.id)).filter((h) => h.toStage === 'Exam Modules Sent')).toHaveLength(1);
    expect((await mailsTo(bob.email)).length).toBe(before + 1);
  });

  it('takes a change after sending: not sent until sent again, then mailed as a change with no stage move', async () => {
    const application = await scheduledAndSent(bob);
    const changed = await post(`${M}/${application.id}/examination/update`, { modules: [practicalRow(application.practical, { scheduledLocal: at('11-23', '13:00') })] }, managerJwt);
    expect(changed.statusCode).toBe(200);
    const schedule: ExamSchedule = changed.json();
    expect(schedule.workflowStage).toBe('Exam Modules Sent');
    expect(schedule.modules.map((m) => !!m.scheduleSentOn)).toEqual([true, false]);
    expect(schedule.permissions.canSend).toBe(true);
    expect((await historyOf(application.id)).at(-1)!.note).toBe('Exam schedule changed: M2 (to be sent to the candidate again)');
    // The candidate reads what was sent; the changed module waits for its new mail.
    const mine = (await get(`${Q}/${application.id}/myschedule`, bobJwt)).json();
    expect(mine.modules.map((m: { moduleCode: string }) => m.moduleCode)).toEqual(['M1']);
    expect(mine.beingRescheduled).toEqual([{ moduleCode: 'M2', moduleTitle: 'Practical inspection' }]);

    const resend = await post(`${M}/${application.id}/examination/send`, undefined, managerJwt);
    expect(resend.statusCode).toBe(200);
    const mail = (await mailsTo(bob.email)).at(-1)!;
    expect(mail.subject).toBe(`Application ${application.applicationNumber}: your exam schedule has changed`);
    expect(mail.text).toContain(`M2 Practical inspection (changed): Practical exam on 23-Nov-${YEAR} 01:00 PM AEDT`);
    expect(mail.text).not.toContain('M1 Welding processes (changed)');
    const history = await historyOf(application.id);
    expect(history.filter((h) => h.toStage === 'Exam Modules Sent')).toHaveLength(1);
    expect(history.at(-1)).toMatchObject({ note: 'Changed exam schedule sent to the candidate: M2', fromStage: null, toStage: null });
    const again = await post(`${M}/${application.id}/examination/send`, undefined, managerJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SCHEDULE_MESSAGES.nothingNew);
  });

  it('records an online sitting when the schedule says so: the module keeps it, a change is a change to send, and the mail tells the candidate to run the system check', async () => {
    const application = await applicationFor(bob);
    const [online, practical] = application.moduleIds as [string, string];
    // Left out, the module follows its test (not recorded), and the mail says nothing of recording.
    const first = await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online), practicalRow(practical)] }, managerJwt);
    expect((first.json() as ExamSchedule).modules[0]!.recordExam).toBeNull();
    expect((first.json() as ExamSchedule).choices!.tests.find((test) => test.id === onlineTestId)).toMatchObject({ recordExam: false });
    await post(`${M}/${application.id}/examination/send`, undefined, managerJwt);
    expect((await mailsTo(bob.email)).at(-1)!.text).not.toContain('Recorded:');

    const recorded = await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online, { recordExam: true })] }, managerJwt);
    expect(recorded.statusCode).toBe(200);
    const schedule: ExamSchedule = recorded.json();
    expect(schedule.modules.map((m) => [m.moduleCode, m.recordExam, !!m.scheduleSentOn])).toEqual([
      ['M1', true, false],
      ['M2', null, true],
    ]);
    const [row] = await t.database.db.select({ recordExam: applicationModules.recordExam }).from(applicationModules).where(eq(applicationModules.id, online));
    expect(row!.recordExam).toBe(true);
    await post(`${M}/${application.id}/examination/send`, undefined, managerJwt);
    const mail = (await mailsTo(bob.email)).at(-1)!;
    expect(mail.text).toContain(`Recorded: after you agree, your camera, entire screen and keystrokes are recorded; run the system check before the day: ${PUBLIC_URL}/student/examinations/system-check.`);
    // What to bring follows what is recorded: the camera, and no microphone (no sound is recorded; issue 45).
    expect(mail.text).toContain(`What to bring: ${WHAT_TO_BRING_RECORDED_ONLINE}`);
    expect(mail.text).not.toContain('microphone');
    expect((await get(`${Q}/${application.id}/myschedule`, bobJwt)).json().modules[0]).toMatchObject({ moduleCode: 'M1', whatToBring: WHAT_TO_BRING_RECORDED_ONLINE });
    // The same setting again changes nothing, so there is nothing new to send; the practical row never carries one.
    await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online, { recordExam: true }), practicalRow(practical)] }, managerJwt);
    expect((await post(`${M}/${application.id}/examination/send`, undefined, managerJwt)).json().message).toBe(SCHEDULE_MESSAGES.nothingNew);
    // Only those who schedule may change it.
    const refused = await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online, { recordExam: false })] }, examinerJwt);
    expect(refused.statusCode).toBe(403);
    const [after] = await t.database.db.select({ recordExam: applicationModules.recordExam }).from(applicationModules).where(eq(applicationModules.id, online));
    expect(after!.recordExam).toBe(true);
  });

  it('refuses to send a module whose time has passed', async () => {
    const application = await applicationFor(bob);
    const [online, practical] = application.moduleIds as [string, string];
    await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online), practicalRow(practical)] }, managerJwt);
    await moveExamIntoPast(t.database.db, practical);
    const response = await post(`${M}/${application.id}/examination/send`, undefined, managerJwt);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SCHEDULE_MESSAGES.sendPast('M2'));
  });
});

describe('the applicant', () => {
  it('sees nothing before the schedule is sent, then the sent schedule; another applicant gets 404', async () => {
    const application = await applicationFor(ada);
    await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(application.moduleIds[0]!), practicalRow(application.moduleIds[1]!)] }, managerJwt);
    const before = await get(`${Q}/${application.id}/myschedule`, adaJwt);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ modules: [], beingRescheduled: [], result: null });
    await post(`${M}/${application.id}/examination/send`, undefined, managerJwt);
    const after = (await get(`${Q}/${application.id}/myschedule`, adaJwt)).json();
    expect(after.result).toBeNull();
    expect(after.modules).toEqual([
      expect.objectContaining({ moduleCode: 'M1', examKind: 'Online', scheduledAt: `${YEAR}-11-20T23:00:00.000Z`, durationMinutes: 90, sitPath: '/student/examinations', venue: null, whatToBring: WHAT_TO_BRING.Online }),
      expect.objectContaining({ moduleCode: 'M2', examKind: 'Practical', venue: 'Sydney Welding Hall', sitPath: null, note: 'Bring your own hood.' }),
    ]);
    expect(JSON.stringify(after)).not.toContain(examiner.id);
    expect((await get(`${Q}/${application.id}/myschedule`, bobJwt)).statusCode).toBe(404);
    expect((await get(`/api/aicipapplication/${application.id}/myschedule`, adaJwt)).statusCode).toBe(404);
    expect((await get(`${Q}/${application.id}/myschedule`, managerJwt)).statusCode).toBe(403);
  });

  it('is refused on every staff route', async () => {
    const application = await applicationFor(ada);
    const [online] = application.moduleIds as [string];
    const calls = [
      get(`${M}/${application.id}/scheduled`, adaJwt),
      get(`${M}/${application.id}/results`, adaJwt),
      post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online)] }, adaJwt),
      post(`${M}/${application.id}/examination/send`, undefined, adaJwt),
      post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: online, result: 'Pass' }] }, adaJwt),
      post(`${Q}/${application.id}/resultstage`, { overallResult: 'Awarded' }, adaJwt),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
  });
});

describe('post-exam results', () => {
  it('are entered only after the exam, by the module examiner or a manager, and move to Exam Modules Evaluation Completed', async () => {
    const application = await scheduledAndSent(bob);
    const early = await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.practical, result: 'Pass', resultPercentage: 80 }] }, examinerJwt);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RESULT_MESSAGES.notYetSat('M2'));
    await moveExamIntoPast(t.database.db, application.practical);
    await moveExamIntoPast(t.database.db, application.online);

    expect((await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.practical, result: 'Pass' }] }, invigilatorJwt)).statusCode).toBe(403);
    expect((await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.practical, result: 'Pass' }] }, outsiderJwt)).statusCode).toBe(403);
    const badPercentage = await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.practical, result: 'Pass', resultPercentage: '82.555' }] }, examinerJwt);
    expect(badPercentage.statusCode).toBe(400);
    expect(badPercentage.json().message).toBe(RESULT_MESSAGES.percentage);
    expect((await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.practical, result: 'Absent', resultPercentage: 10 }] }, examinerJwt)).json().message).toBe(
      RESULT_MESSAGES.absentNoPercentage,
    );

    // Evidence goes through the attachment flow; someone else's file is refused.
    const bobFile = await uploadFile(t.app, bobJwt, { name: 'mine.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const refusedEvidence = await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.practical, result: 'Pass', resultEvidenceId: bobFile.saved!.json().id }] }, examinerJwt);
    expect(refusedEvidence.json().fieldErrors).toEqual({ 'modules.0.resultEvidenceId': RESULT_MESSAGES.evidenceNotFound });
    const evidence = await uploadFile(t.app, examinerJwt, { name: 'practical-marks.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const practical = await post(
      `${M}/${application.id}/postexam/update`,
      { modules: [{ applicationModuleId: application.practical, result: 'Pass', resultPercentage: '82.5', resultNotes: 'Clean visual inspection.', resultEvidenceId: evidence.saved!.json().id }] },
      examinerJwt,
    );
    expect(practical.statusCode).toBe(200);
    const afterPractical: ExamSchedule = practical.json();
    expect(afterPractical.workflowStage).toBe('Exam Modules Sent');
    expect(afterPractical.modules[1]).toMatchObject({
      result: 'Pass',
      resultPercentage: 82.5,
      resultNotes: 'Clean visual inspection.',
      resultEvidence: { name: 'practical-marks.pdf' },
      resultEnteredBy: 'Eve Examiner',
      resultSource: 'staff',
    });

    const online = await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.online, result: 'Fail', resultPercentage: 55 }] }, managerJwt);
    expect(online.json().workflowStage).toBe('Exam Modules Evaluation Completed');
    expect((await historyOf(application.id)).at(-1)).toMatchObject({ fromStage: 'Exam Modules Sent', toStage: 'Exam Modules Evaluation Completed', note: 'Every module has a result: M1 Fail, M2 Pass' });
    const results = (await get(`${M}/${application.id}/results`, examinerJwt)).json();
    expect(results.modules.map((m: { moduleCode: string; result: string }) => [m.moduleCode, m.result])).toEqual([
      ['M1', 'Fail'],
      ['M2', 'Pass'],
    ]);
    // A correction before the overall result is still taken.
    expect((await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.online, result: 'Pass', resultPercentage: 71 }] }, managerJwt)).statusCode).toBe(200);
  });

  it("gives another program's staff 403 on the schedule, results, result stage and result evidence; the program's staff read them", async () => {
    const application = await scheduledAndSent(ada);
    await moveExamIntoPast(t.database.db, application.practical);
    const evidence = await uploadFile(t.app, examinerJwt, { name: 'practical-sheet.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const entered = await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.practical, result: 'Pass', resultEvidenceId: evidence.saved!.json().id }] }, examinerJwt);
    expect(entered.statusCode).toBe(200);
    const otherJwt = (await signIn(t.app, await createStaffOfAnotherProgram(t.database.db, 'examiner'))).jwt;
    const reads = [`${M}/${application.id}/scheduled`, `${M}/${application.id}/results`, `${Q}/${application.id}/resultstage`, `/api/attachment/presigned-download/${evidence.resourceKey}`];
    for (const url of reads) {
      const refused = await get(url, otherJwt);
      expect([url, refused.statusCode]).toEqual([url, 403]);
      expect(refused.body).not.toContain(application.applicationNumber);
      expect(refused.body).not.toContain('practical-sheet.pdf');
    }
    for (const jwt of [invigilatorJwt, examinerJwt, managerJwt, superJwt]) {
      for (const url of reads) expect([url, (await get(url, jwt)).statusCode]).toEqual([url, 200]);
    }
    // The candidate reads their own schedule, never the staff's evidence file; another applicant nothing.
    expect((await get(`/api/attachment/presigned-download/${evidence.resourceKey}`, adaJwt)).statusCode).toBe(404);
    expect((await get(`${Q}/${application.id}/myschedule`, bobJwt)).statusCode).toBe(404);
  });

  it('keeps a result that came from the online exam, and refuses results before the schedule is sent', async () => {
    const application = await scheduledAndSent(bob);
    await moveExamIntoPast(t.database.db, application.online);
    // The online exam (issue 7) writes its result without a member of staff.
    await t.database.db.update(applicationModules).set({ result: 'Pass', resultPercentage: 88, resultEnteredOn: new Date() }).where(eq(applicationModules.id, application.online));
    const schedule = await scheduleOf(application.id);
    expect(schedule.modules[0]).toMatchObject({ resultSource: 'onlineExam', resultEnteredBy: 'Online exam', canEnterResult: false });
    const response = await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.online, result: 'Fail' }] }, managerJwt);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(RESULT_MESSAGES.fromOnlineExam('M1'));

    const unsent = await applicationFor(bob);
    await post(`${M}/${unsent.id}/examination/update`, { modules: [onlineRow(unsent.moduleIds[0]!), practicalRow(unsent.moduleIds[1]!)] }, managerJwt);
    const early = await post(`${M}/${unsent.id}/postexam/update`, { modules: [{ applicationModuleId: unsent.moduleIds[0]!, result: 'Pass' }] }, managerJwt);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RESULT_MESSAGES.notOpen);
  });

  it('stops rescheduling a module once it has a result', async () => {
    const application = await scheduledAndSent(bob);
    await moveExamIntoPast(t.database.db, application.practical);
    await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.practical, result: 'Absent' }] }, managerJwt);
    const response = await post(`${M}/${application.id}/examination/update`, { modules: [practicalRow(application.practical)] }, managerJwt);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SCHEDULE_MESSAGES.hasResult('M2'));
  });
});

describe('the overall result', () => {
  async function evaluated(applicant: CreatedUser, results: [string, string]) {
    const application = await scheduledAndSent(applicant);
    await moveExamIntoPast(t.database.db, application.online);
    await moveExamIntoPast(t.database.db, application.practical);
    const response = await post(
      `${M}/${application.id}/postexam/update`,
      { modules: [{ applicationModuleId: application.online, result: results[0] }, { applicationModuleId: application.practical, result: results[1] }] },
      managerJwt,
    );
    expect(response.json().workflowStage).toBe('Exam Modules Evaluation Completed');
    return application;
  }

  it('is refused before every module is evaluated', async () => {
    const application = await scheduledAndSent(bob);
    const response = await post(`${Q}/${application.id}/resultstage`, { overallResult: 'Failed' }, managerJwt);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(RESULT_MESSAGES.notEvaluated);
  });

  it('awards only when every module passed, and records Failed with the history and the result mail', async () => {
    const application = await evaluated(ada, ['Pass', 'Fail']);
    const award = await post(`${Q}/${application.id}/resultstage`, { overallResult: 'Awarded' }, managerJwt);
    expect(award.statusCode).toBe(400);
    expect(award.json().message).toBe('Awarded needs every module passed; not passed: M2');
    expect((await post(`${Q}/${application.id}/resultstage`, {}, managerJwt)).json().message).toBe(RESULT_MESSAGES.overallRequired);

    // Before the result is recorded the applicant reads no result.
    expect((await get(`${Q}/${application.id}/myschedule`, adaJwt)).json().result).toBeNull();
    const failed = await post(`${Q}/${application.id}/resultstage`, { overallResult: 'Failed', note: 'M2 to be re-sat.' }, managerJwt);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'Failed', overallResult: 'Failed', permissions: { canRecordResult: false, canSchedule: false, canEnterResults: false } });
    expect(await stageOf(application.id)).toMatchObject({ status: 'Failed', overallResult: 'Failed', resultRecordedOn: expect.any(Date) });
    expect((await historyOf(application.id)).at(-1)).toMatchObject({ fromStatus: 'Examinations Stage', toStatus: 'Failed', note: 'Overall result: Failed. M2 to be re-sat.' });
    const mail = (await mailsTo(ada.email)).at(-1)!;
    expect(mail.subject).toBe(`Application ${application.applicationNumber}: your examination result`);
    expect(mail.text).toContain('M1 Welding processes: Pass');
    expect(mail.text).toContain('M2 Practical inspection: Fail');
    expect(mail.text).toContain('you have not passed the examinations this time');

    const mine = (await get(`${Q}/${application.id}/myschedule`, adaJwt)).json();
    expect(mine.result).toMatchObject({ overallResult: 'Failed', modules: [{ moduleCode: 'M1', result: 'Pass' }, { moduleCode: 'M2', result: 'Fail' }] });
    // Recorded once: results and the overall result no longer change.
    expect((await post(`${Q}/${application.id}/resultstage`, { overallResult: 'Failed' }, managerJwt)).statusCode).toBe(409);
    const late = await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId: application.practical, result: 'Pass' }] }, managerJwt);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(RESULT_MESSAGES.recorded);
  });

  it('awards when every module passed, once when two members of staff record it together', async () => {
    const application = await evaluated(bob, ['Pass', 'Pass']);
    const results = await Promise.all([
      post(`${Q}/${application.id}/resultstage`, { overallResult: 'Awarded' }, managerJwt),
      post(`${Q}/${application.id}/resultstage`, { overallResult: 'Awarded' }, superJwt),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(STAGE_MESSAGES.notAllowed('Awarded', 'awarded'));
    expect(await stageOf(application.id)).toMatchObject({ status: 'Awarded', overallResult: 'Awarded' });
    expect((await historyOf(application.id)).filter((h) => h.toStatus === 'Awarded')).toHaveLength(1);
    expect((await mailsTo(bob.email)).at(-1)!.text).toContain('Congratulations: you have passed and have been awarded Welding Inspector');
  });
});

describe('the result stage of a Certification application (no modules)', () => {
  it('records the overall result once the invoice is paid, and is refused before', async () => {
    const db = t.database.db;
    const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    const certification = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 2 });
    const managerOfCertificationJwt = (await signIn(t.app, manager)).jwt;
    const C = '/api/certificationapplication';
    const unpaid = await createApplicationWithModules(db, { applicantId: bob.applicantId!, programId: certification.id, programType: 2, programModuleIds: [], workflowStage: 'Payment Stage Requested' });
    const refused = await post(`${C}/${unpaid.id}/resultstage`, { overallResult: 'Awarded' }, managerOfCertificationJwt);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RESULT_MESSAGES.notEvaluated);
    expect((await get(`${C}/${unpaid.id}/resultstage`, managerOfCertificationJwt)).json().permissions.canRecordResult).toBe(false);
    // Paid: nothing to schedule, the result is decided on the assessment.
    const evaluated = await createApplicationWithModules(db, { applicantId: bob.applicantId!, programId: certification.id, programType: 2, programModuleIds: [] });
    expect((await get(`${C}/${evaluated.id}/resultstage`, managerOfCertificationJwt)).json()).toMatchObject({ workflowStage: 'Payment Stage Completed', permissions: { canRecordResult: true } });
    expect((await get(`${C}/${evaluated.id}/resultstage`, bobJwt)).statusCode).toBe(403);
    const response = await post(`${C}/${evaluated.id}/resultstage`, { overallResult: 'Awarded', note: 'Portfolio and interview passed.' }, managerOfCertificationJwt);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'Awarded', overallResult: 'Awarded', modules: [] });
    expect((await get(`${Q}/${evaluated.id}/myschedule`, bobJwt)).statusCode).toBe(404);
    expect((await get(`${C}/${evaluated.id}/myschedule`, bobJwt)).json().result).toMatchObject({ overallResult: 'Awarded', modules: [] });
  });
});

describe('the public schedule', () => {
  let schedule: PublicSchedule;

  beforeAll(async () => {
    // Two candidates sit M2 together at the hall; a third schedule is saved but never sent.
    const first = await applicationFor(ada);
    const second = await applicationFor(bob);
    const unsent = await applicationFor(bob);
    const rows = (ids: string[]) => [onlineRow(ids[0]!, { scheduledLocal: at('12-01', '10:00') }), practicalRow(ids[1]!, { scheduledLocal: at('12-02', '09:00'), scheduleTimeZone: 'Australia/Sydney' })];
    for (const application of [first, second]) {
      await post(`${M}/${application.id}/examination/update`, { modules: rows(application.moduleIds) }, managerJwt);
      await post(`${M}/${application.id}/examination/send`, undefined, managerJwt);
    }
    await post(`${M}/${unsent.id}/examination/update`, { modules: [onlineRow(unsent.moduleIds[0]!, { scheduledLocal: at('12-03', '10:00') }), practicalRow(unsent.moduleIds[1]!, { scheduledLocal: at('12-03', '09:00') })] }, managerJwt);
    const response = await get(`/unauth/schedule?from=${YEAR}-12-01&to=${YEAR}-12-31`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    schedule = response.json();
  });

  it('lists sent sessions by place and Sydney day, with the number of candidates at a venue and none online', () => {
    expect(schedule.days).toEqual([
      {
        place: { id: 'online', kind: 'online', name: 'Online (sat in the applicant area)', address: '' },
        date: `${YEAR}-12-01`,
        sessions: [expect.objectContaining({ startsAt: `${YEAR}-11-30T23:00:00.000Z`, examKind: 'Online', moduleCode: 'M1', programCode: 'Q-ES-INSP', candidates: null, durationMinutes: 90 })],
      },
      {
        place: { id: venue.id, kind: 'venue', name: 'Sydney Welding Hall', address: '' },
        date: `${YEAR}-12-02`,
        sessions: [expect.objectContaining({ startsAt: `${YEAR}-12-01T22:00:00.000Z`, examKind: 'Practical', moduleCode: 'M2', moduleTitle: 'Practical inspection', candidates: 2 })],
      },
    ]);
    expect(schedule.places.map((p) => p.id)).toEqual([venue.id, 'online']);
  });

  it("lists today's online exam while its window is open, and drops it once the window has closed (issue 21)", async () => {
    // The online sitting opens 01-Dec 10:00 Sydney (23:00Z the day before) for 90 minutes.
    const repository = new ExamScheduleRepository(t.database.db);
    const startsAt = `${YEAR}-11-30T23:00:00.000Z`;
    const onlineAt = (schedule: PublicSchedule) => schedule.days.flatMap((day) => day.sessions.filter((s) => s.startsAt === startsAt && s.examKind === 'Online').map((s) => ({ place: day.place.name, date: day.date, ...s })));
    const during = await new PublicScheduleService(repository, () => new Date(`${YEAR}-11-30T23:30:00.000Z`)).find({});
    expect(during.from).toBe(`${YEAR}-12-01`);
    expect(onlineAt(during)).toEqual([expect.objectContaining({ place: 'Online (sat in the applicant area)', date: `${YEAR}-12-01`, moduleCode: 'M1', programCode: 'Q-ES-INSP', candidates: null })]);
    const closed = await new PublicScheduleService(repository, () => new Date(`${YEAR}-12-01T00:30:00.000Z`)).find({});
    expect(onlineAt(closed)).toEqual([]);
    // The hall's session of the next day is still ahead.
    expect(closed.days.some((day) => day.place.id === venue.id && day.date === `${YEAR}-12-02`)).toBe(true);
  });

  it('drops a module once its result is recorded, by hand or by marking: nobody sits it any more (issue 45)', async () => {
    const application = await applicationFor(bob);
    const [online, practical] = application.moduleIds as [string, string];
    await post(`${M}/${application.id}/examination/update`, { modules: [onlineRow(online, { scheduledLocal: at('11-27', '10:00') }), practicalRow(practical, { scheduledLocal: at('11-28', '09:00') })] }, managerJwt);
    await post(`${M}/${application.id}/examination/send`, undefined, managerJwt);
    const modulesOn = async (day: string) => ((await get(`/unauth/schedule?from=${YEAR}-${day}&to=${YEAR}-${day}`)).json() as PublicSchedule).days.flatMap((d) => d.sessions.map((s) => s.moduleCode));
    expect(await modulesOn('11-27')).toEqual(['M1']);
    expect(await modulesOn('11-28')).toEqual(['M2']);
    await t.database.db.update(applicationModules).set({ result: 'Pass', resultPercentage: 80, resultEnteredOn: new Date() }).where(eq(applicationModules.id, online));
    expect(await modulesOn('11-27')).toEqual([]);
    expect(await modulesOn('11-28')).toEqual(['M2']);
  });

  it('never names or mails a candidate', () => {
    const body = JSON.stringify(schedule);
    for (const secret of ['Ada', 'Arcwright', 'Bob', 'Beadley', ada.email, bob.email, 'T-']) expect(body).not.toContain(secret);
  });

  it('filters by place and checks its dates', async () => {
    const atHall: PublicSchedule = (await get(`/unauth/schedule?from=${YEAR}-12-01&to=${YEAR}-12-31&venueId=${venue.id}`)).json();
    expect(atHall.days.map((d) => d.place.id)).toEqual([venue.id]);
    expect(atHall.places).toHaveLength(2);
    expect((await get(`/unauth/schedule?from=${YEAR}-12-01&to=${YEAR}-12-31&venueId=online`)).json().days).toHaveLength(1);
    const backwards = await get(`/unauth/schedule?from=${YEAR}-12-31&to=${YEAR}-12-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(PUBLIC_SCHEDULE_MESSAGES.toBeforeFrom);
    expect((await get(`/unauth/schedule?from=${YEAR}-12-01&to=${YEAR}-12-31&name=x`)).statusCode).toBe(400);
    // By default from today for 90 days: all upcoming, nothing in the past.
    const byDefault = await get('/unauth/schedule');
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.json().from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("another account's venues and test centres (issue 40)", () => {
  it("are neither offered nor accepted in a schedule: the form's choices are the program's account's, another's answers as unknown", async () => {
    const db = t.database.db;
    const nz = await createAccount(db, { name: 'Kiwi Schedule Body' });
    const nzVenue = await createVenue(db, 'Auckland Welding Hall');
    const nzCentre = await createTestCentre(db, 'Waikato Weld Testing');
    await db.update(venues).set({ accountId: nz.id }).where(eq(venues.id, nzVenue.id));
    await db.update(testingAgencies).set({ accountId: nz.id }).where(eq(testingAgencies.id, nzCentre.id));
    const application = await applicationFor(bob);
    const choices = (await scheduleOf(application.id)).choices!;
    expect(choices.venues.map((v) => v.id)).toEqual([venue.id]);
    expect(choices.testCentres.map((c) => c.id)).toEqual([centre.id]);
    const practical = application.moduleIds[1]!;
    const errors = async (row: ScheduleModuleRequest) => (await post(`${M}/${application.id}/examination/update`, { modules: [row] }, managerJwt)).json().fieldErrors;
    expect(await errors(practicalRow(practical, { venueId: nzVenue.id }))).toEqual({ 'modules.0.venueId': SCHEDULE_MESSAGES.venueNotFound });
    expect(await errors(practicalRow(practical, { venueId: null, testingAgencyId: nzCentre.id }))).toEqual({ 'modules.0.testingAgencyId': SCHEDULE_MESSAGES.testCentreNotFound });
    const [row] = await db.select().from(applicationModules).where(eq(applicationModules.id, practical));
    expect([row!.venueId, row!.testingAgencyId]).toEqual([null, null]);
  });
});
