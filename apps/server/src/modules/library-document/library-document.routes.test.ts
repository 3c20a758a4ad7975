import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { LIBRARY_DOCUMENT_MESSAGES, type LibraryAccessFlag, type LibraryDocumentRequest } from '@certs/shared/library-document/library-document.contract';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { giveMembership } from '../../../test/factories/membership.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { companies } from '../../db/schema/company';
import { applicants } from '../../db/schema/user';

let t: TestApp;
let librarian: string;
let otherStaff: string;
const today = todayInSydney();
const yesterday = dayjs(today).subtract(1, 'day').format('YYYY-MM-DD');

async function upload(jwt: string, name = 'procedure.pdf'): Promise<string> {
  const result = await uploadFile(t.app, jwt, { name, contentType: 'application/pdf', body: PDF_BYTES });
  if (result.saved?.statusCode !== 200) throw new Error(`upload failed: ${result.saved?.body}`);
  return result.saved.json().id as string;
}

async function applicantWith(membership: { type?: 'none' | 'individual' | 'corporate'; confirmed?: boolean; until?: string | null; companyId?: string }): Promise<string> {
  const user: CreatedUser = await createUser(t.database.db, { role: ROLES.Applicant });
  if (!user.applicantId) throw new Error('no applicant');
  await t.database.db
    .update(applicants)
    .set({
      membershipType: membership.type ?? 'none',
      memberNumber: membership.type && membership.type !== 'none' ? 'M-1' : '',
      employerCompanyId: membership.companyId ?? null,
      // A link staff made (approved); an applicant's own claim is tested in employer-claims.routes.test.ts.
      employerClaimStatus: membership.companyId ? 'approved' : null,
    })
    .where(eq(applicants.id, user.applicantId));
  if (membership.confirmed && membership.type && membership.type !== 'none') {
    await giveMembership(t.database.db, { applicantId: user.applicantId, membershipType: membership.type, endsOn: membership.until ?? null });
  }
  return (await signIn(t.app, user)).jwt;
}

async function company(startsOn: string | null, endsOn: string | null, memberNumber = 'CM-9'): Promise<string> {
  const [row] = await t.database.db
    .insert(companies)
    .values({ name: `Hunter Fabrication ${Math.random().toString(16).slice(2, 8)}`, contactEmail: 'coordinator@hunter.test' })
    .returning({ id: companies.id });
  if (!row) throw new Error('no company');
  if (memberNumber) await giveMembership(t.database.db, { companyId: row.id, memberNumber, startsOn, endsOn });
  return row.id;
}

let counter = 0;
async function createDocument(flags: Partial<Record<LibraryAccessFlag, boolean>>, overrides: Partial<LibraryDocumentRequest> = {}) {
  counter += 1;
  const payload = { documentNumber: `WPS-${Date.now()}-${counter}`, documentTitle: `Procedure ${counter}`, documentDate: '2026-03-01', revision: 'A', documentType: 'Welding Procedure', comments: '', attachmentId: await upload(librarian), ...flags, ...overrides };
  const response = await t.app.inject({ method: 'POST', url: '/api/librarydocument', headers: bearer(librarian), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; documentNumber: string }>();
}

function canSee(jwt: string, id: string) {
  return Promise.all([
    t.app.inject({ method: 'GET', url: `/api/librarydocument/${id}`, headers: bearer(jwt) }).then((r) => r.statusCode),
    t.app.inject({ method: 'GET', url: `/api/librarydocument/${id}/download`, headers: bearer(jwt) }).then((r) => r.statusCode),
  ]);
}

async function listedFor(jwt: string, documentNumber: string): Promise<boolean> {
  const response = await t.app.inject({ method: 'GET', url: `/api/librarydocument/pagination?searchTerm=${encodeURIComponent(documentNumber)}`, headers: bearer(jwt) });
  expect(response.statusCode).toBe(200);
  return response.json<{ rows: { documentNumber: string }[] }>().rows.some((row) => row.documentNumber === documentNumber);
}

beforeAll(async () => {
  t = await buildTestApp();
  librarian = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Libraries'] }))).jwt;
  otherStaff = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }))).jwt;
});
afterAll(async () => {
  await t.close();
});

