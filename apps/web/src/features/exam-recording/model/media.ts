import {
  MIN_UPLOAD_BITS_PER_SECOND,
  RECORDING_SETTINGS,
  SYSTEM_CHECK_ITEMS,
  type SystemCheckItem,
  type SystemCheckResult,
} from '@certs/shared/exam-integrity/exam-recording.contract';
import { lookAtScreens } from './monitor-check';

/** Spec section 9: camera 10 fps at 180x180, video only. */
export function openCamera(): Promise<MediaStream> {
  const { width, height, frameRate } = RECORDING_SETTINGS.camera;
  return navigator.mediaDevices.getUserMedia({ video: { width, height, frameRate }, audio: false });
}

/** Spec section 9: screen 5 fps at 1280x800; the browser is asked for the entire screen. */
export function openScreen(): Promise<MediaStream> {
  const { width, height, frameRate } = RECORDING_SETTINGS.screen;
  return navigator.mediaDevices.getDisplayMedia({ video: { width, height, frameRate, displaySurface: 'monitor' } as MediaTrackConstraints, audio: false });
}

/** What was shared: 'monitor' is the entire screen; a window or a tab is not enough. */
export function surfaceOf(stream: MediaStream): string {
  const settings = stream.getVideoTracks()[0]?.getSettings() as (MediaTrackSettings & { displaySurface?: string }) | undefined;
  return settings?.displaySurface ?? 'unknown';
}

export function resolutionOf(stream: MediaStream): string {
  const settings = stream.getVideoTracks()[0]?.getSettings();
  return settings?.width && settings.height ? `${settings.width}x${settings.height}` : 'unknown';
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The WebM type this browser records, VP8 first (light on a two-core laptop). */
export function recordingMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm'].find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/**
 * Streams the system check opened, handed to the sitting when it opens in the same page (the
 * candidate is not asked to share the screen twice); a reload starts without them.
 */
let heldStreams: { camera: MediaStream; screen: MediaStream } | null = null;

export function holdStreams(streams: { camera: MediaStream; screen: MediaStream } | null): void {
  if (heldStreams && heldStreams !== streams) {
    stopStream(heldStreams.camera);
    stopStream(heldStreams.screen);
  }
  heldStreams = streams;
}

/** The held streams while every track is still live; they are then the caller's. */
export function takeHeldStreams(): { camera: MediaStream; screen: MediaStream } | null {
  const streams = heldStreams;
  heldStreams = null;
  if (!streams) return null;
  const isLive = (stream: MediaStream) => stream.getTracks().length > 0 && stream.getTracks().every((track) => track.readyState === 'live');
  if (isLive(streams.camera) && isLive(streams.screen)) return streams;
  stopStream(streams.camera);
  stopStream(streams.screen);
  return null;
}

const nameOf = (error: unknown) => (error instanceof DOMException || error instanceof Error ? error.name : 'Error');

/** Sends a few hundred kilobytes to storage through the upload route of the platform and times it. */
export type MeasureUpload = () => Promise<number>;

/**
 * The system check: camera, the entire screen, one screen, browser support (MediaRecorder and
 * IndexedDB) and the upload speed, each a pass or a fix (the fixes are the contract's). Keeps the
 * camera and screen open for the sitting when all pass.
 */
export async function runSystemCheck(measureUpload: MeasureUpload): Promise<{ results: SystemCheckResult[]; streams: { camera: MediaStream; screen: MediaStream } | null }> {
  const results = new Map<SystemCheckItem, SystemCheckResult>();
  const put = (item: SystemCheckItem, passed: boolean, detail: string) => results.set(item, { item, passed, detail: detail.slice(0, 300) });

  const mimeType = recordingMimeType();
  const hasIndexedDb = typeof indexedDB !== 'undefined';
  put('browser', !!mimeType && hasIndexedDb && !!navigator.mediaDevices?.getDisplayMedia, mimeType ? `${mimeType}${hasIndexedDb ? ', IndexedDB' : ', no IndexedDB'}` : 'MediaRecorder cannot record WebM');

  let camera: MediaStream | null = null;
  try {
    camera = await openCamera();
    put('camera', true, resolutionOf(camera));
  } catch (error) {
    put('camera', false, nameOf(error));
  }

  let screen: MediaStream | null = null;
  try {
    screen = await openScreen();
    const surface = surfaceOf(screen);
    if (surface === 'monitor') put('screen', true, `entire screen, ${resolutionOf(screen)}`);
    else {
      put('screen', false, `shared a ${surface}`);
      stopStream(screen);
      screen = null;
    }
  } catch (error) {
    put('screen', false, nameOf(error));
  }

  const screens = await lookAtScreens();
  if (screens.kind === 'screens') put('monitors', screens.count === 1, `${screens.count} screen${screens.count === 1 ? '' : 's'}`);
  else put('monitors', false, screens.kind === 'error' ? screens.message : `permission ${screens.kind}`);

  try {
    const bitsPerSecond = await measureUpload();
    put('upload', bitsPerSecond >= MIN_UPLOAD_BITS_PER_SECOND, `${(bitsPerSecond / 1_000_000).toFixed(1)} Mbit/s`);
  } catch (error) {
    put('upload', false, nameOf(error));
  }

  const ordered = SYSTEM_CHECK_ITEMS.map((item) => results.get(item)!);
  const passed = ordered.every((result) => result.passed);
  if (!passed || !camera || !screen) {
    stopStream(camera);
    stopStream(screen);
    return { results: ordered, streams: null };
  }
  return { results: ordered, streams: { camera, screen } };
}
