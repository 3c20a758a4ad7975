import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { CandidateExam } from '@certs/shared/exam/exam.contract';
import { RECORDING_CONSENT, RECORDING_MESSAGES, type ModuleRecordingState, type RecordingManifest, type SaveRecordInfoResponse, type SyncChunksResponse } from '@certs/shared/exam-integrity/exam-recording.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { signIn } from '../../../test/sign-in';
import { createPublishedTest, createScheduledModule, EVERY_TYPE, examClient, type ScheduledModuleFixture } from '../exam/exam-test-fixtures';

let t: TestApp;
let api: ReturnType<typeof examClient>;
let adaJwt: string;
let bobJwt: string;
let managerJwt: string;
let otherManagerJwt: string;
let adaApplicantId: string;
let managerId: string;
let testId: string;

const clientId = () => `c-${randomBytes(8).toString('hex')}`;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A module of Ada's scheduled now on a module test, recorded or not. */
async function scheduledModule(recordExam: boolean | null): Promise<ScheduledModuleFixture> {
  const module = await createScheduledModule(t.database.db, { applicantId: adaApplicantId, managerId, examDefinitionId: testId });
  if (recordExam !== null) await t.database.db.execute(sql`update application_modules set record_exam = ${recordExam} where id = ${module.applicationModuleId}`);
  return module;
}

async function consent(applicationModuleId: string, jwt = adaJwt, id = clientId()) {
  return api.post(`/api/examrecording/module/${applicationModuleId}/consent`, { consentVersion: RECORDING_CONSENT.version, clientEventId: id, occurredOn: new Date().toISOString() }, jwt);
}

/** A recorded sitting of Ada's, launched after her consent. */
async function recordedSitting(): Promise<{ module: ScheduledModuleFixture; exam: CandidateExam }> {
  const module = await scheduledModule(true);
  expect((await consent(module.applicationModuleId)).statusCode).toBe(200);
  const launch = await api.post('/api/launchexam/init', { applicationModuleId: module.applicationModuleId }, adaJwt);
  expect(launch.statusCode, launch.body).toBe(200);
  return { module, exam: launch.json() };
}

function recordInfo(examInstanceId: string, reason: 'start' | 'reload' = 'start', startedOn = new Date()) {
  return {
    examInstanceId,
    sessionId: 'session-ada-0123456789',
    segmentStartedOn: startedOn.toISOString(),
    segmentReason: reason,
    resolution: '180x180',
    screenResolution: '1280x800',
    hasAudio: false,
    hasVideo: true,
    userAgent: 'Mozilla/5.0 (test)',
    recordTimezone: 'Australia/Sydney',
    mimeType: 'video/webm;codecs=vp8',
  };
}

type Stream = 'screen' | 'camera';
/** A chunk as the page sends it in a sync. */
function synced(stream: Stream, segment: number, sequence: number, bytes: Buffer, isUploaded = false) {
  const now = Date.now();
  return { stream, segment, sequence, sha256: sha(bytes), size: bytes.length, startedOn: new Date(now - 30_000).toISOString(), endedOn: new Date(now).toISOString(), isUploaded };
}

function sync(recordingId: string, chunks: ReturnType<typeof synced>[], jwt = adaJwt) {
  return api.post('/api/examrecording/chunks', { recordingId, chunks }, jwt);
}

/** The page's round for some chunks: one sync for their URLs, the PUTs, one sync entering them in the manifest. */
async function uploadChunks(recordingId: string, chunks: { stream: Stream; segment: number; sequence: number; bytes: Buffer }[], jwt = adaJwt) {
  const wanted = await sync(recordingId, chunks.map((c) => synced(c.stream, c.segment, c.sequence, c.bytes)), jwt);
  if (wanted.statusCode !== 200) return wanted;
  for (const [index, result] of wanted.json<SyncChunksResponse>().chunks.entries()) {
    if (result.status !== 'upload') continue;
    const put = await t.app.inject({ method: 'PUT', url: result.url!, headers: result.headers, payload: chunks[index]!.bytes });
    expect(put.statusCode, put.body).toBe(200);
  }
  return sync(recordingId, chunks.map((c) => synced(c.stream, c.segment, c.sequence, c.bytes, true)), jwt);
}

