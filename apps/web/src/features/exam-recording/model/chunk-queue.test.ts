import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ChunkQueue, MemoryChunkStore, chunkIdOf, type QueuedChunk } from './chunk-queue';

function chunk(createdAt: number, sequence: number, stream: 'screen' | 'camera' = 'screen', segment = 1): QueuedChunk {
  const place = { recordingId: 'rec', segment, stream, sequence };
  return { id: chunkIdOf(createdAt, place), examInstanceId: 'exam', ...place, sha256: 'a'.repeat(64), size: 10, startedOn: '', endedOn: '', blob: new Blob(['x']) };
}

/** A timer the test fires by hand: the queue's retries wait for it. */
function manualTimers() {
  const waiting: { run: () => void; ms: number }[] = [];
  return {
    waiting,
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms };
      waiting.push(timer);
      return timer;
    },
    clearTimer: (timer: unknown) => {
      const index = waiting.indexOf(timer as { run: () => void; ms: number });
      if (index >= 0) waiting.splice(index, 1);
    },
    fire: async () => {
      const timer = waiting.shift();
      timer?.run();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const label = (c: QueuedChunk) => `${c.segment}:${c.stream}:${c.sequence}`;

describe('ChunkQueue', () => {
  it('uploads in the order the chunks were made, whatever order they were stored in, and empties the store', async () => {
    const store = new MemoryChunkStore();
    const uploaded: string[] = [];
    const queue = new ChunkQueue(store, async (c) => void uploaded.push(label(c)));
    // Made at 1000, 2000, 3000; reached the store out of order (hashing finishes when it does).
    await store.put(chunk(3000, 1, 'screen'));
    await store.put(chunk(1000, 0, 'screen'));
    await store.put(chunk(2000, 0, 'camera'));
    await queue.drain();
    expect(uploaded).toEqual(['1:screen:0', '1:camera:0', '1:screen:1']);
    expect(await store.all()).toEqual([]);
    expect(queue.getState()).toMatchObject({ pending: 0, uploaded: 3, isWaiting: false });
  });

  it('keeps a failed chunk at the head and retries it after a back-off: nothing overtakes it, nothing is lost', async () => {
    const store = new MemoryChunkStore();
    const timers = manualTimers();
    const attempts: string[] = [];
    let isOnline = false;
    const queue = new ChunkQueue(
      store,
      async (c) => {
        attempts.push(label(c));
        if (!isOnline) throw new ApiError(0, 'offline');
      },
      timers,
    );
    await queue.add(chunk(1000, 0));
    await queue.add(chunk(2000, 1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(attempts).toEqual(['1:screen:0']);
    expect(queue.getState()).toMatchObject({ pending: 2, isWaiting: true });
    expect(timers.waiting.map((t) => t.ms)).toEqual([2000]);

    await timers.fire();
    expect(attempts).toEqual(['1:screen:0', '1:screen:0']);
    expect(timers.waiting.map((t) => t.ms)).toEqual([4000]);

    // Back online: the retry goes now, in order.
    isOnline = true;
    queue.retryNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await queue.drain();
    expect(attempts.slice(2)).toEqual(['1:screen:0', '1:screen:1']);
    expect(await store.all()).toEqual([]);
    expect(timers.waiting).toEqual([]);
  });

  it('retries a server error but sets aside a chunk refused for good, so the rest still goes', async () => {
    const store = new MemoryChunkStore();
    const timers = manualTimers();
    const rejected: string[] = [];
    let serverDown = true;
    const queue = new ChunkQueue(
      store,
      async (c) => {
        if (serverDown) throw new ApiError(503, 'down');
        if (c.sequence === 0) throw new ApiError(409, 'A different chunk was already stored under this number');
      },
      { ...timers, onRejected: (c, status) => rejected.push(`${label(c)}:${status}`) },
    );
    await store.put(chunk(1000, 0));
    await store.put(chunk(2000, 1));
    await queue.drain();
    expect(queue.getState()).toMatchObject({ pending: 2, isWaiting: true, rejected: 0 });
    serverDown = false;
    await timers.fire();
    await queue.drain();
    expect(rejected).toEqual(['1:screen:0:409']);
    expect(await store.all()).toEqual([]);
    expect(queue.getState()).toMatchObject({ uploaded: 1, rejected: 1 });
  });

  it('picks up what an earlier page left in the store (a reload), oldest first', async () => {
    const store = new MemoryChunkStore();
    await store.put(chunk(5000, 0, 'screen', 2));
    await store.put(chunk(1000, 7, 'camera', 1));
    const uploaded: string[] = [];
    const queue = new ChunkQueue(store, async (c) => void uploaded.push(label(c)));
    queue.retryNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await queue.drain();
    expect(uploaded).toEqual(['1:camera:7', '2:screen:0']);
  });
});
