import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '@certs/shared/attachment/attachment.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { S3Storage } from '../../platform/storage/s3-storage';

// A 1x1 transparent PNG.
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// The whole file flow with the bucket of a real S3-compatible server (s3rver) instead of the local disk.
let s3rver: S3rver;
let t: TestApp;
let staffJwt: string;
let applicantJwt: string;
let bucketOrigin: string;

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(path.join(tmpdir(), 'certs-s3-')), configureBuckets: [{ name: 'certs-files', configs: [] }] });
  const { port } = await s3rver.run();
  bucketOrigin = `http://127.0.0.1:${port}`;
  const storage = new S3Storage({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'certs-files', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  t = await buildTestApp({}, undefined, undefined, storage);
  staffJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.SuperUser }))).jwt;
  applicantJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt;
});
afterAll(async () => {
  await t.close();
  await s3rver.close();
});

describe('files in an S3 bucket', () => {
  it("lets the page reach the bucket: the Content-Security-Policy names the bucket's origin for fetches, images and media", async () => {
    const policy = String((await t.app.inject({ method: 'GET', url: '/unauth/health' })).headers['content-security-policy']);
    const directive = (name: string) => policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    for (const name of ['connect-src', 'img-src', 'media-src']) expect(directive(name).split(' ')).toContain(bucketOrigin);
    expect(directive('script-src')).toBe("script-src 'self'");
  });

  it('uploads straight to the bucket, checks the bytes, and opens through a presigned link', async () => {
    const { presigned, saved, resourceKey } = await uploadFile(t.app, applicantJwt, { name: 'logbook.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    expect(presigned.json().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/certs-files\/uploads\//);
    expect(saved?.json()).toMatchObject({ contentType: 'application/pdf', size: PDF_BYTES.length });
    const link = (await t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${resourceKey}`, headers: bearer(applicantJwt) })).json().url as string;
    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
  });

  it('never lets the upload URL rewrite a saved file: later PUTs and saves leave the checked bytes as they are', async () => {
    const { presigned, saved, resourceKey } = await uploadFile(t.app, applicantJwt, { name: 'wps.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    expect(saved?.statusCode).toBe(200);
    const { url, headers } = presigned.json();
    expect(new URL(url).pathname).not.toContain(resourceKey);
    // Another file of an allowed type, so a second check would pass if it were made.
    const replacement = Buffer.concat([PDF_BYTES, Buffer.from('% replaced\n')]);
    await fetch(url, { method: 'PUT', headers, body: replacement });
    const again = await t.app.inject({ method: 'POST', url: '/unauth/save/attachment', headers: bearer(applicantJwt), payload: { resourceKey } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(saved?.json());
    const link = (await t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${resourceKey}`, headers: bearer(applicantJwt) })).json().url as string;
    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
  });

  it('refuses and deletes a file whose bytes are not an allowed type', async () => {
    const { saved } = await uploadFile(t.app, applicantJwt, { name: 'photo.png', contentType: 'image/png', body: Buffer.from('#!/bin/sh\necho hi\n') });
    expect(saved?.statusCode).toBe(400);
    expect(saved?.json().message).toBe(ATTACHMENT_MESSAGES.contentMismatch);
  });

  it('sends a question image on to a fresh presigned link of the bucket', async () => {
    const { resourceKey } = await uploadFile(t.app, staffJwt, { name: 'joint.png', contentType: 'image/png', body: PNG_BYTES });
    const redirect = await t.app.inject({ method: 'GET', url: `/unauth/questionimage/${resourceKey}` });
    expect(redirect.statusCode).toBe(302);
    const image = await fetch(String(redirect.headers.location));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
  });
});
