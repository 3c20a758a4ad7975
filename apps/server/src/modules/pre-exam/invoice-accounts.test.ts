import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { MailCatcher } from '../../../test/mail-catcher';
import { bearer, signIn } from '../../../test/sign-in';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/application';
import { invoiceCounters, invoices, payments } from '../../db/schema/payment';
import { programModules } from '../../db/schema/program';
import { textOfPdf } from './pdf-text';

/**
 * Invoices per account (issue 40): the account that owns the application's program issues its
 * invoice, with its own name and tax identifiers, GST rate, currency and number series.
 */
const PUBLIC_URL = 'http://localhost:3000';
const AU_ABN = '98 765 432 109';
const NZBN = '9429041234563';
const NZ_GST_NUMBER = '49-091-850';
const catcher = new MailCatcher();
let t: TestApp;
let db: Database;

interface Body {
  account: { id: string; name: string };
  manager: CreatedUser;
  jwt: string;
  programId: string;
  moduleId: string;
}
let au: Body;
let nz: Body;
/** A second New Zealand body whose prefix is INV too, like the first account's. */
let nzSamePrefix: Body;
let applicant: CreatedUser;
let applicantJwt: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

/** A body with an administrator (Programs and Reports) and a published Qualification program with one module of NZ$/A$ 1,280.00. */
async function bodyOf(account: { id: string; name: string }): Promise<Body> {
  const manager = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Reports'], accountId: account.id });
  const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, accountId: account.id });
  await completeProgram(db, program.id, 1, manager.id);
  await db.update(programModules).set({ memberFeeCents: 128000, nonMemberFeeCents: 128000 }).where(eq(programModules.programId, program.id));
  const [module] = await db.select().from(programModules).where(eq(programModules.programId, program.id));
  return { account, manager, jwt: (await signIn(t.app, manager)).jwt, programId: program.id, moduleId: module!.id };
}

async function acceptedApplication(body: Body): Promise<{ id: string; applicationNumber: string }> {
  const [row] = await db
    .insert(applications)
    .values({
      applicationNumber: `Q-2026-A${randomBytes(4).toString('hex').toUpperCase()}`,
      applicantId: applicant.applicantId!,
      programId: body.programId,
      programType: 1,
      status: 'Assessment Completed',
      declarationAccepted: true,
      submittedOn: new Date(),
      assessmentRound: 1,
    })
    .returning({ id: applications.id, applicationNumber: applications.applicationNumber });
  return row!;
}

const submit = (body: Body, applicationId: string, jwt = body.jwt) =>
  post(`/api/qualificationapplicationmodule/${applicationId}/preexam/submit`, { modules: [{ programModuleId: body.moduleId, choice: 'required' }] }, jwt);

async function issued(body: Body) {
  const application = await acceptedApplication(body);
  const response = await submit(body, application.id);
  expect(response.statusCode, response.body).toBe(200);
  return { application, invoice: response.json().invoice, payment: response.json().payment as { trackerId: string } };
}

beforeAll(async () => {
  const smtpUrl = await catcher.start();
  t = await buildTestApp({ SMTP_URL: smtpUrl, PUBLIC_URL, AWARDING_BODY_ABN: AU_ABN, AWARDING_BODY_NAME: 'Welding Board of Australia' });
  db = t.database.db;
  applicant = await createUser(db, { role: ROLES.Applicant, firstName: 'Kiri', lastName: 'Tane' });
  applicantJwt = (await signIn(t.app, applicant)).jwt;
  au = await bodyOf({ id: FIRST_ACCOUNT_ID, name: 'Welding Board of Australia' });
  nz = await bodyOf(await createAccount(db, { name: 'Welding Certification New Zealand', invoicePrefix: 'NZWB' }));
  nzSamePrefix = await bodyOf(await createAccount(db, { name: 'Southern Welding Trust', invoicePrefix: 'INV' }));
});
afterAll(async () => {
  await t?.close();
  await catcher.stop();
});

