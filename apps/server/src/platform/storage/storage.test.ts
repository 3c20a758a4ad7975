import { existsSync, mkdtempSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserOriginsOf } from './browser-origins';
import { LocalStorage } from './local-storage';
import { registerLocalStorageRoutes } from './local-storage.routes';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';
import { ABANDONED_UPLOAD_AGE_MS, sweepAbandonedUploads } from './upload-sweep';
import { registerErrorHandler } from '../error-handler';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

interface Backend {
  name: string;
  storage: Storage;
  /** Sends a request to a URL the storage handed out, as a browser on this origin would (local URLs are relative). */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

// The same cases run on the local disk (served by a real Fastify on loopback) and on a real S3-compatible server (s3rver).
async function localBackend(): Promise<Backend> {
  const storage = new LocalStorage(mkdtempSync(path.join(tmpdir(), 'certs-files-')), 'test-secret');
  const server: FastifyInstance = Fastify();
  registerErrorHandler(server);
  await registerLocalStorageRoutes(server, storage, 1024 * 1024);
  const origin = await server.listen({ port: 0, host: '127.0.0.1' });
  return { name: 'local disk', storage, fetch: (url, init) => fetch(new URL(url, origin), init), stop: () => server.close() };
}

async function s3Backend(): Promise<Backend> {
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(path.join(tmpdir(), 'certs-s3-')), configureBuckets: [{ name: 'certs-test', configs: [] }] });
  const { port } = await s3rver.run();
  const storage = new S3Storage({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'certs-test', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  return { name: 's3', storage, fetch: (url, init) => fetch(url, init), stop: () => s3rver.close() };
}

for (const makeBackend of [localBackend, s3Backend]) {
  describe(`storage on ${makeBackend === localBackend ? 'local disk' : 'S3'}`, () => {
    let backend: Backend;
    beforeAll(async () => {
      backend = await makeBackend();
    });
    afterAll(async () => {
      await backend.stop();
    });

    it('takes a PUT of the body to the presigned URL and serves it back through a presigned download', async () => {
      const key = `attachments/${crypto.randomUUID()}.pdf`;
      expect(await backend.storage.sizeOf(key)).toBeNull();
      const { url, headers } = await backend.storage.presignUpload(key, 'application/pdf', 60);
      const put = await backend.fetch(url, { method: 'PUT', body: PDF, headers });
      expect(put.status).toBe(200);
      expect(await backend.storage.sizeOf(key)).toBe(PDF.length);
      expect((await backend.storage.readStart(key, 5)).toString()).toBe('%PDF-');
      const download = await backend.fetch(await backend.storage.presignDownload(key, { fileName: 'Weld procedure.pdf', contentType: 'application/pdf', expiresSeconds: 60 }));
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
      await backend.storage.remove(key);
      expect(await backend.storage.sizeOf(key)).toBeNull();
    });

    it('moves a file to another key: the old key is empty, and a PUT to the old URL never reaches the new key', async () => {
      const from = `uploads/${crypto.randomUUID()}.pdf`;
      const to = `attachments/${crypto.randomUUID()}.pdf`;
      const { url, headers } = await backend.storage.presignUpload(from, 'application/pdf', 60);
      expect((await backend.fetch(url, { method: 'PUT', body: PDF, headers })).status).toBe(200);
      await backend.storage.move(from, to);
      expect(await backend.storage.sizeOf(from)).toBeNull();
      expect((await backend.storage.read(to)).equals(PDF)).toBe(true);
      await backend.fetch(url, { method: 'PUT', body: Buffer.from('replaced'), headers });
      expect((await backend.storage.read(to)).equals(PDF)).toBe(true);
      await expect(backend.storage.move(`uploads/${crypto.randomUUID()}.pdf`, to)).rejects.toThrow();
      expect((await backend.storage.read(to)).equals(PDF)).toBe(true);
      await backend.storage.remove(from);
      await backend.storage.remove(to);
    });

    it('reads a whole stored file back, and fails for a key with nothing stored', async () => {
      const key = `attachments/${crypto.randomUUID()}.pdf`;
      const body = Buffer.concat([PDF, Buffer.alloc(100_000, 0x41)]);
      const { url, headers } = await backend.storage.presignUpload(key, 'application/pdf', 60);
      expect((await backend.fetch(url, { method: 'PUT', body, headers })).status).toBe(200);
      expect((await backend.storage.read(key)).equals(body)).toBe(true);
      await backend.storage.remove(key);
      await expect(backend.storage.read(key)).rejects.toThrow();
    });

    it('writes bytes the server made (a certificate) and reads them back; a second write replaces them', async () => {
      const key = `certificates/${crypto.randomUUID()}.pdf`;
      await backend.storage.write(key, Buffer.concat([PDF, Buffer.from('first')]), 'application/pdf');
      await backend.storage.write(key, Buffer.concat([PDF, Buffer.from('second')]), 'application/pdf');
      expect((await backend.storage.read(key)).toString('latin1').endsWith('second')).toBe(true);
      expect(await backend.storage.sizeOf(key)).toBe(PDF.length + 'second'.length);
      await backend.storage.remove(key);
    });

    it('lists the keys under a prefix last written before a time, up to a limit', async () => {
      const put = async (key: string) => {
        const { url, headers } = await backend.storage.presignUpload(key, 'application/pdf', 60);
        expect((await backend.fetch(url, { method: 'PUT', body: PDF, headers })).status).toBe(200);
        return key;
      };
      const folder = `uploads/list-${crypto.randomUUID()}`;
      const [a, b] = [await put(`${folder}/a.pdf`), await put(`${folder}/b.pdf`)];
      const saved = await put(`attachments/${crypto.randomUUID()}.pdf`);
      const inAMinute = new Date(Date.now() + 60_000);
      expect((await backend.storage.list(`${folder}/`, { olderThan: inAMinute, limit: 10 })).sort()).toEqual([a, b].sort());
      expect(await backend.storage.list(`${folder}/`, { olderThan: new Date(Date.now() - 60_000), limit: 10 })).toEqual([]);
      expect(await backend.storage.list(`${folder}/`, { olderThan: inAMinute, limit: 1 })).toHaveLength(1);
      expect(await backend.storage.list('uploads/', { olderThan: inAMinute, limit: 1000 })).not.toContain(saved);
      expect(await backend.storage.list(`nothing-${crypto.randomUUID()}/`, { olderThan: inAMinute, limit: 10 })).toEqual([]);
      for (const key of [a, b, saved]) await backend.storage.remove(key);
    });

    it('sweeps uploads left a day and leaves newer uploads and saved files alone', async () => {
      const put = async (key: string) => {
        const { url, headers } = await backend.storage.presignUpload(key, 'application/pdf', 60);
        expect((await backend.fetch(url, { method: 'PUT', body: PDF, headers })).status).toBe(200);
        return key;
      };
      const abandoned = await put(`uploads/${crypto.randomUUID()}.pdf`);
      const saved = `attachments/${crypto.randomUUID()}.pdf`;
      await backend.storage.move(await put(`uploads/${crypto.randomUUID()}.pdf`), saved);
      // Now: the upload is minutes old, and may still be saved.
      await sweepAbandonedUploads(backend.storage);
      expect(await backend.storage.sizeOf(abandoned)).toBe(PDF.length);
      // A day and an hour later: gone, and a late save finds nothing to move; the saved file stays.
      const later = new Date(Date.now() + ABANDONED_UPLOAD_AGE_MS + 60 * 60_000);
      const { removed } = await sweepAbandonedUploads(backend.storage, { now: later });
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(await backend.storage.sizeOf(abandoned)).toBeNull();
      await expect(backend.storage.move(abandoned, `attachments/${crypto.randomUUID()}.pdf`)).rejects.toThrow();
      expect((await backend.storage.read(saved)).equals(PDF)).toBe(true);
      expect(await backend.storage.list('uploads/', { olderThan: later, limit: 1000 })).toEqual([]);
      await backend.storage.remove(saved);
    });

  });
}

// The S3 server checks its own signatures; these cases check the local storage's signer.
describe('local storage URLs', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await localBackend();
  });
  afterAll(async () => {
    await backend.stop();
  });

    it('hands out relative URLs, so they work from whatever address the platform was opened at (issue 21)', async () => {
      const key = `attachments/${crypto.randomUUID()}.pdf`;
      const { url, headers } = await backend.storage.presignUpload(key, 'application/pdf', 60);
      expect(url).toMatch(/^\/unauth\/storage\/upload\/attachments\/[0-9a-f-]{36}\.pdf\?expires=\d+&signature=[\w-]+$/);
      const download = await backend.storage.presignDownload(key, { fileName: 'wps.pdf', contentType: 'application/pdf', expiresSeconds: 60 });
      expect(download).toMatch(/^\/unauth\/openfile\//);
      // The same app reached under other names (a LAN name, 127.0.0.1, localhost): the signature holds for each.
      const storage = backend.storage as LocalStorage;
      const app = Fastify();
      registerErrorHandler(app);
      await registerLocalStorageRoutes(app, storage, 1024 * 1024);
      try {
        for (const host of ['workshop-pc.lan:3000', '127.0.0.1:3000', 'localhost:3000']) {
          expect((await app.inject({ method: 'PUT', url, headers: { ...headers, host }, payload: PDF })).statusCode).toBe(200);
          const opened = await app.inject({ method: 'GET', url: download, headers: { host } });
          expect(opened.statusCode).toBe(200);
          expect(opened.rawPayload.equals(PDF)).toBe(true);
        }
      } finally {
        await app.close();
      }
    });

    it('refuses a presigned URL whose signature was tampered with', async () => {
      const key = `attachments/${crypto.randomUUID()}.pdf`;
      const { url, headers } = await backend.storage.presignUpload(key, 'application/pdf', 60);
      const tampered = url.replace(/(signature|Signature)=([^&])/, (_m, name: string, c: string) => `${name}=${c === 'A' ? 'B' : 'A'}`);
      const put = await backend.fetch(tampered, { method: 'PUT', body: PDF, headers });
      expect(put.status).toBe(403);
      expect(await backend.storage.sizeOf(key)).toBeNull();
    });

    it('refuses an upload with another content type than the one signed', async () => {
      const key = `attachments/${crypto.randomUUID()}.pdf`;
      const { url } = await backend.storage.presignUpload(key, 'application/pdf', 60);
      const put = await backend.fetch(url, { method: 'PUT', body: PDF, headers: { 'content-type': 'text/html' } });
      expect(put.status).toBe(403);
    });

  it('refuse an expired link and keys that could leave the folder', async () => {
    const backend = await localBackend();
    try {
      const storage = backend.storage as LocalStorage;
      const key = `attachments/${crypto.randomUUID()}.pdf`;
      const { url, headers } = await storage.presignUpload(key, 'application/pdf', -1);
      expect((await backend.fetch(url, { method: 'PUT', body: PDF, headers })).status).toBe(403);
      expect(() => storage.pathOf('../../etc/passwd')).toThrow();
      expect(() => storage.pathOf('attachments/../../x')).toThrow();
    } finally {
      await backend.stop();
    }
  });

  it('stops an upload larger than the limit and keeps nothing', async () => {
    const backend = await localBackend();
    try {
      const key = `attachments/${crypto.randomUUID()}.pdf`;
      const { url, headers } = await backend.storage.presignUpload(key, 'application/pdf', 60);
      const put = await backend.fetch(url, { method: 'PUT', body: Buffer.alloc(1024 * 1024 + 10, 0x25), headers });
      expect(put.status).toBe(400);
      expect(((await put.json()) as { message: string }).message).toBe('The file is larger than 1 MB');
      expect(await backend.storage.sizeOf(key)).toBeNull();
    } finally {
      await backend.stop();
    }
  });
});

