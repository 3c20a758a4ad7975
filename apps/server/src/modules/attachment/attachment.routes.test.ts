import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '@certs/shared/attachment/attachment.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { createInvoicedApplication } from '../../../test/factories/invoice.factory';
import { completeProgram, createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { eq } from 'drizzle-orm';
import { applicationModules } from '../../db/schema/application-module';
import { invoices } from '../../db/schema/payment';
import { programModules } from '../../db/schema/program';
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

  it('lets the owner open a file attached to nothing, and nobody else (staff included)', async () => {
    const { resourceKey } = await uploadFile(t.app, ownerJwt, { name: 'cv.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const owner = await t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${resourceKey}`, headers: bearer(ownerJwt) });
    expect(owner.statusCode).toBe(200);
    const link = new URL(owner.json().url, 'http://localhost');
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${resourceKey}`, headers: bearer(staffJwt) })).statusCode).toBe(404);
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

  it('never lets the upload URL rewrite a saved file: later PUTs and saves leave the checked bytes as they are', async () => {
    const { presigned, saved, resourceKey } = await uploadFile(t.app, ownerJwt, { name: 'wps.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    expect(saved?.statusCode).toBe(200);
    const { url, headers } = presigned.json();
    const target = new URL(url, 'http://localhost');
    // The URL writes to an upload key, never to the file's own key.
    expect(target.pathname).not.toContain(resourceKey);
    // Another file of an allowed type, so a second check would pass if it were made.
    const replacement = Buffer.concat([PDF_BYTES, Buffer.from('% replaced\n')]);
    await t.app.inject({ method: 'PUT', url: `${target.pathname}${target.search}`, headers, payload: replacement });
    const again = await t.app.inject({ method: 'POST', url: '/unauth/save/attachment', headers: bearer(ownerJwt), payload: { resourceKey } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(saved?.json());
    expect(again.json().size).toBe(PDF_BYTES.length);
    const link = new URL((await t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${resourceKey}`, headers: bearer(ownerJwt) })).json().url, 'http://localhost');
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(PDF_BYTES)).toBe(true);
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