describe('library documents: access by flag and membership today', () => {
  it('shows a members-only document to a confirmed member, lapsed or not, and refuses it to a non-member (list, read and download)', async () => {
    const document = await createDocument({ isForIndividualMembers: true });
    const member = await applicantWith({ type: 'individual', confirmed: true, until: yesterday });
    const unconfirmed = await applicantWith({ type: 'individual', confirmed: false });
    const nonMember = await applicantWith({});
    expect(await canSee(member, document.id)).toEqual([200, 200]);
    expect(await listedFor(member, document.documentNumber)).toBe(true);
    for (const jwt of [unconfirmed, nonMember]) {
      expect(await canSee(jwt, document.id)).toEqual([403, 403]);
      expect(await listedFor(jwt, document.documentNumber)).toBe(false);
    }
    const refused = await t.app.inject({ method: 'GET', url: `/api/librarydocument/${document.id}`, headers: bearer(nonMember) });
    expect(refused.json().message).toBe(LIBRARY_DOCUMENT_MESSAGES.notAllowed);
  });

  it('keeps a current-only document from a member the day after the membership lapsed, and gives it on its last day', async () => {
    const document = await createDocument({ isForCurrentIndividualMembers: true });
    const lapsedYesterday = await applicantWith({ type: 'individual', confirmed: true, until: yesterday });
    const lastDayToday = await applicantWith({ type: 'individual', confirmed: true, until: today });
    expect(await canSee(lapsedYesterday, document.id)).toEqual([403, 403]);
    expect(await listedFor(lapsedYesterday, document.documentNumber)).toBe(false);
    expect(await canSee(lastDayToday, document.id)).toEqual([200, 200]);
    expect(await listedFor(lastDayToday, document.documentNumber)).toBe(true);
  });

  it('gives external-user documents to every applicant and internal-user documents to staff only', async () => {
    const external = await createDocument({ isForExternalUsers: true });
    const internal = await createDocument({ isForInternalUsers: true });
    const nonMember = await applicantWith({});
    expect(await canSee(nonMember, external.id)).toEqual([200, 200]);
    expect(await canSee(nonMember, internal.id)).toEqual([403, 403]);
    expect(await canSee(otherStaff, internal.id)).toEqual([200, 200]);
    expect(await canSee(otherStaff, external.id)).toEqual([403, 403]);
  });

  it("follows the employer company's corporate membership and its dates for the corporate flags", async () => {
    const corporate = await createDocument({ isForCorporateMembers: true });
    const currentCorporate = await createDocument({ isForCurrentCorporateMembers: true });
    const atCurrentMember = await applicantWith({ companyId: await company('2026-01-01', dayjs(today).add(1, 'year').format('YYYY-MM-DD')) });
    const atLapsedMember = await applicantWith({ companyId: await company('2025-01-01', yesterday) });
    const atNonMember = await applicantWith({ companyId: await company(null, null, '') });
    expect(await canSee(atCurrentMember, corporate.id)).toEqual([200, 200]);
    expect(await canSee(atCurrentMember, currentCorporate.id)).toEqual([200, 200]);
    expect(await canSee(atLapsedMember, corporate.id)).toEqual([200, 200]);
    expect(await canSee(atLapsedMember, currentCorporate.id)).toEqual([403, 403]);
    expect(await canSee(atNonMember, corporate.id)).toEqual([403, 403]);
    const ownCorporate = await applicantWith({ type: 'corporate', confirmed: true, until: null });
    expect(await canSee(ownCorporate, currentCorporate.id)).toEqual([200, 200]);
  });
});

