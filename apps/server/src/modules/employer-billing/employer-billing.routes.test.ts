import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { EMPLOYER_BILLING_MESSAGES, type CompanyInvoice, type Nomination, type NominationPerson } from '@certs/shared/employer/employer-billing.contract';
import { PAYMENT_MESSAGES } from '@certs/shared/payment/payment.contract';
import { createInvoicedApplication } from '../../../test/factories/invoice.factory';
import { buildPaymentTestApp, type PaymentTestApp } from '../../../test/factories/payment.factory';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationHistory, applications } from '../../db/schema/application';
import { companies } from '../../db/schema/company';
import { companySponsorships } from '../../db/schema/company-sponsorship';
import { mails } from '../../db/schema/mail';
import { invoices } from '../../db/schema/payment';
import { programModules } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { textOfPdf } from '../pre-exam/pdf-text';

/**
 * A company pays for its people (issue 42): the coordinator nominates one of the company's
 * approved employees for a published program; the person completes and submits the draft; staff
 * issue the invoice, which goes to the company (its ABN, the purchase order, the billing contact);
 * the coordinator pays it online through the test gateway, or staff record a bank transfer. The
 * company sees only what it pays for, and nothing of another company.
 */

const PUBLIC_URL = 'http://localhost:3000';
const ABN = '51824753556';
const run = Date.now().toString(36);
let t: PaymentTestApp;
let manager: CreatedUser;
let managerJwt: string;
let programId: string;
let programCode: string;
let moduleId: string;
let companyId: string;
let companyName: string;
let coordinatorJwt: string;
let viewerJwt: string;
let otherCoordinatorJwt: string;
let otherCompanyId: string;

const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });
const email = (name: string) => `${name}.${run}@billing.test`;

/** An applicant whose claim on the company is in this state (approved: one of the company's people). */
async function employee(firstName: string, onCompany: string, claim: 'approved' | 'pending' | 'declined' = 'approved'): Promise<CreatedUser & { jwt: string }> {
  const user = await createUser(t.database.db, { role: ROLES.Applicant, firstName, lastName: `Welder${run}`, email: email(firstName.toLowerCase()) });
  await t.database.db.update(applicants).set({ employerCompanyId: onCompany, employerClaimStatus: claim }).where(eq(applicants.id, user.applicantId!));
  return { ...user, jwt: (await signIn(t.app, user)).jwt };
}

function nominationOf(applicantId: string, overrides: Record<string, unknown> = {}) {
  return { applicantId, programId, purchaseOrderNumber: 'PO-7731', billingContactName: 'Bella Accounts', billingContactEmail: email('accounts'), ...overrides };
}

