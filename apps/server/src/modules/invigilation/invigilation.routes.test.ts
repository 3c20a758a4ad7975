import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { CandidateExam } from '@certs/shared/exam/exam.contract';
import {
  INVIGILATION_MESSAGES,
  type CandidateNotices,
  type ConsoleStreamMessage,
  type IrregularityReport,
  type MySittings,
  type SittingConsole,
  type SittingReview,
} from '@certs/shared/invigilation/invigilation.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { signIn } from '../../../test/sign-in';
import { examClient, storedInstance } from '../exam/exam-test-fixtures';
import { createSitting, deadlineOf, sseReader, type SittingFixture } from './invigilation-test-fixtures';
import { PAUSE_HOLD_SECONDS } from './invigilation.service';

let t: TestApp;
let api: ReturnType<typeof examClient>;
let baseUrl = '';
let ada: CreatedUser;
let bob: CreatedUser;
let carol: CreatedUser;
const jwt: Record<'ada' | 'bob' | 'carol' | 'manager' | 'invigilator' | 'examiner' | 'otherProgram' | 'idleStaff' | 'superUser', string> = {
  ada: '',
  bob: '',
  carol: '',
  manager: '',
  invigilator: '',
  examiner: '',
  otherProgram: '',
  idleStaff: '',
  superUser: '',
};
let invigilator: CreatedUser;
let sitting: SittingFixture;
let otherSitting: SittingFixture;
let adaExam: CandidateExam;

async function events(kind: string, examInstanceId: string) {
  const result = await t.database.db.execute(sql`select kind, source, actor_user_id, detail, occurred_on from exam_sitting_events where exam_instance_id = ${examInstanceId} and kind = ${kind} order by id`);
  return (result as unknown as { rows: { kind: string; source: string; actor_user_id: string | null; detail: Record<string, unknown>; occurred_on: Date }[] }).rows;
}

async function candidateEvent(moduleId: string, examInstanceId: string | null, applicantId: string, kind: string, detail: Record<string, unknown> = {}) {
  await t.database.db.execute(sql`
    insert into exam_sitting_events (exam_instance_id, application_module_id, applicant_id, kind, source, detail, occurred_on)
    values (${examInstanceId}, ${moduleId}, ${applicantId}, ${kind}, 'candidate', ${JSON.stringify(detail)}::jsonb, now())`);
}