describe('files attached to a record (decision 015)', () => {
  let programId: string;
  let requirementId: string;
  let manager: CreatedUser;
  let managerJwt: string;
  let assessorJwt: string;
  let otherProgramJwt: string;
  let administratorJwt: string;
  let noProgramsMenuJwt: string;
  let superJwt: string;
  const download = (resourceKey: string, jwt: string) => t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${resourceKey}`, headers: bearer(jwt) });
  const statusOf = async (resourceKey: string, jwt: string) => (await download(resourceKey, jwt)).statusCode;

  beforeAll(async () => {
    const db = t.database.db;
    manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1 });
    await completeProgram(db, program.id, 1, assessor.id);
    programId = program.id;
    const users = [
      manager,
      assessor,
      await createStaffOfAnotherProgram(db),
      await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] }),
      await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Dashboard'] }),
      await createUser(db, { role: ROLES.SuperUser }),
    ];
    [managerJwt, assessorJwt, otherProgramJwt, administratorJwt, noProgramsMenuJwt, superJwt] = (await Promise.all(users.map(async (user) => (await signIn(t.app, user)).jwt))) as [string, string, string, string, string, string];
    const detail = (await t.app.inject({ method: 'GET', url: `/api/program/published/${programId}`, headers: bearer(ownerJwt) })).json();
    requirementId = detail.requirements[0].id;
  });

  it("an application's evidence: its program's staff and administrators once submitted; another program's staff 403; another applicant 404", async () => {
    const carl = await createUser(t.database.db, { role: ROLES.Applicant });
    const carlJwt = (await signIn(t.app, carl)).jwt;
    const { saved, resourceKey = '' } = await uploadFile(t.app, carlJwt, { name: 'logbook.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/qualificationapplication/save',
      headers: bearer(carlJwt),
      payload: { programId, declarationAccepted: true, answers: [{ requirementId, answerText: 'See the logbook.', attachmentIds: [saved!.json().id] }] },
    });
    expect(draft.statusCode).toBe(200);
    // A draft's evidence stays the applicant's.
    for (const jwt of [managerJwt, assessorJwt, administratorJwt, superJwt]) expect(await statusOf(resourceKey, jwt)).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/qualificationapplication/${draft.json().id}/submit`, headers: bearer(carlJwt) })).statusCode).toBe(200);

    const refused = await download(resourceKey, otherProgramJwt);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('/unauth/');
    expect(await statusOf(resourceKey, noProgramsMenuJwt)).toBe(403);
    for (const jwt of [assessorJwt, managerJwt, administratorJwt, superJwt, carlJwt]) expect(await statusOf(resourceKey, jwt)).toBe(200);
    expect(await statusOf(resourceKey, otherJwt)).toBe(404);
  });

  describe('removing a document (issue 21)', () => {
    const remove = (id: string, jwt: string) => t.app.inject({ method: 'DELETE', url: `/api/attachment/mine/${id}`, headers: bearer(jwt) });
    const mineOf = async (jwt: string) => ((await t.app.inject({ method: 'GET', url: '/api/attachment/mine', headers: bearer(jwt) })).json() as { id: string; resourceKey: string }[]).map((file) => file.id);
    const saveDraft = (jwt: string, attachmentIds: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/qualificationapplication/save',
        headers: bearer(jwt),
        payload: { programId, declarationAccepted: true, answers: [{ requirementId, answerText: 'See the logbook.', attachmentIds }] },
      });

    it('lets the owner remove a file nothing uses, or one a draft lists (the draft lets it go); the link stops working', async () => {
      const dana = await createUser(t.database.db, { role: ROLES.Applicant });
      const danaJwt = (await signIn(t.app, dana)).jwt;
      const loose = await uploadFile(t.app, danaJwt, { name: 'old-cv.pdf', contentType: 'application/pdf', body: PDF_BYTES });
      const inDraft = await uploadFile(t.app, danaJwt, { name: 'draft-evidence.pdf', contentType: 'application/pdf', body: PDF_BYTES });
      const looseId = loose.saved!.json().id as string;
      const draftFileId = inDraft.saved!.json().id as string;
      const link = new URL((await t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${loose.resourceKey}`, headers: bearer(danaJwt) })).json().url, 'http://localhost');
      const draft = await saveDraft(danaJwt, [draftFileId]);
      expect(draft.statusCode).toBe(200);

      expect((await remove(looseId, danaJwt)).statusCode).toBe(204);
      expect((await remove(draftFileId, danaJwt)).statusCode).toBe(204);
      expect(await mineOf(danaJwt)).not.toEqual(expect.arrayContaining([looseId]));
      expect(await mineOf(danaJwt)).not.toContain(draftFileId);
      // The bytes are gone: an earlier link and a new one give nothing.
      expect((await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/attachment/presigned-download/${loose.resourceKey}`, headers: bearer(danaJwt) })).statusCode).toBe(404);
      // The draft still saves and submits without the removed file.
      const reopened = (await t.app.inject({ method: 'GET', url: `/api/qualificationapplication/${draft.json().id}`, headers: bearer(danaJwt) })).json();
      expect(JSON.stringify(reopened)).not.toContain(draftFileId);
      const resaved = await saveDraft(danaJwt, []);
      expect(resaved.statusCode).toBe(200);
      expect(resaved.json().id).toBe(draft.json().id);
      // Removing again: it is no longer there.
      expect((await remove(looseId, danaJwt)).statusCode).toBe(404);
    });

    it('refuses with 409 a file a submitted application uses, 404 for another applicant, 403 for staff, 400 for a malformed id', async () => {
      const erin = await createUser(t.database.db, { role: ROLES.Applicant });
      const erinJwt = (await signIn(t.app, erin)).jwt;
      const { saved, resourceKey = '' } = await uploadFile(t.app, erinJwt, { name: 'logbook.pdf', contentType: 'application/pdf', body: PDF_BYTES });
      const fileId = saved!.json().id as string;
      const draft = await saveDraft(erinJwt, [fileId]);
      expect((await t.app.inject({ method: 'POST', url: `/api/qualificationapplication/${draft.json().id}/submit`, headers: bearer(erinJwt) })).statusCode).toBe(200);

      const inUse = await remove(fileId, erinJwt);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().message).toBe(ATTACHMENT_MESSAGES.inUse);
      const theirs = await remove(fileId, otherJwt);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(ATTACHMENT_MESSAGES.notFound);
      expect((await remove(fileId, managerJwt)).statusCode).toBe(403);
      expect((await remove('not-an-id', erinJwt)).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/attachment/mine/${fileId}` })).statusCode).toBe(401);
      // Nothing changed: still listed, still opens for the owner and the program's staff.
      expect(await mineOf(erinJwt)).toContain(fileId);
      expect(await statusOf(resourceKey, erinJwt)).toBe(200);
      expect(await statusOf(resourceKey, managerJwt)).toBe(200);
    });
  });

  it("a module result's evidence uploaded by staff: the uploader, then the program's staff once attached", async () => {
    const db = t.database.db;
    const [module] = await db.select().from(programModules).where(eq(programModules.programId, programId));
    const dee = await createUser(db, { role: ROLES.Applicant });
    const application = await createApplicationWithModules(db, { applicantId: dee.applicantId!, programId, programModuleIds: [module!.id] });
    const { saved, resourceKey = '' } = await uploadFile(t.app, managerJwt, { name: 'practical-marking-sheet.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    expect(await statusOf(resourceKey, managerJwt)).toBe(200);
    expect(await statusOf(resourceKey, assessorJwt)).toBe(404);
    expect(await statusOf(resourceKey, superJwt)).toBe(404);
    await db.update(applicationModules).set({ resultEvidenceId: saved!.json().id }).where(eq(applicationModules.id, application.moduleIds[0]!));
    for (const jwt of [managerJwt, assessorJwt, administratorJwt]) expect(await statusOf(resourceKey, jwt)).toBe(200);
    expect(await statusOf(resourceKey, otherProgramJwt)).toBe(403);
    expect(await statusOf(resourceKey, (await signIn(t.app, dee)).jwt)).toBe(404);
  });

  it("an invoice's PDF: the program's staff; another program's staff 403", async () => {
    const db = t.database.db;
    const invoiced = await createInvoicedApplication(db, { programId, manager });
    const { saved, resourceKey = '' } = await uploadFile(t.app, superJwt, { name: 'INV-000001.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    await db.update(invoices).set({ pdfAttachmentId: saved!.json().id }).where(eq(invoices.id, invoiced.invoiceId));
    expect(await statusOf(resourceKey, assessorJwt)).toBe(200);
    expect(await statusOf(resourceKey, otherProgramJwt)).toBe(403);
  });
});