describe('sweeping abandoned uploads on the local disk', () => {
  it("goes by the file's time on disk, in nested folders, and takes a PUT left half-written by a stopped process", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'certs-sweep-'));
    const storage = new LocalStorage(root, 'test-secret');
    const twoDaysAgo = new Date(Date.now() - 2 * ABANDONED_UPLOAD_AGE_MS);
    const write = async (key: string, when: Date) => {
      const file = path.join(root, ...key.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, PDF);
      await utimes(file, when, when);
    };
    const old = `uploads/${crypto.randomUUID()}.pdf`;
    const nested = `uploads/nested/${crypto.randomUUID()}.png`;
    const halfWritten = `uploads/${crypto.randomUUID()}.pdf.part`;
    const fresh = `uploads/${crypto.randomUUID()}.pdf`;
    const oldSaved = `attachments/${crypto.randomUUID()}.pdf`;
    for (const key of [old, nested, halfWritten, oldSaved]) await write(key, twoDaysAgo);
    await write(fresh, new Date());

    expect(await sweepAbandonedUploads(storage)).toEqual({ removed: 3 });
    for (const key of [old, nested, halfWritten]) expect(existsSync(path.join(root, ...key.split('/')))).toBe(false);
    expect(await storage.sizeOf(fresh)).toBe(PDF.length);
    expect(await storage.sizeOf(oldSaved)).toBe(PDF.length);
    expect(await sweepAbandonedUploads(storage)).toEqual({ removed: 0 });
  });

  it('takes at most a batch a pass, and finds nothing to do before the first upload', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'certs-sweep-'));
    const storage = new LocalStorage(root, 'test-secret');
    expect(await sweepAbandonedUploads(storage)).toEqual({ removed: 0 });
    const twoDaysAgo = new Date(Date.now() - 2 * ABANDONED_UPLOAD_AGE_MS);
    await mkdir(path.join(root, 'uploads'), { recursive: true });
    for (let i = 0; i < 5; i++) {
      const file = path.join(root, 'uploads', `${crypto.randomUUID()}.pdf`);
      await writeFile(file, PDF);
      await utimes(file, twoDaysAgo, twoDaysAgo);
    }
    expect(await sweepAbandonedUploads(storage, { limit: 3 })).toEqual({ removed: 3 });
    expect(await sweepAbandonedUploads(storage, { limit: 3 })).toEqual({ removed: 2 });
  });
});

describe('the origins the page must be allowed to reach for stored files', () => {
  it("are none for the local storage, whose URLs are on the page's own origin", async () => {
    expect(await browserOriginsOf(new LocalStorage(mkdtempSync(path.join(tmpdir(), 'certs-files-')), 'test-secret'))).toEqual([]);
  });

  it("are the bucket's own host on AWS (virtual-hosted addressing) and the endpoint with path-style addressing", async () => {
    const aws = new S3Storage({ region: 'ap-southeast-2', bucket: 'certs-files', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret', forcePathStyle: false });
    expect(await browserOriginsOf(aws)).toEqual(['https://certs-files.s3.ap-southeast-2.amazonaws.com']);
    const minio = new S3Storage({ endpoint: 'https://files.example.org:9000', region: 'us-east-1', bucket: 'certs-files', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true });
    expect(await browserOriginsOf(minio)).toEqual(['https://files.example.org:9000']);
  });
});
