import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { EXPORT_FILES, PRIVACY_MESSAGES } from '@certs/shared/privacy/privacy.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createInvoicedApplication } from '../../../test/factories/invoice.factory';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { APPLICANT_LOGIN, bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { applicantEducation } from '../../db/schema/applicant-profile';
import { applications } from '../../db/schema/application';
import { attachments } from '../../db/schema/attachment';
import { mails } from '../../db/schema/mail';
import { mfaRecoveryCodes, userMfa } from '../../db/schema/user';
import { invoices } from '../../db/schema/payment';
import { LocalStorage } from '../../platform/storage/local-storage';

let t: TestApp;
let storage: LocalStorage;
let programId: string;
let requirementId: string;
let superUser: CreatedUser;
let superJwt: string;
let administratorJwt: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: unknown, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload === undefined ? {} : { payload: payload as object }) });

/** A PDF whose bytes carry a marker, so an archive can be searched for whose file it holds. */
const pdfWith = (marker: string) => Buffer.concat([PDF_BYTES, Buffer.from(`% ${marker}\n`)]);

interface Person {
  user: CreatedUser;
  jwt: string;
  applicationId: string;
  applicationNumber: string;
  resourceKey: string;
  invoicedApplicationNumber: string;
  invoiceNumber: number;
}

/**
 * An applicant with a saved profile, an education entry, a submitted application with an
 * uploaded evidence file (which mails them), and an invoiced application of another program.
 */
async function createPerson(firstName: string, lastName: string, marker: string): Promise<Person> {
  const db = t.database.db;
  const user = await createUser(db, { role: ROLES.Applicant, firstName, lastName });
  const { jwt } = await signIn(t.app, user);
  const profile = {
    firstName,
    lastName,
    dateOfBirth: '1985-04-12',
    phone: '+61 2 9999 0000',
    homeAddress: { streetNumber: '12', streetName: `${lastName} Street`, city: 'Newcastle', state: 'NSW', postalCode: '2300', country: 'Australia' },
  };
  expect((await post('/api/applicant/save', profile, jwt)).statusCode).toBe(200);
  expect((await post('/api/applicantqualification', { course: `Welding for ${firstName}`, institution: 'TAFE NSW', qualificationType: 'Trade Certificate', startDate: '2010-02-01' }, jwt)).statusCode).toBe(201);
  const { saved, resourceKey = '' } = await uploadFile(t.app, jwt, { name: `${marker} logbook.pdf`, contentType: 'application/pdf', body: pdfWith(marker) });
  expect(saved?.statusCode).toBe(200);
  const draft = await post('/api/qualificationapplication/save', { programId, declarationAccepted: true, answers: [{ requirementId, answerText: `Ten years, ${marker}.`, attachmentIds: [saved!.json().id] }] }, jwt);
  expect(draft.statusCode).toBe(200);
  expect((await post(`/api/qualificationapplication/${draft.json().id}/submit`, undefined, jwt)).statusCode).toBe(200);
  const invoiced = await createInvoicedApplication(db, { applicant: user });
  return {
    user,
    jwt,
    applicationId: draft.json().id,
    applicationNumber: draft.json().applicationNumber,
    resourceKey,
    invoicedApplicationNumber: invoiced.applicationNumber,
    invoiceNumber: invoiced.invoiceNumber,
  };
}

beforeAll(async () => {
  storage = new LocalStorage(mkdtempSync(path.join(tmpdir(), 'certs-privacy-files-')), 'privacy-test-storage-secret');
  t = await buildTestApp({}, undefined, undefined, storage);
  const db = t.database.db;
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1 });
  await completeProgram(db, program.id, 1, manager.id);
  programId = program.id;
  superUser = await createUser(db, { role: ROLES.SuperUser });
  superJwt = (await signIn(t.app, superUser)).jwt;
  administratorJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Users', 'Programs'] }))).jwt;
  const anApplicant = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  requirementId = (await get(`/api/program/published/${programId}`, anApplicant)).json().requirements[0].id;
});
afterAll(async () => {
  await t?.close();
});

