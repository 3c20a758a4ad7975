import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CandidateEventsRequest,
  CandidateEventsResponse,
  ConsentRequest,
  ExamRecording,
  ModuleRecordingState,
  PresignSnapshotRequest,
  PresignSnapshotResponse,
  PresignSpeedTestResponse,
  RecordingManifest,
  RecordingSettingRequest,
  SaveKeystrokesRequest,
  SaveKeystrokesResponse,
  SaveRecordInfoRequest,
  SaveRecordInfoResponse,
  SyncChunksRequest,
  SyncChunksResponse,
  TestRecordingSetting,
  TestRecordingSettingRequest,
  UpdateRecordInfoRequest,
} from '@certs/shared/exam-integrity/exam-recording.contract';
import { currentUserOf, requireAdmin, requireApplicant } from '../../platform/auth/authenticate';
import type { ExamRecordingService } from './exam-recording.service';

const doc = { tags: ['exam recording (candidate)'], security: [{ bearer: [] }] };
const ModuleParams = z.strictObject({ applicationModuleId: z.uuid() });
const SittingParams = z.strictObject({ examInstanceId: z.uuid() });
const TestParams = z.strictObject({ testId: z.uuid() });
const staffDoc = { tags: ['exam recording (staff)'], security: [{ bearer: [] }] };

/**
 * Recorded exams (issue 19; spec section 7: record info, save and update recording info, save
 * keystrokes). The candidate's routes reach only their own module or sitting; the setting is staff's.
 */
export function registerExamRecordingRoutes(api: FastifyInstance, recordings: ExamRecordingService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const applicant = requireApplicant();
  const base = '/api/examrecording';

  r.get(
    `${base}/module/:applicationModuleId`,
    { onRequest: applicant, schema: { ...doc, summary: 'Whether the scheduled module is recorded, the consent given and the latest system check', params: ModuleParams, response: { 200: ModuleRecordingState } } },
    async (request) => recordings.moduleState(currentUserOf(request), request.params.applicationModuleId),
  );
  r.post(
    `${base}/module/:applicationModuleId/consent`,
    { onRequest: applicant, schema: { ...doc, summary: 'The candidate agrees to the recording before the sitting opens (kept once, logged)', params: ModuleParams, body: ConsentRequest, response: { 200: ModuleRecordingState } } },
    async (request) => recordings.giveConsent(currentUserOf(request), request.params.applicationModuleId, request.body),
  );
  r.put(
    `${base}/module/:applicationModuleId/setting`,
    {
      onRequest: requireAdmin({ menu: 'Programs' }),
      schema: { ...staffDoc, summary: "Record the module's sitting or not (null: follow the test); for those who schedule it", params: ModuleParams, body: RecordingSettingRequest, response: { 200: ModuleRecordingState } },
    },
    async (request) => recordings.setModuleSetting(currentUserOf(request), request.params.applicationModuleId, request.body.recordExam),
  );
  r.get(
    `${base}/test/:testId/setting`,
    { onRequest: requireAdmin({ menu: 'Examinations' }), schema: { ...staffDoc, summary: "Whether the test's sittings are recorded (unless their module says otherwise)", params: TestParams, response: { 200: TestRecordingSetting } } },
    async (request) => recordings.testSetting(currentUserOf(request), request.params.testId),
  );
  r.put(
    `${base}/test/:testId/setting`,
    {
      onRequest: requireAdmin({ menu: 'Examinations' }),
      schema: { ...staffDoc, summary: "Record the test's sittings or not; for staff who build the test's program's tests", params: TestParams, body: TestRecordingSettingRequest, response: { 200: TestRecordingSetting } },
    },
    async (request) => recordings.setTestSetting(currentUserOf(request), request.params.testId, request.body.recordExam),
  );
  r.post(
    `${base}/events`,
    { onRequest: applicant, schema: { ...doc, summary: "Events of the candidate's page (system check, capture, monitors, focus, connection, ...), each stored once by its client id", body: CandidateEventsRequest, response: { 200: CandidateEventsResponse } } },
    async (request) => recordings.logEvents(currentUserOf(request), request.body.events),
  );
  r.post(
    `${base}/recordinfo`,
    { onRequest: applicant, schema: { ...doc, summary: 'Save recording info: the record of the sitting (once) and the next segment', body: SaveRecordInfoRequest, response: { 200: SaveRecordInfoResponse } } },
    async (request) => recordings.saveRecordInfo(currentUserOf(request), request.body),
  );
  r.post(
    `${base}/recordinfo/update`,
    { onRequest: applicant, schema: { ...doc, summary: 'Update recording info: duration, end and status of a segment', body: UpdateRecordInfoRequest, response: { 200: ExamRecording } } },
    async (request) => recordings.updateRecordInfo(currentUserOf(request), request.body),
  );
  r.post(
    `${base}/chunks`,
    {
      onRequest: applicant,
      schema: {
        ...doc,
        summary: 'Upload URLs straight to storage for new numbered, hashed chunks, and the chunks PUT checked and entered in the manifest once, in one request',
        body: SyncChunksRequest,
        response: { 200: SyncChunksResponse },
      },
    },
    async (request) => recordings.syncChunks(currentUserOf(request), request.body),
  );
  r.get(
    `${base}/:examInstanceId/manifest`,
    { onRequest: applicant, schema: { ...doc, summary: "The recording record of the candidate's sitting and its chunk manifest, segments and gaps", params: SittingParams, response: { 200: RecordingManifest } } },
    async (request) => recordings.manifest(currentUserOf(request), request.params.examInstanceId),
  );
  r.post(
    `${base}/snapshot/presign`,
    { onRequest: applicant, schema: { ...doc, summary: 'An upload URL for one small camera picture of the sitting', body: PresignSnapshotRequest, response: { 200: PresignSnapshotResponse } } },
    async (request) => recordings.presignSnapshot(currentUserOf(request), request.body),
  );
  r.post(
    `${base}/speedtest/presign`,
    { onRequest: applicant, schema: { ...doc, summary: "An upload URL for the system check's upload speed test (bytes swept after a day)", response: { 200: PresignSpeedTestResponse } } },
    async (request) => recordings.presignSpeedTest(currentUserOf(request)),
  );
  r.post(
    `${base}/keystrokes`,
    { onRequest: applicant, schema: { ...doc, summary: 'Save keystrokes: one batch (sent every 300000 ms and at submission), stored once by its batch id', body: SaveKeystrokesRequest, response: { 200: SaveKeystrokesResponse } } },
    async (request) => recordings.saveKeystrokes(currentUserOf(request), request.body),
  );
}