async function nominate(applicantId: string, overrides: Record<string, unknown> = {}): Promise<Nomination> {
  const response = await send('POST', '/api/employer/nominations', coordinatorJwt, nominationOf(applicantId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Nomination>();
}

/** The person completes the draft the company started (the one requirement, the declaration) and submits it. */
async function completeAndSubmit(person: { jwt: string; applicantId: string | null }, applicationId: string) {
  const current = await send('GET', `/api/qualificationapplication/currentapplication/${programId}/${person.applicantId}`, person.jwt);
  expect(current.statusCode, current.body).toBe(200);
  const draft = current.json().application;
  expect(draft).toMatchObject({ id: applicationId, status: 'Application Started' });
  const saved = await send('POST', '/api/qualificationapplication/save', person.jwt, {
    programId,
    declarationAccepted: true,
    answers: draft.answers.map((answer: { requirementId: string }) => ({ requirementId: answer.requirementId, answerText: 'Six years of structural welding', attachmentIds: [] })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().id).toBe(applicationId);
  const submitted = await send('POST', `/api/qualificationapplication/${applicationId}/submit`, person.jwt);
  expect(submitted.statusCode, submitted.body).toBe(200);
  expect(submitted.json().status).toBe('Application Submitted');
}

/** Staff accept it (the assessment stages have their own tests) and issue the invoice at the pre-exam stage. */
async function issueInvoice(applicationId: string) {
  await t.database.db.update(applications).set({ status: 'Assessment Completed', assessmentRound: 1 }).where(eq(applications.id, applicationId));
  const issued = await send('POST', `/api/qualificationapplicationmodule/${applicationId}/preexam/submit`, managerJwt, { modules: [{ programModuleId: moduleId, choice: 'required' }] });
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json().invoice as { id: string; invoiceNumberText: string; totalCents: number; gstCents: number; billedTo: Record<string, unknown> };
}

async function sponsoredAndInvoiced(firstName: string) {
  const person = await employee(firstName, companyId);
  const nomination = await nominate(person.applicantId!);
  await completeAndSubmit(person, nomination.applicationId);
  const invoice = await issueInvoice(nomination.applicationId);
  return { person, nomination, invoice };
}

async function mailsTo(address: string, subject: string) {
  return t.database.db
    .select()
    .from(mails)
    .where(and(eq(mails.toEmail, address), like(mails.subject, `${subject}%`)));
}

async function invoiceList(jwt: string): Promise<CompanyInvoice[]> {
  const response = await send('GET', '/api/employer/invoices', jwt);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CompanyInvoice[]>();
}

/**
 * The person's own application (not nominated) with its own invoice, written directly; the
 * invoice series moves past its number so the pre-exam stage's next invoice does not take it.
 */
async function ownInvoicedApplication(applicant: CreatedUser, onProgram?: { programId: string; programCode: string }) {
  const own = await createInvoicedApplication(t.database.db, { manager, applicant, ...onProgram });
  await t.database.db.execute(
    sql`insert into invoice_counters (series, last_number) values ('INV', ${own.invoiceNumber}) on conflict (series) do update set last_number = greatest(invoice_counters.last_number, ${own.invoiceNumber})`,
  );
  return own;
}

async function sponsorshipCount(): Promise<number> {
  return (await t.database.db.select().from(companySponsorships)).length;
}

beforeAll(async () => {
  t = await buildPaymentTestApp({ PUBLIC_URL });
  const db = t.database.db;
  manager = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Reports'], firstName: 'Mia', lastName: 'Manager' });
  managerJwt = (await signIn(t.app, manager)).jwt;
  const program = await createProgram(db, { programManagerId: manager.id, programType: 1, status: 2, programTitle: 'Welding Supervisor' });
  await completeProgram(db, program.id, 1, manager.id);
  programId = program.id;
  programCode = program.programCode;
  moduleId = (await db.select({ id: programModules.id }).from(programModules).where(eq(programModules.programId, programId)))[0]!.id;

  companyName = `Illawarra Fabrication ${run}`;
  const [company] = await db
    .insert(companies)
    .values({ name: companyName, businessNumberKind: 'ABN', businessNumber: ABN, streetAddress: '12 Port Road', city: 'Wollongong', state: 'NSW', postalCode: '2500', contactEmail: email('company') })
    .returning({ id: companies.id });
  companyId = company!.id;
  const coordinator = await createUser(db, { role: ROLES.CompanyCoordinator, companyId, firstName: 'Cora', lastName: 'Ordinator' });
  const viewer = await createUser(db, { role: ROLES.CompanyViewer, companyId });
  const otherCoordinator = await createUser(db, { role: ROLES.CompanyCoordinator });
  otherCompanyId = otherCoordinator.companyId!;
  [coordinatorJwt, viewerJwt, otherCoordinatorJwt] = (await Promise.all([coordinator, viewer, otherCoordinator].map((user) => signIn(t.app, user)))).map((session) => session.jwt) as [string, string, string];
});
afterAll(async () => {
  await t?.close();
});

describe('a company pays for its people', () => {
  it('nominates one of its people, who completes and submits the draft; the invoice is issued to the company, and the coordinator pays it online', async () => {
    const person = await employee('Dana', companyId);
    const nomination = await nominate(person.applicantId!);
    expect(nomination).toMatchObject({
      applicantId: person.applicantId,
      personName: `Dana Welder${run}`,
      programId,
      programCode,
      status: 'Application Started',
      purchaseOrderNumber: 'PO-7731',
      billingContactName: 'Bella Accounts',
      nominatedBy: 'Cora Ordinator',
      invoice: null,
    });
    expect(nomination.applicationNumber).toMatch(/^Q-\d{4}-\d{5}$/);
    const [mail] = await mailsTo(person.email, `${companyName} nominated you`);
    expect(mail?.text).toContain(`We have started application ${nomination.applicationNumber} for you`);
    expect(mail?.links[0]?.url).toBe(`${PUBLIC_URL}/student/applications/qualificationapplication/${nomination.applicationId}`);
    // The person's own list shows the draft as theirs.
    const mine = (await send('GET', '/api/applicant/applications', person.jwt)).json();
    expect(mine.rows.map((row: { id: string; status: string }) => [row.id, row.status])).toEqual([[nomination.applicationId, 'Application Started']]);

    await completeAndSubmit(person, nomination.applicationId);
    expect((await send('GET', '/api/employer/nominations', viewerJwt)).json<Nomination[]>()[0]).toMatchObject({ applicationId: nomination.applicationId, status: 'Application Submitted' });

    const invoice = await issueInvoice(nomination.applicationId);
    expect(invoice.billedTo).toMatchObject({
      name: companyName,
      email: email('accounts'),
      address: '12 Port Road, Wollongong NSW 2500, Australia',
      company: { companyId, businessNumberKind: 'ABN', businessNumber: ABN, purchaseOrderNumber: 'PO-7731', contactName: 'Bella Accounts', candidateName: `Dana Welder${run}` },
    });
    const pdf = await send('GET', `/api/employer/invoices/${invoice.id}/pdf`, viewerJwt);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await textOfPdf(pdf.rawPayload);
    expect(text).toEqual(expect.arrayContaining(['Tax invoice', companyName, 'ABN 51 824 753 556', 'Attention: Bella Accounts', 'Purchase order PO-7731', `Candidate: Dana Welder${run}`]));
    // The billing contact has the invoice; the person is told the company pays.
    expect(await mailsTo(email('accounts'), `Tax invoice ${invoice.invoiceNumberText}`)).toHaveLength(1);
    const [told] = await mailsTo(person.email, `Application ${nomination.applicationNumber}: invoice ${invoice.invoiceNumberText} issued to ${companyName}`);
    expect(told?.text).toContain('there is nothing for you to pay');

    const [listed] = await invoiceList(viewerJwt);
    expect(listed).toMatchObject({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumberText,
      applicationNumber: nomination.applicationNumber,
      personName: `Dana Welder${run}`,
      programCode,
      purchaseOrderNumber: 'PO-7731',
      totalCents: 20000,
      gstCents: invoice.gstCents,
      status: 'Unpaid',
      paidOn: null,
      paymentStatus: 'Requested',
    });
    expect(listed!.dueOn).not.toBeNull();

    // The person is not asked to pay: the pay page says the company pays, and paying is refused.
    const [payment] = (await send('GET', `/api/paymentgateway/payment/byapplication/${nomination.applicationId}`, person.jwt)).json();
    const tracker = (await send('GET', `/api/paymentgateway/payment/${payment.trackerId}/trackerdata`, person.jwt)).json();
    expect(tracker).toMatchObject({ canPay: false, paidByCompany: companyName });
    const refused = await send('POST', `/api/paymentgateway/request/${payment.trackerId}`, person.jwt);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.paidByCompany(companyName));

    // The coordinator pays on the test gateway, and comes back to the company's Invoices page.
    const started = await send('POST', `/api/employer/invoices/${invoice.id}/pay`, coordinatorJwt);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().status).toBe('Pending');
    const redirect = new URL(started.json().redirectUrl);
    const sessionId = redirect.pathname.split('/').pop()!;
    const token = redirect.searchParams.get('token')!;
    const session = await t.app.inject({ method: 'GET', url: `/unauth/testgateway/session/${sessionId}?token=${encodeURIComponent(token)}` });
    expect(session.json()).toMatchObject({ amountCents: 20000, currency: 'AUD', state: 'open' });
    const completed = await t.app.inject({ method: 'POST', url: `/unauth/testgateway/session/${sessionId}/complete`, payload: { token, outcome: 'paid' } });
    expect(completed.json().redirectUrl).toBe(`${PUBLIC_URL}/employer/invoices?invoice=${invoice.id}`);
    const checked = await send('POST', `/api/employer/invoices/${invoice.id}/check`, viewerJwt);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<CompanyInvoice>()).toMatchObject({ status: 'Paid', paymentStatus: 'Success', dueOn: null });

    // The application moves on as a paid one does.
    const [moved] = await t.database.db.select().from(applications).where(eq(applications.id, nomination.applicationId));
    expect(moved).toMatchObject({ status: 'Examinations Stage', workflowStage: 'Payment Stage Completed' });
    const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, nomination.applicationId)).orderBy(applicationHistory.sequence);
    expect(history.at(-1)?.note).toMatch(/^Payment received: \$200\.00 \(/);
    expect(await mailsTo(email('accounts'), `Payment received: invoice ${invoice.invoiceNumberText}`)).toHaveLength(1);
    const [paidNews] = await mailsTo(person.email, `Payment received: invoice ${invoice.invoiceNumberText}`);
    expect(paidNews?.text).toContain(`${companyName} has paid invoice ${invoice.invoiceNumberText}`);
    expect((await send('GET', '/api/employer/nominations', coordinatorJwt)).json<Nomination[]>().find((row) => row.applicationId === nomination.applicationId)?.invoice).toMatchObject({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumberText,
      totalCents: 20000,
      isPaid: true,
    });
    const again = await send('POST', `/api/employer/invoices/${invoice.id}/pay`, coordinatorJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EMPLOYER_BILLING_MESSAGES.alreadyPaid);
  });

  it('staff record a bank transfer for a sponsored invoice through the usual offline payment', async () => {
    const { nomination, invoice } = await sponsoredAndInvoiced('Eli');
    const verified = await send('POST', `/api/qualificationapplicationmodule/${nomination.applicationId}/payment/verified`, managerJwt, { reference: `EFT-${run}` });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ gateway: 'offline', status: 'Success', offlineReference: `EFT-${run}` });
    const listed = (await invoiceList(coordinatorJwt)).find((row) => row.id === invoice.id);
    expect(listed).toMatchObject({ status: 'Paid', paymentStatus: 'Success' });
    const [moved] = await t.database.db.select().from(applications).where(eq(applications.id, nomination.applicationId));
    expect(moved?.workflowStage).toBe('Payment Stage Completed');
    const [receipt] = await mailsTo(email('accounts'), `Payment received: invoice ${invoice.invoiceNumberText}`);
    expect(receipt?.text).toContain(`reference EFT-${run}`);
    const pay = await send('POST', `/api/employer/invoices/${invoice.id}/pay`, coordinatorJwt);
    expect(pay.statusCode).toBe(409);
  });

  it('opens a new link when the invoice’s link ran out, so the coordinator can still pay', async () => {
    const { invoice } = await sponsoredAndInvoiced('Fay');
    // The link's time has passed (the expiry job has not run yet).
    await t.database.db.execute(sql`update payments set expires_on = now() - interval '1 minute' where invoice_id = ${invoice.id}`);
    const started = await send('POST', `/api/employer/invoices/${invoice.id}/pay`, coordinatorJwt);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().redirectUrl).toContain('/payment-gateway/test/');
  });
});