const statusesOf = (response: { json<T>(): T }) => response.json<SyncChunksResponse>().chunks.map((c) => `${c.stream}:${c.segment}:${c.sequence} ${c.status}`);

beforeAll(async () => {
  t = await buildTestApp();
  api = examClient(t.app);
  const db = t.database.db;
  const ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada' });
  const bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob' });
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  const otherManager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  // The other manager runs a program of their own, none of Ada's.
  await createScheduledModule(db, { applicantId: bob.applicantId!, managerId: otherManager.id });
  adaApplicantId = ada.applicantId!;
  managerId = manager.id;
  [adaJwt, bobJwt, managerJwt, otherManagerJwt] = (await Promise.all([ada, bob, manager, otherManager].map(async (user) => (await signIn(t.app, user)).jwt))) as [string, string, string, string];
  testId = (await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE, minimumTime: 0 })).id;
});
afterAll(async () => {
  await t.close();
});

describe('the recorded setting and consent', () => {
  it("follows the test unless the module says otherwise; only those who schedule the module's program change it", async () => {
    const module = await scheduledModule(null);
    const url = `/api/examrecording/module/${module.applicationModuleId}`;
    expect((await api.get(url, adaJwt)).json()).toMatchObject({ recordExam: false, moduleSetting: null, testSetting: false, retentionDays: 180, consentGivenOn: null });
    expect((await api.get(url, bobJwt)).statusCode).toBe(404);

    expect((await api.put(`${url}/setting`, { recordExam: true }, otherManagerJwt)).statusCode).toBe(403);
    expect((await api.put(`${url}/setting`, { recordExam: true }, adaJwt)).statusCode).toBe(403);
    const set = await api.put(`${url}/setting`, { recordExam: true }, managerJwt);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ModuleRecordingState>()).toMatchObject({ recordExam: true, moduleSetting: true });
    expect((await api.get(url, adaJwt)).json()).toMatchObject({ recordExam: true });
  });

  it("lets staff who build the test's program set the test's setting, which a module without its own follows", async () => {
    const url = `/api/examrecording/test/${testId}/setting`;
    expect((await api.get(url, managerJwt)).json()).toEqual({ testId, recordExam: false });
    expect((await api.put(url, { recordExam: true }, adaJwt)).statusCode).toBe(403);
    const module = await scheduledModule(null);
    expect((await api.put(url, { recordExam: true }, managerJwt)).json()).toEqual({ testId, recordExam: true });
    expect((await api.get(`/api/examrecording/module/${module.applicationModuleId}`, adaJwt)).json()).toMatchObject({ recordExam: true, moduleSetting: null, testSetting: true });
    expect((await api.put(url, { recordExam: false }, managerJwt)).statusCode).toBe(200);
  });

  it('opens a recorded sitting only after consent, kept once with a consentGiven event; the sitting takes recordExam at launch', async () => {
    const module = await scheduledModule(true);
    const refused = await api.post('/api/launchexam/init', { applicationModuleId: module.applicationModuleId }, adaJwt);
    expect([refused.statusCode, refused.json().message]).toEqual([409, RECORDING_MESSAGES.consentNeeded]);

    expect((await consent(module.applicationModuleId, bobJwt)).statusCode).toBe(404);
    const id = clientId();
    const given = await consent(module.applicationModuleId, adaJwt, id);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<ModuleRecordingState>().consentGivenOn).not.toBeNull();
    expect((await consent(module.applicationModuleId, adaJwt, id)).statusCode).toBe(200);
    const events = await rows<{ kind: string; source: string }>(sql`select kind, source from exam_sitting_events where application_module_id = ${module.applicationModuleId}`);
    expect(events).toEqual([{ kind: 'consentGiven', source: 'candidate' }]);
    expect(await rows(sql`select 1 from exam_recording_consents where application_module_id = ${module.applicationModuleId}`)).toHaveLength(1);

    const launch = await api.post('/api/launchexam/init', { applicationModuleId: module.applicationModuleId }, adaJwt);
    expect(launch.statusCode, launch.body).toBe(200);
    expect(launch.json<CandidateExam>().recordExam).toBe(true);
  });

  it('needs no consent for a module that is not recorded, and refuses one', async () => {
    const module = await scheduledModule(false);
    expect((await consent(module.applicationModuleId)).json().message).toBe(RECORDING_MESSAGES.notRecorded);
    const launch = await api.post('/api/launchexam/init', { applicationModuleId: module.applicationModuleId }, adaJwt);
    expect(launch.statusCode).toBe(200);
    expect(launch.json<CandidateExam>().recordExam).toBe(false);
    const info = await api.post('/api/examrecording/recordinfo', recordInfo(launch.json<CandidateExam>().id), adaJwt);
    expect([info.statusCode, info.json().message]).toEqual([409, RECORDING_MESSAGES.notRecorded]);
  });
});

