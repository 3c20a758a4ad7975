import type { Storage } from './storage';

/**
 * The origins the browser reaches stored files at, for the Content-Security-Policy: none for the
 * local storage (its URLs are relative, on the page's own origin), the bucket's for S3. Read from a
 * presigned URL, so that any endpoint, region or addressing style comes out right.
 */
export async function browserOriginsOf(storage: Storage): Promise<string[]> {
  const probe = await storage.presignDownload('content-security-policy-probe', { fileName: 'probe', contentType: 'application/octet-stream', expiresSeconds: 60 });
  return /^https?:\/\//.test(probe) ? [new URL(probe).origin] : [];
}
