import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@certs/shared/account/account.contract';
import { ATTACHMENT_MESSAGES } from '@certs/shared/attachment/attachment.contract';
import { ROLES } from '@certs/shared/auth/roles';
import type { PublicCertificate } from '@certs/shared/public-register/public-register.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createInvoicedApplication, type InvoicedApplication } from '../../../test/factories/invoice.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { insertTestAward } from '../public-register/test-awards';
import { simplePng } from './simple-png';

/**
 * The awarding body's logo (issue 40): set from a saved PNG or JPEG of at most 1 MB by a super
 * user or the account's own administrator, served without signing in by the body's short name,
 * named on the verification page and drawn at the top of its certificates.
 */

// Two logos to tell apart, drawn in code.
const RED_PNG = simplePng(4, 2, () => [200, 20, 20]);
const WIDE_PNG = simplePng(12, 3, (x) => (x < 6 ? [0, 60, 140] : [250, 200, 0]));
/** The PNG signature then padding: saved as a PNG by its bytes, but over the logo's 1 MB. */
const LARGE_PNG = Buffer.concat([RED_PNG, Buffer.alloc(1024 * 1024 + 1)]);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let t: TestApp;
let nz: { id: string; name: string; shortName: string };
let superJwt: string;
let auAdminJwt: string;
let nzAdminJwt: string;
let nzContributorJwt: string;
let applicantJwt: string;
let holderJwt: string;
let award: { id: string; certificateNumber: string };
let invoiced: InvoicedApplication;
let payerJwt: string;

const logoUrl = (shortName: string) => `/unauth/accounts/${shortName}/logo`;
const setLogo = (accountId: string, attachmentId: string, jwt: string) =>
  t.app.inject({ method: 'PUT', url: `/api/accounts/${accountId}/logo`, headers: bearer(jwt), payload: { attachmentId } });
const removeLogo = (accountId: string, jwt: string) => t.app.inject({ method: 'DELETE', url: `/api/accounts/${accountId}/logo`, headers: bearer(jwt) });
async function upload(jwt: string, name: string, contentType: string, body: Buffer): Promise<string> {
  const { saved } = await uploadFile(t.app, jwt, { name, contentType, body });
  expect(saved?.statusCode, name).toBe(200);
  return saved!.json<{ id: string }>().id;
}
const certificateBytes = async () => {
  const response = await t.app.inject({ method: 'GET', url: `/api/award/${award.id}/certificate`, headers: bearer(holderJwt) });
  expect(response.statusCode).toBe(200);
  return response.rawPayload.toString('latin1');
};
/** An image XObject in the PDF: what pdf-lib writes for an embedded PNG or JPEG. */
const hasImage = (pdf: string) => /\/Subtype\s*\/Image/.test(pdf);
const invoiceBytes = async () => {
  const response = await t.app.inject({ method: 'GET', url: `/api/invoice/${invoiced.invoiceId}/pdf`, headers: bearer(payerJwt) });
  expect(response.statusCode).toBe(200);
  return response.rawPayload.toString('latin1');
};
const publicLogo = () => t.app.inject({ method: 'GET', url: logoUrl(nz.shortName) });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  nz = await createAccount(db, { name: 'Logo Welding Body' });
  const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, accountId: nz.id });
  superJwt = (await signIn(t.app, await createUser(db, { role: ROLES.SuperUser }))).jwt;
  auAdminJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator }))).jwt;
  nzAdminJwt = (await signIn(t.app, nzAdmin)).jwt;
  nzContributorJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountContributor, accountId: nz.id }))).jwt;
  applicantJwt = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  const holder: CreatedUser = await createUser(db, { role: ROLES.Applicant, firstName: 'Aroha', lastName: 'Logo' });
  holderJwt = (await signIn(t.app, holder)).jwt;
  const program = await createProgram(db, { programManagerId: nzAdmin.id, programType: 1, status: 2, programTitle: 'Kiwi inspector', accountId: nz.id });
  award = await insertTestAward(db, { applicantId: holder.applicantId!, programId: program.id, programType: 1 });
  invoiced = await createInvoicedApplication(db, { programId: program.id, programCode: program.programCode, manager: nzAdmin });
  payerJwt = (await signIn(t.app, invoiced.applicant)).jwt;
});
afterAll(async () => {
  await t.close();
});

