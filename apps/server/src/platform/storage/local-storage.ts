import { createReadStream, mkdirSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Storage } from './storage';
import { UrlSigner } from './signed-url';

/**
 * Keys are made by the server: letters, digits, dashes and slashes only, never a path of the client's.
 * `.part` is the upload route's file while a PUT is being written, listed so that one left by a
 * stopped process is swept like any abandoned upload.
 */
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*(\.[a-z0-9]+)?(\.part)?$/i;

/**
 * Files on the local disk under the data folder (the embedded default). The server itself signs
 * the upload and download URLs and serves them (local-storage.routes.ts). The URLs are relative
 * (path and query, signed without a host): the browser sends them to the address it opened the
 * platform at (localhost, 127.0.0.1, a LAN name), which is this server and within the page's
 * `connect-src 'self'`. An absolute URL on PUBLIC_URL failed from any other address (issue 21).
 */
export class LocalStorage implements Storage {
  readonly signer: UrlSigner;

  constructor(
    readonly root: string,
    secret: string,
  ) {
    mkdirSync(root, { recursive: true });
    this.signer = new UrlSigner(`local-storage:${secret}`);
  }

  pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error('unsafe storage key');
    return path.join(this.root, ...key.split('/'));
  }

  async presignUpload(key: string, contentType: string, expiresSeconds: number) {
    const expires = Math.floor(Date.now() / 1000) + expiresSeconds;
    const signature = this.signer.sign(['PUT', key, contentType, String(expires)]);
    const query = new URLSearchParams({ expires: String(expires), signature });
    return { url: `/unauth/storage/upload/${key}?${query}`, headers: { 'content-type': contentType } };
  }

  async presignDownload(key: string, options: { fileName: string; contentType: string; expiresSeconds: number }) {
    const expires = Math.floor(Date.now() / 1000) + options.expiresSeconds;
    const signature = this.signer.sign(['GET', key, options.contentType, options.fileName, String(expires)]);
    const query = new URLSearchParams({ expires: String(expires), type: options.contentType, name: options.fileName, signature });
    return `/unauth/openfile/${key}?${query}`;
  }

  async sizeOf(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    const handle = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async readStream(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file);
  }

  async write(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    const partial = `${target}.${process.pid}.${Date.now()}.part`;
    await writeFile(partial, bytes);
    await rename(partial, target);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    // One rename on the same disk: atomic, so nothing written to `from` afterwards reaches `to`.
    await rename(source, target);
  }

  async list(prefix: string, options: { olderThan: Date; limit: number }): Promise<string[]> {
    const folder = prefix.replace(/\/+$/, '');
    let entries: string[];
    try {
      entries = await readdir(this.pathOf(folder), { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      if (keys.length >= options.limit) break;
      const key = `${folder}/${entry.split(path.sep).join('/')}`;
      if (!SAFE_KEY.test(key)) continue;
      // A file may go (saved, swept by another pass) between the listing and its stat.
      const stats = await stat(this.pathOf(key)).catch(() => null);
      if (stats?.isFile() && stats.mtime < options.olderThan) keys.push(key);
    }
    return keys;
  }
}
