import { describe, expect, it } from 'vitest';
import { uploadStatusOf } from './upload-status-text';

const queue = (pending: number, unconfirmed = 0, isWaiting = false) => ({ pending, unconfirmed, isWaiting });

describe('the recording upload status the candidate reads', () => {
  it('does not count parts already in storage, waiting to be confirmed, as waiting to upload', () => {
    expect(uploadStatusOf({ queue: queue(2, 2), isSubmitted: false, isRecorderRunning: true })).toEqual({ text: 'Recording: every part is uploaded.', partsLeft: 0 });
    expect(uploadStatusOf({ queue: queue(3, 2), isSubmitted: false, isRecorderRunning: true })).toEqual({ text: 'Recording: 1 part waiting to upload.', partsLeft: 1 });
  });

  it('says when the parts wait for the connection', () => {
    expect(uploadStatusOf({ queue: queue(4, 0, true), isSubmitted: false, isRecorderRunning: true }).text).toBe('Recording: 4 parts waiting to upload (waiting for the connection).');
  });

  it('after submission asks to keep the page open until the last parts are closed, uploaded and confirmed', () => {
    expect(uploadStatusOf({ queue: queue(0), isSubmitted: true, isRecorderRunning: true })).toEqual({
      text: 'Uploading the recording: closing its last part. Keep this page open until it is done.',
      partsLeft: 1,
    });
    expect(uploadStatusOf({ queue: queue(2), isSubmitted: true, isRecorderRunning: false }).text).toBe('Uploading the recording: 2 parts waiting to upload. Keep this page open until it is done.');
    expect(uploadStatusOf({ queue: queue(2, 2), isSubmitted: true, isRecorderRunning: false })).toEqual({
      text: 'Uploading the recording: confirming its last parts. Keep this page open until it is done.',
      partsLeft: 0,
    });
    expect(uploadStatusOf({ queue: queue(0), isSubmitted: true, isRecorderRunning: false }).text).toBe('The recording is uploaded.');
  });
});
