import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, CONTACT_REPLY_SUBJECT } from '@certs/shared/contact/contact.contract';
import { eq } from 'drizzle-orm';
import { mails } from '../../db/schema/mail';
import { applicants } from '../../db/schema/user';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

let t: TestApp;
let applicantJwt: string;
let staffJwt: string;
let otherStaffJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  applicantJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt;
  staffJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.User, menuItems: ['Contact Us', 'Emails'] }))).jwt;
  otherStaffJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.User, menuItems: ['Dashboard'] }))).jwt;
});
afterAll(async () => {
  await t.close();
});

const message = { name: 'Kim Welder', email: 'kim@example.test', phoneNumber: '0400 000 000', message: 'When is the next practical exam in Perth?' };

describe('contact us', () => {
  it('takes a message and shows it to staff with the Contact Us menu only', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/api/contactus', headers: bearer(applicantJwt), payload: message });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe(CONTACT_MESSAGES.thanks);
    const list = await t.app.inject({ method: 'GET', url: '/api/contactus/pagination?search=perth', headers: bearer(staffJwt) });
    expect(list.json().rows).toEqual([expect.objectContaining({ name: 'Kim Welder', message: message.message, fromApplicantId: expect.any(String) })]);
    expect((await t.app.inject({ method: 'GET', url: '/api/contactus/pagination', headers: bearer(otherStaffJwt) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/contactus/pagination', headers: bearer(applicantJwt) })).statusCode).toBe(403);
  });

  const invalid: [string, object, string, string][] = [
    ['no name', { name: '' }, 'name', CONTACT_MESSAGES.nameRequired],
    ['no email', { email: '' }, 'email', CONTACT_MESSAGES.emailRequired],
    ['a bad email', { email: 'kim-at-example' }, 'email', 'Invalid email'],
    ['no phone number', { phoneNumber: ' ' }, 'phoneNumber', CONTACT_MESSAGES.phoneRequired],
    ['no message', { message: '' }, 'message', CONTACT_MESSAGES.messageRequired],
  ];
  for (const [what, override, field, expected] of invalid) {
    it(`refuses ${what} with "${expected}"`, async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/contactus', headers: bearer(applicantJwt), payload: { ...message, ...override } });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(expected);
    });
  }
});

describe('emails', () => {
  it('shows staff with the Emails menu every mail, and each applicant only their own', async () => {
    const user = await createUser(t.database.db, { role: ROLES.Applicant });
    await t.app.inject({ method: 'POST', url: '/unauth/forgotpassword', payload: { email: user.email } });
    const all = (await t.app.inject({ method: 'GET', url: `/api/email/pagination?search=${encodeURIComponent(user.email)}`, headers: bearer(staffJwt) })).json();
    expect(all.rows).toEqual([expect.objectContaining({ toEmail: user.email, subject: 'Choose a new password', status: 'kept', links: [expect.objectContaining({ label: 'Choose a new password' })] })]);
    expect((await t.app.inject({ method: 'GET', url: '/api/applicantinbox/email/pagination', headers: bearer(applicantJwt) })).json().rows).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/email/pagination', headers: bearer(otherStaffJwt) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/email/pagination', headers: bearer(applicantJwt) })).statusCode).toBe(403);
  });

  it('opens a message, replies by mail from the platform (kept with it), marks it handled and filters by handled', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/api/contactus', headers: bearer(applicantJwt), payload: { ...message, message: 'Can I resit in Darwin?' } });
    expect(sent.statusCode).toBe(201);
    const waiting = await t.app.inject({ method: 'GET', url: '/api/contactus/pagination?handled=false&search=darwin', headers: bearer(staffJwt) });
    const [row] = waiting.json().rows;
    expect(row).toMatchObject({ handledOn: null });
    const replied = await t.app.inject({ method: 'POST', url: `/api/contactus/${row.id}/reply`, headers: bearer(staffJwt), payload: { body: 'Yes, in March.' } });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ handledOn: expect.any(String), replies: [{ body: 'Yes, in March.', repliedBy: 'Test Person' }] });
    const mail = await t.database.db.select().from(mails).where(eq(mails.subject, CONTACT_REPLY_SUBJECT));
    expect(mail).toEqual([expect.objectContaining({ toEmail: message.email, toUserId: expect.any(String) })]);
    expect(mail[0]?.text).toContain('Yes, in March.');
    expect((await t.app.inject({ method: 'GET', url: '/api/contactus/pagination?handled=true&search=darwin', headers: bearer(staffJwt) })).json().totalRows).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/contactus/pagination?handled=false&search=darwin', headers: bearer(staffJwt) })).json().totalRows).toBe(0);
    const reopened = await t.app.inject({ method: 'POST', url: `/api/contactus/${row.id}/handled`, headers: bearer(staffJwt), payload: { isHandled: false } });
    expect(reopened.json().handledOn).toBeNull();
    const empty = await t.app.inject({ method: 'POST', url: `/api/contactus/${row.id}/reply`, headers: bearer(staffJwt), payload: { body: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.body).toBe('Reply is required');
    for (const jwt of [otherStaffJwt, applicantJwt]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/contactus/${row.id}`, headers: bearer(jwt) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `/api/contactus/${row.id}/reply`, headers: bearer(jwt), payload: { body: 'x' } })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/contactus/00000000-0000-4000-8000-000000000000', headers: bearer(staffJwt) })).statusCode).toBe(404);
  });
});

describe("the sender's own messages (issue 45 item 17)", () => {
  it("takes an applicant's phone from their profile when the form sends none", async () => {
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant });
    await t.database.db.update(applicants).set({ phone: '0411 222 333' }).where(eq(applicants.id, applicant.applicantId!));
    const jwt = (await signIn(t.app, applicant)).jwt;
    const { phoneNumber: _typed, ...withoutPhone } = message;
    const sent = await t.app.inject({ method: 'POST', url: '/api/contactus', headers: bearer(jwt), payload: { ...withoutPhone, message: 'Is Alice Springs on the schedule?' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/contactus/pagination?search=alice%20springs', headers: bearer(staffJwt) });
    expect(list.json().rows).toEqual([expect.objectContaining({ phoneNumber: '0411 222 333' })]);
    // Without a phone on the profile the form must ask for one.
    const none = await t.app.inject({ method: 'POST', url: '/api/contactus', headers: bearer(applicantJwt), payload: withoutPhone });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors.phoneNumber).toBe(CONTACT_MESSAGES.phoneRequired);
  });

  it('lists the caller their own messages with the replies, newest first, and another applicant none of them', async () => {
    const writer = await createUser(t.database.db, { role: ROLES.Applicant });
    const writerJwt = (await signIn(t.app, writer)).jwt;
    const otherJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt;
    for (const text of ['First question about Broome', 'Second question about Broome']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/contactus', headers: bearer(writerJwt), payload: { ...message, message: text } })).statusCode).toBe(201);
    }
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/contactus/pagination?search=first%20question%20about%20broome', headers: bearer(staffJwt) })).json().rows;
    expect((await t.app.inject({ method: 'POST', url: `/api/contactus/${first.id}/reply`, headers: bearer(staffJwt), payload: { body: 'Broome is in May.' } })).statusCode).toBe(200);

    const mine = await t.app.inject({ method: 'GET', url: '/api/contactus/mine', headers: bearer(writerJwt) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({ message: 'Second question about Broome', handledOn: null, replies: [], accountName: expect.any(String) }),
      expect.objectContaining({ id: first.id, message: 'First question about Broome', handledOn: expect.any(String), replies: [expect.objectContaining({ body: 'Broome is in May.' })] }),
    ]);
    // Another applicant sees none of them; staff see only their own (none).
    const theirs = await t.app.inject({ method: 'GET', url: '/api/contactus/mine', headers: bearer(otherJwt) });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/contactus/mine', headers: bearer(staffJwt) })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/contactus/mine' })).statusCode).toBe(401);
  });
});
