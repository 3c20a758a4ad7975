import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SittingEvent, SittingReview as Review } from '@certs/shared/invigilation/invigilation.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SittingReview } from './sitting-review';

const EXAM_ID = '80000000-0000-4000-8000-0000000000e1';
const START = Date.parse('2026-12-01T00:00:00.000Z');
const at = (seconds: number) => new Date(START + seconds * 1000).toISOString();

let nextId = 1;
function event(kind: string, seconds: number, detail: Record<string, unknown> = {}, source: SittingEvent['source'] = 'candidate', label = kind): SittingEvent {
  return { id: nextId++, applicationModuleId: 'm', examInstanceId: EXAM_ID, kind, label, source, detail, occurredOn: at(seconds), actorName: source === 'invigilator' ? 'Uma User' : null };
}

const recording = {
  id: '80000000-0000-4000-8000-0000000000f1',
  examInstanceId: EXAM_ID,
  qualificationModuleId: null,
  qualificationResitModuleId: null,
  aicipModuleId: null,
  aicipResitModuleId: null,
  url: '',
  name: 'Exam recording',
  size: 2000,
  sessionId: 'session-1',
  resolution: '640x480',
  duration: 120,
  hasAudio: false,
  hasVideo: true,
  status: 'stopped' as const,
  videoCreatedOn: at(20),
  screenResolution: '1280x800',
  userAgent: 'Chromium',
  recordTimezone: 'Australia/Sydney',
  mimeType: 'video/webm',
};

const chunk = (stream: 'screen' | 'camera', segment: number, sequence: number, from: number) => ({
  stream,
  segment,
  sequence,
  size: 1000,
  sha256: 'a'.repeat(64),
  startedOn: at(from),
  endedOn: at(from + 30),
  storedOn: at(from + 31),
});

// The exam opened at 00:00; the candidate shared the screen and the recording began 20 s later.
const review: Review = {
  examInstanceId: EXAM_ID,
  applicationModuleId: 'm',
  applicationId: 'a',
  applicationNumber: 'Q-2026-00045',
  applicantName: 'Rita Recorded',
  moduleCode: 'IWI-M1',
  moduleTitle: 'Welding processes',
  startedOn: at(0),
  endedOn: at(200),
  status: 'Submitted',
  events: [
    event('launched', 0, {}, 'system', 'Exam started'),
    event('recordingStarted', 20, { segment: 1, reason: 'start' }, 'candidate', 'Recording started'),
    event('focusLost', 45, {}, 'candidate', 'Left the exam window'),
    event('paste', 50, {}, 'candidate', 'Pasted text'),
    event('irregularityReport', 70, { category: 'Communication', reason: 'A voice off camera' }, 'invigilator', 'Irregularity report'),
    event('recordingSegmentStarted', 110, { segment: 2, reason: 'reload' }, 'candidate', 'Recording resumed (new segment)'),
  ],
  snapshots: [30, 60, 90].map((seconds, index) => ({ id: 100 + index, takenOn: at(seconds), url: `/files/snapshot-${index}.jpg` })),
  flags: [],
  decision: null,
  reports: [],
  hold: null,
  retentionDueOn: null,
  recording: {
    status: 'available',
    manifest: {
      recording,
      segments: [
        { segment: 1, reason: 'start', startedOn: at(20), endedOn: at(80), missing: { screen: [], camera: [] } },
        { segment: 2, reason: 'reload', startedOn: at(110), endedOn: at(170), missing: { screen: [], camera: [] } },
      ],
      chunks: [chunk('screen', 1, 0, 20), chunk('camera', 1, 0, 20), chunk('screen', 2, 0, 110), chunk('camera', 2, 0, 110)],
      gaps: [{ afterSegment: 1, from: at(50), to: at(110), seconds: 60 }],
      isComplete: true,
    },
  },
};

beforeEach(() => {
  // jsdom has no object URLs; the player only hands them to the video elements.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:segment'), revokeObjectURL: vi.fn() }));
  stubFetch((call) => {
    if (call.url === `/api/invigilation/review/${EXAM_ID}`) return jsonResponse(review);
    if (call.url.startsWith(`/api/invigilation/review/${EXAM_ID}/chunk/`)) return jsonResponse({ url: '/files/chunk.webm', contentType: 'video/webm' });
    if (call.url === '/files/chunk.webm') return new Response('webm bytes', { headers: { 'content-type': 'video/webm' } });
    return jsonResponse({ message: 'unexpected' }, 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SittingReview (issue 45 items 8 and 12)', { timeout: 20_000 }, () => {
  it('opens on the first recorded moment with the video, not on a gap at the launch', async () => {
    renderWithProviders(<SittingReview examInstanceId={EXAM_ID} />);
    expect(await screen.findByLabelText('Screen recording')).toBeInTheDocument();
    expect(screen.queryByTestId('recording-gap-here')).not.toBeInTheDocument();
    expect(screen.getByTestId('review-position')).toHaveTextContent('Position +00:00:20');
  });

  it('lists the events to look at by name, keeps the snapshots in a strip of their own, and words the events for people', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SittingReview examInstanceId={EXAM_ID} />);
    const notable = within(await screen.findByRole('region', { name: 'Events to look at' }));
    expect(notable.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '+00:00:45 Left the exam window',
      '+00:00:50 Pasted text',
      '+00:01:10 Irregularity report (Communication): A voice off camera',
    ]);

    const strip = screen.getByRole('toolbar', { name: 'Camera snapshots' });
    expect(within(strip).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Camera snapshot at +00:00:30',
      'Camera snapshot at +00:01:00',
      'Camera snapshot at +00:01:30',
    ]);
    // One stop in the tab order; the arrow keys move along the strip and the recording with them.
    expect(within(strip).getAllByRole('button').filter((button) => button.tabIndex === 0)).toHaveLength(1);
    await user.click(within(strip).getByRole('button', { name: 'Camera snapshot at +00:01:00' }));
    expect(screen.getByTestId('review-position')).toHaveTextContent('Position +00:01:00');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('review-position')).toHaveTextContent('Position +00:01:30');
    expect(within(strip).getByRole('button', { name: 'Camera snapshot at +00:01:30' })).toHaveFocus();

    const all = screen.getByTestId('review-events');
    expect(all).not.toHaveTextContent('Camera snapshot');
    expect(all).toHaveTextContent('Recording started');
    expect(all).not.toHaveTextContent('Recording started: start');
    expect(all).toHaveTextContent('Recording resumed after the page was reloaded');
    // Jumping from a named event of the list.
    await user.click(notable.getByRole('button', { name: '+00:00:50 Pasted text' }));
    await waitFor(() => expect(screen.getByTestId('review-position')).toHaveTextContent('Position +00:00:50'));
  });
});