describe("an awarding body's logo", () => {
  it('has none at first: the public path answers 404, the settings and the verification page name none, the certificate and invoice draw no image', async () => {
    expect((await publicLogo()).statusCode).toBe(404);
    expect((await publicLogo()).json().message).toBe(ACCOUNT_MESSAGES.logoNotFound);
    expect((await t.app.inject({ method: 'GET', url: logoUrl('no-such-body') })).statusCode).toBe(404);
    const settings = await t.app.inject({ method: 'GET', url: `/api/accounts/${nz.id}`, headers: bearer(nzAdminJwt) });
    expect(settings.json().logoUrl).toBeNull();
    const verified = await t.app.inject({ method: 'GET', url: `/unauth/verify/${award.certificateNumber}` });
    expect(verified.json<PublicCertificate>()).toMatchObject({ issuingBody: nz.name, issuingBodyLogoUrl: null });
    expect(hasImage(await certificateBytes())).toBe(false);
    expect(hasImage(await invoiceBytes())).toBe(false);
  });

  it("is set by the account's administrator and shows everywhere the body is named", async () => {
    const fileId = await upload(nzAdminJwt, 'logo.png', 'image/png', RED_PNG);
    const set = await setLogo(nz.id, fileId, nzAdminJwt);
    expect(set.statusCode).toBe(200);
    expect(set.json().logoUrl).toMatch(new RegExp(`^/unauth/accounts/${nz.shortName}/logo\\?v=[0-9a-f]{8}$`));

    const image = await t.app.inject({ method: 'GET', url: set.json().logoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(RED_PNG)).toBe(true);
    // Short names are matched whatever their case, as everywhere else.
    expect((await t.app.inject({ method: 'GET', url: logoUrl(nz.shortName.toUpperCase()) })).statusCode).toBe(200);

    const verified = await t.app.inject({ method: 'GET', url: `/unauth/verify/${award.certificateNumber}` });
    expect(verified.json<PublicCertificate>().issuingBodyLogoUrl).toBe(set.json().logoUrl);
    // The certificate made before the logo is made again, now with the logo; invoices print it too.
    expect(hasImage(await certificateBytes())).toBe(true);
    expect(hasImage(await invoiceBytes())).toBe(true);
  });

  it('is replaced by a super user, who may set the logo of any account', async () => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/accounts/${nz.id}`, headers: bearer(superJwt) })).json().logoUrl;
    const fileId = await upload(superJwt, 'wide logo.png', 'image/png', WIDE_PNG);
    const replaced = await setLogo(nz.id, fileId, superJwt);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().logoUrl).not.toBe(before);
    expect((await publicLogo()).rawPayload.equals(WIDE_PNG)).toBe(true);
    expect(hasImage(await certificateBytes())).toBe(true);
  });

  it('refuses anyone else, and a file that cannot be a logo, with a clear message and nothing changed', async () => {
    const current = (await publicLogo()).rawPayload;
    const nzFile = await upload(nzAdminJwt, 'logo.png', 'image/png', RED_PNG);
    const auFile = await upload(auAdminJwt, 'logo.png', 'image/png', RED_PNG);

    expect((await setLogo(nz.id, nzFile, applicantJwt)).statusCode).toBe(403);
    expect((await setLogo(nz.id, nzFile, nzContributorJwt)).statusCode).toBe(403);
    expect((await removeLogo(nz.id, nzContributorJwt)).statusCode).toBe(403);
    // Another account's administrator: the account does not exist for them.
    const other = await setLogo(nz.id, auFile, auAdminJwt);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(ACCOUNT_MESSAGES.notFound);
    expect((await removeLogo(nz.id, auAdminJwt)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/accounts/${nz.id}/logo`, payload: { attachmentId: nzFile } })).statusCode).toBe(401);

    // A file of someone else, or none at all.
    const notMine = await setLogo(nz.id, auFile, nzAdminJwt);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe(ATTACHMENT_MESSAGES.notFound);
    expect((await setLogo(nz.id, '00000000-0000-4000-8000-00000000abcd', nzAdminJwt)).statusCode).toBe(404);
    const malformed = await setLogo(nz.id, 'logo.png', nzAdminJwt);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ attachmentId: ATTACHMENT_MESSAGES.notFound });

    const pdf = await setLogo(nz.id, await upload(nzAdminJwt, 'logo.pdf', 'application/pdf', PDF_BYTES), nzAdminJwt);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().fieldErrors).toEqual({ attachmentId: ACCOUNT_MESSAGES.logoType });
    const gif = await setLogo(nz.id, await upload(nzAdminJwt, 'logo.gif', 'image/gif', GIF), nzAdminJwt);
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe(ACCOUNT_MESSAGES.logoType);
    const large = await setLogo(nz.id, await upload(nzAdminJwt, 'huge.png', 'image/png', LARGE_PNG), nzAdminJwt);
    expect(large.statusCode).toBe(400);
    expect(large.json().fieldErrors).toEqual({ attachmentId: ACCOUNT_MESSAGES.logoTooLarge });

    expect((await publicLogo()).rawPayload.equals(current)).toBe(true);
  });

  it('is removed by its administrator: the public path answers 404, the certificate is made again and the invoice printed without it', async () => {
    const removed = await removeLogo(nz.id, nzAdminJwt);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logoUrl).toBeNull();
    expect((await publicLogo()).statusCode).toBe(404);
    const verified = await t.app.inject({ method: 'GET', url: `/unauth/verify/${award.certificateNumber}` });
    expect(verified.json<PublicCertificate>().issuingBodyLogoUrl).toBeNull();
    expect(hasImage(await certificateBytes())).toBe(false);
    expect(hasImage(await invoiceBytes())).toBe(false);
    // Removing again changes nothing.
    expect((await removeLogo(nz.id, nzAdminJwt)).json().logoUrl).toBeNull();
  });
});