describe('GET api/privacy/me/export', () => {
  let alice: Person;
  let bob: Person;
  beforeAll(async () => {
    alice = await createPerson('Alice', 'Archer', 'alice-marker');
    bob = await createPerson('Bob', 'Bowman', 'bob-marker');
  });

  it("answers one zip of the applicant's profile, lists, applications, invoices, mail and files, and nothing of another applicant", async () => {
    const response = await get('/api/privacy/me/export', alice.jwt);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const read = (name: string) => JSON.parse(strFromU8(entries[name]!));
    for (const name of [...Object.values(EXPORT_FILES), 'README.txt']) expect(entries[name], name).toBeDefined();

    const profile = read(EXPORT_FILES.profile);
    expect(profile).toMatchObject({ applicantId: alice.user.applicantId, email: alice.user.email, firstName: 'Alice', lastName: 'Archer', phone: '+61 2 9999 0000', dateOfBirth: '1985-04-12' });
    expect(profile.homeAddress.streetName).toBe('Archer Street');
    expect(profile).not.toHaveProperty('passwordHash');
    expect(read(EXPORT_FILES.education).map((entry: { course: string }) => entry.course)).toEqual(['Welding for Alice']);

    const exported = read(EXPORT_FILES.applications) as { applicationNumber: string; answers: { answerText: string; files: { path: string }[] }[]; history: { toStatus: string }[] }[];
    expect(exported.map((application) => application.applicationNumber).sort()).toEqual([alice.applicationNumber, alice.invoicedApplicationNumber].sort());
    const submitted = exported.find((application) => application.applicationNumber === alice.applicationNumber)!;
    expect(submitted.answers[0]!.answerText).toBe('Ten years, alice-marker.');
    expect(submitted.history.map((entry) => entry.toStatus)).toContain('Application Submitted');
    expect(read(EXPORT_FILES.invoices).map((invoice: { invoiceNumber: number }) => invoice.invoiceNumber)).toEqual([alice.invoiceNumber]);
    expect(read(EXPORT_FILES.mail).some((mail: { subject: string }) => mail.subject.includes(alice.applicationNumber))).toBe(true);

    // The uploaded file's own bytes, under the path the answer and files.json give.
    const [file] = read(EXPORT_FILES.files) as { resourceKey: string; path: string }[];
    expect(file!.resourceKey).toBe(alice.resourceKey);
    expect(submitted.answers[0]!.files[0]!.path).toBe(file!.path);
    expect(Buffer.from(entries[file!.path]!).equals(pdfWith('alice-marker'))).toBe(true);

    // Nothing of Bob's anywhere in the archive.
    const everything = Object.values(entries).map((bytes) => Buffer.from(bytes).toString('latin1')).join('\n');
    for (const trace of [bob.user.email, bob.user.applicantId!, bob.applicationNumber, bob.invoicedApplicationNumber, bob.resourceKey, 'bob-marker', 'Bowman']) {
      expect(everything).not.toContain(trace);
    }
  });

  it('is for applicants only: staff get 403, no token 401', async () => {
    expect((await get('/api/privacy/me/export', superJwt)).statusCode).toBe(403);
    expect((await get('/api/privacy/me/export', administratorJwt)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/me/export' })).statusCode).toBe(401);
  });
});

describe('deletion requests', () => {
  let dana: Person;
  let requestId: string;
  beforeAll(async () => {
    dana = await createPerson('Dana', 'Delacroix', 'dana-marker');
  });

  it('records one open request per applicant: a second answers 409; a reason over 1000 characters 400', async () => {
    const tooLong = await post('/api/privacy/me/deletion-request', { reason: 'x'.repeat(1001) }, dana.jwt);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(PRIVACY_MESSAGES.reasonMax);
    const first = await post('/api/privacy/me/deletion-request', { reason: 'I have left the industry.' }, dana.jwt);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ applicantId: dana.user.applicantId, applicantName: 'Dana Delacroix', reason: 'I have left the industry.', status: 'requested', completedOn: null });
    requestId = first.json().id;
    const second = await post('/api/privacy/me/deletion-request', undefined, dana.jwt);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PRIVACY_MESSAGES.openRequestExists);
  });

  it('are listed and completed by super users and account administrators; applicants get 403', async () => {
    expect((await get('/api/privacy/deletion-requests', dana.jwt)).statusCode).toBe(403);
    expect((await post(`/api/privacy/deletion-requests/${requestId}/complete`, undefined, dana.jwt)).statusCode).toBe(403);
    const list = await get('/api/privacy/deletion-requests?status=requested&page=1&pageSize=10', administratorJwt);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, pageSize: 10, totalRows: 1 });
    expect(list.json().rows[0]).toMatchObject({ id: requestId, applicantEmail: dana.user.email, status: 'requested' });
    expect((await get('/api/privacy/deletion-requests', superJwt)).statusCode).toBe(200);
    expect((await post('/api/privacy/deletion-requests/00000000-0000-4000-8000-000000000000/complete', undefined, superJwt)).statusCode).toBe(404);
  });

  it('completing one anonymises the applicant and ends their sign-in, keeping the application numbers and the invoice', async () => {
    const db = t.database.db;
    const applicantId = dana.user.applicantId!;
    // A second factor the applicant had turned on (its secret is personal data too).
    await db.insert(userMfa).values({ userId: dana.user.id, secretEncrypted: 'sealed-secret', enabledOn: new Date() });
    await db.insert(mfaRecoveryCodes).values({ userId: dana.user.id, codeHash: 'hash-of-a-code' });
    const completed = await post(`/api/privacy/deletion-requests/${requestId}/complete`, undefined, administratorJwt);
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ id: requestId, status: 'completed', applicantEmail: `deleted-${applicantId}@deleted.invalid`, applicantName: 'Deleted Applicant' });
    expect(completed.json().completedOn).not.toBeNull();
    expect((await post(`/api/privacy/deletion-requests/${requestId}/complete`, undefined, superJwt)).statusCode).toBe(409);

    // Name, email, phone, address, date of birth and the profile lists are gone.
    const profile = (await get(`/api/applicant/${applicantId}`, superJwt)).json();
    expect(profile).toMatchObject({ email: `deleted-${applicantId}@deleted.invalid`, firstName: 'Deleted', lastName: 'Applicant', phone: '', dateOfBirth: null, active: false });
    expect(JSON.stringify(profile)).not.toMatch(/Dana|Delacroix|9999/);
    expect(await db.select().from(applicantEducation).where(eq(applicantEducation.applicantId, applicantId))).toEqual([]);
    expect(await db.select().from(userMfa).where(eq(userMfa.userId, dana.user.id))).toEqual([]);
    expect(await db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, dana.user.id))).toEqual([]);

    // The session ended and neither the old nor the new email signs in.
    expect((await get('/api/users/me', dana.jwt)).statusCode).toBe(401);
    for (const identifier of [dana.user.email, `deleted-${applicantId}@deleted.invalid`]) {
      expect((await t.app.inject({ method: 'POST', url: APPLICANT_LOGIN, payload: { identifier, password: dana.user.password } })).statusCode).not.toBe(200);
    }

    // Uploaded files: bytes deleted from storage, rows nameless and never served.
    const files = await db.select().from(attachments).where(eq(attachments.ownerUserId, dana.user.id));
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((file) => file.status === 'removed' && file.name === 'removed')).toBe(true);
    expect(await storage.sizeOf(dana.resourceKey)).toBeNull();
    expect((await get(`/api/attachment/presigned-download/${dana.resourceKey}`, superJwt)).statusCode).toBe(404);

    // Mail keeps its subject (the record that it was sent), not its address or body.
    const sent = await db.select().from(mails).where(eq(mails.toUserId, dana.user.id));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((mail) => mail.toEmail === `deleted-${applicantId}@deleted.invalid` && mail.text === '' && mail.html === '')).toBe(true);

    // Application numbers and the tax invoice stay, still the applicant's.
    const kept = await db.select({ applicationNumber: applications.applicationNumber }).from(applications).where(eq(applications.applicantId, applicantId));
    expect(kept.map((row) => row.applicationNumber).sort()).toEqual([dana.applicationNumber, dana.invoicedApplicationNumber].sort());
    const [invoice] = await db.select().from(invoices).where(eq(invoices.invoiceNumber, dana.invoiceNumber));
    expect(invoice?.status).toBe('Issued');

    // The list keeps the completed request, under the anonymised name.
    const list = (await get('/api/privacy/deletion-requests?status=completed', superJwt)).json();
    expect(list.rows.map((row: { id: string }) => row.id)).toContain(requestId);
  });
});

