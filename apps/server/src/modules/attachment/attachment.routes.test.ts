import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '@certs/shared/attachment/attachment.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';

let t: TestApp;
let ownerJwt: string;
let otherJwt: string;
let staffJwt: string;

beforeAll(async () => {
  t = await buildTestApp({ MAX_UPLOAD_BYTES: String(64 * 1024) });
  ownerJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt;
  otherJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt;
  staffJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }))).jwt;
});
afterAll(async () => {
  await t.close();
});

describe('uploading documents', () => {
  it('presigns, takes the PUT, saves with the type read from the bytes, and lists it', async () => {
    const { presigned, saved, resourceKey } = await uploadFile(t.app, ownerJwt, { name: 'Welding procedure specification WPS-101 revision C.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    expect(presigned.json()).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf' }, filePath: resourceKey });
    expect(resourceKey).toMatch(/^attachments\/[0-9a-f-]{36}\.pdf$/);
    expect(saved?.statusCode).toBe(200);
    expect(saved?.json()).toMatchObject({ name: 'Welding procedure specification WPS-101 revision C.pdf', contentType: 'application/pdf', size: PDF_BYTES.length });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/attachment/mine', headers: bearer(ownerJwt) })).json();
    expect(mine.map((a: { resourceKey: string }) => a.resourceKey)).toContain(resourceKey);
  });

  it('lets the owner and staff open the file, and nobody else', async () => {
    const { resourceKey } = await uploadFile(t.app, ownerJwt, { name: 'cv.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const owner = await t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${resourceKey}`, headers: bearer(ownerJwt) });
    expect(owner.statusCode).toBe(200);
    const link = new URL(owner.json().url);
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${resourceKey}`, headers: bearer(staffJwt) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${resourceKey}`, headers: bearer(otherJwt) })).statusCode).toBe(404);
    // Without the signature the open-file path gives nothing.
    expect((await t.app.inject({ method: 'GET', url: `/unauth/openfile/${resourceKey}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/unauth/openfile/${resourceKey}?${link.searchParams.toString().replace(/name=[^&]*/, 'name=other.html')}` })).statusCode).toBe(403);
  });

  it('refuses a file whose bytes are not an allowed type, whatever its name, and keeps nothing', async () => {
    const disguised = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const { saved, resourceKey } = await uploadFile(t.app, ownerJwt, { name: 'certificate.pdf', contentType: 'application/pdf', body: disguised });
    expect(saved?.statusCode).toBe(400);
    expect(saved?.json().message).toBe(ATTACHMENT_MESSAGES.contentMismatch);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/attachment/mine', headers: bearer(ownerJwt) })).json();
    expect(mine.map((a: { resourceKey: string }) => a.resourceKey)).not.toContain(resourceKey);
  });

  it('refuses a declared type that is not allowed, and a size over the limit', async () => {
    const html = await t.app.inject({ method: 'POST', url: '/api/attachment/presigned-upload', headers: bearer(ownerJwt), payload: { fileName: 'page.html', contentType: 'text/html', size: 10 } });
    expect(html.statusCode).toBe(400);
    expect(html.json().fieldErrors.contentType).toBe(ATTACHMENT_MESSAGES.typeNotAllowed);
    const big = await t.app.inject({ method: 'POST', url: '/api/attachment/presigned-upload', headers: bearer(ownerJwt), payload: { fileName: 'big.pdf', contentType: 'application/pdf', size: 64 * 1024 + 1 } });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('The file is larger than 64 KB');
  });

  it("does not let another user save someone else's upload, nor save one never uploaded", async () => {
    const presigned = (await t.app.inject({ method: 'POST', url: '/api/attachment/presigned-upload', headers: bearer(ownerJwt), payload: { fileName: 'x.pdf', contentType: 'application/pdf', size: PDF_BYTES.length } })).json();
    const notUploaded = await t.app.inject({ method: 'POST', url: '/unauth/save/attachment', headers: bearer(ownerJwt), payload: { resourceKey: presigned.resourceKey } });
    expect(notUploaded.statusCode).toBe(400);
    expect(notUploaded.json().message).toBe(ATTACHMENT_MESSAGES.notUploaded);
    expect((await t.app.inject({ method: 'POST', url: '/unauth/save/attachment', headers: bearer(otherJwt), payload: { resourceKey: presigned.resourceKey } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/unauth/save/attachment', payload: { resourceKey: presigned.resourceKey } })).statusCode).toBe(401);
  });
});
