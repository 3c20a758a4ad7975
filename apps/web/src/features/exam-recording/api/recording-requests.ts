import {
  CandidateEventsResponse,
  ExamRecording,
  ModuleRecordingState,
  PresignSnapshotResponse,
  PresignSpeedTestResponse,
  RECORDING_CONSENT,
  RecordingManifest,
  SaveKeystrokesResponse,
  SaveRecordInfoResponse,
  SyncChunksResponse,
  TestRecordingSetting,
  type CandidateEvent,
  type SaveKeystrokesRequest,
  type SaveRecordInfoRequest,
  type SyncChunksRequest,
  type UpdateRecordInfoRequest,
} from '@certs/shared/exam-integrity/exam-recording.contract';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The recording's calls (issue 19). Each has a time limit: a half-open connection must not hold a queue. */
const TIMEOUT_MS = 20_000;
const base = '/api/examrecording';

export const recordingKeys = {
  all: ['exam-recording'] as const,
  module: (applicationModuleId: string) => [...recordingKeys.all, 'module', applicationModuleId] as const,
  test: (testId: string) => [...recordingKeys.all, 'test', testId] as const,
};

export function findModuleRecording(applicationModuleId: string): Promise<ModuleRecordingState> {
  return apiRequest(`${base}/module/${applicationModuleId}`, { schema: ModuleRecordingState });
}

export function giveConsent(applicationModuleId: string, clientEventId: string): Promise<ModuleRecordingState> {
  return apiRequest(`${base}/module/${applicationModuleId}/consent`, {
    method: 'POST',
    body: { consentVersion: RECORDING_CONSENT.version, clientEventId, occurredOn: new Date().toISOString() },
    schema: ModuleRecordingState,
  });
}

export function postEvents(events: CandidateEvent[]): Promise<CandidateEventsResponse> {
  return apiRequest(`${base}/events`, { method: 'POST', body: { events }, schema: CandidateEventsResponse, timeoutMs: TIMEOUT_MS });
}

export function saveRecordInfo(body: SaveRecordInfoRequest): Promise<SaveRecordInfoResponse> {
  return apiRequest(`${base}/recordinfo`, { method: 'POST', body, schema: SaveRecordInfoResponse, timeoutMs: TIMEOUT_MS });
}

export function updateRecordInfo(body: UpdateRecordInfoRequest): Promise<ExamRecording> {
  return apiRequest(`${base}/recordinfo/update`, { method: 'POST', body, schema: ExamRecording, timeoutMs: TIMEOUT_MS });
}

/** Upload URLs for new chunks and the manifest for chunks PUT, in one request. */
export function syncChunks(body: SyncChunksRequest): Promise<SyncChunksResponse> {
  return apiRequest(`${base}/chunks`, { method: 'POST', body, schema: SyncChunksResponse, timeoutMs: TIMEOUT_MS });
}

export function findManifest(examInstanceId: string): Promise<RecordingManifest> {
  return apiRequest(`${base}/${examInstanceId}/manifest`, { schema: RecordingManifest });
}

export function presignSnapshot(examInstanceId: string, clientEventId: string, size: number): Promise<PresignSnapshotResponse> {
  return apiRequest(`${base}/snapshot/presign`, { method: 'POST', body: { examInstanceId, clientEventId, size }, schema: PresignSnapshotResponse, timeoutMs: TIMEOUT_MS });
}

export function saveKeystrokes(body: SaveKeystrokesRequest): Promise<SaveKeystrokesResponse> {
  return apiRequest(`${base}/keystrokes`, { method: 'POST', body, schema: SaveKeystrokesResponse, timeoutMs: TIMEOUT_MS });
}

/** The upload speed to storage in bits per second: a presigned PUT of the contract's test size, timed. */
export async function measureUploadSpeed(): Promise<number> {
  const { url, headers, size } = await apiRequest('/api/examrecording/speedtest/presign', { method: 'POST', schema: PresignSpeedTestResponse, timeoutMs: TIMEOUT_MS });
  const bytes = new Uint8Array(size);
  crypto.getRandomValues(bytes.subarray(0, Math.min(size, 65_536)));
  const started = performance.now();
  await putToStorage(url, headers, new Blob([bytes]));
  const seconds = Math.max(0.001, (performance.now() - started) / 1000);
  return (size * 8) / seconds;
}

/** PUT of bytes to a presigned URL (storage, not the API: no token). A failure is status 0 or the storage's status. */
export async function putToStorage(url: string, headers: Record<string, string>, body: Blob): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'PUT', headers, body, signal: AbortSignal.timeout(60_000) });
  } catch {
    throw new ApiError(0, 'The upload did not reach the storage');
  }
  if (!response.ok) throw new ApiError(response.status, 'The storage refused the upload');
}

export function findTestRecordingSetting(testId: string): Promise<TestRecordingSetting> {
  return apiRequest(`${base}/test/${testId}/setting`, { schema: TestRecordingSetting });
}

export function saveTestRecordingSetting(testId: string, recordExam: boolean): Promise<TestRecordingSetting> {
  return apiRequest(`${base}/test/${testId}/setting`, { method: 'PUT', body: { recordExam }, schema: TestRecordingSetting });
}