describe('staff access log', () => {
  let carl: Person;
  const logOf = async (applicantId: string, jwt = superJwt) => get(`/api/privacy/access-log?applicantId=${applicantId}&page=1&pageSize=50`, jwt);
  beforeAll(async () => {
    carl = await createPerson('Carl', 'Carter', 'carl-marker');
  });

  it("a staff read of an applicant's profile writes one row, read by super users; account administrators and applicants get 403", async () => {
    const applicantId = carl.user.applicantId!;
    expect((await logOf(applicantId)).json().totalRows).toBe(0);
    // The applicant's own reads are not logged.
    expect((await get(`/api/applicant/${applicantId}`, carl.jwt)).statusCode).toBe(200);
    expect((await get(`/api/applicant/${applicantId}`, superJwt)).statusCode).toBe(200);
    const log = await logOf(applicantId);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({ page: 1, pageSize: 50, totalRows: 1 });
    expect(log.json().rows[0]).toMatchObject({ applicantId, applicantName: 'Carl Carter', actorUserId: superUser.id, actorEmail: superUser.email, route: 'GET /api/applicant/:id', resource: null });
    expect((await logOf(applicantId, administratorJwt)).statusCode).toBe(403);
    expect((await logOf(applicantId, carl.jwt)).statusCode).toBe(403);
  });

  it("logs staff reads of the profile lists, the applicant's files and the application page, and not the owner's own download", async () => {
    const applicantId = carl.user.applicantId!;
    expect((await get(`/api/applicantqualification/byapplicant/${applicantId}`, administratorJwt)).statusCode).toBe(200);
    expect((await get(`/api/attachment/presigned-download/${carl.resourceKey}`, carl.jwt)).statusCode).toBe(200);
    expect((await get(`/api/attachment/presigned-download/${carl.resourceKey}`, administratorJwt)).statusCode).toBe(200);
    expect((await get(`/api/qualificationapplication/${carl.applicationId}/details`, administratorJwt)).statusCode).toBe(200);
    const rows = (await logOf(applicantId)).json().rows as { route: string; resource: string | null }[];
    expect(rows.map((row) => [row.route, row.resource]).sort()).toEqual(
      [
        ['GET /api/applicant/:id', null],
        ['GET /api/applicantqualification/byapplicant/:id', null],
        ['GET /api/attachment/presigned-download/*', carl.resourceKey],
        ['GET /api/qualificationapplication/:id/details', carl.applicationId],
      ].sort(),
    );
    // Without applicantId, every applicant's rows; a malformed id is a 400.
    expect((await get('/api/privacy/access-log?applicantId=&page=1&pageSize=10', superJwt)).json().totalRows).toBeGreaterThanOrEqual(4);
    expect((await get('/api/privacy/access-log?applicantId=nope', superJwt)).statusCode).toBe(400);
  });

  it('logs nothing when staff read an applicant they may not see', async () => {
    const contributor = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }))).jwt;
    const before = (await logOf(carl.user.applicantId!)).json().totalRows;
    expect((await get(`/api/applicant/${carl.user.applicantId}`, contributor)).statusCode).toBe(403);
    expect((await logOf(carl.user.applicantId!)).json().totalRows).toBe(before);
  });
});