describe('the recording record and its manifest', () => {
  it('keeps every field of the record, numbers segments, and shows the time between two segments as a gap', async () => {
    const { exam, module } = await recordedSitting();
    expect((await api.post('/api/examrecording/recordinfo', recordInfo(exam.id), bobJwt)).statusCode).toBe(404);
    const first = await api.post('/api/examrecording/recordinfo', recordInfo(exam.id, 'start', new Date(Date.now() - 120_000)), adaJwt);
    expect(first.statusCode, first.body).toBe(200);
    const { recording, segment } = first.json<SaveRecordInfoResponse>();
    expect(segment).toBe(1);
    expect(recording).toMatchObject({
      examInstanceId: exam.id,
      qualificationModuleId: module.applicationModuleId,
      qualificationResitModuleId: null,
      aicipModuleId: null,
      aicipResitModuleId: null,
      url: `recordings/${recording.id}/`,
      size: 0,
      sessionId: 'session-ada-0123456789',
      resolution: '180x180',
      screenResolution: '1280x800',
      hasAudio: false,
      hasVideo: true,
      status: 'recording',
      userAgent: 'Mozilla/5.0 (test)',
      recordTimezone: 'Australia/Sydney',
    });
    const firstSegment = await uploadChunks(recording.id, [
      { stream: 'screen', segment: 1, sequence: 0, bytes: randomBytes(2000) },
      { stream: 'camera', segment: 1, sequence: 0, bytes: randomBytes(500) },
    ]);
    expect(statusesOf(firstSegment)).toEqual(['screen:1:0 acknowledged', 'camera:1:0 acknowledged']);

    // The page was reloaded 20 s after its last chunk: segment 2, and a gap of 20 s.
    const [latest] = await rows<{ last: Date }>(sql`select max(ended_on) as last from exam_recording_chunks where recording_id = ${recording.id}`);
    const second = await api.post('/api/examrecording/recordinfo', recordInfo(exam.id, 'reload', new Date(new Date(latest!.last).getTime() + 20_000)), adaJwt);
    expect(second.json<SaveRecordInfoResponse>().segment).toBe(2);
    const secondSegment = await uploadChunks(recording.id, [
      { stream: 'screen', segment: 2, sequence: 0, bytes: randomBytes(1500) },
      { stream: 'camera', segment: 2, sequence: 0, bytes: randomBytes(400) },
    ]);
    expect(statusesOf(secondSegment)).toEqual(['screen:2:0 acknowledged', 'camera:2:0 acknowledged']);

    const manifest = (await api.get(`/api/examrecording/${exam.id}/manifest`, adaJwt)).json<RecordingManifest>();
    expect(manifest.segments.map((s) => [s.segment, s.reason])).toEqual([
      [1, 'start'],
      [2, 'reload'],
    ]);
    expect(manifest.chunks).toHaveLength(4);
    expect(manifest.gaps).toEqual([expect.objectContaining({ afterSegment: 1, seconds: 20 })]);
    expect(manifest.isComplete).toBe(true);
    expect(manifest.recording?.size).toBe(2000 + 500 + 1500 + 400);
    const kinds = await rows<{ kind: string; source: string }>(sql`select kind, source from exam_sitting_events where exam_instance_id = ${exam.id} order by id`);
    expect(kinds.map((k) => k.kind)).toEqual(['recordingStarted', 'recordingSegmentStarted', 'recordingGap']);

    const stopped = await api.post('/api/examrecording/recordinfo/update', { recordingId: recording.id, segment: 2, segmentDuration: 31.5, segmentEndedOn: new Date().toISOString(), status: 'stopped' }, adaJwt);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'stopped', duration: 31.5 });
    expect((await api.post('/api/examrecording/recordinfo/update', { recordingId: recording.id, segment: 2, segmentDuration: 1 }, bobJwt)).statusCode).toBe(404);
  });

  it('stores a chunk sent twice once, refuses another chunk under its number, and shows a missing chunk as a hole', async () => {
    const { exam } = await recordedSitting();
    const { recording } = (await api.post('/api/examrecording/recordinfo', recordInfo(exam.id), adaJwt)).json<SaveRecordInfoResponse>();
    const bytes = randomBytes(3000);
    expect(statusesOf(await uploadChunks(recording.id, [{ stream: 'screen', segment: 1, sequence: 0, bytes }]))).toEqual(['screen:1:0 acknowledged']);
    // Sent again (a reload before the acknowledgement arrived): no upload URL, acknowledged again, stored once.
    const again = await sync(recording.id, [synced('screen', 1, 0, bytes)]);
    expect(again.json<SyncChunksResponse>().chunks).toEqual([{ stream: 'screen', segment: 1, sequence: 0, status: 'acknowledged', url: null, headers: {} }]);
    expect(statusesOf(await sync(recording.id, [synced('screen', 1, 0, randomBytes(3000))]))).toEqual(['screen:1:0 conflict']);
    expect(statusesOf(await sync(recording.id, [synced('screen', 1, 0, randomBytes(3000), true)]))).toEqual(['screen:1:0 conflict']);

    // Said to be uploaded but never PUT: not entered in the manifest; a fresh URL to upload it again.
    const unsent = await sync(recording.id, [synced('camera', 1, 0, randomBytes(100), true)]);
    expect(unsent.json<SyncChunksResponse>().chunks).toEqual([expect.objectContaining({ status: 'upload', url: expect.stringContaining('/camera-1-0-') })]);
    // PUT with fewer bytes than said: the same.
    const short = randomBytes(100);
    const [shortUrl] = (await sync(recording.id, [synced('camera', 1, 0, short)])).json<SyncChunksResponse>().chunks;
    expect((await t.app.inject({ method: 'PUT', url: shortUrl!.url!, headers: shortUrl!.headers, payload: short.subarray(0, 60) })).statusCode).toBe(200);
    expect(statusesOf(await sync(recording.id, [synced('camera', 1, 0, short, true)]))).toEqual(['camera:1:0 upload']);

    // Chunk 2 arrives before chunk 1 (a retry still running): the manifest names 1 as missing.
    expect(statusesOf(await uploadChunks(recording.id, [{ stream: 'screen', segment: 1, sequence: 2, bytes: randomBytes(10) }]))).toEqual(['screen:1:2 acknowledged']);
    const manifest = (await api.get(`/api/examrecording/${exam.id}/manifest`, adaJwt)).json<RecordingManifest>();
    expect(manifest.segments[0]?.missing).toEqual({ screen: [1], camera: [] });
    expect(manifest.isComplete).toBe(false);
    expect(manifest.recording?.size).toBe(3010);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from exam_recording_chunks where recording_id = ${recording.id}`);
    expect(count?.n).toBe(2);
  });

  it('takes a mix in one sync: acknowledges what arrived and gives URLs for what is new; refuses a chunk named twice', async () => {
    const { exam } = await recordedSitting();
    const { recording } = (await api.post('/api/examrecording/recordinfo', recordInfo(exam.id), adaJwt)).json<SaveRecordInfoResponse>();
    const [screen0, camera0, screen1] = [randomBytes(700), randomBytes(300), randomBytes(900)];
    const wanted = (await sync(recording.id, [synced('screen', 1, 0, screen0), synced('camera', 1, 0, camera0)])).json<SyncChunksResponse>().chunks;
    for (const [index, bytes] of [screen0, camera0].entries()) {
      expect((await t.app.inject({ method: 'PUT', url: wanted[index]!.url!, headers: wanted[index]!.headers, payload: bytes })).statusCode).toBe(200);
    }
    // The next slice's URL asked for with the previous slice's arrival.
    const mixed = await sync(recording.id, [synced('screen', 1, 0, screen0, true), synced('camera', 1, 0, camera0, true), synced('screen', 1, 1, screen1)]);
    expect(statusesOf(mixed)).toEqual(['screen:1:0 acknowledged', 'camera:1:0 acknowledged', 'screen:1:1 upload']);
    const manifest = (await api.get(`/api/examrecording/${exam.id}/manifest`, adaJwt)).json<RecordingManifest>();
    expect(manifest.chunks.map((c) => `${c.stream}:${c.sequence}:${c.size}`).sort()).toEqual(['camera:0:300', 'screen:0:700']);
    expect(manifest.recording?.size).toBe(1000);

    const twice = await sync(recording.id, [synced('screen', 1, 1, screen1), synced('screen', 1, 1, screen1)]);
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('A chunk appears twice in the request');
  });

  it("gives another applicant nothing of Ada's recording: no upload URL, no manifest, no chunk", async () => {
    const { exam } = await recordedSitting();
    const { recording } = (await api.post('/api/examrecording/recordinfo', recordInfo(exam.id), adaJwt)).json<SaveRecordInfoResponse>();
    const bytes = randomBytes(50);
    const presign = await sync(recording.id, [synced('screen', 1, 0, bytes)], bobJwt);
    expect(presign.statusCode).toBe(404);
    expect(presign.body).not.toContain('upload');
    expect(statusesOf(await uploadChunks(recording.id, [{ stream: 'screen', segment: 1, sequence: 0, bytes }]))).toEqual(['screen:1:0 acknowledged']);
    expect((await sync(recording.id, [synced('screen', 1, 0, bytes, true)], bobJwt)).statusCode).toBe(404);
    expect((await sync(recording.id, [synced('screen', 1, 0, bytes, true)], managerJwt)).statusCode).toBe(403);
    const manifest = await api.get(`/api/examrecording/${exam.id}/manifest`, bobJwt);
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain(recording.id);
    expect((await api.get(`/api/examrecording/${exam.id}/manifest`, managerJwt)).statusCode).toBe(403);
    expect((await api.post('/api/examrecording/snapshot/presign', { examInstanceId: exam.id, clientEventId: clientId(), size: 1000 }, bobJwt)).statusCode).toBe(404);
  });
});

describe('keystrokes and events', () => {
  it('stores a keystroke batch once by its id, refuses another batch under the id, and only for the own sitting', async () => {
    const { exam } = await recordedSitting();
    const { recording } = (await api.post('/api/examrecording/recordinfo', recordInfo(exam.id), adaJwt)).json<SaveRecordInfoResponse>();
    const batch = {
      batchId: clientId(),
      examInstanceId: exam.id,
      moduleExamInstanceRecordId: recording.id,
      keys: [
        { k: 'char', t: 0, q: 'q1' },
        { k: 'Backspace', t: 120, q: 'q1' },
      ],
      clientTimeZone: 'Australia/Sydney',
      startDate: new Date(Date.now() - 300_000).toISOString(),
      endDate: new Date().toISOString(),
      networkData: { effectiveType: '4g', downlink: 10, rtt: 50, online: true },
    };
    expect((await api.post('/api/examrecording/keystrokes', batch, adaJwt)).json()).toEqual({ batchId: batch.batchId, isDuplicate: false });
    expect((await api.post('/api/examrecording/keystrokes', batch, adaJwt)).json()).toEqual({ batchId: batch.batchId, isDuplicate: true });
    const conflicting = await api.post('/api/examrecording/keystrokes', { ...batch, keys: [{ k: 'char', t: 5 }] }, adaJwt);
    expect([conflicting.statusCode, conflicting.json().message]).toEqual([409, RECORDING_MESSAGES.batchConflict]);
    expect((await api.post('/api/examrecording/keystrokes', { ...batch, batchId: clientId() }, bobJwt)).statusCode).toBe(404);
    const stored = await rows<{ key_count: number; client_time_zone: string; network_data: unknown }>(sql`select key_count, client_time_zone, network_data from exam_keystroke_batches where exam_instance_id = ${exam.id}`);
    expect(stored).toEqual([{ key_count: 2, client_time_zone: 'Australia/Sydney', network_data: batch.networkData }]);
    // A key that is text is never stored as the character typed.
    expect((await api.post('/api/examrecording/keystrokes', { ...batch, batchId: clientId(), keys: [{ k: 'a'.repeat(21), t: 0 }] }, adaJwt)).statusCode).toBe(400);
  });

  it('logs events once by their client id, for the own module or sitting only', async () => {
    const { exam, module } = await recordedSitting();
    const focus = { clientEventId: clientId(), kind: 'focusLost', occurredOn: new Date().toISOString(), examInstanceId: exam.id, detail: { seconds: 4 } };
    const check = {
      clientEventId: clientId(),
      kind: 'systemCheckPassed',
      occurredOn: new Date(Date.now() - 600_000).toISOString(),
      applicationModuleId: module.applicationModuleId,
      detail: { results: [{ item: 'camera', passed: true, detail: '180x180' }] },
    };
    expect((await api.post('/api/examrecording/events', { events: [focus, check] }, adaJwt)).json()).toEqual({ stored: [focus.clientEventId, check.clientEventId] });
    expect((await api.post('/api/examrecording/events', { events: [focus] }, adaJwt)).statusCode).toBe(200);
    expect((await api.post('/api/examrecording/events', { events: [{ ...focus, kind: 'paste' }] }, adaJwt)).statusCode).toBe(409);
    const stolen = await api.post('/api/examrecording/events', { events: [{ ...focus, clientEventId: clientId() }] }, bobJwt);
    expect(stolen.statusCode).toBe(404);
    expect((await api.post('/api/examrecording/events', { events: [{ ...check, clientEventId: clientId() }] }, bobJwt)).statusCode).toBe(404);
    const events = await rows<{ kind: string; application_module_id: string }>(sql`select kind, application_module_id from exam_sitting_events where application_module_id = ${module.applicationModuleId} and kind in ('focusLost', 'systemCheckPassed') order by id`);
    expect(events).toEqual([
      { kind: 'focusLost', application_module_id: module.applicationModuleId },
      { kind: 'systemCheckPassed', application_module_id: module.applicationModuleId },
    ]);
    expect((await api.get(`/api/examrecording/module/${module.applicationModuleId}`, adaJwt)).json().lastSystemCheck).toMatchObject({ passed: true });
  });

  it('logs a snapshot only with a picture of that sitting in storage', async () => {
    const { exam } = await recordedSitting();
    const eventId = clientId();
    const presign = await api.post('/api/examrecording/snapshot/presign', { examInstanceId: exam.id, clientEventId: eventId, size: 4 }, adaJwt);
    expect(presign.statusCode, presign.body).toBe(200);
    const { key, url, headers } = presign.json();
    const snapshot = { clientEventId: eventId, kind: 'snapshot', occurredOn: new Date().toISOString(), examInstanceId: exam.id, detail: { key } };
    expect((await api.post('/api/examrecording/events', { events: [snapshot] }, adaJwt)).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PUT', url, headers, payload: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) })).statusCode).toBe(200);
    expect((await api.post('/api/examrecording/events', { events: [snapshot] }, adaJwt)).statusCode).toBe(200);
    const elsewhere = { ...snapshot, clientEventId: clientId(), detail: { key: 'attachments/someone-else.jpg' } };
    expect((await api.post('/api/examrecording/events', { events: [elsewhere] }, adaJwt)).statusCode).toBe(400);
  });

  it('refuses a recording to be started once the sitting is over', async () => {
    const { exam } = await recordedSitting();
    await t.database.db.execute(sql`update exam_instances set status = 'Submitted', submitted_on = now() where id = ${exam.id}`);
    const info = await api.post('/api/examrecording/recordinfo', recordInfo(exam.id), adaJwt);
    expect([info.statusCode, info.json().message]).toEqual([409, RECORDING_MESSAGES.sittingClosed]);
  });
});
