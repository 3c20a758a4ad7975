import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { CERTIFICATE_MESSAGES, DEFAULT_TEMPLATE_FIELDS, type CertificateTemplateRequest } from '@certs/shared/certificate/certificate-template.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applications } from '../../db/schema/application';
import { awards, programCertificateTemplates } from '../../db/schema/award';
import { PDFDocument } from 'pdf-lib';
import { textOfPdf } from '../pre-exam/pdf-text';

/**
 * Certificate templates belong to an account (decision 033): its staff keep them, each account has
 * its own default (its oldest template), and a program uses only a template of its own account.
 */

let t: TestApp;
let auJwt: string;
let nzJwt: string;
let auProgramId: string;
let nzProgramId: string;
let auAward: { id: string; holderJwt: string };
let nzAward: { id: string; holderJwt: string };
let auTemplateId: string;
let nzTemplateId: string;
/** The Australian award's certificate version before and after New Zealand's first template was made. */
let auVersions: [number, number];
let nzBodyName: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const send = (method: 'POST' | 'PUT', url: string, payload: object, jwt: string) => t.app.inject({ method, url, headers: bearer(jwt), payload });

const templateRequest = (title: string, numberPrefix: string): CertificateTemplateRequest => ({
  title,
  orientation: 'landscape',
  // The default layout with the number reworded: a template a program may be given (ISO/IEC 17024 9.4.8).
  fields: DEFAULT_TEMPLATE_FIELDS.map((field) => (field.field === 'certificateNumber' ? { ...field, prefix: numberPrefix } : field)),
});

async function createAward(programId: string): Promise<{ id: string; holderJwt: string }> {
  const db = t.database.db;
  const holder: CreatedUser = await createUser(db, { role: ROLES.Applicant });
  const [application] = await db
    .insert(applications)
    .values({ applicationNumber: `Q-2026-${randomBytes(4).toString('hex')}`, applicantId: holder.applicantId!, programId, programType: 1, status: 'Awarded', submittedOn: new Date() })
    .returning({ id: applications.id });
  const [award] = await db
    .insert(awards)
    .values({
      applicationId: application!.id,
      applicantId: holder.applicantId!,
      programId,
      programType: 1,
      awardType: 'Awarded',
      certificateNumber: `CERT-${randomBytes(4).toString('hex').toUpperCase()}`,
      awardedOn: '2026-11-20',
      expiresOn: '2031-11-19',
      status: 'current',
    })
    .returning({ id: awards.id });
  return { id: award!.id, holderJwt: (await signIn(t.app, holder)).jwt };
}

const versionOf = async (awardId: string) => (await t.database.db.select().from(awards).where(eq(awards.id, awardId)))[0]!.certificateVersion;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const nz = await createAccount(db, { name: 'Kiwi Certification Body' });
  nzBodyName = nz.name;
  const auAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Libraries'] });
  const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Libraries'], accountId: nz.id });
  auJwt = (await signIn(t.app, auAdmin)).jwt;
  nzJwt = (await signIn(t.app, nzAdmin)).jwt;
  auProgramId = (await createProgram(db, { programManagerId: auAdmin.id, programType: 1, status: 2, programTitle: 'Australian inspector' })).id;
  nzProgramId = (await createProgram(db, { programManagerId: nzAdmin.id, programType: 1, status: 2, programTitle: 'Kiwi inspector', accountId: nz.id })).id;
  auAward = await createAward(auProgramId);
  nzAward = await createAward(nzProgramId);

  // Australia's template is older than any of New Zealand's.
  const au = await send('POST', '/api/certificatetemplate', templateRequest('Inspector certificate', 'Aussie No. '), auJwt);
  expect(au.statusCode, au.body).toBe(201);
  auTemplateId = au.json().id;
  const versionBefore = await versionOf(auAward.id);
  const nzCreated = await send('POST', '/api/certificatetemplate', templateRequest('Inspector certificate', 'Kiwi No. '), nzJwt);
  expect(nzCreated.statusCode, nzCreated.body).toBe(201);
  nzTemplateId = nzCreated.json().id;
  auVersions = [versionBefore, await versionOf(auAward.id)];
});
afterAll(async () => {
  await t.close();
});

