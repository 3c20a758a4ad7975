import { randomBytes } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import { and, count, eq } from 'drizzle-orm';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, PageSizes, type PDFStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { CERTIFICATE_MESSAGES, DEFAULT_TEMPLATE_FIELDS, type CertificateTemplateRequest } from '@certs/shared/certificate/certificate-template.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createInvoicedApplication } from '../../../test/factories/invoice.factory';
import { createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { uploadFile } from '../../../test/upload';
import { awards, certificateTemplates } from '../../db/schema/award';
import { personalDataAccessLog } from '../../db/schema/privacy';
import { applicants, users } from '../../db/schema/user';
import { textOfPdf } from '../pre-exam/pdf-text';
import { CERTIFICATE_DRAWING } from './certificate.service';

let t: TestApp;
let manager: CreatedUser;
let managerJwt: string;
let holder: CreatedUser;
let holderJwt: string;
let programId: string;
let awardId: string;
let certificateNumber: string;
let librarianJwt: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, jwt: string) => t.app.inject({ method, url, headers: bearer(jwt), payload: payload as object });

/** A PNG of one colour, built by hand (signature, header, IHDR, IDAT, IEND) so tests need no image library. */
function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xee)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

async function pdfOfPages(...sizes: [number, number][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const size of sizes) pdf.addPage(size);
  return Buffer.from(await pdf.save());
}

/** The decoded content of the first page: the operators pdf-lib wrote (where each text was placed). */
async function contentOf(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  return streams
    .map((stream) => (stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : (stream as PDFStream).getContents()))
    .map((data) => Buffer.from(data).toString('latin1'))
    .join('\n');
}

async function upload(jwt: string, name: string, contentType: string, body: Buffer): Promise<string> {
  const { saved } = await uploadFile(t.app, jwt, { name, contentType, body });
  if (saved?.statusCode !== 200) throw new Error(`upload refused: ${saved?.body}`);
  return saved.json<{ id: string }>().id;
}