describe('library documents: staff add, edit, revise and retire', () => {
  it('keeps the old revision in the history and refuses a repeated revision', async () => {
    const document = await createDocument({ isForExternalUsers: true }, { revision: 'A', documentTitle: 'Welding of pipe' });
    const revised = await t.app.inject({
      method: 'POST',
      url: `/api/librarydocument/${document.id}/revise`,
      headers: bearer(librarian),
      payload: { revision: 'B', documentTitle: 'Welding of pipe and plate', documentDate: '2026-06-01', comments: 'Plate added', attachmentId: await upload(librarian, 'procedure-b.pdf') },
    });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json()).toMatchObject({ revision: 'B', documentTitle: 'Welding of pipe and plate', fileName: 'procedure-b.pdf', revisions: [{ revision: 'A', documentTitle: 'Welding of pipe', fileName: 'procedure.pdf' }] });
    const again = await t.app.inject({ method: 'POST', url: `/api/librarydocument/${document.id}/revise`, headers: bearer(librarian), payload: { revision: 'b', documentTitle: 'x', documentDate: '2026-06-02', attachmentId: await upload(librarian) } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LIBRARY_DOCUMENT_MESSAGES.sameRevision);
    const old = revised.json<{ revisions: { id: string }[] }>().revisions[0];
    const oldFile = await t.app.inject({ method: 'GET', url: `/api/librarydocument/${document.id}/revision/${old?.id}/download`, headers: bearer(librarian) });
    expect(oldFile.statusCode).toBe(200);
    expect(oldFile.json().fileName).toBe('procedure.pdf');
  });

  it('edits in place, refuses a taken number and another user’s file, and retires for every reader', async () => {
    const first = await createDocument({ isForExternalUsers: true });
    const second = await createDocument({ isForExternalUsers: true });
    const base = { documentTitle: 'Edited', documentDate: '2026-03-02', revision: 'A', documentType: 'Alerts', isForExternalUsers: true };
    const taken = await t.app.inject({ method: 'POST', url: `/api/librarydocument/update/${second.id}`, headers: bearer(librarian), payload: { ...base, documentNumber: first.documentNumber.toLowerCase(), attachmentId: await upload(librarian) } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors.documentNumber).toBe(LIBRARY_DOCUMENT_MESSAGES.numberTaken);
    const applicantJwt = await applicantWith({});
    const applicantsFile = await upload(applicantJwt);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/librarydocument/update/${second.id}`, headers: bearer(librarian), payload: { ...base, documentNumber: second.documentNumber, attachmentId: applicantsFile } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.attachmentId).toBe(LIBRARY_DOCUMENT_MESSAGES.fileRequired);
    const retired = await t.app.inject({ method: 'POST', url: `/api/librarydocument/${second.id}/retire`, headers: bearer(librarian) });
    expect(retired.json().isRetired).toBe(true);
    expect(await canSee(applicantJwt, second.id)).toEqual([404, 404]);
    expect(await listedFor(applicantJwt, second.documentNumber)).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: `/api/librarydocument/${second.id}/retire`, headers: bearer(librarian) })).statusCode).toBe(409);
  });

  it('refuses writes to staff without Libraries and to applicants, and bad input with the form messages', async () => {
    const applicantJwt = await applicantWith({});
    for (const jwt of [otherStaff, applicantJwt]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/librarydocument', headers: bearer(jwt), payload: {} })).statusCode).toBe(403);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/librarydocument', headers: bearer(librarian), payload: { documentNumber: '', documentTitle: '', documentDate: '', revision: '', documentType: 'Poster', attachmentId: await upload(librarian) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ documentNumber: LIBRARY_DOCUMENT_MESSAGES.numberRequired, documentTitle: LIBRARY_DOCUMENT_MESSAGES.titleRequired, revision: LIBRARY_DOCUMENT_MESSAGES.revisionRequired, documentType: LIBRARY_DOCUMENT_MESSAGES.typeRequired });
  });

  it('pages with the spec names and searches by number, title or comments', async () => {
    const document = await createDocument({ isForExternalUsers: true, isForCurrentCorporateMembers: true }, { comments: 'Lincoln flux-cored' });
    const response = await t.app.inject({ method: 'GET', url: '/api/librarydocument/pagination?currentPage=1&perPageCount=50&searchTerm=flux-cored&searchBy=all', headers: bearer(librarian) });
    expect(response.statusCode, response.body).toBe(200);
    // Each row says who may read it, for staff's list (issue 45 item 10).
    expect(response.json()).toMatchObject({ page: 1, pageSize: 50, totalRows: 1, rows: [{ id: document.id, access: ['isForExternalUsers', 'isForCurrentCorporateMembers'] }] });
  });
});
