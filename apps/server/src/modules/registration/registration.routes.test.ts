import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@certs/shared/auth/password-rule';
import { REGISTRATION_MESSAGES } from '@certs/shared/auth/registration.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { linkIn, MailCatcher } from '../../../test/mail-catcher';
import { bearer, refreshCookieOf } from '../../../test/sign-in';
import { mails } from '../../db/schema/mail';
import { rateLimitEvents } from '../../db/schema/rate-limit';
import { applicants, loginFailures, users, userTokens } from '../../db/schema/user';
import { MAIL_REQUEST_LIMIT_MESSAGES } from './mail-request-limit';
import { RegistrationRepository } from './registration.repository';

const PUBLIC_URL = 'http://localhost:3000';
let t: TestApp;
const catcher = new MailCatcher();

beforeAll(async () => {
  const smtpUrl = await catcher.start();
  t = await buildTestApp({ SMTP_URL: smtpUrl, PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
  await catcher.stop();
});
beforeEach(async () => {
  await t.database.db.delete(loginFailures);
  // Every test starts with the mail limits' windows empty (all of them come from one inject address).
  await t.database.db.delete(rateLimitEvents);
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const uniqueEmail = () => `welder.${Math.random().toString(36).slice(2, 9)}@example.test`;
const signIn = (identifier: string, password: string) => post('/auth/local/applicant', { identifier, password });
const tokenOf = (link: string) => link.split('/').pop()!;

async function register(email: string, password = 'Arc-welding-2026') {
  const response = await post('/unauth/applicantregistration', { firstName: 'Kim', lastName: 'Welder', email, password });
  expect(response.statusCode).toBe(202);
  return response;
}

describe('registration and activation', () => {
  it('registers, mails an activation link over SMTP, and signs in only once activated', async () => {
    const email = uniqueEmail();
    expect((await register(email)).json().message).toBe(REGISTRATION_MESSAGES.checkYourMail);
    const mail = await catcher.waitFor(email, /Activate your account/);
    const link = linkIn(mail, `${PUBLIC_URL}/register/activate/`);

    const early = await signIn(email, 'Arc-welding-2026');
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(REGISTRATION_MESSAGES.notActivated);

    const activated = await get(`/unauth/applicantregistration/activationpath/${tokenOf(link)}`);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ email, message: REGISTRATION_MESSAGES.activated });
    // The registration's state is told to the holder of its activation link only.
    expect((await get(`/unauth/applicantregistration/${activated.json().id}?token=${tokenOf(link)}`)).json()).toEqual({ id: activated.json().id, isActivated: true });

    const signedIn = await signIn(email, 'Arc-welding-2026');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ userType: 'applicant', firstName: 'Kim', applicantId: activated.json().id });
    // The mail is also kept in the applicant's inbox.
    const inbox = (await t.app.inject({ method: 'GET', url: '/api/applicantinbox/email/pagination', headers: bearer(signedIn.json().jwt) })).json();
    expect(inbox.rows.map((m: { subject: string }) => m.subject)).toContain('Activate your account');
  });

  it('uses an activation link once only', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = tokenOf(linkIn(await catcher.waitFor(email, /Activate/), `${PUBLIC_URL}/register/activate/`));
    expect((await get(`/unauth/applicantregistration/activationpath/${token}`)).statusCode).toBe(200);
    const again = await get(`/unauth/applicantregistration/activationpath/${token}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(REGISTRATION_MESSAGES.linkInvalid);
  });

  it('refuses an expired activation link, and a new one can be asked for', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = tokenOf(linkIn(await catcher.waitFor(email, /Activate/), `${PUBLIC_URL}/register/activate/`));
    await t.database.db.update(userTokens).set({ expiresOn: sql`now() - interval '1 minute'` });
    expect((await get(`/unauth/applicantregistration/activationpath/${token}`)).statusCode).toBe(400);
    const before = catcher.mails.length;
    expect((await post('/unauth', { email })).statusCode).toBe(202);
    const fresh = await catcher.waitFor(email, /Activate/);
    // A mail written inside a transaction goes out at the next poll (within a second or two on a server).
    await expect.poll(() => catcher.mails.length, { timeout: 10_000 }).toBeGreaterThan(before);
    const newest = catcher.mails.filter((m) => m.to.includes(email)).at(-1)!;
    const newToken = tokenOf(linkIn(newest, `${PUBLIC_URL}/register/activate/`));
    expect(newToken).not.toBe(token);
    expect(fresh).toBeTruthy();
    expect((await get(`/unauth/applicantregistration/activationpath/${newToken}`)).statusCode).toBe(200);
  });

  it('gives a stranger no hint that an email is registered; the owner is told by mail', async () => {
    const existing = await createUser(t.database.db, { role: ROLES.Applicant, email: uniqueEmail() });
    const fresh = await post('/unauth/applicantregistration', { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'Arc-welding-2026' });
    const taken = await post('/unauth/applicantregistration', { firstName: 'A', lastName: 'B', email: existing.email.toUpperCase(), password: 'Arc-welding-2026' });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    await catcher.waitFor(existing.email, /Someone tried to register/);
    // The existing account is untouched: its password still works.
    expect((await signIn(existing.email, existing.password)).statusCode).toBe(200);
  });

  // The one password rule (staff users get the same cases in account-user.routes.test.ts).
  const invalid: [string, Record<string, string>, string, string][] = [
    ['a password under 10 characters', { password: 'Short-1' }, 'password', PASSWORD_MESSAGES.rule],
    ['a password without a number', { password: 'only-letters-here' }, 'password', PASSWORD_MESSAGES.rule],
    ['a password without a letter', { password: '2026-1234-5678' }, 'password', PASSWORD_MESSAGES.rule],
    ['the email as the password', { email: 'kim.welder@example.test', password: 'kim.welder@example.test' }, 'password', PASSWORD_MESSAGES.rule],
    ["the email's name as the password", { email: 'kim.welder2026@example.test', password: 'Kim.Welder2026' }, 'password', PASSWORD_MESSAGES.rule],
    ['an empty email', { email: '' }, 'email', REGISTRATION_MESSAGES.emailRequired],
    ['a bad email', { email: 'kim.welder' }, 'email', REGISTRATION_MESSAGES.invalidEmail],
    ['no first name', { firstName: ' ' }, 'firstName', REGISTRATION_MESSAGES.firstNameRequired],
  ];
  for (const [what, override, field, message] of invalid) {
    it(`refuses ${what} with "${message}" and sends nothing`, async () => {
      const before = catcher.mails.length;
      const response = await post('/unauth/applicantregistration', { firstName: 'Kim', lastName: 'Welder', email: uniqueEmail(), password: 'Arc-welding-2026', ...override });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(catcher.mails.length).toBe(before);
    });
  }
});

describe('forgotten passwords', () => {
  it('mails a reset link; the reset ends every other session and the new password works', async () => {
    const user = await createUser(t.database.db, { role: ROLES.Applicant, email: uniqueEmail() });
    const session = await signIn(user.email, user.password);
    const refresh = refreshCookieOf(session)!;
    expect((await post('/unauth/forgotpassword', { email: user.email })).json().message).toBe(REGISTRATION_MESSAGES.resetSent);
    const token = tokenOf(linkIn(await catcher.waitFor(user.email, /Choose a new password/), `${PUBLIC_URL}/reset-password/`));

    expect((await get(`/unauth/resetpassword/${token}`)).json()).toMatchObject({ isValid: true, maskedEmail: expect.stringMatching(/^we\*+@example\.test$/) });
    const { id } = (await get(`/unauth/resetpassword/user/${token}`)).json();
    expect(id).toBe(user.id);
    const reset = await post(`/unauth/${id}/resetpassword`, { token, email: user.email, password: 'New-welding-pass-9' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(REGISTRATION_MESSAGES.passwordChanged);

    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session.json().jwt) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: refresh } })).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'New-welding-pass-9')).statusCode).toBe(200);

    // Once used, the link is dead.
    expect((await get(`/unauth/resetpassword/${token}`)).json()).toEqual({ isValid: false, maskedEmail: null, userType: null });
    expect((await post(`/unauth/${id}/resetpassword`, { token, email: user.email, password: 'Another-pass-123' })).statusCode).toBe(400);
  });

  it('holds a reset to the one password rule, the account email included, and keeps the link usable', async () => {
    const user = await createUser(t.database.db, { role: ROLES.Applicant, email: `reset.rule.${randomUUID().slice(0, 8)}@example.test` });
    await post('/unauth/forgotpassword', { email: user.email });
    const token = tokenOf(linkIn(await catcher.waitFor(user.email, /Choose a new password/), `${PUBLIC_URL}/reset-password/`));
    for (const password of ['only-letters-here', 'Short-1']) {
      const weak = await post(`/unauth/${user.id}/resetpassword`, { token, email: user.email, password });
      expect(weak.statusCode, password).toBe(400);
      expect(weak.json().fieldErrors.password, password).toBe(PASSWORD_MESSAGES.rule);
    }
    // The page does not send the email: the server checks against the account's own.
    const isEmail = await post(`/unauth/${user.id}/resetpassword`, { token, password: user.email.toUpperCase() });
    expect(isEmail.statusCode).toBe(400);
    expect(isEmail.json().fieldErrors.password).toBe(PASSWORD_MESSAGES.rule);
    expect((await post(`/unauth/${user.id}/resetpassword`, { token, password: 'Reset-rule-2026' })).statusCode).toBe(200);
  });

  it('refuses an expired reset link and one used for another account', async () => {
    const user = await createUser(t.database.db, { role: ROLES.Applicant, email: uniqueEmail() });
    const other = await createUser(t.database.db, { role: ROLES.Applicant, email: uniqueEmail() });
    await post('/unauth/forgotpassword', { email: user.email });
    const token = tokenOf(linkIn(await catcher.waitFor(user.email, /Choose a new password/), `${PUBLIC_URL}/reset-password/`));
    expect((await post(`/unauth/${other.id}/resetpassword`, { token, password: 'Stolen-pass-1234' })).statusCode).toBe(400);
    await t.database.db.update(userTokens).set({ expiresOn: sql`now() - interval '1 second'` });
    const expired = await post(`/unauth/${user.id}/resetpassword`, { token, password: 'Late-pass-12345' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(REGISTRATION_MESSAGES.linkInvalid);
    expect((await get(`/unauth/resetpassword/user/${token}`)).statusCode).toBe(404);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers the same for an unknown email and mails it only a notice, with no link to choose a password', async () => {
    const email = uniqueEmail();
    const response = await post('/unauth/forgotpassword', { email });
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe(REGISTRATION_MESSAGES.resetSent);
    const notice = await catcher.waitFor(email, /About your password request/);
    expect(notice.text).toContain('no applicant account that can sign in uses it');
    expect(notice.text).not.toContain(`${PUBLIC_URL}/reset-password/`);
    expect(catcher.mails.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });
});

describe('spent links', () => {
  it('deletes links that expired or were used before the cutoff and keeps every other, which still works', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = tokenOf(linkIn(await catcher.waitFor(email, /Activate/), `${PUBLIC_URL}/register/activate/`));
    const user = await createUser(t.database.db, { role: ROLES.Applicant, email: uniqueEmail() });
    const cutoff = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    const before = (minutes: number) => new Date(cutoff.getTime() - minutes * 60_000);
    const link = (values: { expiresOn: Date; usedOn?: Date }) => ({
      userId: user.id,
      purpose: 'reset' as const,
      tokenHash: Math.random().toString(36).slice(2),
      createdBy: user.id,
      modifiedBy: user.id,
      ...values,
    });
    const rows = await t.database.db
      .insert(userTokens)
      .values([
        link({ expiresOn: before(1) }),
        link({ expiresOn: new Date(Date.now() + 60_000), usedOn: before(1) }),
        link({ expiresOn: before(-1) }),
        link({ expiresOn: new Date(Date.now() + 60_000), usedOn: before(-1) }),
      ])
      .returning({ id: userTokens.id });

    expect(await new RegistrationRepository(t.database.db).deleteTokensEndedBefore(cutoff)).toBeGreaterThanOrEqual(2);
    const kept = await t.database.db.select({ id: userTokens.id }).from(userTokens).where(inArray(userTokens.id, rows.map((row) => row.id)));
    expect(kept.map((row) => row.id).sort()).toEqual(rows.slice(2).map((row) => row.id).sort());
    // The live activation link is untouched and activates.
    expect((await get(`/unauth/applicantregistration/activationpath/${token}`)).statusCode).toBe(200);
  });
});

describe('mail bombing and enumeration (issue 15 item 7)', () => {
  let lastOctet = 0;
  /** A new client address per call: only the per-email limit applies to what it sends. */
  const anotherAddress = () => `198.51.100.${++lastOctet}`;
  const postFrom = (remoteAddress: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const mailRowsTo = async (email: string) =>
    (await t.database.db.select({ id: mails.id }).from(mails).where(sql`lower(${mails.toEmail}) = ${email.toLowerCase()}`)).length;
  const registration = (email: string) => ({ firstName: 'Kim', lastName: 'Welder', email, password: 'Arc-welding-2026' });

  it('answers the sixth forgot-password request for one email within the hour with 429 and writes no sixth mail, for a known and an unknown email alike', async () => {
    const known = (await createUser(t.database.db, { role: ROLES.Applicant, email: uniqueEmail() })).email;
    const unknown = uniqueEmail();
    const sixth: Record<string, { statusCode: number; body: unknown }> = {};
    for (const email of [known, unknown]) {
      for (let i = 0; i < 5; i += 1) {
        const accepted = await postFrom(anotherAddress(), '/unauth/forgotpassword', { email });
        expect(accepted.statusCode).toBe(202);
        expect(accepted.json().message).toBe(REGISTRATION_MESSAGES.resetSent);
      }
      expect(await mailRowsTo(email)).toBe(5);
      const refused = await postFrom(anotherAddress(), '/unauth/forgotpassword', { email });
      sixth[email] = { statusCode: refused.statusCode, body: refused.json() };
      expect(await mailRowsTo(email)).toBe(5);
    }
    expect(sixth[known]!.statusCode).toBe(429);
    expect(sixth[known]).toEqual(sixth[unknown]);
    expect(sixth[known]!.body).toMatchObject({ statusCode: 429, message: MAIL_REQUEST_LIMIT_MESSAGES.perEmail });
  });

  it('counts one budget per email across registration, resend activation and forgot password', async () => {
    const email = uniqueEmail();
    expect((await postFrom(anotherAddress(), '/unauth/applicantregistration', registration(email))).statusCode).toBe(202);
    expect((await postFrom(anotherAddress(), '/unauth/applicantregistration', registration(email))).statusCode).toBe(202);
    expect((await postFrom(anotherAddress(), '/unauth', { email })).statusCode).toBe(202);
    expect((await postFrom(anotherAddress(), '/unauth', { email })).statusCode).toBe(202);
    expect((await postFrom(anotherAddress(), '/unauth/forgotpassword', { email })).statusCode).toBe(202);
    for (const [url, payload] of [['/unauth/applicantregistration', registration(email)], ['/unauth', { email }], ['/unauth/forgotpassword', { email }]] as const) {
      expect((await postFrom(anotherAddress(), url, payload)).statusCode).toBe(429);
    }
    expect(await mailRowsTo(email)).toBe(5);
  });

  it('sends at most five mails to one email from a burst of parallel requests', async () => {
    const email = (await createUser(t.database.db, { role: ROLES.Applicant, email: uniqueEmail() })).email;
    const answers = await Promise.all(Array.from({ length: 15 }, () => postFrom(anotherAddress(), '/unauth/forgotpassword', { email })));
    const accepted = answers.filter((answer) => answer.statusCode === 202).length;
    expect(answers.every((answer) => answer.statusCode === 202 || answer.statusCode === 429)).toBe(true);
    expect(accepted).toBeLessThanOrEqual(5);
    expect(await mailRowsTo(email)).toBe(accepted);
  });

  it('refuses a flood of forgot-password and resend requests from one client address with 429 after 20 in 10 minutes', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < 20; i += 1) {
      const answer = await postFrom(address, i % 2 ? '/unauth' : '/unauth/forgotpassword', { email: uniqueEmail() });
      expect(answer.statusCode).toBe(202);
    }
    const email = uniqueEmail();
    const refused = await postFrom(address, '/unauth/forgotpassword', { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MAIL_REQUEST_LIMIT_MESSAGES.perAddress);
    expect(await mailRowsTo(email)).toBe(0);
    // Another address is not held up by it.
    expect((await postFrom('203.0.113.8', '/unauth/forgotpassword', { email })).statusCode).toBe(202);
  });

  it('answers the sixth registration of one email with 429 and writes no sixth mail, for a registered and a new email alike', async () => {
    const registered = (await createUser(t.database.db, { role: ROLES.Applicant, email: uniqueEmail() })).email;
    const fresh = uniqueEmail();
    const sixth: Record<string, { statusCode: number; body: unknown }> = {};
    for (const email of [registered, fresh]) {
      for (let i = 0; i < 5; i += 1) {
        const accepted = await postFrom(anotherAddress(), '/unauth/applicantregistration', registration(email));
        expect(accepted.statusCode).toBe(202);
        expect(accepted.json().message).toBe(REGISTRATION_MESSAGES.checkYourMail);
      }
      expect(await mailRowsTo(email)).toBe(5);
      const refused = await postFrom(anotherAddress(), '/unauth/applicantregistration', registration(email));
      sixth[email] = { statusCode: refused.statusCode, body: refused.json() };
      expect(await mailRowsTo(email)).toBe(5);
    }
    expect(sixth[registered]!.statusCode).toBe(429);
    expect(sixth[registered]).toEqual(sixth[fresh]);
    // A registered email wrote no account of its own (the same writes were made and undone).
    expect(await t.database.db.select({ id: users.id }).from(users).where(sql`${users.email} like '%@rehearsal.invalid'`)).toEqual([]);
  });

  it('refuses a flood of registrations from one client address with 429 after 20 in 10 minutes', async () => {
    const address = '203.0.113.20';
    for (let i = 0; i < 20; i += 1) {
      expect((await postFrom(address, '/unauth/applicantregistration', registration(uniqueEmail()))).statusCode).toBe(202);
    }
    const email = uniqueEmail();
    const refused = await postFrom(address, '/unauth/applicantregistration', registration(email));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MAIL_REQUEST_LIMIT_MESSAGES.perAddress);
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('answers an unknown and a known applicant id alike unless the caller holds that registration\'s activation link', async () => {
    const email = uniqueEmail();
    const other = uniqueEmail();
    await postFrom(anotherAddress(), '/unauth/applicantregistration', registration(email));
    await postFrom(anotherAddress(), '/unauth/applicantregistration', registration(other));
    const token = tokenOf(linkIn(await catcher.waitFor(email, /Activate/), `${PUBLIC_URL}/register/activate/`));
    const otherToken = tokenOf(linkIn(await catcher.waitFor(other, /Activate/), `${PUBLIC_URL}/register/activate/`));
    const [row] = await t.database.db.select({ id: applicants.id }).from(applicants).innerJoin(users, eq(users.id, applicants.userId)).where(eq(users.email, email));
    const knownId = row!.id;
    const unknownId = randomUUID();

    const unknown = await get(`/unauth/applicantregistration/${unknownId}`);
    expect(unknown.statusCode).toBe(404);
    const answersAlike = async (url: string) => {
      const answer = await get(url);
      expect({ url, statusCode: answer.statusCode, body: answer.json() }).toEqual({ url, statusCode: unknown.statusCode, body: unknown.json() });
    };
    await answersAlike(`/unauth/applicantregistration/${knownId}`);
    await answersAlike(`/unauth/applicantregistration/${knownId}?token=${otherToken}`);
    await answersAlike(`/unauth/applicantregistration/${unknownId}?token=${token}`);
    await answersAlike(`/unauth/applicantregistration/not-an-id?token=${token}`);

    // The holder of the link (the activation page) learns the registration's state, before and after.
    expect((await get(`/unauth/applicantregistration/${knownId}?token=${token}`)).json()).toEqual({ id: knownId, isActivated: false });
    expect((await get(`/unauth/applicantregistration/activationpath/${token}`)).statusCode).toBe(200);
    expect((await get(`/unauth/applicantregistration/${knownId}?token=${token}`)).json()).toEqual({ id: knownId, isActivated: true });
  });
});
