import { describe, expect, it } from 'vitest';
import type { SaveKeystrokesRequest } from '@certs/shared/exam-integrity/exam-recording.contract';
import { ApiError } from '../../../lib/api-client';
import { KeystrokeLog, keyNameOf, type BatchStorage } from './keystroke-log';

function memoryStorage(): BatchStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('keyNameOf', () => {
  it('never keeps the character typed, only its kind; names other keys and shortcuts', () => {
    expect(keyNameOf(press('a'))).toBe('char');
    expect(keyNameOf(press('7'))).toBe('char');
    expect(keyNameOf(press('Backspace'))).toBe('Backspace');
    expect(keyNameOf(press('v', { ctrlKey: true }))).toBe('Ctrl+V');
    expect(keyNameOf(press('c', { metaKey: true }))).toBe('Meta+C');
    expect(keyNameOf(press('é', { altKey: true }))).toBe('Alt+char');
  });
});

describe('KeystrokeLog', () => {
  function log(send: (batch: SaveKeystrokesRequest) => Promise<unknown>, storage = memoryStorage()) {
    let now = Date.parse('2026-11-27T01:00:00Z');
    const intervals: (() => void)[] = [];
    const keys = new KeystrokeLog({
      examInstanceId: 'exam-1',
      recordingId: () => 'rec-1',
      send,
      storage,
      now: () => now,
      timeZone: 'Australia/Sydney',
      network: () => ({ effectiveType: '4g', online: true }),
      setInterval: (run) => {
        intervals.push(run);
        return run;
      },
      clearInterval: () => undefined,
    });
    return { keys, storage, intervals, advance: (ms: number) => (now += ms) };
  }

  it('sends one batch per interval with the keys, times, zone, ids and network data; nothing when no key was pressed', async () => {
    const sent: SaveKeystrokesRequest[] = [];
    const { keys, intervals, advance } = log(async (batch) => void sent.push(batch));
    keys.start();
    keys.record(press('a'), 'q1');
    advance(250);
    keys.record(press('Backspace'), 'q1');
    advance(300_000);
    intervals[0]!();
    await keys.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      examInstanceId: 'exam-1',
      moduleExamInstanceRecordId: 'rec-1',
      keys: [
        { k: 'char', t: 0, q: 'q1' },
        { k: 'Backspace', t: 250, q: 'q1' },
      ],
      clientTimeZone: 'Australia/Sydney',
      startDate: '2026-11-27T01:00:00.000Z',
      endDate: '2026-11-27T01:05:00.250Z',
      networkData: { effectiveType: '4g', online: true },
    });
    await keys.flush();
    expect(sent).toHaveLength(1);
  });

  it('keeps batches that could not be sent, and sends them again in order with the same ids', async () => {
    let isOnline = false;
    const sent: string[] = [];
    const { keys, storage, advance } = log(async (batch) => {
      if (!isOnline) throw new ApiError(0, 'offline');
      sent.push(batch.batchId);
    });
    keys.record(press('a'), null);
    await keys.flush();
    advance(1000);
    keys.record(press('b'), null);
    await keys.flush();
    const waiting = keys.pending().map((b) => b.batchId);
    expect(waiting).toHaveLength(2);
    expect(storage.data.size).toBe(1);
    isOnline = true;
    await keys.flush();
    expect(sent).toEqual(waiting);
    expect(keys.pending()).toEqual([]);
    expect(storage.data.size).toBe(0);
  });

  it('drops a batch the server refuses as it is (400), so it cannot block the rest', async () => {
    const sent: number[] = [];
    const { keys } = log(async (batch) => {
      if (batch.keys.length === 1) throw new ApiError(400, 'bad');
      sent.push(batch.keys.length);
    });
    keys.record(press('a'), null);
    await keys.flush();
    keys.record(press('a'), null);
    keys.record(press('b'), null);
    await keys.flush();
    expect(sent).toEqual([2]);
    expect(keys.pending()).toEqual([]);
  });
});