describe("another account's staff (issue 40)", () => {
  it("neither see nor complete a deletion request of the first account's applicant, nor read its staff's access log; a request of an applicant who applied nowhere is every account's", async () => {
    const db = t.database.db;
    const erin = await createPerson('Erin', 'Elsewhere', 'erin-marker');
    const request = (await post('/api/privacy/me/deletion-request', { reason: 'Please forget me.' }, erin.jwt)).json();
    expect((await get(`/api/applicant/${erin.user.applicantId}`, superJwt)).statusCode).toBe(200);
    const nz = await createAccount(db, { name: 'Kiwi Privacy Body' });
    const nzAdminJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Users'], accountId: nz.id }))).jwt;
    const nzSuperJwt = (await signIn(t.app, await createUser(db, { role: ROLES.SuperUser }))).jwt;
    expect((await post('/api/accounts/current', { accountId: nz.id }, nzSuperJwt)).statusCode).toBe(200);

    for (const jwt of [nzAdminJwt, nzSuperJwt]) {
      const list = await get('/api/privacy/deletion-requests?pageSize=250', jwt);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(erin.user.email);
      const refused = await post(`/api/privacy/deletion-requests/${request.id}/complete`, undefined, jwt);
      expect(refused.statusCode).toBe(404);
    }
    // Erin is as she was: her request open, her name and sign-in kept.
    expect((await get(`/api/applicant/${erin.user.applicantId}`, erin.jwt)).json()).toMatchObject({ firstName: 'Erin', lastName: 'Elsewhere', active: true });
    expect((await get('/api/privacy/deletion-requests?status=requested&pageSize=250', administratorJwt)).json().rows).toContainEqual(expect.objectContaining({ id: request.id }));

    const log = await get('/api/privacy/access-log?pageSize=250', nzSuperJwt);
    expect(log.statusCode).toBe(200);
    expect(log.json().totalRows).toBe(0);
    expect((await get(`/api/privacy/access-log?applicantId=${erin.user.applicantId}`, superJwt)).json().totalRows).toBeGreaterThan(0);

    // An applicant who applied nowhere belongs to no account: any account's administrators handle their request.
    const loner = await createUser(db, { role: ROLES.Applicant, firstName: 'Lou', lastName: 'Loner' });
    const lonerRequest = (await post('/api/privacy/me/deletion-request', { reason: 'Never applied.' }, (await signIn(t.app, loner)).jwt)).json();
    expect((await get('/api/privacy/deletion-requests?pageSize=250', nzAdminJwt)).json().rows).toContainEqual(expect.objectContaining({ id: lonerRequest.id, applicantEmail: loner.email }));
  });
});

