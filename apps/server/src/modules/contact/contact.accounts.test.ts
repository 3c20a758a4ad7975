import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { CONTACT_MESSAGES } from '@certs/shared/contact/contact.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applications } from '../../db/schema/application';
import { contactMessages } from '../../db/schema/contact';
import { mails } from '../../db/schema/mail';

/**
 * A Contact Us message is sent to one awarding body (decision 033): the form names it, or it is
 * worked out from the sender; only that account's Contact Us staff read and answer it.
 */

let t: TestApp;
let nz: { id: string; name: string; shortName: string };
let auStaffJwt: string;
let nzStaffJwt: string;
let applicant: CreatedUser;
let applicantJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  nz = await createAccount(db, { name: 'Welding Certification New Zealand' });
  auStaffJwt = (await signIn(t.app, await createUser(db, { role: ROLES.User, menuItems: ['Contact Us'] }))).jwt;
  nzStaffJwt = (await signIn(t.app, await createUser(db, { role: ROLES.User, menuItems: ['Contact Us'], accountId: nz.id }))).jwt;
  applicant = await createUser(db, { role: ROLES.Applicant, email: `kim-${randomBytes(3).toString('hex')}@example.test` });
  applicantJwt = (await signIn(t.app, applicant)).jwt;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

const message = (text: string, overrides: Record<string, unknown> = {}) => ({ name: 'Kim Welder', email: 'kim@example.test', phoneNumber: '0400 000 000', message: text, ...overrides });

async function accountOfMessage(text: string): Promise<string | undefined> {
  const [row] = await t.database.db.select({ accountId: contactMessages.accountId }).from(contactMessages).where(eq(contactMessages.message, text));
  return row?.accountId;
}

const listed = async (jwt: string, search: string) => (await send('GET', `/api/contactus/pagination?search=${encodeURIComponent(search)}`, jwt)).json().rows.map((row: { message: string }) => row.message) as string[];

describe('sending a message to an awarding body', () => {
  it('offers every body to write to', async () => {
    const offered = (await send('GET', '/api/contactus/accounts', applicantJwt)).json() as { id: string; shortName: string }[];
    expect(offered[0]?.id).toBe(FIRST_ACCOUNT_ID);
    expect(offered).toContainEqual({ id: nz.id, name: 'Welding Certification New Zealand', shortName: nz.shortName });
  });

  it("goes to the body the form names, by short name or id, and only that body's staff see it", async () => {
    expect((await send('POST', '/api/contactus', applicantJwt, message('Auckland exam dates by short name?', { account: nz.shortName.toUpperCase() }))).statusCode).toBe(201);
    expect((await send('POST', '/api/contactus', applicantJwt, message('Auckland exam dates by id?', { account: nz.id }))).statusCode).toBe(201);
    expect(await listed(nzStaffJwt, 'Auckland exam dates')).toEqual(expect.arrayContaining(['Auckland exam dates by short name?', 'Auckland exam dates by id?']));
    expect(await listed(auStaffJwt, 'Auckland exam dates')).toEqual([]);
  });

  it('refuses a body that does not exist, at the field, and keeps nothing', async () => {
    const refused = await send('POST', '/api/contactus', applicantJwt, message('Lost message', { account: 'no-such-body' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ account: CONTACT_MESSAGES.unknownAccount });
    expect(await accountOfMessage('Lost message')).toBeUndefined();
  });

  it('goes, unnamed, to the first account from an applicant who has applied nowhere, and to the one body an applicant applied to', async () => {
    expect((await send('POST', '/api/contactus', applicantJwt, message('Unnamed before applying'))).statusCode).toBe(201);
    expect(await accountOfMessage('Unnamed before applying')).toBe(FIRST_ACCOUNT_ID);

    const nzManager = await createUser(t.database.db, { role: ROLES.AccountAdministrator, accountId: nz.id });
    const program = await createProgram(t.database.db, { programManagerId: nzManager.id, programType: 1, status: 2, accountId: nz.id });
    await t.database.db.insert(applications).values({ applicationNumber: `Q-2026-${randomBytes(3).toString('hex')}`, applicantId: applicant.applicantId!, programId: program.id, programType: 1, status: 'Application Submitted', submittedOn: new Date() });
    expect((await send('POST', '/api/contactus', applicantJwt, message('Unnamed after applying in New Zealand'))).statusCode).toBe(201);
    expect(await accountOfMessage('Unnamed after applying in New Zealand')).toBe(nz.id);
  });

  it("goes, unnamed, from staff to their own account", async () => {
    expect((await send('POST', '/api/contactus', nzStaffJwt, message('A note from Kiwi staff'))).statusCode).toBe(201);
    expect(await accountOfMessage('A note from Kiwi staff')).toBe(nz.id);
  });
});

describe("another account's staff", () => {
  it('get 404 reading, answering or marking a message handled, and nothing changes or is mailed', async () => {
    const text = `Perth practical exam ${randomBytes(3).toString('hex')}?`;
    expect((await send('POST', '/api/contactus', applicantJwt, message(text, { account: FIRST_ACCOUNT_ID, email: applicant.email }))).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.message, text));
    const id = row!.id;
    expect((await send('GET', `/api/contactus/${id}`, nzStaffJwt)).statusCode).toBe(404);
    expect((await send('POST', `/api/contactus/${id}/reply`, nzStaffJwt, { body: 'Try Auckland instead.' })).statusCode).toBe(404);
    expect((await send('POST', `/api/contactus/${id}/handled`, nzStaffJwt, { isHandled: true })).statusCode).toBe(404);
    expect(await listed(nzStaffJwt, text)).toEqual([]);

    const kept = (await send('GET', `/api/contactus/${id}`, auStaffJwt)).json();
    expect(kept).toMatchObject({ message: text, handledOn: null, replies: [] });
    expect(await t.database.db.select().from(mails).where(eq(mails.toEmail, applicant.email))).toEqual([]);
  });
});

describe("the body's reply", () => {
  it('is sent from the body the message went to, named as the sender and under the text', async () => {
    const text = `Christchurch re-sit ${randomBytes(3).toString('hex')}?`;
    const email = `reply-${randomBytes(3).toString('hex')}@example.test`;
    expect((await send('POST', '/api/contactus', applicantJwt, message(text, { account: nz.shortName, email }))).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.message, text));
    expect((await send('POST', `/api/contactus/${row!.id}/reply`, nzStaffJwt, { body: 'The next one is in March.' })).statusCode).toBe(200);
    const [reply] = await t.database.db.select().from(mails).where(eq(mails.toEmail, email));
    expect(reply).toMatchObject({ accountId: nz.id, fromName: 'Welding Certification New Zealand' });
    expect(reply!.text.split('\n\n').at(-1)).toBe('Welding Certification New Zealand');
  });
});
