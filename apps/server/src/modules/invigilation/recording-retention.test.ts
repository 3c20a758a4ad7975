import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { CandidateExam } from '@certs/shared/exam/exam.contract';
import type { SittingReview } from '@certs/shared/invigilation/invigilation.contract';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { signIn } from '../../../test/sign-in';
import { LocalStorage } from '../../platform/storage/local-storage';
import type { Storage } from '../../platform/storage/storage';
import type { ExamClock } from '../exam/exam-clock';
import { examClient } from '../exam/exam-test-fixtures';
import type { ProgramService } from '../program/program.service';
import { createSitting } from './invigilation-test-fixtures';
import { createInvigilationModule } from './invigilation.module';

/**
 * The retention job (issue 19): a sitting whose result became final long ago loses its recording
 * chunks, snapshots and keystroke logs, logged as `recordingDeleted`; a held sitting keeps them, and
 * one whose review window is still open is not touched.
 */

let t: TestApp;
let api: ReturnType<typeof examClient>;
let storage: Storage;
let examinerJwt = '';
const sittings: { exam: CandidateExam; applicationId: string; keys: string[] }[] = [];

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A submitted, recorded sitting with two chunks, a snapshot and a keystroke batch stored. */
async function recordedSitting(candidate: CreatedUser, managerId: string, examinerId: string) {
  const db = t.database.db;
  const fixture = await createSitting(db, { applicantIds: [candidate.applicantId!], managerId, examinerId });
  const candidateJwt = (await signIn(t.app, candidate)).jwt;
  const launched = await api.post('/api/launchexam/init', { applicationModuleId: fixture.moduleIds[0] }, candidateJwt);
  expect(launched.statusCode, launched.body).toBe(200);
  const exam: CandidateExam = launched.json();
  await db.execute(sql`update exam_instances set status = 'Submitted', submitted_how = 'candidate', submitted_on = now() where id = ${exam.id}`);
  const [recording] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into exam_recordings (exam_instance_id, applicant_id, url, name, session_id, resolution, has_audio, has_video, video_created_on, screen_resolution, user_agent, record_timezone, mime_type)
      values (${exam.id}, ${candidate.applicantId}, ${`recordings/${exam.id}/`}, 'recording', 's1', '180x180', false, true, now(), '1280x800', 'test', 'Australia/Sydney', 'video/webm')
      returning id`),
  );
  await db.execute(sql`insert into exam_recording_segments (recording_id, segment, reason, session_id, started_on) values (${recording!.id}, 0, 'start', 's1', now())`);
  const keys: string[] = [];
  for (const stream of ['screen', 'camera']) {
    const key = `recordings/${exam.id}/${stream}-0-0.webm`;
    await storage.write(key, new Uint8Array([1, 2, 3]), 'video/webm');
    keys.push(key);
    await db.execute(sql`
      insert into exam_recording_chunks (recording_id, stream, segment, sequence, size, sha256, storage_key, started_on, ended_on)
      values (${recording!.id}, ${stream}, 0, 0, 3, 'abc', ${key}, now() - interval '30 seconds', now())`);
  }
  const snapshotKey = `snapshots/${exam.id}/one.jpg`;
  await storage.write(snapshotKey, new Uint8Array([9]), 'image/jpeg');
  keys.push(snapshotKey);
  await db.execute(sql`
    insert into exam_sitting_events (exam_instance_id, application_module_id, applicant_id, kind, source, detail, occurred_on)
    values (${exam.id}, ${fixture.moduleIds[0]}, ${candidate.applicantId}, 'snapshot', 'candidate', ${JSON.stringify({ key: snapshotKey })}::jsonb, now())`);
  await db.execute(sql`
    insert into exam_keystroke_batches (batch_id, applicant_id, exam_instance_id, keys, key_count, client_time_zone, start_date, end_date, network_data)
    values ('b1', ${candidate.applicantId}, ${exam.id}, '[{"k":"char","t":0}]'::jsonb, 1, 'Australia/Sydney', now(), now(), '{}'::jsonb)`);
  sittings.push({ exam, applicationId: fixture.applicationIds[0]!, keys });
  return { exam, applicationId: fixture.applicationIds[0]! };
}

async function stored(keys: string[]): Promise<(number | null)[]> {
  return Promise.all(keys.map((key) => storage.sizeOf(key)));
}

async function counts(examInstanceId: string) {
  const [row] = rowsOf<{ chunks: number; batches: number; deleted: number }>(
    await t.database.db.execute(sql`
      select (select count(*)::int from exam_recording_chunks c join exam_recordings r on r.id = c.recording_id where r.exam_instance_id = ${examInstanceId}) as chunks,
        (select count(*)::int from exam_keystroke_batches where exam_instance_id = ${examInstanceId}) as batches,
        (select count(*)::int from exam_sitting_events where exam_instance_id = ${examInstanceId} and kind = 'recordingDeleted') as deleted`),
  );
  return row;
}

beforeAll(async () => {
  storage = new LocalStorage(mkdtempSync(path.join(tmpdir(), 'certs-retention-')), TEST_JWT_SECRET);
  t = await buildTestApp({}, undefined, undefined, storage);
  api = examClient(t.app);
  const db = t.database.db;
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  const examiner = await createUser(db, { role: ROLES.User, menuItems: [] });
  examinerJwt = (await signIn(t.app, examiner)).jwt;
  for (const name of ['Old', 'Held', 'Recent']) {
    const candidate = await createUser(db, { role: ROLES.Applicant, firstName: name, lastName: 'Candidate' });
    await recordedSitting(candidate, manager.id, examiner.id);
  }
  // Old and Held: results final 400 days ago; Recent: final 10 days ago (its review window is still open).
  for (const [index, days] of [400, 400, 10].entries()) {
    await db.execute(sql`update applications set overall_result = 'Failed', result_recorded_on = now() - make_interval(days => ${days}) where id = ${sittings[index]!.applicationId}`);
  }
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('recording retention', () => {
  it('the examiner plays the recording through short-lived chunk links before it goes', async () => {
    const old = sittings[0]!.exam.id;
    const review: SittingReview = (await api.get(`/api/invigilation/review/${old}`, examinerJwt)).json();
    expect(review.recording.status).toBe('available');
    expect(review.recording.manifest?.chunks.map((c) => c.stream).sort()).toEqual(['camera', 'screen']);
    expect(review.retentionDueOn).not.toBeNull();
    const link = await api.get(`/api/invigilation/review/${old}/chunk/screen/0/0`, examinerJwt);
    expect(link.statusCode, link.body).toBe(200);
    const opened = await t.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
    expect(opened.statusCode).toBe(200);
    expect([...opened.rawPayload]).toEqual([1, 2, 3]);
    expect((await api.get(`/api/invigilation/review/${old}/chunk/screen/0/9`, examinerJwt)).statusCode).toBe(404);
  });

  it('deletes what is due, keeps what is held or not due, and logs what it deleted', async () => {
    const [old, held, recent] = sittings;
    const hold = await api.post(`/api/invigilation/review/${held!.exam.id}/hold`, { reason: 'Appeal to the tribunal pending' }, examinerJwt);
    expect(hold.statusCode, hold.body).toBe(200);
    expect(hold.json<SittingReview>().hold).toMatchObject({ reason: 'Appeal to the tribunal pending' });

    const module = createInvigilationModule(t.database.db, {
      programs: {} as ProgramService,
      clock: {} as ExamClock,
      storage,
      manifestOf: async () => {
        throw new Error('not read by the job');
      },
      retentionDays: 180,
    });
    const pass = await module.deleteExpiredRecordings();
    expect(pass.erased).toEqual([{ examInstanceId: old!.exam.id, chunks: 2, snapshots: 1, keystrokeBatches: 1 }]);
    expect(await stored(old!.keys)).toEqual([null, null, null]);
    expect(await counts(old!.exam.id)).toEqual({ chunks: 0, batches: 0, deleted: 1 });
    for (const kept of [held!, recent!]) {
      expect(await stored(kept.keys)).toEqual([3, 3, 1]);
      expect(await counts(kept.exam.id)).toEqual({ chunks: 2, batches: 1, deleted: 0 });
    }
    // A second pass finds nothing more; the review says the recording was deleted.
    expect((await module.deleteExpiredRecordings()).erased).toEqual([]);
    const review: SittingReview = (await api.get(`/api/invigilation/review/${old!.exam.id}`, examinerJwt)).json();
    expect(review.recording).toEqual({ status: 'deleted', manifest: null });
    expect(review.events.find((e) => e.kind === 'recordingDeleted')).toMatchObject({ source: 'system', detail: { chunks: 2, snapshots: 1, keystrokeBatches: 1 } });
    // The snapshot's moment stays in the strip; its picture is gone, so no link is offered.
    expect(review.snapshots.map((snapshot) => snapshot.url)).toEqual([null]);

    // Released, the held sitting goes at the next pass.
    await api.post(`/api/invigilation/review/${held!.exam.id}/hold/release`, { reason: 'Tribunal decided' }, examinerJwt);
    expect((await module.deleteExpiredRecordings()).erased.map((e) => e.examInstanceId)).toEqual([held!.exam.id]);
    expect(await stored(held!.keys)).toEqual([null, null, null]);
  });
});