function openStream(sittingId: string, token: string): Promise<Response> {
  return fetch(`${baseUrl}/api/invigilation/sittings/${sittingId}/stream`, { headers: { authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  t = await buildTestApp();
  api = examClient(t.app);
  const db = t.database.db;
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright' });
  bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadwell' });
  carol = await createUser(db, { role: ROLES.Applicant, firstName: 'Carol', lastName: 'Capping' });
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  // Exam-day staff often have no menu at all: the schedule names them, and that is enough.
  invigilator = await createUser(db, { role: ROLES.User, menuItems: [], firstName: 'Ivy', lastName: 'Invigilator' });
  const examiner = await createUser(db, { role: ROLES.User, menuItems: [], firstName: 'Esther', lastName: 'Examiner' });
  const otherProgram = await createStaffOfAnotherProgram(db, 'manager');
  const idleStaff = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const users = { ada, bob, carol, manager, invigilator, examiner, otherProgram, idleStaff, superUser };
  for (const [name, user] of Object.entries(users)) jwt[name as keyof typeof jwt] = (await signIn(t.app, user)).jwt;
  sitting = await createSitting(db, { applicantIds: [ada.applicantId!, bob.applicantId!], managerId: manager.id, invigilatorId: invigilator.id, examinerId: examiner.id });
  // Carol sits another test at the same time, invigilated by someone else.
  otherSitting = await createSitting(db, { applicantIds: [carol.applicantId!], managerId: otherProgram.id });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('the invigilator finds the sitting', () => {
  it("lists today's sittings for the person named on them, whatever their menus, and nothing for others", async () => {
    const home = await api.get('/api/invigilation/mysittings', jwt.invigilator);
    expect(home.statusCode, home.body).toBe(200);
    const mine: MySittings = home.json();
    expect(mine.today).toHaveLength(1);
    expect(mine.today[0]).toMatchObject({ candidates: 2, myRole: 'invigilator', moduleCode: 'M1' });
    expect(sitting.moduleIds).toContain(mine.today[0]!.sittingId);
    const idle = (await api.get('/api/invigilation/mysittings', jwt.idleStaff)).json<MySittings>();
    expect([...idle.today, ...idle.next]).toEqual([]);
    expect((await api.get('/api/invigilation/mysittings', jwt.ada)).statusCode).toBe(403);
  });

  it("shows the sitting's end as the candidates' deadlines have it, and keeps it listed while a candidate given extra time still sits it (decision 041)", async () => {
    const db = t.database.db;
    const dora = await createUser(db, { role: ROLES.Applicant, firstName: 'Dora', lastName: 'Dressing' });
    const watcher = await createUser(db, { role: ROLES.User, menuItems: [] });
    const [doraJwt, watcherJwt] = [(await signIn(t.app, dora)).jwt, (await signIn(t.app, watcher)).jwt];
    const scheduledAt = new Date(Date.now() - 50 * 60_000);
    const late = await createSitting(db, { applicantIds: [dora.applicantId!], managerId: invigilator.id, invigilatorId: watcher.id, scheduledAt, overallTime: 90 });
    await db.execute(sql`update application_modules set duration_minutes = 60 where id = ${late.moduleIds[0]!}`);
    const exam: CandidateExam = (await api.post('/api/launchexam/init', { applicationModuleId: late.moduleIds[0]! }, doraJwt)).json();
    const listed = async () => (await api.get('/api/invigilation/mysittings', watcherJwt)).json<MySittings>().today;
    const endsAt = new Date(scheduledAt.getTime() + 60 * 60_000).toISOString();
    expect(await listed()).toEqual([expect.objectContaining({ windowClosesAt: endsAt })]);
    expect(exam.timer.deadline).toBe(endsAt);
    // The common end has passed; Dora's own extra time has not.
    await db.execute(sql`update application_modules set scheduled_at = scheduled_at - interval '20 minutes' where id = ${late.moduleIds[0]!}`);
    await db.execute(sql`update exam_instances set extra_seconds = 1800, deadline = deadline + interval '30 minutes' where id = ${exam.id}`);
    expect(await listed()).toHaveLength(1);
    await db.execute(sql`update exam_instances set status = 'Submitted', submitted_on = now() where id = ${exam.id}`);
    expect(await listed()).toEqual([]);
  });

  it('opens the console to its invigilator, examiner, manager and administrators; refuses everyone else', async () => {
    const [anyModule, secondModule] = sitting.moduleIds;
    for (const who of ['invigilator', 'examiner', 'manager', 'superUser'] as const) {
      const response = await api.get(`/api/invigilation/sittings/${secondModule}`, jwt[who]);
      expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
      const console: SittingConsole = response.json();
      expect(console.candidates.map((c) => [c.applicantName, c.status])).toEqual([
        ['Ada Arcwright', 'notLaunched'],
        ['Bob Beadwell', 'notLaunched'],
      ]);
    }
    for (const who of ['otherProgram', 'idleStaff', 'ada', 'bob'] as const) {
      const response = await api.get(`/api/invigilation/sittings/${anyModule}`, jwt[who]);
      expect(response.statusCode, who).toBe(403);
      expect(response.body).not.toContain('Arcwright');
    }
    expect((await api.get(`/api/invigilation/sittings/${otherSitting.moduleIds[0]}`, jwt.invigilator)).statusCode).toBe(403);
    expect((await api.get('/api/invigilation/sittings/00000000-0000-4000-8000-000000000000', jwt.invigilator)).statusCode).toBe(404);
  });
});

describe('the live console', () => {
  it("streams a candidate's events to the sitting's invigilator within 2 s, and nothing of another sitting", async () => {
    const response = await openStream(sitting.moduleIds[0]!, jwt.invigilator);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = sseReader(response);
    try {
      const first = await stream.next<ConsoleStreamMessage>((message) => message.type === 'console');
      expect(first.type === 'console' && first.console.candidates).toHaveLength(2);

      // Carol's event (another sitting) must not arrive; Ada's launch and events must.
      await candidateEvent(otherSitting.moduleIds[0]!, null, carol.applicantId!, 'systemCheckFailed');
      const launched = await api.post('/api/launchexam/init', { applicationModuleId: sitting.moduleIds[0] }, jwt.ada);
      expect(launched.statusCode, launched.body).toBe(200);
      adaExam = launched.json();
      const started = Date.now();
      await candidateEvent(sitting.moduleIds[0]!, adaExam.id, ada.applicantId!, 'multipleMonitors');
      const event = await stream.next<ConsoleStreamMessage>((message) => message.type === 'event', 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(event).toMatchObject({ type: 'event', event: { kind: 'multipleMonitors', label: 'More than one monitor', applicationModuleId: sitting.moduleIds[0] } });
      const row = await stream.next<ConsoleStreamMessage>((message) => message.type === 'candidates' && message.candidates.some((c) => c.attentionEvents === 1), 2_000);
      expect(row.type === 'candidates' && row.candidates[0]).toMatchObject({ applicantName: 'Ada Arcwright', status: 'InProgress', examInstanceId: adaExam.id, latestAttention: { kind: 'multipleMonitors' } });
    } finally {
      await stream.cancel();
    }
  });

  it("keeps camera snapshots out of the console's events (issue 45 item 12): the candidate's row has the picture, the stream sends no snapshot event", async () => {
    const response = await openStream(sitting.moduleIds[0]!, jwt.invigilator);
    const stream = sseReader(response);
    try {
      await stream.next<ConsoleStreamMessage>((message) => message.type === 'console');
      await candidateEvent(sitting.moduleIds[0]!, adaExam.id, ada.applicantId!, 'snapshot', { key: `snapshots/${adaExam.id}/first.jpg` });
      await candidateEvent(sitting.moduleIds[0]!, adaExam.id, ada.applicantId!, 'focusRegained');
      const row = await stream.next<ConsoleStreamMessage>((message) => message.type === 'candidates' && message.candidates.some((c) => c.latestSnapshotOn !== null), 2_000);
      expect(row.type === 'candidates' && row.candidates[0]!.applicantName).toBe('Ada Arcwright');
      // The first event message after the snapshot is the event that followed it.
      const event = await stream.next<ConsoleStreamMessage>((message) => message.type === 'event', 2_000);
      expect(event).toMatchObject({ type: 'event', event: { kind: 'focusRegained' } });
    } finally {
      await stream.cancel();
    }
    const console: SittingConsole = (await api.get(`/api/invigilation/sittings/${sitting.moduleIds[0]}`, jwt.invigilator)).json();
    expect(console.candidates[0]!.latestSnapshotOn).not.toBeNull();
    expect(console.events.map((event) => event.kind)).toContain('focusRegained');
    expect(console.events.map((event) => event.kind)).not.toContain('snapshot');
  });

  it('refuses the stream to anyone not on the sitting, before sending anything', async () => {
    for (const who of ['otherProgram', 'idleStaff', 'ada', 'bob'] as const) {
      const response = await openStream(sitting.moduleIds[0]!, jwt[who]);
      expect(response.status, who).toBe(403);
      const body = await response.text();
      expect(body).not.toContain('Arcwright');
    }
    expect((await fetch(`${baseUrl}/api/invigilation/sittings/${sitting.moduleIds[0]}/stream`)).status).toBe(401);
  });
});

describe("the invigilator's actions", () => {
  const adaModule = () => sitting.moduleIds[0]!;
  /** Every action that changes an open sitting, with a valid body. */
  const closedActions: [string, Record<string, unknown>][] = [
    ['message', { text: 'Please face the camera.', reason: 'Face not visible' }],
    ['extratime', { minutes: 5, reason: 'Fire alarm' }],
    ['pause', { reason: 'Candidate unwell' }],
    ['resume', { reason: 'Candidate well again' }],
    ['end', { reason: 'Used a phone' }],
  ];

  it('sends a message the candidate sees at the next check-in; recorded with the invigilator as actor', async () => {
    const sent = await api.post(`/api/invigilation/candidates/${adaModule()}/message`, { text: 'Please face the camera.', reason: 'Face not visible' }, jwt.invigilator);
    expect(sent.statusCode, sent.body).toBe(200);
    const notices = await api.post(`/api/invigilation/mine/${adaExam.id}/checkin`, undefined, jwt.ada);
    expect(notices.statusCode, notices.body).toBe(200);
    const body: CandidateNotices = notices.json();
    expect(body.messages.map((m) => m.text)).toEqual(['Please face the camera.']);
    expect(body.lastActionId).toBe(sent.json<{ eventId: number }>().eventId);
    const [event] = await events('message', adaExam.id);
    expect(event).toMatchObject({ source: 'invigilator', actor_user_id: invigilator.id, detail: { text: 'Please face the camera.', reason: 'Face not visible' } });
    // Another applicant's check-in on Ada's sitting is a 404, and tells nothing.
    const other = await api.post(`/api/invigilation/mine/${adaExam.id}/checkin`, undefined, jwt.bob);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('camera');
  });

  it('refuses an action without a reason (the exact message) and from anyone not on the sitting', async () => {
    const noReason = await api.post(`/api/invigilation/candidates/${adaModule()}/pause`, { reason: '  ' }, jwt.invigilator);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: INVIGILATION_MESSAGES.reasonRequired });
    for (const who of ['otherProgram', 'idleStaff'] as const) {
      expect((await api.post(`/api/invigilation/candidates/${adaModule()}/message`, { text: 'x', reason: 'y' }, jwt[who])).statusCode, who).toBe(403);
    }
    expect((await api.post(`/api/invigilation/candidates/${adaModule()}/message`, { text: 'x', reason: 'y' }, jwt.ada)).statusCode).toBe(403);
    expect(await events('paused', adaExam.id)).toEqual([]);
  });

  it("gives extra time through the engine's extension: the deadline moves and the timer shows it", async () => {
    const before = await deadlineOf(t.database.db, adaExam.id);
    const given = await api.post(`/api/invigilation/candidates/${adaModule()}/extratime`, { minutes: 5, reason: 'Fire alarm' }, jwt.invigilator);
    expect(given.statusCode, given.body).toBe(200);
    const after = await deadlineOf(t.database.db, adaExam.id);
    expect(after.getTime() - before.getTime()).toBe(5 * 60_000);
    const timer = await api.post('/api/remainingtime', { examType: 'module', examInstanceId: adaExam.id }, jwt.ada);
    expect(timer.json()).toMatchObject({ extraTime: 300 });
    expect((await events('extraTime', adaExam.id))[0]).toMatchObject({ source: 'invigilator', detail: { minutes: 5, totalExtraMinutes: 5, reason: 'Fire alarm' } });
  });

  it('pauses and resumes the clock: the deadline moves by exactly the paused time', async () => {
    const before = await deadlineOf(t.database.db, adaExam.id);
    const paused = await api.post(`/api/invigilation/candidates/${adaModule()}/pause`, { reason: 'Candidate unwell' }, jwt.invigilator);
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await deadlineOf(t.database.db, adaExam.id)).getTime() - before.getTime()).toBe(PAUSE_HOLD_SECONDS * 1000);
    const notices: CandidateNotices = (await api.post(`/api/invigilation/mine/${adaExam.id}/checkin`, undefined, jwt.ada)).json();
    expect(notices.pausedSince).not.toBeNull();
    expect(notices.remainingAtPause).toBeGreaterThan(60 * 60 - 120);
    expect((await api.post(`/api/invigilation/candidates/${adaModule()}/pause`, { reason: 'again' }, jwt.invigilator)).json()).toMatchObject({ message: INVIGILATION_MESSAGES.alreadyPaused });
    // As if the pause had lasted 90 seconds.
    await t.database.db.execute(sql`update invigilation_pauses set paused_on = paused_on - interval '90 seconds' where exam_instance_id = ${adaExam.id} and resumed_on is null`);
    const resumed = await api.post(`/api/invigilation/candidates/${adaModule()}/resume`, { reason: 'Candidate well again' }, jwt.invigilator);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const moved = (await deadlineOf(t.database.db, adaExam.id)).getTime() - before.getTime();
    expect(moved).toBeGreaterThanOrEqual(90_000);
    expect(moved).toBeLessThan(95_000);
    expect((await api.post(`/api/invigilation/mine/${adaExam.id}/checkin`, undefined, jwt.ada)).json<CandidateNotices>().pausedSince).toBeNull();
    expect((await api.post(`/api/invigilation/candidates/${adaModule()}/resume`, { reason: 'again' }, jwt.invigilator)).json()).toMatchObject({ message: INVIGILATION_MESSAGES.notPaused });
  });

  it('records a silence longer than the offline limit as a connection loss when the candidate checks in again', async () => {
    await t.database.db.execute(sql`update invigilation_presence set last_seen_on = now() - interval '75 seconds' where exam_instance_id = ${adaExam.id}`);
    expect((await api.get(`/api/invigilation/sittings/${adaModule()}`, jwt.invigilator)).json<SittingConsole>().candidates[0]!.lastSeenOn).not.toBeNull();
    await api.post(`/api/invigilation/mine/${adaExam.id}/checkin`, undefined, jwt.ada);
    await api.post(`/api/invigilation/mine/${adaExam.id}/checkin`, undefined, jwt.ada);
    const offline = await events('offline', adaExam.id);
    expect(offline).toHaveLength(1);
    expect(offline[0]).toMatchObject({ source: 'system' });
    expect(Number(offline[0]!.detail.seconds)).toBeGreaterThanOrEqual(75);
  });

  it('counts the silence from the launch when the page never checked in (offline before its first check-in)', async () => {
    const found = await t.database.db.execute(sql`select started_on as "startedOn" from exam_instances where id = ${adaExam.id}`);
    const startedOn = new Date((found as unknown as { rows: { startedOn: Date | string }[] }).rows[0]!.startedOn);
    await t.database.db.execute(sql`delete from invigilation_presence where exam_instance_id = ${adaExam.id}`);
    await t.database.db.execute(sql`update exam_instances set started_on = now() - interval '50 seconds' where id = ${adaExam.id}`);
    try {
      const before = (await events('offline', adaExam.id)).length;
      // The console hears of the candidate at the launch, so 50 s of silence reads as offline.
      const seen = (await api.get(`/api/invigilation/sittings/${adaModule()}`, jwt.invigilator)).json<SittingConsole>().candidates[0]!.lastSeenOn;
      expect(seen).not.toBeNull();
      expect(Date.now() - Date.parse(seen!)).toBeGreaterThanOrEqual(45_000);
      // The first check-in ends that silence: a connection loss from the launch.
      await api.post(`/api/invigilation/mine/${adaExam.id}/checkin`, undefined, jwt.ada);
      const offline = await events('offline', adaExam.id);
      expect(offline).toHaveLength(before + 1);
      expect(Number(offline.at(-1)!.detail.seconds)).toBeGreaterThanOrEqual(45);
    } finally {
      await t.database.db.execute(sql`update exam_instances set started_on = ${startedOn.toISOString()} where id = ${adaExam.id}`);
    }
  });

  it('files an irregularity report visible with the application to its staff, not to another program', async () => {
    const filed = await api.post(
      `/api/invigilation/candidates/${adaModule()}/reports`,
      { category: 'Unauthorised material', description: 'A phone on the desk', evidenceTimes: ['2026-11-27T01:02:03+11:00'] },
      jwt.invigilator,
    );
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json<IrregularityReport>()).toMatchObject({ category: 'Unauthorised material', evidenceTimes: ['2026-11-26T14:02:03.000Z'], createdBy: 'Ivy Invigilator' });
    const missing = await api.post(`/api/invigilation/candidates/${adaModule()}/reports`, { description: 'x' }, jwt.invigilator);
    expect(missing.json()).toMatchObject({ message: INVIGILATION_MESSAGES.categoryRequired });
    const read = await api.get(`/api/invigilation/applications/${sitting.applicationIds[0]}/reports`, jwt.manager);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<IrregularityReport[]>().map((r) => r.description)).toEqual(['A phone on the desk']);
    expect((await api.get(`/api/invigilation/applications/${sitting.applicationIds[0]}/reports`, jwt.invigilator)).statusCode).toBe(200);
    expect((await api.get(`/api/invigilation/applications/${sitting.applicationIds[0]}/reports`, jwt.otherProgram)).statusCode).toBe(403);
    expect((await api.get(`/api/invigilation/applications/${sitting.applicationIds[0]}/reports`, jwt.ada)).statusCode).toBe(403);
  });

  it('ends the sitting for misconduct: submitted by the invigilator, marked, and the console says so', async () => {
    const ended = await api.post(`/api/invigilation/candidates/${adaModule()}/end`, { reason: 'Used a phone' }, jwt.invigilator);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await storedInstance(t.database.db, adaExam.id)).toMatchObject({ status: 'Submitted', submitted_how: 'invigilator' });
    const console: SittingConsole = (await api.get(`/api/invigilation/sittings/${adaModule()}`, jwt.invigilator)).json();
    expect(console.candidates[0]).toMatchObject({ status: 'Submitted', endedForMisconduct: true });
    const eventsBefore = (await api.get(`/api/invigilation/sittings/${adaModule()}`, jwt.invigilator)).json<SittingConsole>().events.length;
    // Issue 45 item 5: nothing more is done to an ended sitting, and the refusal says why.
    for (const [action, body] of closedActions) {
      const refused = await api.post(`/api/invigilation/candidates/${adaModule()}/${action}`, body, jwt.invigilator);
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json(), action).toMatchObject({ message: INVIGILATION_MESSAGES.alreadyEnded });
    }
    expect((await api.get(`/api/invigilation/sittings/${adaModule()}`, jwt.invigilator)).json<SittingConsole>().events).toHaveLength(eventsBefore);
  });

  it("refuses a message, extra time, a pause and an end once the candidate has submitted (issue 45 item 5); an irregularity report is still taken", async () => {
    const bobModule = sitting.moduleIds[1]!;
    const launched = await api.post('/api/launchexam/init', { applicationModuleId: bobModule }, jwt.bob);
    expect(launched.statusCode, launched.body).toBe(200);
    const bobExam: CandidateExam = launched.json();
    const submitted = await api.post(`/api/moduleexaminstance/${bobExam.id}/submit`, undefined, jwt.bob);
    expect(submitted.statusCode, submitted.body).toBe(200);
    for (const [action, body] of closedActions) {
      const refused = await api.post(`/api/invigilation/candidates/${bobModule}/${action}`, body, jwt.invigilator);
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json(), action).toMatchObject({ message: INVIGILATION_MESSAGES.alreadySubmitted });
    }
    for (const kind of ['message', 'extraTime', 'paused', 'resumed', 'endedForMisconduct']) expect(await events(kind, bobExam.id), kind).toEqual([]);
    expect(await deadlineOf(t.database.db, bobExam.id)).toBeInstanceOf(Date);
    const report = await api.post(`/api/invigilation/candidates/${bobModule}/reports`, { category: 'Other', description: 'Left the room after submitting' }, jwt.invigilator);
    expect(report.statusCode, report.body).toBe(200);
  });
});

