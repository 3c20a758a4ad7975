import { RECORDING_SETTINGS, type RecordingStream } from '@certs/shared/exam-integrity/exam-recording.contract';
import { presignSnapshot, putToStorage, saveRecordInfo, updateRecordInfo } from '../api/recording-requests';
import { chunkIdOf, sha256Hex, type ChunkQueue } from './chunk-queue';
import { newClientId } from './client-id';
import type { EventLog } from './event-log';
import { openCamera, openScreen, recordingMimeType, resolutionOf, stopStream, surfaceOf } from './media';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'screenStopped' | 'stopped' | 'failed';

export interface RecorderState {
  phase: RecorderPhase;
  recordingId: string | null;
  segment: number | null;
  /** Why starting failed, in the browser's words (the screen shows the fix). */
  failure: string | null;
}

interface StreamRecorder {
  stream: RecordingStream;
  recorder: MediaRecorder;
  sequence: number;
  sliceStartedOn: number;
}

const SEGMENT_KEY = (examInstanceId: string) => `certs-recording-started.${examInstanceId}`;

/**
 * The recording of one sitting in this page (decision 028): camera and entire screen, each a
 * MediaRecorder cutting ~30 s WebM chunks, numbered per stream within the page's segment, hashed
 * and handed to the chunk queue (IndexedDB, then storage through presigned URLs). Every start is a
 * new segment: the first, a reload, or the screen shared again after it stopped. Stopping the
 * screen share pauses the exam ("Screen capture stopped") until it is shared again; any other
 * capture error reloads the page, which resumes the sitting.
 */
export class ExamRecorder {
  private state: RecorderState = { phase: 'idle', recordingId: null, segment: null, failure: null };
  private readonly listeners = new Set<() => void>();
  private camera: MediaStream | null = null;
  private screen: MediaStream | null = null;
  private recorders: StreamRecorder[] = [];
  private segmentStartedAt = 0;
  private snapshotTimer: ReturnType<typeof setInterval> | null = null;
  private durationTimer: ReturnType<typeof setInterval> | null = null;
  private isStopping = false;

  constructor(
    private readonly options: {
      examInstanceId: string;
      sessionId: string;
      queue: ChunkQueue;
      events: EventLog;
      /** Any capture error but the screen share ending: the page reloads (the engine resumes the sitting). */
      reload: () => void;
    },
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): RecorderState => this.state;