describe('a New Zealand program', () => {
  let first: Awaited<ReturnType<typeof issued>>;

  it('is priced before issue at 15 % GST in NZD', async () => {
    const application = await acceptedApplication(nz);
    const view = (await get(`/api/qualificationapplicationmodule/${application.id}/preexam`, nz.jwt)).json();
    expect(view).toMatchObject({ gstRateBasisPoints: 1500, currency: 'NZD', invoice: null });
  });

  it('is invoiced by the NZ body: its name, NZBN and GST number, 15 % GST contained, NZD, its own series from 1 with its prefix', async () => {
    first = await issued(nz);
    expect(first.invoice).toMatchObject({
      invoiceNumber: 1,
      invoiceNumberText: 'NZWB-000001',
      issuer: {
        name: 'Welding Certification New Zealand',
        country: 'NZ',
        nzbn: NZBN,
        gstNumber: NZ_GST_NUMBER,
        address: '1 Queen Street, Auckland 1010, New Zealand',
        taxIdentifiers: [
          { label: 'NZBN', value: NZBN },
          { label: 'GST No.', value: NZ_GST_NUMBER },
        ],
      },
      totalCents: 128000,
      gstRateBasisPoints: 1500,
      // 15 % contained in NZ$1,280.00: 1,280 x 15 / 115 = 166.96.
      gstCents: 16696,
      currency: 'NZD',
    });
    const [stored] = await db.select().from(invoices).where(eq(invoices.id, first.invoice.id));
    expect(stored?.accountId).toBe(nz.account.id);
    const [payment] = await db.select().from(payments).where(eq(payments.invoiceId, first.invoice.id));
    expect(payment).toMatchObject({ amountCents: 128000, currency: 'NZD' });
    expect(await db.select().from(invoiceCounters).where(eq(invoiceCounters.series, `INV:${nz.account.id}`))).toEqual([{ series: `INV:${nz.account.id}`, lastNumber: 1 }]);

    const second = await issued(nz);
    expect(second.invoice.invoiceNumberText).toBe('NZWB-000002');
  });

  it('mails the invoice with the NZ body, NZBN and GST number, NZ$ amounts and 15 % GST', async () => {
    const mail = await catcher.waitFor(applicant.email, new RegExp(`^Application ${first.application.applicationNumber}: invoice NZWB-000001 and payment link$`));
    for (const text of [`issued by Welding Certification New Zealand (NZBN ${NZBN}, GST No. ${NZ_GST_NUMBER})`, 'Total (incl. GST): NZ$1,280.00', 'GST included (15%): NZ$166.96']) {
      expect(mail.text).toContain(text);
    }
    expect(mail.text).not.toContain('ABN');
    // Sent by the body itself: its name as the From name and as the mail's last line (decision 033).
    expect(mail.raw).toMatch(/^From: Welding Certification New Zealand </m);
  });

  it('prints the PDF with the NZ body, NZBN and GST number, NZD and 15 % GST', async () => {
    const response = await get(`/api/invoice/${first.invoice.id}/pdf`, applicantJwt);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="NZWB-000001.pdf"');
    const text = await textOfPdf(new Uint8Array(response.rawPayload));
    expect(text).toEqual(
      expect.arrayContaining(['NZWB-000001', 'Welding Certification New Zealand', `NZBN ${NZBN} · GST No. ${NZ_GST_NUMBER}`, 'Amount (NZD)', 'NZ$1,280.00', 'GST included (15%)', 'NZ$166.96']),
    );
    expect(text.some((line) => line.startsWith('ABN'))).toBe(false);
  });

  it("shows the payment with the NZ invoice's number and currency on the pay page", async () => {
    const tracker = (await get(`/api/paymentgateway/payment/${first.payment.trackerId}/trackerdata`, applicantJwt)).json();
    expect(tracker).toMatchObject({ invoiceNumber: 'NZWB-000001', amountCents: 128000, currency: 'NZD' });
  });

  it("finds the payment in the advanced search under the NZ invoice's own number", async () => {
    const found = await post('/api/advancesearch', { page: 1, pageSize: 50, filters: { entity: 'payments' } }, nz.jwt);
    expect(found.statusCode, found.body).toBe(200);
    const references = (found.json().rows as { reference: string }[]).map((row) => row.reference);
    expect(references.some((reference) => reference.startsWith('NZWB-000001 '))).toBe(true);
    expect(references.some((reference) => reference.startsWith('INV-'))).toBe(false);
  });
});

describe('an Australian program', () => {
  it('is invoiced as before: INV numbers, the ABN, 10 % GST, AUD and $ amounts', async () => {
    const { application, invoice } = await issued(au);
    expect(invoice.invoiceNumberText).toMatch(/^INV-\d{6}$/);
    expect(invoice).toMatchObject({
      issuer: { name: 'Welding Board of Australia', country: 'AU', abn: AU_ABN, taxIdentifiers: [{ label: 'ABN', value: AU_ABN }] },
      gstRateBasisPoints: 1000,
      gstCents: 11636,
      currency: 'AUD',
    });
    const [stored] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored?.accountId).toBe(FIRST_ACCOUNT_ID);
    const [counter] = await db.select().from(invoiceCounters).where(eq(invoiceCounters.series, 'INV'));
    expect(counter?.lastNumber).toBe(invoice.invoiceNumber);
    const mail = await catcher.waitFor(applicant.email, new RegExp(`^Application ${application.applicationNumber}: invoice ${invoice.invoiceNumberText} and payment link$`));
    for (const text of [`issued by Welding Board of Australia (ABN ${AU_ABN})`, 'Total (incl. GST): $1,280.00', 'GST included (10%): $116.36']) expect(mail.text).toContain(text);
    expect(mail.text).not.toContain('NZ$');
    const pdf = await textOfPdf(new Uint8Array((await get(`/api/invoice/${invoice.id}/pdf`, applicantJwt)).rawPayload));
    expect(pdf).toEqual(expect.arrayContaining([`ABN ${AU_ABN}`, 'Amount (AUD)', '$1,280.00', 'GST included (10%)']));
  });
});