describe('staff access log: filters', () => {
  let dora: Person;
  let ed: Person;
  let auditor: CreatedUser;
  let auditorJwt: string;
  const page = async (query: string) => {
    const response = await get(`/api/privacy/access-log?page=1&pageSize=50&${query}`, superJwt);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { totalRows: number; rows: { applicantName: string; actorUserId: string; actorName: string }[] };
  };
  const sydneyDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });

  beforeAll(async () => {
    dora = await createPerson('Dora', 'Delaney', 'dora-marker');
    ed = await createPerson('Ed', 'Engel', 'ed-marker');
    auditor = await createUser(t.database.db, { role: ROLES.AccountAdministrator, firstName: 'Orla', lastName: 'Overseer', email: `orla.${Date.now()}@example.test`, menuItems: ['Users', 'Programs'] });
    auditorJwt = (await signIn(t.app, auditor)).jwt;
    // Orla reads Dora's profile twice and Ed's once; the super user reads Ed's.
    expect((await get(`/api/applicant/${dora.user.applicantId}`, auditorJwt)).statusCode).toBe(200);
    expect((await get(`/api/applicant/profiledetails/${dora.user.applicantId}`, auditorJwt)).statusCode).toBe(200);
    expect((await get(`/api/applicant/${ed.user.applicantId}`, auditorJwt)).statusCode).toBe(200);
    expect((await get(`/api/applicant/${ed.user.applicantId}`, superJwt)).statusCode).toBe(200);
  });

  it('filters by a part of the staff member’s name or email, or by their id', async () => {
    const byName = await page('staff=oRLA%20over');
    expect(byName.totalRows).toBe(3);
    expect(new Set(byName.rows.map((row) => row.actorName))).toEqual(new Set(['Orla Overseer']));
    expect((await page(`staff=${encodeURIComponent(auditor.email.slice(0, 10))}`)).totalRows).toBe(3);
    expect((await page(`actorUserId=${auditor.id}`)).totalRows).toBe(3);
    // LIKE's wildcards are taken as text.
    expect((await page('staff=%25')).totalRows).toBe(0);
  });

  it('filters by a part of the applicant’s name or email, and combines filters', async () => {
    const dorasReads = await page('applicant=dora%20del');
    expect(dorasReads.totalRows).toBe(2);
    expect(new Set(dorasReads.rows.map((row) => row.applicantName))).toEqual(new Set(['Dora Delaney']));
    expect((await page(`applicant=Engel&staff=Overseer`)).totalRows).toBe(1);
    expect((await page(`applicantId=${ed.user.applicantId}&actorUserId=${superUser.id}`)).totalRows).toBe(1);
  });

  it('filters by days in Sydney, both ends included', async () => {
    const today = sydneyDay(0);
    expect((await page(`staff=Overseer&from=${today}&to=${today}`)).totalRows).toBe(3);
    expect((await page(`staff=Overseer&from=${sydneyDay(1)}`)).totalRows).toBe(0);
    expect((await page(`staff=Overseer&to=${sydneyDay(-1)}`)).totalRows).toBe(0);
    expect((await page(`staff=Overseer&from=&to=`)).totalRows).toBe(3);
  });

  it('refuses malformed filters with a clear 400', async () => {
    const bad = async (query: string, message: string) => {
      const response = await get(`/api/privacy/access-log?${query}`, superJwt);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    };
    await bad('actorUserId=nope', PRIVACY_MESSAGES.invalidStaffId);
    await bad('from=2026-02-30', PRIVACY_MESSAGES.invalidDate);
    await bad('to=yesterday', PRIVACY_MESSAGES.invalidDate);
    await bad('from=2026-03-02&to=2026-03-01', PRIVACY_MESSAGES.dateRange);
    await bad(`staff=${'x'.repeat(201)}`, PRIVACY_MESSAGES.searchMax);
  });

  it('stays for super users only, whatever the filters', async () => {
    expect((await get(`/api/privacy/access-log?staff=Overseer`, auditorJwt)).statusCode).toBe(403);
    expect((await get(`/api/privacy/access-log?applicant=Dora`, dora.jwt)).statusCode).toBe(403);
  });
});