  private setState(patch: Partial<RecorderState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Opens what is missing (camera, entire screen), then records a new segment. Both must be allowed (the recording flag). */
  async start(streams: { camera: MediaStream; screen: MediaStream } | null = null): Promise<void> {
    if (this.state.phase === 'starting' || this.state.phase === 'recording') return;
    const wasPaused = this.state.phase === 'screenStopped';
    this.setState({ phase: 'starting', failure: null });
    try {
      this.camera = streams?.camera ?? (this.camera && this.camera.active ? this.camera : await openCamera());
      this.screen = streams?.screen ?? (await openScreen());
      if (surfaceOf(this.screen) !== 'monitor') {
        stopStream(this.screen);
        this.screen = null;
        throw new Error('Choose "Entire screen" when the browser asks what to share.');
      }
      const mimeType = recordingMimeType();
      if (!mimeType) throw new Error('This browser cannot record the exam.');
      const hasStarted = sessionStorage.getItem(SEGMENT_KEY(this.options.examInstanceId)) === '1';
      const startedOn = new Date();
      const { recording, segment } = await saveRecordInfo({
        examInstanceId: this.options.examInstanceId,
        sessionId: this.options.sessionId,
        segmentStartedOn: startedOn.toISOString(),
        segmentReason: wasPaused ? 'captureResumed' : hasStarted ? 'reload' : 'start',
        resolution: resolutionOf(this.camera),
        screenResolution: resolutionOf(this.screen),
        hasAudio: false,
        hasVideo: true,
        userAgent: navigator.userAgent.slice(0, 500),
        recordTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        mimeType,
      });
      sessionStorage.setItem(SEGMENT_KEY(this.options.examInstanceId), '1');
      this.segmentStartedAt = startedOn.getTime();
      this.setState({ phase: 'recording', recordingId: recording.id, segment });
      this.recorders = [this.record('screen', this.screen, mimeType, RECORDING_SETTINGS.screenBitsPerSecond), this.record('camera', this.camera, mimeType, RECORDING_SETTINGS.cameraBitsPerSecond)];
      if (wasPaused) this.options.events.log('screenCaptureResumed', { segment });
      this.watchTracks();
      this.startTimers();
    } catch (error) {
      this.setState({ phase: wasPaused ? 'screenStopped' : 'failed', failure: error instanceof Error ? error.message : String(error) });
    }
  }

  private record(stream: RecordingStream, media: MediaStream, mimeType: string, videoBitsPerSecond: number): StreamRecorder {
    const recorder = new MediaRecorder(media, { mimeType, videoBitsPerSecond });
    const entry: StreamRecorder = { stream, recorder, sequence: 0, sliceStartedOn: Date.now() };
    const recordingId = this.state.recordingId!;
    const segment = this.state.segment!;
    recorder.ondataavailable = (event) => {
      const endedOn = Date.now();
      const startedOn = entry.sliceStartedOn;
      entry.sliceStartedOn = endedOn;
      if (event.data.size === 0) return;
      const sequence = entry.sequence++;
      this.track(async () => {
        const sha256 = await sha256Hex(event.data);
        const place = { recordingId, segment, stream, sequence };
        await this.options.queue.add({
          id: chunkIdOf(startedOn, place),
          examInstanceId: this.options.examInstanceId,
          ...place,
          sha256,
          size: event.data.size,
          startedOn: new Date(startedOn).toISOString(),
          endedOn: new Date(endedOn).toISOString(),
          blob: event.data,
        });
      });
    };
    recorder.onerror = () => this.captureError(`${stream} recorder`);
    recorder.start(RECORDING_SETTINGS.chunkMilliseconds);
    return entry;
  }

  private watchTracks(): void {
    for (const track of this.screen?.getVideoTracks() ?? []) track.addEventListener('ended', () => void this.screenStopped(), { once: true });
    for (const track of this.camera?.getVideoTracks() ?? []) track.addEventListener('ended', () => this.captureError('camera'), { once: true });
  }

  /** Spec section 8, "Screen capture stopped": the recorders close their segment and the exam waits for the screen again. */
  private async screenStopped(): Promise<void> {
    if (this.isStopping || this.state.phase !== 'recording') return;
    await this.stopRecorders();
    stopStream(this.screen);
    this.screen = null;
    this.options.events.log('screenCaptureStopped', { segment: this.state.segment });
    this.setState({ phase: 'screenStopped' });
  }

  /** Spec section 8: any other capture error reloads the page; what was recorded waits in IndexedDB. */
  private captureError(source: string): void {
    if (this.isStopping) return;
    this.options.events.log('captureError', { source });
    // The event is stored on the device first, so the reload cannot lose it.
    setTimeout(() => this.options.reload(), 300);
  }

  private startTimers(): void {
    this.stopTimers();
    this.snapshotTimer = setInterval(() => void this.snapshot(), RECORDING_SETTINGS.snapshotMilliseconds);
    void this.snapshot();
    this.durationTimer = setInterval(() => void this.reportDuration(), RECORDING_SETTINGS.chunkMilliseconds);
  }

  private stopTimers(): void {
    if (this.snapshotTimer) clearInterval(this.snapshotTimer);
    if (this.durationTimer) clearInterval(this.durationTimer);
    this.snapshotTimer = null;
    this.durationTimer = null;
  }

  private async reportDuration(status?: 'stopped', endedOn?: Date): Promise<void> {
    const { recordingId, segment } = this.state;
    if (!recordingId || !segment) return;
    const end = endedOn?.getTime() ?? Date.now();
    await updateRecordInfo({
      recordingId,
      segment,
      segmentDuration: Math.max(0, (end - this.segmentStartedAt) / 1000),
      ...(endedOn ? { segmentEndedOn: endedOn.toISOString() } : {}),
      ...(status ? { status } : {}),
    }).catch(() => undefined);
  }

  /** A small camera picture about every 30 s, stored through storage and logged with its key (the console shows the latest). */
  private async snapshot(): Promise<void> {
    const track = this.camera?.getVideoTracks()[0];
    if (!track || track.readyState !== 'live') return;
    try {
      const video = document.createElement('video');
      video.muted = true;
      video.srcObject = new MediaStream([track]);
      await video.play();
      const canvas = document.createElement('canvas');
      canvas.width = RECORDING_SETTINGS.camera.width;
      canvas.height = RECORDING_SETTINGS.camera.height;
      canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
      video.pause();
      video.srcObject = null;
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
      if (!blob || blob.size > RECORDING_SETTINGS.snapshotMaxBytes) return;
      const eventId = newClientId('snap');
      const { key, url, headers } = await presignSnapshot(this.options.examInstanceId, eventId, blob.size);
      await putToStorage(url, headers, blob);
      this.options.events.log('snapshot', { key, size: blob.size });
    } catch {
      // A missed picture is only a missed picture: the next comes in 30 s.
    }
  }

  /** Slices being hashed and stored: `stop` waits for them, so that the queue holds the last one before it says so. */
  private readonly storing = new Set<Promise<void>>();

  private track(store: () => Promise<void>): void {
    const running = store()
      .catch(() => undefined)
      .finally(() => this.storing.delete(running));
    this.storing.add(running);
  }

  private stopRecorders(): Promise<void> {
    this.stopTimers();
    const stopping = this.recorders.map(
      ({ recorder }) =>
        new Promise<void>((resolve) => {
          if (recorder.state === 'inactive') return resolve();
          // The last slice arrives before `stop`.
          recorder.addEventListener('stop', () => resolve(), { once: true });
          recorder.stop();
        }),
    );
    this.recorders = [];
    return Promise.all(stopping)
      .then(() => Promise.all([...this.storing]))
      .then(() => this.reportDuration('stopped', new Date()));
  }

  /** At submission: the last slices go to the queue, the segment is closed, the camera and screen are released. */
  async stop(): Promise<void> {
    if (this.isStopping) return;
    this.isStopping = true;
    await this.stopRecorders();
    stopStream(this.camera);
    stopStream(this.screen);
    this.camera = null;
    this.screen = null;
    this.setState({ phase: 'stopped' });
  }

  /** The page goes away (navigation inside the app): release the devices without a "stopped" report. */
  dispose(): void {
    this.isStopping = true;
    this.stopTimers();
    for (const { recorder } of this.recorders) if (recorder.state !== 'inactive') recorder.stop();
    stopStream(this.camera);
    stopStream(this.screen);
    this.listeners.clear();
  }
}