describe('what a company may do and see', () => {
  it('lists its people for the choice, and nominates only its approved employees: pending, declined, a closed account and another company’s are not found', async () => {
    const approved = await employee('Gus', companyId);
    const pending = await employee('Hal', companyId, 'pending');
    const declined = await employee('Ivy', companyId, 'declined');
    const elsewhere = await employee('Jon', otherCompanyId);
    // Approved, but their account was closed: not offered, and not nominated by its id either.
    const closed = await employee('Oda', companyId);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, closed.id));
    const people = (await send('GET', '/api/employer/nominations/people', coordinatorJwt)).json<NominationPerson[]>();
    expect(people.map((person) => person.applicantId)).toContain(approved.applicantId);
    expect(people.map((person) => person.applicantId)).not.toContain(pending.applicantId);
    expect(people.map((person) => person.applicantId)).not.toContain(declined.applicantId);
    expect(people.map((person) => person.applicantId)).not.toContain(elsewhere.applicantId);
    expect(people.map((person) => person.applicantId)).not.toContain(closed.applicantId);

    const programs = (await send('GET', '/api/employer/nominations/programs', coordinatorJwt)).json<{ id: string }[]>();
    expect(programs.map((program) => program.id)).toContain(programId);
    expect((await send('GET', '/api/employer/nominations/programs', viewerJwt)).statusCode).toBe(403);

    const before = await sponsorshipCount();
    for (const person of [pending, declined, elsewhere, closed]) {
      const refused = await send('POST', '/api/employer/nominations', coordinatorJwt, nominationOf(person.applicantId!));
      expect(refused.statusCode, person.email).toBe(404);
      expect(refused.json().message).toBe(EMPLOYER_BILLING_MESSAGES.personNotFound);
    }
    const unknown = await send('POST', '/api/employer/nominations', coordinatorJwt, nominationOf('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    // Another company's coordinator cannot nominate this company's person.
    expect((await send('POST', '/api/employer/nominations', otherCoordinatorJwt, nominationOf(approved.applicantId!))).statusCode).toBe(404);
    expect(await sponsorshipCount()).toBe(before);
    expect(await t.database.db.select().from(applications).where(eq(applications.applicantId, approved.applicantId!))).toEqual([]);
  });

  it('refuses a second nomination while the person has an open application for the program, an unpublished program and bad input, changing nothing', async () => {
    const person = await employee('Kim', companyId);
    await nominate(person.applicantId!);
    const before = await sponsorshipCount();
    const twice = await send('POST', '/api/employer/nominations', coordinatorJwt, nominationOf(person.applicantId!));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(EMPLOYER_BILLING_MESSAGES.alreadyOpen);

    // The person's own application, already submitted, is open too.
    const ownApplicant = await employee('Lou', companyId);
    await ownInvoicedApplication(ownApplicant, { programId, programCode });
    const own = await send('POST', '/api/employer/nominations', coordinatorJwt, nominationOf(ownApplicant.applicantId!));
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(EMPLOYER_BILLING_MESSAGES.alreadyOpen);

    const draftProgram = await createProgram(t.database.db, { programManagerId: manager.id, programType: 1, status: 1, programTitle: 'Not yet published' });
    const unpublished = await send('POST', '/api/employer/nominations', coordinatorJwt, nominationOf(person.applicantId!, { programId: draftProgram.id }));
    expect(unpublished.statusCode).toBe(400);
    expect(unpublished.json().message).toBe(EMPLOYER_BILLING_MESSAGES.programNotOpen);

    const longPo = await send('POST', '/api/employer/nominations', coordinatorJwt, nominationOf(ownApplicant.applicantId!, { purchaseOrderNumber: 'P'.repeat(65) }));
    expect(longPo.statusCode).toBe(400);
    expect(JSON.stringify(longPo.json())).toContain(EMPLOYER_BILLING_MESSAGES.purchaseOrderMax);
    const noContact = await send('POST', '/api/employer/nominations', coordinatorJwt, nominationOf(ownApplicant.applicantId!, { billingContactName: ' ', billingContactEmail: 'not-an-email' }));
    expect(noContact.statusCode).toBe(400);
    expect(JSON.stringify(noContact.json())).toContain(EMPLOYER_BILLING_MESSAGES.billingContactNameRequired);
    expect(await sponsorshipCount()).toBe(before);
  });

  it('a nomination and the person’s own first save at the same moment make one draft: the second finds the first’s', async () => {
    for (const name of ['Pia', 'Quin', 'Rex', 'Sol', 'Tam', 'Uma']) {
      const person = await employee(name, companyId);
      const [nominated, saved] = await Promise.all([
        send('POST', '/api/employer/nominations', coordinatorJwt, nominationOf(person.applicantId!)),
        send('POST', '/api/qualificationapplication/save', person.jwt, { programId, declarationAccepted: false, answers: [] }),
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
      const drafts = await t.database.db.select({ id: applications.id }).from(applications).where(eq(applications.applicantId, person.applicantId!));
      expect(drafts, name).toHaveLength(1);
      // The nomination first: the person's save went into the company's draft; the person's save first: the nomination is refused.
      if (nominated.statusCode === 201) expect(saved.json().id).toBe(nominated.json<Nomination>().applicationId);
      else expect(nominated.json().message).toBe(EMPLOYER_BILLING_MESSAGES.alreadyOpen);
    }
  });

  it('a viewer lists but neither nominates nor pays; applicants and staff are refused', async () => {
    const { invoice } = await sponsoredAndInvoiced('Max');
    const person = await employee('Ned', companyId);
    expect((await send('POST', '/api/employer/nominations', viewerJwt, nominationOf(person.applicantId!))).statusCode).toBe(403);
    expect((await send('GET', '/api/employer/nominations/people', viewerJwt)).statusCode).toBe(403);
    expect((await send('POST', `/api/employer/invoices/${invoice.id}/pay`, viewerJwt)).statusCode).toBe(403);
    expect((await send('GET', '/api/employer/nominations', viewerJwt)).statusCode).toBe(200);
    expect((await invoiceList(viewerJwt)).map((row) => row.id)).toContain(invoice.id);
    for (const jwt of [person.jwt, managerJwt]) {
      expect((await send('GET', '/api/employer/invoices', jwt)).statusCode).toBe(403);
      expect((await send('GET', `/api/employer/invoices/${invoice.id}/pdf`, jwt)).statusCode).toBe(403);
    }
  });

  it("sees only what it pays for: never the person's own applications and invoices, and nothing of another company", async () => {
    const { person, nomination, invoice } = await sponsoredAndInvoiced('Oli');
    // The same person's own application to another program, with its own invoice.
    const own = await ownInvoicedApplication(person);
    const nominations = (await send('GET', '/api/employer/nominations', coordinatorJwt)).json<Nomination[]>();
    expect(nominations.map((row) => row.applicationId)).toContain(nomination.applicationId);
    expect(nominations.map((row) => row.applicationId)).not.toContain(own.applicationId);
    expect((await invoiceList(coordinatorJwt)).map((row) => row.id)).not.toContain(own.invoiceId);
    for (const url of [`/api/employer/invoices/${own.invoiceId}/pdf`]) expect((await send('GET', url, coordinatorJwt)).statusCode).toBe(404);
    for (const url of [`/api/employer/invoices/${own.invoiceId}/pay`, `/api/employer/invoices/${own.invoiceId}/check`]) expect((await send('POST', url, coordinatorJwt)).statusCode).toBe(404);

    // Another company: empty lists, and every id of this company's is not found.
    expect((await send('GET', '/api/employer/nominations', otherCoordinatorJwt)).json()).toEqual([]);
    expect((await send('GET', '/api/employer/invoices', otherCoordinatorJwt)).json()).toEqual([]);
    expect((await send('GET', `/api/employer/invoices/${invoice.id}/pdf`, otherCoordinatorJwt)).statusCode).toBe(404);
    for (const action of ['pay', 'check']) {
      const answer = await send('POST', `/api/employer/invoices/${invoice.id}/${action}`, otherCoordinatorJwt);
      expect(answer.statusCode, action).toBe(404);
      expect(answer.json().message).toBe(EMPLOYER_BILLING_MESSAGES.invoiceNotFound);
    }
    expect((await send('GET', '/api/employer/invoices/not-an-id/pdf', otherCoordinatorJwt)).statusCode).toBe(404);
    const [unpaid] = await t.database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoice.id));
    expect(unpaid?.status).toBe('Issued');
  });
});
