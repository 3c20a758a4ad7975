import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';

/**
 * Library documents belong to an account (decision 033): its staff keep and read them, another
 * account's staff never reach them; applicants read the documents of every account by the flags.
 */

let t: TestApp;
let auLibrarian: string;
let nzLibrarian: string;
let nzOtherStaff: string;
let applicant: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const nz = await createAccount(db);
  auLibrarian = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Libraries'] }))).jwt;
  nzLibrarian = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Libraries'], accountId: nz.id }))).jwt;
  nzOtherStaff = (await signIn(t.app, await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], accountId: nz.id }))).jwt;
  applicant = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

async function upload(jwt: string, name = 'procedure.pdf'): Promise<string> {
  const result = await uploadFile(t.app, jwt, { name, contentType: 'application/pdf', body: PDF_BYTES });
  if (result.saved?.statusCode !== 200) throw new Error(`upload failed: ${result.saved?.body}`);
  return result.saved.json().id as string;
}

async function createDocument(jwt: string, overrides: Record<string, unknown> = {}): Promise<{ id: string; documentNumber: string }> {
  const payload = {
    documentNumber: `WPS-${Math.random().toString(16).slice(2, 8)}`,
    documentTitle: 'Welding of pipe',
    documentDate: '2026-03-01',
    revision: 'A',
    documentType: 'Welding Procedure',
    comments: '',
    attachmentId: await upload(jwt),
    isForExternalUsers: true,
    isForInternalUsers: true,
    ...overrides,
  };
  const response = await send('POST', '/api/librarydocument', jwt, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const listed = async (jwt: string, searchTerm: string) =>
  (await send('GET', `/api/librarydocument/pagination?searchTerm=${encodeURIComponent(searchTerm)}&includeRetired=true`, jwt)).json().rows.map((row: { id: string }) => row.id) as string[];

describe('library documents of two accounts', () => {
  it('may share a document number, each account listing only its own', async () => {
    const au = await createDocument(auLibrarian, { documentNumber: 'WPS-SHARED-001', documentTitle: 'Sydney procedure' });
    const nz = await createDocument(nzLibrarian, { documentNumber: 'wps-shared-001', documentTitle: 'Auckland procedure' });
    expect(await listed(nzLibrarian, 'WPS-SHARED-001')).toEqual([nz.id]);
    expect(await listed(auLibrarian, 'WPS-SHARED-001')).toEqual([au.id]);
    expect(await listed(nzOtherStaff, 'WPS-SHARED-001')).toEqual([nz.id]);
    // Still unique inside one account.
    const again = await send('POST', '/api/librarydocument', nzLibrarian, {
      documentNumber: 'WPS-SHARED-001',
      documentTitle: 'Twice',
      documentDate: '2026-03-01',
      revision: 'A',
      documentType: 'Alerts',
      attachmentId: await upload(nzLibrarian),
      isForInternalUsers: true,
    });
    expect(again.statusCode).toBe(409);
  });

  it("answer 404 to another account's staff on every read and change, and nothing changes", async () => {
    const au = await createDocument(auLibrarian, { documentNumber: 'WPS-AU-ONLY', documentTitle: 'Koala procedure' });
    const revised = await send('POST', `/api/librarydocument/${au.id}/revise`, auLibrarian, { revision: 'B', documentTitle: 'Koala procedure B', documentDate: '2026-04-01', attachmentId: await upload(auLibrarian, 'b.pdf') });
    const revisionId = revised.json().revisions[0].id as string;
    const edit = { documentNumber: 'WPS-AU-ONLY', documentTitle: 'Taken over', documentDate: '2026-05-01', revision: 'B', documentType: 'Alerts', attachmentId: await upload(nzLibrarian), isForInternalUsers: true };
    const refused: [string, 'GET' | 'POST', string, string, object?][] = [
      ['read', 'GET', `/api/librarydocument/${au.id}`, nzLibrarian],
      ['download', 'GET', `/api/librarydocument/${au.id}/download`, nzLibrarian],
      ['read (other staff)', 'GET', `/api/librarydocument/${au.id}`, nzOtherStaff],
      ['download (other staff)', 'GET', `/api/librarydocument/${au.id}/download`, nzOtherStaff],
      ['download a revision', 'GET', `/api/librarydocument/${au.id}/revision/${revisionId}/download`, nzLibrarian],
      ['edit', 'POST', `/api/librarydocument/update/${au.id}`, nzLibrarian, edit],
      ['revise', 'POST', `/api/librarydocument/${au.id}/revise`, nzLibrarian, { revision: 'C', documentTitle: 'Taken over', documentDate: '2026-05-01', attachmentId: await upload(nzLibrarian) }],
      ['retire', 'POST', `/api/librarydocument/${au.id}/retire`, nzLibrarian],
    ];
    for (const [what, method, url, jwt, body] of refused) {
      const response = await send(method, url, jwt, body);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(404);
    }
    expect(await listed(nzLibrarian, 'Koala')).toEqual([]);
    const kept = (await send('GET', `/api/librarydocument/${au.id}`, auLibrarian)).json();
    expect(kept).toMatchObject({ documentTitle: 'Koala procedure B', revision: 'B', isRetired: false });
    expect(kept.revisions).toHaveLength(1);
  });

  it('are read by applicants from every account, as the access flags allow', async () => {
    const au = await createDocument(auLibrarian, { documentNumber: 'WPS-PUBLIC-AU', documentTitle: 'Open Sydney notice' });
    const nz = await createDocument(nzLibrarian, { documentNumber: 'WPS-PUBLIC-NZ', documentTitle: 'Open Auckland notice' });
    const internal = await createDocument(nzLibrarian, { documentNumber: 'WPS-INTERNAL-NZ', documentTitle: 'Open staff-only notice', isForExternalUsers: false });
    const seen = await listed(applicant, 'Open');
    expect(seen).toEqual(expect.arrayContaining([au.id, nz.id]));
    expect(seen).not.toContain(internal.id);
    for (const id of [au.id, nz.id]) {
      expect((await send('GET', `/api/librarydocument/${id}`, applicant)).statusCode).toBe(200);
      expect((await send('GET', `/api/librarydocument/${id}/download`, applicant)).statusCode).toBe(200);
    }
    expect((await send('GET', `/api/librarydocument/${internal.id}`, applicant)).statusCode).toBe(403);
  });
});
