import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories/user.factory';
import { bearer, signIn } from '../../test/sign-in';
import { contactMessages } from '../db/schema/contact';
import { users } from '../db/schema/user';
import { NUL_MESSAGE } from './input-guard';

let t: TestApp;
let applicantJwt: string;
let staffJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  applicantJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.Applicant }))).jwt;
  staffJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.SuperUser }))).jwt;
});
afterAll(async () => {
  await t.close();
});

const contact = { name: 'Kim Welder', email: 'kim@example.test', phoneNumber: '0400 000 000', message: 'When is the next exam?' };
const countContactMessages = async () => (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contactMessages))[0]?.n ?? 0;

// PostgreSQL refuses U+0000 in text: each of these answered 500 before the guard.
describe('a NUL character in the input', () => {
  it('is refused with 400 naming the body field, and nothing is stored', async () => {
    const before = await countContactMessages();
    const response = await t.app.inject({ method: 'POST', url: '/api/contactus', headers: bearer(applicantJwt), payload: { ...contact, message: 'a\u0000b' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: NUL_MESSAGE, fieldErrors: { message: NUL_MESSAGE } });
    expect(await countContactMessages()).toBe(before);
  });

  it('is refused on a route without a session, naming the field, and no account is made', async () => {
    const email = `nul-${Date.now()}@example.test`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/unauth/applicantregistration',
      payload: { firstName: 'Kim\u0000', lastName: 'Welder', email, password: 'Arc-welding-2026' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ firstName: NUL_MESSAGE });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('names a nested field and an object key', async () => {
    const nested = await t.app.inject({
      method: 'POST',
      url: '/unauth/applicantregistration',
      payload: { firstName: 'Kim', lastName: 'Welder', email: 'x@example.test', password: 'Arc-welding-2026', extra: [{ ok: 'yes' }, { deep: 'n\u0000' }] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().fieldErrors).toEqual({ 'extra.1.deep': NUL_MESSAGE });
    const key = await t.app.inject({ method: 'POST', url: '/api/contactus', headers: bearer(applicantJwt), payload: { ...contact, 'bad\u0000key': 'x' } });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe(NUL_MESSAGE);
    expect(Object.keys(key.json().fieldErrors)).toHaveLength(1);
  });

  it('is refused in a query string, naming the parameter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/contactus/pagination?search=a%00b', headers: bearer(staffJwt) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ search: NUL_MESSAGE });
  });

  it('is refused in a URL parameter, naming it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/program/bycode/a%00b', headers: bearer(staffJwt) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ code: NUL_MESSAGE });
  });

  it('still answers 401 to a caller without a token and 403 to one without the right', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/contactus', payload: { ...contact, message: 'a\u0000b' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(AUTH_MESSAGES.unauthorized);
    const query = await t.app.inject({ method: 'GET', url: '/api/contactus/pagination?search=a%00b' });
    expect(query.statusCode).toBe(401);
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/contactus/pagination?search=a%00b', headers: bearer(applicantJwt) });
    expect(forbidden.statusCode).toBe(403);
  });

  it('lets ordinary input through', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contactus', headers: bearer(applicantJwt), payload: { ...contact, message: 'Tab\tand newline\nand é are fine' } });
    expect(response.statusCode).toBe(201);
  });
});