describe('two accounts issuing at once', () => {
  it('number each series without gaps, and equal numbers of two accounts never collide', async () => {
    const auBefore = (await db.select().from(invoiceCounters).where(eq(invoiceCounters.series, 'INV')))[0]?.lastNumber ?? 0;
    const auApplications = await Promise.all(Array.from({ length: 4 }, () => acceptedApplication(au)));
    const sameApplications = await Promise.all(Array.from({ length: 4 }, () => acceptedApplication(nzSamePrefix)));
    const responses = await Promise.all([...auApplications.map((a) => submit(au, a.id)), ...sameApplications.map((a) => submit(nzSamePrefix, a.id))]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const numbers = responses.map((r) => r.json().invoice.invoiceNumber as number);
    expect(numbers.slice(0, 4).sort((a, b) => a - b)).toEqual([1, 2, 3, 4].map((n) => auBefore + n));
    expect(numbers.slice(4).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    // The second NZ body prints INV like the first account: INV-000001 exists twice, once per account.
    const sameFirst = responses.slice(4).find((r) => r.json().invoice.invoiceNumber === 1)!.json().invoice;
    expect(sameFirst).toMatchObject({ invoiceNumberText: 'INV-000001', issuer: { name: 'Southern Welding Trust', country: 'NZ' }, currency: 'NZD' });
    const numberOne = (await db.select({ accountId: invoices.accountId }).from(invoices).where(eq(invoices.invoiceNumber, 1))).map((row) => row.accountId);
    // Number 1 once in each account, the first account's included: never twice in one.
    expect(numberOne.sort()).toEqual([FIRST_ACCOUNT_ID, nz.account.id, nzSamePrefix.account.id].sort());
    // Each account's invoice is its own: read by id, it is the one that account issued.
    expect((await get(`/api/invoice/${sameFirst.id}`, nzSamePrefix.jwt)).json().issuer.name).toBe('Southern Welding Trust');
  });
});

describe("another account's staff", () => {
  it('cannot read, print or issue an invoice of a program of another account, and nothing changes', async () => {
    const { application, invoice } = await issued(au);
    expect((await get(`/api/invoice/${invoice.id}`, nz.jwt)).statusCode).toBe(404);
    expect((await get(`/api/invoice/${invoice.id}/pdf`, nz.jwt)).statusCode).toBe(404);
    expect((await get(`/api/invoice/byapplication/${application.id}`, nz.jwt)).statusCode).toBe(404);

    const waiting = await acceptedApplication(au);
    const refused = await submit(au, waiting.id, nz.jwt);
    expect(refused.statusCode).toBe(404);
    expect(await db.select().from(invoices).where(eq(invoices.applicationId, waiting.id))).toHaveLength(0);
    expect((await db.select().from(applications).where(eq(applications.id, waiting.id)))[0]?.status).toBe('Assessment Completed');
  });

  it("never see another account's payments in the payments report", async () => {
    const rowsFor = async (jwt: string) => (await get('/api/paymentgateway/all/reports?pageSize=250', jwt)).json() as { rows: { invoiceNumber: string; currency: string }[]; totalRows: number };
    const nzReport = await rowsFor(nz.jwt);
    expect(nzReport.rows.length).toBeGreaterThan(0);
    expect(nzReport.rows.every((row) => row.invoiceNumber.startsWith('NZWB-') && row.currency === 'NZD')).toBe(true);
    expect(nzReport.totalRows).toBe(nzReport.rows.length);
    const auReport = await rowsFor(au.jwt);
    expect(auReport.rows.every((row) => row.invoiceNumber.startsWith('INV-') && row.currency === 'AUD')).toBe(true);
    const programsFor = async (jwt: string) => ((await get('/api/paymentgateway/all/reports/programs', jwt)).json() as { id: string }[]).map((p) => p.id);
    expect(await programsFor(nz.jwt)).toEqual([nz.programId]);
    expect(await programsFor(au.jwt)).not.toContain(nz.programId);
    const csv = (await get('/api/paymentgateway/all/reports/csv', au.jwt)).body;
    expect(csv).not.toContain('NZWB-');
  });
});