async function createAward(options: { applicant?: CreatedUser; program?: string; status?: string } = {}): Promise<{ id: string; certificateNumber: string; applicant: CreatedUser }> {
  const application = await createInvoicedApplication(t.database.db, { manager, applicant: options.applicant, programId: options.program ?? programId });
  const number = `CERT-T${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await t.database.db
    .insert(awards)
    .values({
      applicationId: application.applicationId,
      applicantId: application.applicant.applicantId!,
      programId: options.program ?? programId,
      programType: 1,
      awardType: 'Awarded',
      certificateNumber: number,
      awardedOn: '2026-11-20',
      expiresOn: '2031-11-19',
      status: options.status ?? 'current',
    })
    .returning({ id: awards.id });
  return { id: row!.id, certificateNumber: number, applicant: application.applicant };
}

const templateRequest = (overrides: Partial<CertificateTemplateRequest> = {}): CertificateTemplateRequest => ({
  title: 'Supervisor certificate',
  orientation: 'landscape',
  fields: DEFAULT_TEMPLATE_FIELDS,
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  manager = await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Libraries'] });
  managerJwt = (await signIn(t.app, manager)).jwt;
  holder = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Zoë', lastName: 'Holder' });
  holderJwt = (await signIn(t.app, holder)).jwt;
  const first = await createInvoicedApplication(t.database.db, { manager, applicant: holder });
  programId = first.programId;
  const award = await createAward({ applicant: holder });
  awardId = award.id;
  certificateNumber = award.certificateNumber;
  librarianJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Libraries'] }))).jwt;
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/award/:id/certificate', () => {
  it('makes the holder a PDF with their name, the program and the certificate number, and keeps it in storage', async () => {
    const response = await get(`/api/award/${awardId}/certificate`, holderJwt);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`certificate-${certificateNumber}.pdf`);
    const text = await textOfPdf(response.rawPayload);
    expect(text).toContain('Zoë Holder');
    expect(text.some((line) => line.includes(certificateNumber))).toBe(true);
    expect(text.some((line) => line.includes('Welding Inspector'))).toBe(true);
    expect(text.some((line) => line.includes('20 November 2026'))).toBe(true);
    // The QR code's address in words beside it; no member ID line for a holder who is not a member.
    expect(text.some((line) => line.startsWith('Verify: ') && line.endsWith(`/verify/${certificateNumber}`))).toBe(true);
    expect(text.some((line) => line.startsWith('Member ID'))).toBe(false);
    const [stored] = await t.database.db.select().from(awards).where(eq(awards.id, awardId));
    expect(stored?.certificateGeneratedVersion).toBe(1);
    expect(stored?.certificateKey).toBe(`certificates/${awardId}/v1-current-d${CERTIFICATE_DRAWING}.pdf`);

    // The second download is the stored file: not made again.
    const again = await get(`/api/award/${awardId}/certificate`, holderJwt);
    expect(again.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(awards).where(eq(awards.id, awardId));
    expect(after?.certificateGeneratedOn?.getTime()).toBe(stored?.certificateGeneratedOn?.getTime());
    expect(Buffer.compare(again.rawPayload, response.rawPayload)).toBe(0);
  });

  it('is made again once the award’s certificate version moves on (a corrected name, a member ID since)', async () => {
    await t.database.db.update(users).set({ lastName: 'Holder-Smith' }).where(eq(users.id, holder.id));
    await t.database.db.update(applicants).set({ memberNumber: 'M-4242' }).where(eq(applicants.id, holder.applicantId!));
    await t.database.db.update(awards).set({ certificateVersion: 2 }).where(eq(awards.id, awardId));
    const response = await get(`/api/award/${awardId}/certificate`, holderJwt);
    expect(response.statusCode).toBe(200);
    expect(await textOfPdf(response.rawPayload)).toContain('Zoë Holder-Smith');
    expect(await textOfPdf(response.rawPayload)).toContain('Member ID: M-4242');
    const [stored] = await t.database.db.select().from(awards).where(eq(awards.id, awardId));
    expect(stored?.certificateGeneratedVersion).toBe(2);
    expect(stored?.certificateKey).toBe(`certificates/${awardId}/v2-current-d${CERTIFICATE_DRAWING}.pdf`);
  });

  it('is made again when it was stored by an older drawing of certificates (before issue 45: "Member ID: -", no address by the QR code)', async () => {
    const drawnBefore = `certificates/${awardId}/v2-current.pdf`;
    await t.database.db.update(awards).set({ certificateKey: drawnBefore }).where(eq(awards.id, awardId));
    const response = await get(`/api/award/${awardId}/certificate`, holderJwt);
    expect(response.statusCode).toBe(200);
    expect((await textOfPdf(response.rawPayload)).some((line) => line.startsWith('Verify: '))).toBe(true);
    const [stored] = await t.database.db.select().from(awards).where(eq(awards.id, awardId));
    expect(stored?.certificateKey).toBe(`certificates/${awardId}/v2-current-d${CERTIFICATE_DRAWING}.pdf`);
  });

  it('stamps an award on hold, cancelled or expired across the page as not valid', async () => {
    const held = await createAward({ status: 'on hold' });
    const response = await get(`/api/award/${held.id}/certificate`, managerJwt);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-award-status']).toBe('on hold');
    expect(await textOfPdf(response.rawPayload)).toContain('ON HOLD - NOT VALID');

    // Released: the next download is the current certificate, without the stamp.
    await t.database.db.update(awards).set({ status: 'current' }).where(eq(awards.id, held.id));
    const released = await get(`/api/award/${held.id}/certificate`, managerJwt);
    expect(await textOfPdf(released.rawPayload)).not.toContain('ON HOLD - NOT VALID');

    await t.database.db.update(awards).set({ status: 'cancelled' }).where(eq(awards.id, held.id));
    expect(await textOfPdf((await get(`/api/award/${held.id}/certificate`, managerJwt)).rawPayload)).toContain('CANCELLED - NOT VALID');

    await t.database.db.update(awards).set({ status: 'current', expiresOn: '2020-01-01' }).where(eq(awards.id, held.id));
    const expired = await get(`/api/award/${held.id}/certificate`, managerJwt);
    expect(expired.headers['x-award-status']).toBe('expired');
    expect(await textOfPdf(expired.rawPayload)).toContain('EXPIRED - NOT VALID');
  });

  it('refuses another applicant (404), staff outside the program (403) and an unknown award (404)', async () => {
    const other = await createUser(t.database.db, { role: ROLES.Applicant });
    expect((await get(`/api/award/${awardId}/certificate`, (await signIn(t.app, other)).jwt)).statusCode).toBe(404);
    const outsider = await createStaffOfAnotherProgram(t.database.db);
    expect((await get(`/api/award/${awardId}/certificate`, (await signIn(t.app, outsider)).jwt)).statusCode).toBe(403);
    expect((await get(`/api/award/00000000-0000-4000-8000-000000000000/certificate`, holderJwt)).statusCode).toBe(404);
    expect((await get('/api/award/not-an-id/certificate', managerJwt)).statusCode).toBe(404);
    expect((await get(`/api/award/${awardId}/certificate`, managerJwt)).statusCode).toBe(200);
    // Staff opening a holder's certificate is logged as a read of their personal data (decision 016).
    const logged = await t.database.db.select().from(personalDataAccessLog).where(and(eq(personalDataAccessLog.actorUserId, manager.id), eq(personalDataAccessLog.applicantId, holder.applicantId!)));
    expect(logged.map((row) => row.route)).toContain('GET /api/award/:id/certificate');
  });
});

describe('certificate templates', () => {
  let templateId: string;

  it('refuses applicants and staff without the Libraries menu or an administrator role', async () => {
    const programsOnly = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }))).jwt;
    for (const jwt of [holderJwt, programsOnly]) {
      expect((await get('/api/certificatetemplate', jwt)).statusCode).toBe(403);
      expect((await send('POST', '/api/certificatetemplate', templateRequest(), jwt)).statusCode).toBe(403);
      expect((await send('POST', '/api/certificatetemplate/preview', templateRequest(), jwt)).statusCode).toBe(403);
    }
    expect((await send('POST', '/api/certificatetemplate/generate', { programId }, holderJwt)).statusCode).toBe(403);
    const [templates] = await t.database.db.select({ n: count() }).from(certificateTemplates);
    expect(templates?.n).toBe(0);
  });

  it('creates a template with a PNG background and a signature; the first is the default', async () => {
    const background = await upload(librarianJwt, 'background.png', 'image/png', solidPng(99, 70));
    const signature = await upload(librarianJwt, 'signature.png', 'image/png', solidPng(60, 20));
    const fields = [...DEFAULT_TEMPLATE_FIELDS, { field: 'signature' as const, x: 600, y: 500, fontSize: 10, font: 'Helvetica' as const, align: 'left' as const, width: 120 }];
    const response = await send('POST', '/api/certificatetemplate', templateRequest({ background: { attachmentId: background }, signature: { attachmentId: signature }, fields }), librarianJwt);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    templateId = body.id;
    expect(body).toMatchObject({ title: 'Supervisor certificate', isDefault: true, background: { contentType: 'image/png' }, signature: { contentType: 'image/png' } });
    expect((await get('/api/certificatetemplate', librarianJwt)).json()).toHaveLength(1);
    expect((await get(`/api/certificatetemplate/${templateId}`, librarianJwt)).json().fields).toHaveLength(fields.length);
  });

  it('says what is wrong with a field, a background or a signature (400) and stores nothing', async () => {
    const twice = await send('POST', '/api/certificatetemplate', templateRequest({ title: ' ', fields: [DEFAULT_TEMPLATE_FIELDS[0]!, DEFAULT_TEMPLATE_FIELDS[0]!] }), librarianJwt);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors).toMatchObject({ title: CERTIFICATE_MESSAGES.titleRequired, 'fields.1.field': CERTIFICATE_MESSAGES.fieldTwice('Awarding body name') });

    const twoPages = await upload(librarianJwt, 'two.pdf', 'application/pdf', await pdfOfPages(PageSizes.A4, PageSizes.A4));
    const letter = await upload(librarianJwt, 'letter.pdf', 'application/pdf', await pdfOfPages(PageSizes.Letter));
    const portrait = await upload(librarianJwt, 'portrait.pdf', 'application/pdf', await pdfOfPages(PageSizes.A4));
    const square = await upload(librarianJwt, 'square.png', 'image/png', solidPng(50, 50));
    const gif = await upload(librarianJwt, 'sig.gif', 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    const cases: [Partial<CertificateTemplateRequest>, string, string][] = [
      [{ background: { attachmentId: twoPages } }, 'background', CERTIFICATE_MESSAGES.backgroundPages],
      [{ background: { attachmentId: letter } }, 'background', CERTIFICATE_MESSAGES.backgroundNotA4],
      [{ background: { attachmentId: portrait } }, 'background', CERTIFICATE_MESSAGES.backgroundOrientation('landscape')],
      [{ background: { attachmentId: square } }, 'background', CERTIFICATE_MESSAGES.backgroundShape],
      [{ background: { attachmentId: gif } }, 'background', CERTIFICATE_MESSAGES.backgroundType],
      [{ signature: { attachmentId: gif } }, 'signature', CERTIFICATE_MESSAGES.signatureType],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await send('POST', '/api/certificatetemplate', templateRequest(overrides), librarianJwt);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [field]: message });
    }
    // Someone else's upload is not the caller's to use.
    const managersFile = await upload(managerJwt, 'bg.png', 'image/png', solidPng(99, 70));
    const notMine = await send('POST', '/api/certificatetemplate', templateRequest({ background: { attachmentId: managersFile } }), librarianJwt);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(CERTIFICATE_MESSAGES.uploadNotFound);
    // A portrait A4 PDF is fine for a portrait template.
    const fine = await send('POST', '/api/certificatetemplate/preview', templateRequest({ orientation: 'portrait', fields: [], background: { attachmentId: portrait } }), librarianJwt);
    expect(fine.statusCode).toBe(200);
    const [templates] = await t.database.db.select({ n: count() }).from(certificateTemplates);
    expect(templates?.n).toBe(1);
  });

  it('keeps a PDF background only while the orientation fits it', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage(PageSizes.A4).drawRectangle({ x: 20, y: 20, width: 100, height: 100 });
    const background = await upload(librarianJwt, 'portrait.pdf', 'application/pdf', Buffer.from(await pdf.save()));
    const created = await send('POST', '/api/certificatetemplate', templateRequest({ title: 'Portrait', orientation: 'portrait', fields: [], background: { attachmentId: background } }), librarianJwt);
    expect(created.statusCode).toBe(201);
    expect(created.json().background).toEqual({ contentType: 'application/pdf' });
    const turned = await send('POST', `/api/certificatetemplate/update/${created.json().id}`, templateRequest({ title: 'Portrait', orientation: 'landscape', fields: [] }), librarianJwt);
    expect(turned.statusCode).toBe(400);
    expect(turned.json().fieldErrors).toEqual({ background: CERTIFICATE_MESSAGES.backgroundOrientation('landscape') });
    // Without its background, the template may turn.
    const plain = await send('POST', `/api/certificatetemplate/update/${created.json().id}`, templateRequest({ title: 'Portrait', orientation: 'landscape', fields: [], background: null }), librarianJwt);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ orientation: 'landscape', background: null });
  });

  it('previews a draft with sample values, and a moved field moves in the PDF', async () => {
    const at = (x: number) => ({ templateId, ...templateRequest({ fields: [{ field: 'holderName', x, y: 200, fontSize: 24, font: 'Times-Bold', align: 'left' }] }) });
    const first = await send('POST', '/api/certificatetemplate/preview', at(100), librarianJwt);
    expect(first.statusCode).toBe(200);
    expect(await textOfPdf(first.rawPayload)).toEqual(['Alex Sample']);
    const moved = await send('POST', '/api/certificatetemplate/preview', at(300), librarianJwt);
    // Text is placed by its matrix: x, and y from the bottom (595.28 - 200).
    expect(await contentOf(first.rawPayload)).toMatch(/1 0 0 1 100 395\.28 Tm/);
    expect(await contentOf(moved.rawPayload)).toMatch(/1 0 0 1 300 395\.28 Tm/);
  });

  it('assigns a template to a program (its managers only) and the program’s certificates follow it', async () => {
    const before = (await t.database.db.select().from(awards).where(eq(awards.id, awardId)))[0]!;
    const updated = await send(
      'POST',
      `/api/certificatetemplate/update/${templateId}`,
      templateRequest({ title: 'Supervisor certificate 2', fields: [{ field: 'holderName', x: 421, y: 200, fontSize: 24, font: 'Times-Bold', align: 'center', prefix: 'Awarded to ' }] }),
      librarianJwt,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Supervisor certificate 2', background: { contentType: 'image/png' } });
    // The default template changed: every award of a program without one of its own is out of date.
    const after = (await t.database.db.select().from(awards).where(eq(awards.id, awardId)))[0]!;
    expect(after.certificateVersion).toBe(before.certificateVersion + 1);
    expect(await textOfPdf((await get(`/api/award/${awardId}/certificate`, holderJwt)).rawPayload)).toEqual(['Awarded to Zoë Holder-Smith']);

    const outsider = await createStaffOfAnotherProgram(t.database.db);
    expect((await send('PUT', `/api/certificatetemplate/program/${programId}/template`, { templateId }, (await signIn(t.app, outsider)).jwt)).statusCode).toBe(403);
    expect((await send('PUT', `/api/certificatetemplate/program/${programId}/template`, { templateId }, holderJwt)).statusCode).toBe(403);
    // A template to assign states what ISO/IEC 17024 9.4.8 requires (certificate-requirements.test.ts): the default layout, its number reworded.
    const plainFields = DEFAULT_TEMPLATE_FIELDS.map((field) => (field.field === 'certificateNumber' ? { ...field, font: 'Courier' as const, prefix: 'No. ' } : field));
    const second = await send('POST', '/api/certificatetemplate', templateRequest({ title: 'Plain', fields: plainFields }), managerJwt);
    expect(second.json().isDefault).toBe(false);
    const assigned = await send('PUT', `/api/certificatetemplate/program/${programId}/template`, { templateId: second.json().id }, managerJwt);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().programs).toEqual([expect.objectContaining({ id: programId })]);
    expect(await textOfPdf((await get(`/api/award/${awardId}/certificate`, holderJwt)).rawPayload)).toContain(`No. ${certificateNumber}`);
    const programs = (await get('/api/certificatetemplate/programs', managerJwt)).json();
    expect(programs).toContainEqual(expect.objectContaining({ id: programId, templateId: second.json().id }));
  });

  it('generates a program’s certificates in batches, and listed awards with a result each', async () => {
    const extra = await createAward();
    const run = await send('POST', '/api/certificatetemplate/generate', { programId }, managerJwt);
    expect(run.statusCode).toBe(200);
    const body = run.json();
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.next).toBeNull();
    expect(body.results).toContainEqual({ awardId: extra.id, certificateNumber: extra.certificateNumber, ok: true, message: CERTIFICATE_MESSAGES.generated });
    const [stored] = await t.database.db.select().from(awards).where(eq(awards.id, extra.id));
    expect(stored?.certificateGeneratedVersion).toBe(stored?.certificateVersion);

    const unknown = '00000000-0000-4000-8000-000000000000';
    const listed = await send('POST', '/api/certificatetemplate/generate', { awardIds: [extra.id, unknown] }, managerJwt);
    expect(listed.json().results).toEqual([
      expect.objectContaining({ awardId: extra.id, ok: true }),
      { awardId: unknown, certificateNumber: null, ok: false, message: CERTIFICATE_MESSAGES.awardNotFound },
    ]);
    const outsider = (await signIn(t.app, await createStaffOfAnotherProgram(t.database.db))).jwt;
    expect((await send('POST', '/api/certificatetemplate/generate', { programId }, outsider)).statusCode).toBe(403);
    expect((await send('POST', '/api/certificatetemplate/generate', { awardIds: [extra.id] }, outsider)).json().results[0]).toMatchObject({ ok: false, message: CERTIFICATE_MESSAGES.forbidden });
    // More awards than one batch: the client follows `next` until it is null.
    for (let i = 0; i < 25; i += 1) await createAward();
    const seen: string[] = [];
    let after: string | undefined;
    let total = 0;
    do {
      const batch = (await send('POST', '/api/certificatetemplate/generate', { programId, after }, managerJwt)).json();
      expect(batch.results.length).toBeLessThanOrEqual(25);
      seen.push(...batch.results.map((result: { awardId: string }) => result.awardId));
      total = batch.total;
      after = batch.next ?? undefined;
    } while (after);
    expect(new Set(seen).size).toBe(total);
    expect(total).toBeGreaterThan(25);
    const neither = await send('POST', '/api/certificatetemplate/generate', {}, managerJwt);
    expect(neither.statusCode).toBe(400);
  });
});