describe("the examiner's review", () => {
  it('shows every event as a mark, takes flags and a decision; refused to the invigilator and to others', async () => {
    const url = `/api/invigilation/review/${adaExam.id}`;
    const review = await api.get(url, jwt.examiner);
    expect(review.statusCode, review.body).toBe(200);
    const body: SittingReview = review.json();
    // Camera snapshots are a strip of their own with a link each, not events (issue 45 item 12).
    expect(body.events.map((e) => e.kind)).not.toContain('snapshot');
    expect(body.snapshots).toHaveLength(1);
    expect(body.snapshots[0]!.url).toContain('snapshot');
    expect(body.events.map((e) => e.kind)).toEqual(expect.arrayContaining(['multipleMonitors', 'message', 'extraTime', 'paused', 'resumed', 'offline', 'irregularityReport', 'endedForMisconduct']));
    expect(body.recording.status).toBe('none');
    expect(body.reports).toHaveLength(1);
    const offline = body.events.find((e) => e.kind === 'offline')!;
    const flagged = await api.post(`${url}/flags`, { atOn: offline.occurredOn, note: 'Connection lost just after the phone was seen' }, jwt.examiner);
    expect(flagged.statusCode, flagged.body).toBe(200);
    const decided = await api.post(`${url}/decision`, { decision: 'concernReferred', note: 'Refer to the program manager' }, jwt.examiner);
    expect(decided.json<SittingReview>()).toMatchObject({ flags: [{ note: 'Connection lost just after the phone was seen' }], decision: { decision: 'concernReferred', decidedBy: 'Esther Examiner' } });
    // A decision changes no result.
    expect(await storedInstance(t.database.db, adaExam.id)).toMatchObject({ status: 'Submitted' });
    for (const who of ['invigilator', 'otherProgram', 'idleStaff'] as const) expect((await api.get(url, jwt[who])).statusCode, who).toBe(403);
    expect((await api.get(url, jwt.ada)).statusCode).toBe(403);
    expect((await api.post(`${url}/decision`, { decision: 'maybe' }, jwt.examiner)).json()).toMatchObject({ message: INVIGILATION_MESSAGES.decisionRequired });
  });
});