describe('certificate templates of two accounts', () => {
  it('may share a title, each account listing only its own, with its own default', async () => {
    const nzList = (await get('/api/certificatetemplate', nzJwt)).json() as { id: string; isDefault: boolean }[];
    expect(nzList.map((row) => row.id)).toEqual([nzTemplateId]);
    expect(nzList[0]?.isDefault).toBe(true);
    const auList = (await get('/api/certificatetemplate', auJwt)).json() as { id: string; isDefault: boolean }[];
    expect(auList.map((row) => row.id)).toEqual([auTemplateId]);
    expect(auList[0]?.isDefault).toBe(true);
    expect((await get(`/api/certificatetemplate/${nzTemplateId}`, nzJwt)).json()).toMatchObject({ title: 'Inspector certificate', isDefault: true });
  });

  it("answers 404 to another account's staff reading, changing or previewing a template, and nothing changes", async () => {
    expect((await get(`/api/certificatetemplate/${auTemplateId}`, nzJwt)).statusCode).toBe(404);
    expect((await send('POST', `/api/certificatetemplate/update/${auTemplateId}`, templateRequest('Taken over', 'Stolen '), nzJwt)).statusCode).toBe(404);
    expect((await send('POST', '/api/certificatetemplate/preview', { ...templateRequest('Peek', ''), templateId: auTemplateId }, nzJwt)).statusCode).toBe(404);
    expect((await get(`/api/certificatetemplate/${auTemplateId}`, auJwt)).json()).toMatchObject({ title: 'Inspector certificate', fields: expect.arrayContaining([expect.objectContaining({ field: 'certificateNumber', prefix: 'Aussie No. ' })]) });
  });

  it("makes a new account's first template its default without touching another account's certificates", async () => {
    expect(auVersions[1]).toBe(auVersions[0]);
  });

  it("draws each account's certificates with that account's default", async () => {
    const nzText = await textOfPdf((await get(`/api/award/${nzAward.id}/certificate`, nzAward.holderJwt)).rawPayload);
    expect(nzText.join(' ')).toContain('Kiwi No.');
    const auText = await textOfPdf((await get(`/api/award/${auAward.id}/certificate`, auAward.holderJwt)).rawPayload);
    expect(auText.join(' ')).toContain('Aussie No.');
  });

  it('names its own issuing body on each certificate', async () => {
    const authorOf = async (award: { id: string; holderJwt: string }) => (await PDFDocument.load((await get(`/api/award/${award.id}/certificate`, award.holderJwt)).rawPayload)).getAuthor();
    expect(await authorOf(nzAward)).toBe(nzBodyName);
    expect(await authorOf(auAward)).toBe('Welding Certification Board of Australia and New Zealand');
  });
});

describe('assigning a template to a program', () => {
  it("offers only the caller's own account's programs", async () => {
    const offered = (await get('/api/certificatetemplate/programs', nzJwt)).json().map((p: { id: string }) => p.id);
    expect(offered).toContain(nzProgramId);
    expect(offered).not.toContain(auProgramId);
  });

  it("refuses another account's template as unknown, and another account's program as not found; nothing is assigned", async () => {
    const foreignTemplate = await send('PUT', `/api/certificatetemplate/program/${nzProgramId}/template`, { templateId: auTemplateId }, nzJwt);
    expect(foreignTemplate.statusCode).toBe(400);
    expect(foreignTemplate.json().fieldErrors).toEqual({ templateId: CERTIFICATE_MESSAGES.notFound });
    const onForeignProgram = await send('PUT', `/api/certificatetemplate/program/${auProgramId}/template`, { templateId: nzTemplateId }, nzJwt);
    expect(onForeignProgram.statusCode).toBe(404);
    expect(await t.database.db.select().from(programCertificateTemplates).where(eq(programCertificateTemplates.programId, nzProgramId))).toEqual([]);
    expect(await t.database.db.select().from(programCertificateTemplates).where(eq(programCertificateTemplates.programId, auProgramId))).toEqual([]);
  });

  it("assigns the account's own template", async () => {
    const second = await send('POST', '/api/certificatetemplate', templateRequest('Kiwi special', 'Special No. '), nzJwt);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().isDefault).toBe(false);
    const assigned = await send('PUT', `/api/certificatetemplate/program/${nzProgramId}/template`, { templateId: second.json().id }, nzJwt);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().programs.map((p: { id: string }) => p.id)).toEqual([nzProgramId]);
  });
});
