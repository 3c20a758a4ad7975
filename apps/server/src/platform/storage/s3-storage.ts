import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Storage } from './storage';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** S3-compatible object storage: the browser talks to the bucket directly through presigned URLs. */
export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    });
  }

  async presignUpload(key: string, contentType: string, expiresSeconds: number) {
    const url = await getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, ContentType: contentType }), { expiresIn: expiresSeconds });
    return { url, headers: { 'content-type': contentType } };
  }

  async presignDownload(key: string, options: { fileName: string; contentType: string; expiresSeconds: number }) {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresSeconds });
  }

  async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: `bytes=0-${length - 1}` }));
    const bytes = await object.Body?.transformToByteArray();
    return Buffer.from(bytes ?? []);
  }

  async read(key: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    if (!object.Body) throw new Error(`nothing stored under ${key}`);
    return Buffer.from(await object.Body.transformToByteArray());
  }

  async readStream(key: string): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    if (!(object.Body instanceof Readable)) throw new Error(`nothing stored under ${key}`);
    return object.Body;
  }

  async write(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  /** S3 has no rename: a server-side copy (content type and all), then the source is deleted. */
  async move(from: string, to: string): Promise<void> {
    const { bucket } = this.settings;
    await this.client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}` }));
    await this.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: from }));
  }

  /** ListObjectsV2, page by page (1,000 keys each), keeping the keys last written before the cutoff. */
  async list(prefix: string, options: { olderThan: Date; limit: number }): Promise<string[]> {
    const keys: string[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: continuationToken }));
      for (const object of page.Contents ?? []) {
        if (keys.length >= options.limit) return keys;
        if (object.Key && object.LastModified && object.LastModified < options.olderThan) keys.push(object.Key);
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return keys;
  }
}