describe('another account (issue 40)', () => {
  it("keeps a sitting from another account's staff: its administrator and a super user named on it who moved to another account get 404 on the console and its actions, and no home entry", async () => {
    const db = t.database.db;
    const dan = await createUser(db, { role: ROLES.Applicant, firstName: 'Dan', lastName: 'Drifter' });
    const roamer = await createUser(db, { role: ROLES.SuperUser });
    const roamerJwt = (await signIn(t.app, roamer)).jwt;
    const managerOfIt = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    const named = await createSitting(db, { applicantIds: [dan.applicantId!], managerId: managerOfIt.id, invigilatorId: roamer.id, scheduledAt: new Date(Date.now() + 60 * 60_000) });
    const sittingId = named.moduleIds[0]!;
    const before = (await api.get('/api/invigilation/mysittings', roamerJwt)).json<MySittings>();
    expect([...before.today, ...before.next].map((s) => s.sittingId)).toContain(sittingId);

    const nz = await createAccount(db, { name: 'Kiwi Exam Body' });
    const nzAdminJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Examinations'], accountId: nz.id }))).jwt;
    expect((await api.post('/api/accounts/current', { accountId: nz.id }, roamerJwt)).statusCode).toBe(200);
    for (const token of [nzAdminJwt, roamerJwt]) {
      expect((await api.get(`/api/invigilation/sittings/${sittingId}`, token)).statusCode).toBe(404);
      expect((await api.post(`/api/invigilation/candidates/${sittingId}/message`, { text: 'x', reason: 'y' }, token)).statusCode).toBe(404);
      const home = (await api.get('/api/invigilation/mysittings', token)).json<MySittings>();
      expect([...home.today, ...home.next]).toEqual([]);
    }
    expect(await events('message', sittingId)).toEqual([]);
  });
});
