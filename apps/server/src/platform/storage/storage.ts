import type { Readable } from 'node:stream';

/** Object storage as the spec's upload flow needs it: presigned PUT and GET, and a look at what was stored. */
export interface Storage {
  /** A URL the browser PUTs the file body to, with these headers, until it expires. */
  presignUpload(key: string, contentType: string, expiresSeconds: number): Promise<{ url: string; headers: Record<string, string> }>;
  /** A URL that shows the file inline under its name, until it expires. */
  presignDownload(key: string, options: { fileName: string; contentType: string; expiresSeconds: number }): Promise<string>;
  /** The stored size, or null when nothing was uploaded under the key. */
  sizeOf(key: string): Promise<number | null>;
  /** The first bytes, to tell the file's type from its content. */
  readStart(key: string, length: number): Promise<Buffer>;
  /** The whole stored file (for the applicant's data export); fails when nothing is stored under the key. */
  read(key: string): Promise<Buffer>;
  /** The stored file as a stream, read as it is consumed (a large legacy import); fails when nothing is stored under the key. */
  readStream(key: string): Promise<Readable>;
  /** Stores bytes the server made (a generated certificate) under a key of its own, replacing anything there. */
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Moves what is stored under `from` to `to` (replacing anything there) and deletes `from`; fails
   * when nothing is stored under `from`. Saving an upload moves it out of its upload URL's reach.
   */
  move(from: string, to: string): Promise<void>;
  /**
   * Keys stored under `prefix` whose last write was before `olderThan`, at most `limit` of them
   * (for sweeping abandoned uploads; the order is the storage's own).
   */
  list(prefix: string, options: { olderThan: Date; limit: number }): Promise<string[]>;
}
