import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { ADMIN_LOGIN, APPLICANT_LOGIN } from '../../../test/sign-in';

const MESSAGE = 'The platform is closed for the exam-day upgrade. Please come back after 6 pm.';
const PUBLIC_URL = 'https://portal.awarding-body.example';
const TEST_HOST = 'qa.awarding-body.example';
let restrictionUrl: string;

// A real HTTP server on loopback plays the remote configuration file.
let answer: { status: number; body: string };
let remote: Server;
let t: TestApp;
let applicant: CreatedUser;
let allowedApplicant: CreatedUser;
let admin: CreatedUser;

function windowAround(now: number, open: boolean) {
  const hour = 3600_000;
  return open
    ? { applyFrom: new Date(now - hour).toISOString(), applyTo: new Date(now + hour).toISOString() }
    : { applyFrom: new Date(now + hour).toISOString(), applyTo: new Date(now + 2 * hour).toISOString() };
}

function serve(config: object, status = 200) {
  answer = { status, body: JSON.stringify(config) };
}

beforeAll(async () => {
  remote = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  const port = (remote.address() as AddressInfo).port;
  restrictionUrl = `http://127.0.0.1:${port}/login-restriction.json`;
  t = await buildTestApp({ LOGIN_RESTRICTION_URL: restrictionUrl, PUBLIC_URL, TEST_HOST });
  applicant = await createUser(t.database.db, { role: ROLES.Applicant });
  allowedApplicant = await createUser(t.database.db, { role: ROLES.Applicant });
  admin = await createUser(t.database.db, { role: ROLES.SuperUser });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => remote.close(resolve));
});
beforeEach(() => {
  serve({ ...windowAround(Date.now(), true), allowedApplicants: [allowedApplicant.email.toUpperCase()], allowedAdmins: ['*'], userMessageOnLogin: MESSAGE });
});

const signIn = (user: CreatedUser, app = t.app, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: user.applicantId ? APPLICANT_LOGIN : ADMIN_LOGIN,
    headers,
    payload: { identifier: user.email, password: user.password },
  });

describe('login restriction on the server', () => {
  it('blocks someone off the allow list inside the window with the configured message', async () => {
    const response = await signIn(applicant);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGE);
    expect(response.cookies).toHaveLength(0);
  });

  it('lets in those on the allow list (any case) and everyone where the list is a star', async () => {
    expect((await signIn(allowedApplicant)).statusCode).toBe(200);
    expect((await signIn(admin)).statusCode).toBe(200);
  });

  it('blocks admins too when their list does not hold them', async () => {
    serve({ ...windowAround(Date.now(), true), allowedApplicants: ['*'], allowedAdmins: ['someone.else@example.test'], userMessageOnLogin: MESSAGE });
    expect((await signIn(admin)).statusCode).toBe(403);
    expect((await signIn(applicant)).statusCode).toBe(200);
  });

  it('is lifted outside its window', async () => {
    serve({ ...windowAround(Date.now(), false), allowedApplicants: [], allowedAdmins: [], userMessageOnLogin: MESSAGE });
    expect((await signIn(applicant)).statusCode).toBe(200);
  });

  it('allows login when the file cannot be fetched or read', async () => {
    serve({}, 500);
    expect((await signIn(applicant)).statusCode).toBe(200);
    answer = { status: 200, body: 'not json at all' };
    expect((await signIn(applicant)).statusCode).toBe(200);
  });

  it('cannot be bypassed by a request claiming to come to localhost', async () => {
    expect((await signIn(applicant, t.app, { host: 'localhost:3000' })).statusCode).toBe(403);
    expect((await signIn(applicant, t.app, { host: TEST_HOST, 'x-forwarded-host': 'localhost' })).statusCode).toBe(403);
  });

  it('is skipped where the platform is served on localhost or on the test host', async () => {
    for (const publicUrl of ['http://localhost:3000', `https://${TEST_HOST}`]) {
      const other = await buildTestApp({ LOGIN_RESTRICTION_URL: restrictionUrl, PUBLIC_URL: publicUrl, TEST_HOST }, t.database);
      try {
        expect((await signIn(applicant, other.app)).statusCode, publicUrl).toBe(200);
      } finally {
        await other.close();
      }
    }
  });

  it('tells the login pages whether one sign-in would be refused, without showing the lists', async () => {
    const check = (identifier: string, userType: string) =>
      t.app.inject({ method: 'POST', url: '/unauth/loginrestriction/check', payload: { identifier, userType } });
    const blocked = await check(applicant.email, 'applicant');
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ isBlocked: true, message: MESSAGE });
    expect((await check(allowedApplicant.email, 'applicant')).json()).toEqual({ isBlocked: false, message: null });
    expect(blocked.body).not.toContain(allowedApplicant.email);
    serve({}, 404);
    expect((await check(applicant.email, 'applicant')).json()).toEqual({ isBlocked: false, message: null });
    expect((await check('', 'applicant')).statusCode).toBe(400);
  });

  it('reads a window without an offset as Sydney time', async () => {
    // Now in Sydney, written without an offset, one hour either side.
    const sydney = (offsetHours: number) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Australia/Sydney', dateStyle: 'short', timeStyle: 'medium' })
        .format(new Date(Date.now() + offsetHours * 3600_000))
        .replace(' ', 'T');
    serve({ applyFrom: sydney(-1), applyTo: sydney(1), allowedApplicants: [], allowedAdmins: ['*'], userMessageOnLogin: MESSAGE });
    expect((await signIn(applicant)).statusCode).toBe(403);
  });
});
