import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ChunkQueue, MemoryChunkStore, chunkIdOf, type ChunkOutcome, type QueuedChunk, type SyncChunks } from './chunk-queue';

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

/**
 * The server and storage as one sync sees them, in memory: a chunk not yet PUT gets a URL (and is
 * PUT: 'uploaded'), a chunk sent as uploaded enters the manifest. Records every request it gets.
 */
function fakeServer() {
  const server = {
    manifest: new Set<string>(),
    conflicts: new Set<string>(),
    failWith: null as number | null,
    /** Requests answered before failWith applies. */
    okRequests: 0,
    failOnceWith: null as number | null,
    requests: [] as string[][],
    sync: (async (batch) => {
      server.requests.push(batch.map((c) => `${label(c)}${c.isUploaded ? ' put' : ''}`));
      if (server.failWith !== null && server.requests.length > server.okRequests) throw new ApiError(server.failWith, 'refused');
      if (server.failOnceWith !== null) {
        const status = server.failOnceWith;
        server.failOnceWith = null;
        throw new ApiError(status, 'refused');
      }
      return batch.map((c): ChunkOutcome => {
        if (server.conflicts.has(label(c))) return 'rejected';
        if (server.manifest.has(label(c))) return 'acknowledged';
        if (!c.isUploaded) return 'uploaded';
        server.manifest.add(label(c));
        return 'acknowledged';
      });
    }) as SyncChunks,
  };
  return server;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ChunkQueue', () => {
  it('sends the chunks in the order they were made, a few per request: URLs first, then the manifest; empties the store', async () => {
    const store = new MemoryChunkStore();
    const server = fakeServer();
    const queue = new ChunkQueue(store, server.sync, { batchSize: 2, holdMs: 0 });
    // Made at 1000, 2000, 3000; reached the store out of order (hashing finishes when it does).
    await store.put(chunk(3000, 1, 'screen'));
    await store.put(chunk(1000, 0, 'screen'));
    await store.put(chunk(2000, 0, 'camera'));
    await queue.drain();
    expect(server.requests).toEqual([['1:screen:0', '1:camera:0'], ['1:screen:0 put', '1:camera:0 put'], ['1:screen:1'], ['1:screen:1 put']]);
    expect(await store.all()).toEqual([]);
    expect(queue.getState()).toMatchObject({ pending: 0, uploaded: 3, isWaiting: false });
  });

  it("waits a moment after a new chunk so that both streams' slices go in one request", async () => {
    const store = new MemoryChunkStore();
    const server = fakeServer();
    const timers = manualTimers();
    const queue = new ChunkQueue(store, server.sync, { ...timers, gatherMs: 1000, holdMs: 0 });
    await queue.add(chunk(1000, 0, 'screen'));
    await queue.add(chunk(1001, 0, 'camera'));
    expect(timers.waiting.map((t) => t.ms)).toEqual([1000]);
    expect(server.requests).toEqual([]);
    expect(queue.getState()).toMatchObject({ pending: 2 });
    await timers.fire();
    await queue.drain();
    expect(server.requests).toEqual([['1:screen:0', '1:camera:0'], ['1:screen:0 put', '1:camera:0 put']]);
    expect(server.manifest).toEqual(new Set(['1:screen:0', '1:camera:0']));
  });

  it('keeps failed chunks at the head and retries after a back-off: nothing overtakes, nothing is lost, nothing PUT twice', async () => {
    const store = new MemoryChunkStore();
    const server = fakeServer();
    const timers = manualTimers();
    const queue = new ChunkQueue(store, server.sync, { ...timers, gatherMs: 1000, holdMs: 0 });
    // The bytes go up; the connection goes before the manifest is told.
    server.okRequests = 1;
    server.failWith = 0;
    await queue.add(chunk(1000, 0));
    await timers.fire();
    expect(server.requests).toEqual([['1:screen:0'], ['1:screen:0 put']]);
    expect(queue.getState()).toMatchObject({ pending: 1, isWaiting: true });
    expect(timers.waiting.map((t) => t.ms)).toEqual([2000]);

    // A chunk made while offline waits behind it.
    await queue.add(chunk(2000, 1));
    await timers.fire();
    expect(server.requests.at(-1)).toEqual(['1:screen:0 put', '1:screen:1']);
    expect(timers.waiting.map((t) => t.ms)).toEqual([4000]);

    // Back online: the retry goes now, in order; the first chunk is not uploaded again.
    server.failWith = null;
    queue.retryNow();
    await tick();
    await queue.drain();
    expect(server.requests.slice(3)).toEqual([['1:screen:0 put', '1:screen:1'], ['1:screen:1 put']]);
    expect(await store.all()).toEqual([]);
    expect(timers.waiting).toEqual([]);
    expect(queue.getState()).toMatchObject({ pending: 0, isWaiting: false, uploaded: 2 });
  });

  it('retries a server error but sets aside a chunk refused for good, so the rest still goes', async () => {
    const store = new MemoryChunkStore();
    const server = fakeServer();
    const timers = manualTimers();
    const rejected: string[] = [];
    const queue = new ChunkQueue(store, server.sync, { ...timers, holdMs: 0, onRejected: (c, status) => rejected.push(`${label(c)}:${status}`) });
    server.failWith = 503;
    server.conflicts.add('1:screen:0');
    await store.put(chunk(1000, 0));
    await store.put(chunk(2000, 1));
    await queue.drain();
    expect(queue.getState()).toMatchObject({ pending: 2, isWaiting: true, rejected: 0 });
    server.failWith = null;
    await timers.fire();
    await queue.drain();
    expect(rejected).toEqual(['1:screen:0:409']);
    expect(await store.all()).toEqual([]);
    expect(queue.getState()).toMatchObject({ uploaded: 1, rejected: 1 });
    expect(server.manifest).toEqual(new Set(['1:screen:1']));
  });

  it('sets aside the chunks of a request refused as it is (400) and goes on with the next chunks', async () => {
    const store = new MemoryChunkStore();
    const server = fakeServer();
    const rejected: string[] = [];
    const queue = new ChunkQueue(store, server.sync, { batchSize: 1, holdMs: 0, onRejected: (c, status) => rejected.push(`${label(c)}:${status}`) });
    server.failOnceWith = 400;
    await store.put(chunk(1000, 0));
    await store.put(chunk(2000, 1));
    await queue.drain();
    expect(rejected).toEqual(['1:screen:0:400']);
    expect(server.manifest).toEqual(new Set(['1:screen:1']));
    expect(await store.all()).toEqual([]);
    expect(queue.getState()).toMatchObject({ uploaded: 1, rejected: 1 });
  });

  it("stops a request at the first chunk of another recording, so that an older sitting's chunks go first", async () => {
    const store = new MemoryChunkStore();
    const server = fakeServer();
    const queue = new ChunkQueue(store, server.sync, { holdMs: 0 });
    await store.put({ ...chunk(1000, 5), recordingId: 'old' });
    await store.put(chunk(2000, 0));
    await queue.drain();
    expect(server.requests).toEqual([['1:screen:5'], ['1:screen:5 put'], ['1:screen:0'], ['1:screen:0 put']]);
    expect(await store.all()).toEqual([]);
  });

  it('picks up what an earlier page left in the store (a reload), oldest first, and sends it for a URL again', async () => {
    const store = new MemoryChunkStore();
    await store.put(chunk(5000, 0, 'screen', 2));
    await store.put(chunk(1000, 7, 'camera', 1));
    const server = fakeServer();
    const queue = new ChunkQueue(store, server.sync, { holdMs: 0 });
    queue.retryNow();
    await tick();
    await queue.drain();
    expect(server.requests).toEqual([['1:camera:7', '2:screen:0'], ['1:camera:7 put', '2:screen:0 put']]);
    expect(await store.all()).toEqual([]);
  });

  it("confirms uploaded chunks with the next slices' request: one request per slice, and at once when the recording ends", async () => {
    const store = new MemoryChunkStore();
    const server = fakeServer();
    const timers = manualTimers();
    const queue = new ChunkQueue(store, server.sync, { ...timers, gatherMs: 1000, holdMs: 45_000 });
    await queue.add(chunk(1000, 0, 'screen'));
    await queue.add(chunk(1001, 0, 'camera'));
    await timers.fire();
    expect(server.requests).toEqual([['1:screen:0', '1:camera:0']]);
    // In storage, not yet in the manifest: held for the next slices, still on the device.
    expect(timers.waiting.map((t) => t.ms)).toEqual([45_000]);
    expect(queue.getState()).toMatchObject({ pending: 2, unconfirmed: 2, isWaiting: false });

    // The next slices cut the hold short and carry the confirmations.
    await queue.add(chunk(31_000, 1, 'screen'));
    await queue.add(chunk(31_001, 1, 'camera'));
    expect(timers.waiting.map((t) => t.ms)).toEqual([1000]);
    await timers.fire();
    expect(server.requests.at(-1)).toEqual(['1:screen:0 put', '1:camera:0 put', '1:screen:1', '1:camera:1']);
    expect(server.manifest).toEqual(new Set(['1:screen:0', '1:camera:0']));
    expect(queue.getState()).toMatchObject({ pending: 2, unconfirmed: 2, uploaded: 2 });

    // The recording ends: the last confirmations go now.
    await queue.flush();
    expect(server.requests).toHaveLength(3);
    expect(server.requests.at(-1)).toEqual(['1:screen:1 put', '1:camera:1 put']);
    expect(await store.all()).toEqual([]);
    expect(queue.getState()).toMatchObject({ pending: 0, unconfirmed: 0, uploaded: 4 });
    expect(timers.waiting).toEqual([]);
  });

  it('confirms uploaded chunks alone when no slice comes within the hold', async () => {
    const store = new MemoryChunkStore();
    const server = fakeServer();
    const timers = manualTimers();
    const queue = new ChunkQueue(store, server.sync, { ...timers, gatherMs: 1000, holdMs: 45_000 });
    await queue.add(chunk(1000, 0));
    await timers.fire();
    expect(server.requests).toEqual([['1:screen:0']]);
    await timers.fire();
    expect(server.requests).toEqual([['1:screen:0'], ['1:screen:0 put']]);
    expect(await store.all()).toEqual([]);
    expect(timers.waiting).toEqual([]);
  });

  it('does not hold chunks still to upload behind a full request of confirmations', async () => {
    const store = new MemoryChunkStore();
    const server = fakeServer();
    const queue = new ChunkQueue(store, server.sync, { batchSize: 2, holdMs: 45_000 });
    for (const sequence of [0, 1, 2]) await store.put(chunk(1000 + sequence, sequence));
    await queue.flush();
    expect(server.requests).toEqual([['1:screen:0', '1:screen:1'], ['1:screen:0 put', '1:screen:1 put'], ['1:screen:2'], ['1:screen:2 put']]);
    const held = new ChunkQueue(store, server.sync, { batchSize: 2, holdMs: 45_000, setTimer: () => 'held', clearTimer: () => undefined });
    for (const sequence of [3, 4, 5]) await store.put(chunk(2000 + sequence, sequence));
    server.requests.length = 0;
    await held.drain();
    // 3 and 4 are uploaded; 5 still needs its URL, so the confirmations go with it instead of waiting.
    expect(server.requests).toEqual([['1:screen:3', '1:screen:4'], ['1:screen:3 put', '1:screen:4 put'], ['1:screen:5']]);
    expect(held.getState()).toMatchObject({ pending: 1, unconfirmed: 1 });
  });
});
