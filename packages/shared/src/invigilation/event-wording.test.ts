import { describe, expect, it } from 'vitest';
import { describeSittingEvent, NOTABLE_KINDS } from './event-wording';

describe('describeSittingEvent (issue 45 item 8)', () => {
  it('words recording events for a person, never with the stored segment code', () => {
    expect(describeSittingEvent({ kind: 'recordingStarted', source: 'candidate', detail: { recordingId: 'r', segment: 1, reason: 'start' } })).toBe('Recording started');
    expect(describeSittingEvent({ kind: 'recordingSegmentStarted', source: 'candidate', detail: { segment: 2, reason: 'reload' } })).toBe('Recording resumed after the page was reloaded');
    expect(describeSittingEvent({ kind: 'recordingSegmentStarted', source: 'candidate', detail: { segment: 3, reason: 'captureResumed' } })).toBe('Recording resumed after the screen was shared again');
    expect(describeSittingEvent({ kind: 'recordingGap', source: 'system', detail: { seconds: 65.4 } })).toBe('Gap in the recording (1 min 05 s)');
  });

  it("adds the invigilator's reason and what the action was", () => {
    expect(describeSittingEvent({ kind: 'extraTime', source: 'invigilator', detail: { minutes: 5, reason: 'Fire alarm' } })).toBe('Extra time given: 5 min (Fire alarm)');
    expect(describeSittingEvent({ kind: 'paused', source: 'invigilator', detail: { reason: 'Candidate unwell', remainingSeconds: 300 } })).toBe('Clock paused: Candidate unwell');
    expect(describeSittingEvent({ kind: 'message', source: 'invigilator', detail: { text: 'Face the camera', reason: 'Face not visible' } })).toBe('Message from the invigilator: “Face the camera” (reason: Face not visible)');
    expect(describeSittingEvent({ kind: 'irregularityReport', source: 'invigilator', detail: { category: 'Communication', reason: 'A voice' } })).toBe('Irregularity report (Communication): A voice');
    expect(describeSittingEvent({ kind: 'recordingHeld', source: 'invigilator', detail: { released: true, reason: 'Appeal closed' } })).toBe('Hold on the recording released: Appeal closed');
  });

  it("reads a candidate's event by its kind alone, and an unknown kind without its code", () => {
    expect(describeSittingEvent({ kind: 'focusLost', source: 'candidate', detail: { reason: 'blur' } })).toBe('Left the exam window');
    expect(describeSittingEvent({ kind: 'offline', source: 'system', detail: { seconds: 40 } })).toBe('Connection lost (40 s)');
    expect(describeSittingEvent({ kind: 'somethingNew', detail: {} })).toBe('Other event');
  });

  it('counts focus, screens, paste and irregularities as notable, and neither snapshots nor routine recording events', () => {
    for (const kind of ['focusLost', 'multipleMonitors', 'secondTab', 'paste', 'irregularityReport', 'recordingGap', 'offline']) expect(NOTABLE_KINDS.has(kind), kind).toBe(true);
    for (const kind of ['snapshot', 'recordingStarted', 'recordingSegmentStarted', 'launched', 'submitted', 'focusRegained']) expect(NOTABLE_KINDS.has(kind), kind).toBe(false);
  });
});
