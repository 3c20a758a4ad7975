import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { APPLICANT_MIGRATION_COLUMNS, MIGRATION_PATHS, type MigrationImport, type MigrationUploadResponse } from '@certs/shared/migration/migration.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { S3Storage } from '../../platform/storage/s3-storage';
import { MigrationRepository } from './migration.repository';
import { MigrationService } from './migration.service';

// A large legacy file through a real S3-compatible bucket (s3rver): the browser PUTs it there, the job streams it back.
let s3rver: S3rver;
let t: TestApp;
let storage: S3Storage;
let service: MigrationService;
let adminJwt: string;
const run = randomBytes(3).toString('hex');

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(path.join(tmpdir(), 'certs-s3-')), configureBuckets: [{ name: 'certs-files', configs: [] }] });
  const { port } = await s3rver.run();
  storage = new S3Storage({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'certs-files', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  t = await buildTestApp({}, undefined, undefined, storage);
  service = new MigrationService(new MigrationRepository(t.database.db), { storage }, { defaultPattern: 'WCB-{YYYY}-{N}', log: { warn: () => undefined }, chunkRows: 4 });
  adminJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountAdministrator }))).jwt;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3rver?.close();
});

describe('a legacy file uploaded to an S3 bucket', () => {
  it('is PUT to the bucket, streamed from it by the job, and removed from it once imported', async () => {
    const rows = Array.from({ length: 10 }, (_unused, i) => [`s3.person${i}.${run}@example.test`, 'Sam', `Bucket${i}`, '1990-05-17', '', '', '', '', '', '', '', 'Yes'].join(','));
    const csv = [APPLICANT_MIGRATION_COLUMNS.join(','), ...rows].join('\n');
    const presigned = await t.app.inject({ method: 'POST', url: MIGRATION_PATHS.upload, headers: bearer(adminJwt), payload: { fileName: 'people.csv', size: Buffer.byteLength(csv) } });
    expect(presigned.statusCode).toBe(200);
    const { url, headers, fileKey } = presigned.json<MigrationUploadResponse>();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/certs-files\/uploads\/legacy-import\//);
    expect((await fetch(url, { method: 'PUT', headers, body: csv })).status).toBe(200);

    const started = await t.app.inject({ method: 'POST', url: MIGRATION_PATHS.start('applicants'), headers: bearer(adminJwt), payload: { fileName: 'people.csv', fileKey, dryRun: false } });
    expect(started.statusCode).toBe(202);
    // Taken out of the upload URL's reach at once: what the URL writes now is never read.
    expect(await storage.sizeOf(fileKey)).toBeNull();
    await service.runPending();
    const found = (await t.app.inject({ method: 'GET', url: MIGRATION_PATHS.one(started.json<{ id: string }>().id), headers: bearer(adminJwt) })).json<MigrationImport>();
    expect(found).toMatchObject({ status: 'Finished', totalRows: 10, processedRows: 10, created: 10, refused: 0 });
    expect(await storage.sizeOf(fileKey.replace(/^uploads\//, ''))).toBeNull();
  });
});
