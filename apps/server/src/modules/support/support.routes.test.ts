import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { PASSWORD_MESSAGES } from '@certs/shared/auth/password-rule';
import { PAYMENT_MESSAGES } from '@certs/shared/payment/payment.contract';
import { SUPPORT_MESSAGES, type AicipPaymentApplication, type AicipPaymentApplicationPage, type SupportLogRow } from '@certs/shared/support/support.contract';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createInvoicedApplication } from '../../../test/factories/invoice.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { ADMIN_LOGIN, APPLICANT_LOGIN, bearer, refreshCookieOf, signIn } from '../../../test/sign-in';
import { applications } from '../../db/schema/application';
import { mails } from '../../db/schema/mail';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';

let t: TestApp;
let superUser: CreatedUser;
let superJwt: string;
let accountAdminJwt: string;
let contributorJwt: string;

const post = (url: string, jwt: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload });
const me = (jwt: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) }).then((r) => r.statusCode);
const loginOf = (user: CreatedUser, password = user.password) =>
  t.app.inject({ method: 'POST', url: user.applicantId ? APPLICANT_LOGIN : ADMIN_LOGIN, payload: { identifier: user.email, password } });

async function logRows(searchTerm: string): Promise<SupportLogRow[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/108/log?searchTerm=${encodeURIComponent(searchTerm)}`, headers: bearer(superJwt) });
  expect(response.statusCode).toBe(200);
  return response.json<{ rows: SupportLogRow[] }>().rows;
}

beforeAll(async () => {
  t = await buildTestApp();
  superUser = await createUser(t.database.db, { role: ROLES.SuperUser, firstName: 'Sam', lastName: 'Support' });
  superJwt = (await signIn(t.app, superUser)).jwt;
  // The payments rules need the Programs menu to record a payment (canManageApplications).
  accountAdminJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Users', 'Programs'] }))).jwt;
  contributorJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Users'] }))).jwt;
});
afterAll(async () => {
  await t.close();
});

describe('support: find a user', () => {
  it('finds staff and applicants by email, name or member number, for super users and account administrators only', async () => {
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Quinn', lastName: 'Zanzibar' });
    await t.database.db.update(applicants).set({ memberNumber: 'WTIA-77123', membershipType: 'individual' }).where(eq(applicants.id, applicant.applicantId ?? ''));
    const staff = await createUser(t.database.db, { role: ROLES.User, firstName: 'Quinn', lastName: 'Zanzibar-Staff' });
    const byName = await t.app.inject({ method: 'GET', url: '/api/108/finduser?searchTerm=quinn%20zanz&searchBy=name', headers: bearer(accountAdminJwt) });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().rows.map((row: { userId: string }) => row.userId).sort()).toEqual([applicant.id, staff.id].sort());
    const byNumber = await t.app.inject({ method: 'GET', url: '/api/108/finduser?searchTerm=77123&searchBy=number&currentPage=1&perPageCount=50', headers: bearer(superJwt) });
    expect(byNumber.json()).toMatchObject({ pageSize: 50, rows: [{ userId: applicant.id, userType: 'applicant', memberNumber: 'WTIA-77123', active: true }] });
    const byEmail = await t.app.inject({ method: 'GET', url: `/api/108/finduser?searchTerm=${encodeURIComponent(staff.email)}&searchBy=email`, headers: bearer(superJwt) });
    expect(byEmail.json().rows).toEqual([expect.objectContaining({ userId: staff.id, userType: 'admin' })]);
    const tooShort = await t.app.inject({ method: 'GET', url: '/api/108/finduser?searchTerm=q', headers: bearer(superJwt) });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fieldErrors.searchTerm).toBe(SUPPORT_MESSAGES.searchTooShort);
    const applicantJwt = (await signIn(t.app, applicant)).jwt;
    for (const jwt of [contributorJwt, applicantJwt]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/108/finduser?searchTerm=quinn', headers: bearer(jwt) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/108/log', headers: bearer(jwt) })).statusCode).toBe(403);
      expect((await post(`/api/108/user/${staff.id}/active`, jwt, { active: false, reason: 'x' })).statusCode).toBe(403);
    }
  });
});

describe('support: active or inactive', () => {
  it("marks an applicant inactive, ending their sessions at once, then active again; each logged with who and why", async () => {
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Ina', lastName: 'Active' });
    const session = await signIn(t.app, applicant);
    expect(await me(session.jwt)).toBe(200);
    const off = await post(`/api/108/user/${applicant.id}/active`, accountAdminJwt, { active: false, reason: 'Duplicate account, asked by phone' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: SUPPORT_MESSAGES.deactivated, user: { active: false } });
    expect(await me(session.jwt)).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: session.refresh } });
    expect(refresh.statusCode).toBe(401);
    expect((await loginOf(applicant)).statusCode).toBe(401);
    const on = await post(`/api/108/user/${applicant.id}/active`, superJwt, { active: true, reason: 'Confirmed identity' });
    expect(on.json().user.active).toBe(true);
    expect((await loginOf(applicant)).statusCode).toBe(200);
    const log = await logRows(applicant.email);
    expect(log.map((row) => [row.action, row.reason])).toEqual([
      ['activate', 'Confirmed identity'],
      ['deactivate', 'Duplicate account, asked by phone'],
    ]);
    expect(log[0]).toMatchObject({ actorName: 'Sam Support', targetName: 'Ina Active', targetEmail: applicant.email });
  });

  it('needs a reason, refuses one’s own account and leaves super users to super users', async () => {
    const admin = await createUser(t.database.db, { role: ROLES.User });
    const noReason = await post(`/api/108/user/${admin.id}/active`, superJwt, { active: false, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toBe(SUPPORT_MESSAGES.reasonRequired);
    const self = await post(`/api/108/user/${superUser.id}/active`, superJwt, { active: false, reason: 'test' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(SUPPORT_MESSAGES.notYourself);
    const otherSuper = await createUser(t.database.db, { role: ROLES.SuperUser });
    const bySmaller = await post(`/api/108/user/${otherSuper.id}/active`, accountAdminJwt, { active: false, reason: 'test' });
    expect(bySmaller.statusCode).toBe(403);
    const [row] = await t.database.db.select({ active: users.active }).from(users).where(eq(users.id, otherSuper.id));
    expect(row?.active).toBe(true);
    const adminSession = await signIn(t.app, admin);
    expect((await post(`/api/108/user/${admin.id}/active`, accountAdminJwt, { active: false, reason: 'Left the company' })).statusCode).toBe(200);
    expect(await me(adminSession.jwt)).toBe(401);
    expect((await post('/api/108/user/not-a-user/active', superJwt, { active: false, reason: 'x' })).statusCode).toBe(404);
  });
});

describe('support: temporary password', () => {
  it('sets a temporary password that the next sign-in must change before any session', async () => {
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant });
    const oldSession = await signIn(t.app, applicant);
    const set = await post(`/api/108/user/${applicant.id}/temporarypassword`, accountAdminJwt, { reason: 'Forgot password, no access to mail' });
    expect(set.statusCode, set.body).toBe(200);
    const { temporaryPassword } = set.json<{ temporaryPassword: string }>();
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/);
    expect(set.json().user.hasTemporaryPassword).toBe(true);
    expect(await me(oldSession.jwt)).toBe(401);
    expect((await loginOf(applicant)).statusCode).toBe(401);

    const gated = await loginOf(applicant, temporaryPassword);
    expect(gated.statusCode).toBe(200);
    expect(gated.json()).toEqual({ secondFactor: 'passwordChange', challengeToken: expect.any(String) });
    expect(refreshCookieOf(gated)).toBeUndefined();
    const changeToken = gated.json().challengeToken as string;
    // The one password rule: its message, and the account's own email refused (the token stays usable).
    for (const password of ['short', 'only-letters-here', applicant.email]) {
      const weak = await t.app.inject({ method: 'POST', url: '/unauth/temporarypassword/change', payload: { changeToken, password } });
      expect(weak.statusCode, password).toBe(400);
      expect(weak.json().fieldErrors.password, password).toBe(PASSWORD_MESSAGES.rule);
    }
    const changed = await t.app.inject({ method: 'POST', url: '/unauth/temporarypassword/change', payload: { changeToken, password: 'Brand-new-pass-42' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(SUPPORT_MESSAGES.passwordChanged);
    const reused = await t.app.inject({ method: 'POST', url: '/unauth/temporarypassword/change', payload: { changeToken, password: 'Another-pass-43' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(SUPPORT_MESSAGES.changeLinkInvalid);
    expect((await loginOf(applicant, temporaryPassword)).statusCode).toBe(401);
    const signedIn = await loginOf(applicant, 'Brand-new-pass-42');
    expect(signedIn.json().jwt).toEqual(expect.any(String));
    expect((await logRows(applicant.email)).map((row) => row.action)).toEqual(['temporaryPassword']);
  });
});

describe('support: activation link', () => {
  it('mails a new link to an applicant who never activated, and refuses an activated one', async () => {
    const pending = await createUser(t.database.db, { role: ROLES.Applicant });
    await t.database.db.update(users).set({ activatedOn: null }).where(eq(users.id, pending.id));
    const sent = await post(`/api/108/user/${pending.id}/activationlink`, superJwt, { reason: 'Link expired' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(SUPPORT_MESSAGES.activationSent);
    const mailed = await t.database.db.select({ subject: mails.subject }).from(mails).where(eq(mails.toUserId, pending.id));
    expect(mailed.map((m) => m.subject)).toContain('Activate your account');
    const activated = await createUser(t.database.db, { role: ROLES.Applicant });
    const refused = await post(`/api/108/user/${activated.id}/activationlink`, superJwt, { reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SUPPORT_MESSAGES.alreadyActivated);
    expect((await logRows(pending.email)).map((row) => row.action)).toEqual(['activationLink']);
  });
});

describe('support: AICIP payments', () => {
  it("records an AICIP application's payment through the payments rules, once, and logs it", async () => {
    const invoiced = await createInvoicedApplication(t.database.db);
    await t.database.db.update(programs).set({ programType: 4 }).where(eq(programs.id, invoiced.programId));
    await t.database.db.update(applications).set({ programType: 4 }).where(eq(applications.id, invoiced.applicationId));
    const paid = await post('/api/108/aicippayment', accountAdminJwt, { applicationId: invoiced.applicationId, reference: 'EFT-2026-001', reason: 'Paid by bank transfer' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ gateway: 'offline', status: 'Success', offlineReference: 'EFT-2026-001', amountCents: invoiced.totalCents });
    const again = await post('/api/108/aicippayment', accountAdminJwt, { applicationId: invoiced.applicationId, reference: 'EFT-2026-001', reason: 'again' });
    expect(again.statusCode).toBe(409);
    const log = await logRows(invoiced.applicant.email);
    expect(log).toEqual([expect.objectContaining({ action: 'aicipPayment', applicationId: invoiced.applicationId, reason: 'Paid by bank transfer', details: expect.objectContaining({ reference: 'EFT-2026-001' }) })]);
    const qualification = await createInvoicedApplication(t.database.db);
    const notAicip = await post('/api/108/aicippayment', superJwt, { applicationId: qualification.applicationId, reference: 'X-1', reason: 'x' });
    expect(notAicip.statusCode).toBe(409);
    expect(notAicip.json().message).toBe(SUPPORT_MESSAGES.notAicip);
  });
});

describe('support: AICIP applications waiting for payment', () => {
  const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
  async function aicipInvoiced(lastName: string) {
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Aurelia', lastName });
    const invoiced = await createInvoicedApplication(t.database.db, { applicant, totalCents: 52800 });
    await t.database.db.update(programs).set({ programType: 4 }).where(eq(programs.id, invoiced.programId));
    await t.database.db.update(applications).set({ programType: 4 }).where(eq(applications.id, invoiced.applicationId));
    return invoiced;
  }

  it('lists AICIP applications waiting for a payment with their invoice, searched by name, application or invoice number; others are refused', async () => {
    const lastName = `Pipewright${Date.now()}`;
    const waiting = await aicipInvoiced(lastName);
    // A Qualification application waiting for payment, and an AICIP one already paid: neither is listed.
    await createInvoicedApplication(t.database.db, { applicant: await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Aurelia', lastName: `${lastName}Q` }) });
    const paid = await aicipInvoiced(`${lastName}Paid`);
    expect((await post('/api/108/aicippayment', superJwt, { applicationId: paid.applicationId, reference: 'EFT-PAID-1', reason: 'Paid by bank transfer' })).statusCode).toBe(200);

    const byName = await get(`/api/108/aicipapplications?searchTerm=${encodeURIComponent(`aurelia ${lastName}`)}&currentPage=1&perPageCount=10`, accountAdminJwt);
    expect(byName.statusCode, byName.body).toBe(200);
    const page = byName.json<AicipPaymentApplicationPage>();
    expect(page.totalRows).toBe(1);
    expect(page.rows[0]).toMatchObject({
      applicationId: waiting.applicationId,
      applicationNumber: waiting.applicationNumber,
      applicantName: `Aurelia ${lastName}`,
      status: 'Examinations Stage',
      stageLabel: 'Payment requested',
      isAwaitingPayment: true,
      invoice: { id: waiting.invoiceId, invoiceNumber: `INV-${String(waiting.invoiceNumber).padStart(6, '0')}`, totalCents: 52800, currency: 'AUD', status: 'Issued', paidOn: null },
    });
    const byNumber = (await get(`/api/108/aicipapplications?searchTerm=${waiting.applicationNumber}`, superJwt)).json<AicipPaymentApplicationPage>();
    expect(byNumber.rows.map((row) => row.applicationId)).toEqual([waiting.applicationId]);
    const byInvoice = (await get(`/api/108/aicipapplications?searchTerm=INV-${String(waiting.invoiceNumber).padStart(6, '0')}`, superJwt)).json<AicipPaymentApplicationPage>();
    expect(byInvoice.rows.map((row) => row.applicationId)).toEqual([waiting.applicationId]);
    // The one already paid reads as paid, its application moved on.
    const paidView = await get(`/api/108/aicipapplication/${paid.applicationId}`, accountAdminJwt);
    expect(paidView.json<AicipPaymentApplication>()).toMatchObject({ isAwaitingPayment: false, stageLabel: 'Payment completed', invoice: { status: 'Paid', paidOn: expect.any(String) } });

    // Not AICIP, not an id, a page size the lists do not offer.
    const qualification = await get(`/api/108/aicipapplication/${(await createInvoicedApplication(t.database.db)).applicationId}`, superJwt);
    expect(qualification.statusCode).toBe(404);
    expect(qualification.json().message).toBe(SUPPORT_MESSAGES.applicationNotFound);
    expect((await get('/api/108/aicipapplication/not-an-id', superJwt)).statusCode).toBe(404);
    expect((await get('/api/108/aicipapplications?pageSize=7', superJwt)).statusCode).toBe(400);

    // Staff without the support rights and applicants are refused, on the list and on one application.
    const staffUserJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.User, menuItems: ['Users', 'Programs'] }))).jwt;
    const applicantJwt = (await signIn(t.app, waiting.applicant)).jwt;
    for (const jwt of [contributorJwt, staffUserJwt, applicantJwt]) {
      expect((await get('/api/108/aicipapplications', jwt)).statusCode).toBe(403);
      expect((await get(`/api/108/aicipapplication/${waiting.applicationId}`, jwt)).statusCode).toBe(403);
      expect((await post('/api/108/aicippayment', jwt, { applicationId: waiting.applicationId, reference: 'EFT-X', reason: 'x' })).statusCode).toBe(403);
    }
  });

  it('refuses bad input with the exact messages and changes nothing; a good payment marks the invoice paid and moves the application on', async () => {
    const waiting = await aicipInvoiced(`Refused${Date.now()}`);
    const cases: [object, string, string][] = [
      [{ reference: '', reason: 'Paid by bank transfer' }, 'reference', PAYMENT_MESSAGES.referenceRequired],
      [{ reference: 'x'.repeat(121), reason: 'Paid by bank transfer' }, 'reference', PAYMENT_MESSAGES.referenceMax],
      [{ reference: 'EFT-1', reason: '  ' }, 'reason', SUPPORT_MESSAGES.reasonRequired],
      [{ reference: 'EFT-1' }, 'reason', SUPPORT_MESSAGES.reasonRequired],
      [{ reference: 'EFT-1', reason: 'x'.repeat(1001) }, 'reason', SUPPORT_MESSAGES.reasonMax],
      [{ reference: 'EFT-1', reason: 'ok', paidOn: new Date(Date.now() + 86_400_000).toISOString() }, 'paidOn', PAYMENT_MESSAGES.paidOnFuture],
    ];
    for (const [body, field, message] of cases) {
      const refused = await post('/api/108/aicippayment', accountAdminJwt, { applicationId: waiting.applicationId, ...body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().fieldErrors[field]).toBe(message);
    }
    const badId = await post('/api/108/aicippayment', accountAdminJwt, { applicationId: 'nope', reference: 'EFT-1', reason: 'ok' });
    expect(badId.json().fieldErrors.applicationId).toBe(SUPPORT_MESSAGES.applicationNotFound);
    // An account administrator without the Programs menu may not record it (the payments module's rule).
    const noProgramsJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Users'] }))).jwt;
    expect((await post('/api/108/aicippayment', noProgramsJwt, { applicationId: waiting.applicationId, reference: 'EFT-1', reason: 'ok' })).statusCode).toBe(403);

    const before = (await get(`/api/108/aicipapplication/${waiting.applicationId}`, accountAdminJwt)).json<AicipPaymentApplication>();
    expect(before).toMatchObject({ isAwaitingPayment: true, stageLabel: 'Payment requested', invoice: { status: 'Issued' } });
    expect(await logRows(waiting.applicant.email)).toEqual([]);

    const paid = await post('/api/108/aicippayment', accountAdminJwt, { applicationId: waiting.applicationId, reference: 'EFT-2026-778', reason: 'Bank transfer seen on the statement' });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await get(`/api/108/aicipapplication/${waiting.applicationId}`, accountAdminJwt)).json<AicipPaymentApplication>();
    expect(after).toMatchObject({ isAwaitingPayment: false, status: 'Examinations Stage', workflowStage: 'Payment Stage Completed', stageLabel: 'Payment completed', invoice: { status: 'Paid', paidOn: expect.any(String) } });
    const listed = (await get(`/api/108/aicipapplications?searchTerm=${waiting.applicationNumber}`, accountAdminJwt)).json<AicipPaymentApplicationPage>();
    expect(listed.totalRows).toBe(0);
    expect((await logRows(waiting.applicant.email)).map((row) => row.action)).toEqual(['aicipPayment']);
  });
});

describe("support: another account's applicants and staff (issue 40)", () => {
  const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });

  it("finds, changes and logs only its own account's staff and applicants, and those who applied nowhere; another account's answer 404 and stay as they were", async () => {
    const db = t.database.db;
    const lastName = `Farshore${Date.now()}`;
    const applicant = await createUser(db, { role: ROLES.Applicant, firstName: 'Fern', lastName });
    const invoiced = await createInvoicedApplication(db, { applicant });
    await db.update(programs).set({ programType: 4 }).where(eq(programs.id, invoiced.programId));
    await db.update(applications).set({ programType: 4 }).where(eq(applications.id, invoiced.applicationId));
    const firstStaff = await createUser(db, { role: ROLES.User, firstName: 'Fern', lastName: `${lastName}-Staff` });
    expect((await post(`/api/108/user/${firstStaff.id}/active`, accountAdminJwt, { active: false, reason: `${lastName} left` })).statusCode).toBe(200);

    const nz = await createAccount(db, { name: 'Kiwi Support Body' });
    const nzJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Users', 'Programs'], accountId: nz.id }))).jwt;
    const loner = await createUser(db, { role: ROLES.Applicant, firstName: 'Fern', lastName: `${lastName}-Loner` });
    const found = await get(`/api/108/finduser?searchTerm=${lastName}&searchBy=name`, nzJwt);
    expect(found.json().rows.map((row: { userId: string }) => row.userId)).toEqual([loner.id]);
    for (const target of [applicant, firstStaff]) {
      expect((await post(`/api/108/user/${target.id}/active`, nzJwt, { active: false, reason: 'x' })).statusCode).toBe(404);
      expect((await post(`/api/108/user/${target.id}/temporarypassword`, nzJwt, { reason: 'x' })).statusCode).toBe(404);
      expect((await post(`/api/108/user/${target.id}/activationlink`, nzJwt, { reason: 'x' })).statusCode).toBe(404);
    }
    expect((await loginOf(applicant)).statusCode).toBe(200);
    expect((await get(`/api/108/log?searchTerm=${lastName}`, nzJwt)).json().totalRows).toBe(0);
    expect((await logRows(lastName)).map((row) => row.action)).toEqual(['deactivate']);
    expect((await get(`/api/108/aicipapplications?searchTerm=${lastName}`, nzJwt)).json().totalRows).toBe(0);
    expect((await get(`/api/108/aicipapplication/${invoiced.applicationId}`, nzJwt)).statusCode).toBe(404);
    expect((await post('/api/108/aicippayment', nzJwt, { applicationId: invoiced.applicationId, reference: 'EFT-NZ', reason: 'x' })).statusCode).toBe(404);
    expect((await get(`/api/108/aicipapplication/${invoiced.applicationId}`, accountAdminJwt)).json()).toMatchObject({ isAwaitingPayment: true });
  });
});
