import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { ROLES, type Role } from '@certs/shared/auth/roles';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { ADMIN_LOGIN, APPLICANT_LOGIN, bearer, refreshCookieOf, signIn } from '../../../test/sign-in';
import { eq, isNotNull } from 'drizzle-orm';
import { loginFailures, refreshSessions, users } from '../../db/schema/user';
import { identifierDelayMs } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
// Failed attempts from earlier tests would otherwise count against later ones (same test address).
beforeEach(async () => {
  await t.database.db.delete(loginFailures);
});

const login = (url: string, identifier: string, password: string, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload: { identifier, password }, ...options });

describe('sign-in', () => {
  const cases: { role: Role; label: string; route: string; wrongRoute: string; userType: string }[] = [
    { role: ROLES.SuperUser, label: 'super user', route: ADMIN_LOGIN, wrongRoute: APPLICANT_LOGIN, userType: 'admin' },
    { role: ROLES.AccountAdministrator, label: 'account administrator', route: ADMIN_LOGIN, wrongRoute: APPLICANT_LOGIN, userType: 'admin' },
    { role: ROLES.AccountContributor, label: 'account contributor', route: ADMIN_LOGIN, wrongRoute: APPLICANT_LOGIN, userType: 'admin' },
    { role: ROLES.User, label: 'user', route: ADMIN_LOGIN, wrongRoute: APPLICANT_LOGIN, userType: 'admin' },
    { role: ROLES.Applicant, label: 'applicant', route: APPLICANT_LOGIN, wrongRoute: ADMIN_LOGIN, userType: 'applicant' },
  ];

  for (const c of cases) {
    it(`signs a ${c.label} in on their route and refuses them on the other`, async () => {
      const user = await createUser(t.database.db, { role: c.role, menuItems: ['Dashboard'] });
      const ok = await login(c.route, user.email.toUpperCase(), user.password);
      expect(ok.statusCode).toBe(200);
      const body = ok.json();
      expect(body.jwt).toEqual(expect.any(String));
      expect(body.user).toMatchObject({ id: user.id, email: user.email, role: c.role, userType: c.userType, applicantId: user.applicantId });
      expect(refreshCookieOf(ok)).toBeTruthy();
      const setCookie = String(ok.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Strict/);
      // Served on localhost here (PUBLIC_URL's default), so the browser may keep it over plain http.
      expect(setCookie).not.toMatch(/Secure/);

      const wrong = await login(c.wrongRoute, user.email, user.password);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
      expect(refreshCookieOf(wrong)).toBeUndefined();
    });
  }

  it('answers a wrong password and an unknown user alike, with no token', async () => {
    const user = await createUser(t.database.db, { role: ROLES.User });
    const wrongPassword = await login(ADMIN_LOGIN, user.email, 'not-the-password-1');
    const unknown = await login(ADMIN_LOGIN, 'nobody@example.test', 'not-the-password-1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(wrongPassword.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.invalidCredentials });
  });

  it('refuses an inactive user with the same answer', async () => {
    const user = await createUser(t.database.db, { role: ROLES.User, active: false });
    const response = await login(ADMIN_LOGIN, user.email, user.password);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('gives the super user every menu item and others their saved menu', async () => {
    const superUser = await createUser(t.database.db, { role: ROLES.SuperUser, menuItems: [] });
    const contributor = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Dashboard', 'Examinations'] });
    expect((await signIn(t.app, superUser)).body.user.menuItems).toEqual([...ADMIN_MENU_ITEMS]);
    expect((await signIn(t.app, contributor)).body.user.menuItems).toEqual(['Dashboard', 'Programs', 'Examinations']);
  });

  it('rejects a body with unknown fields or a missing password', async () => {
    const extra = await t.app.inject({ method: 'POST', url: ADMIN_LOGIN, payload: { identifier: 'a@b.test', password: 'x', admin: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/Unknown field: admin/);
    const missing = await t.app.inject({ method: 'POST', url: ADMIN_LOGIN, payload: { identifier: 'a@b.test', password: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: AUTH_MESSAGES.passwordRequired, fieldErrors: { password: AUTH_MESSAGES.passwordRequired } });
  });
});

describe('repeated failures', () => {
  // This test once expected 429 here: failures from elsewhere locked the owner out (issue 15, item 8).
  it('does not refuse the owner after 10 failures a minute for their identifier from other addresses', async () => {
    const user = await createUser(t.database.db, { role: ROLES.User });
    for (let i = 0; i < 10; i++) {
      expect((await login(ADMIN_LOGIN, user.email, `wrong-password-${i}`, { remoteAddress: `10.0.0.${i}` })).statusCode).toBe(401);
    }
    expect((await login(ADMIN_LOGIN, user.email, user.password, { remoteAddress: '10.0.1.1' })).statusCode).toBe(200);
    const other = await createUser(t.database.db, { role: ROLES.User });
    expect((await login(ADMIN_LOGIN, other.email, other.password, { remoteAddress: '10.0.1.1' })).statusCode).toBe(200);
  });

  it('answers 429 once one address passes its ceiling across identifiers (LOGIN_LIMIT_PER_ADDRESS)', async () => {
    const limited = await buildTestApp({ LOGIN_LIMIT_PER_ADDRESS: '20' }, t.database);
    try {
      const user = await createUser(t.database.db, { role: ROLES.User });
      const at = { remoteAddress: '10.3.0.1' };
      for (let i = 0; i < 20; i++) {
        const answer = await limited.app.inject({ method: 'POST', url: ADMIN_LOGIN, payload: { identifier: `unknown-${i}@example.test`, password: 'wrong-password' }, ...at });
        expect(answer.statusCode).toBe(401);
      }
      const past = await limited.app.inject({ method: 'POST', url: ADMIN_LOGIN, payload: { identifier: user.email, password: user.password }, ...at });
      expect(past.statusCode).toBe(429);
      expect(past.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    } finally {
      await limited.close();
    }
  });

  it('lets a test centre sign in: 30 people behind one address while 3 of them fail 11 times each (issue 44)', async () => {
    const centre = { remoteAddress: '10.4.0.1' };
    const people = await Promise.all(Array.from({ length: 30 }, () => createUser(t.database.db, { role: ROLES.Applicant })));
    const mistyping = people.slice(0, 3);
    for (const person of mistyping) {
      for (let i = 0; i < 10; i++) expect((await login(APPLICANT_LOGIN, person.email, `mistyped-${i}`, centre)).statusCode).toBe(401);
      // The eleventh in a minute at the same identifier from the same address is refused, even right.
      const eleventh = await login(APPLICANT_LOGIN, person.email, person.password, centre);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    }
    // 33 failures from the centre's address: everyone else there still signs in.
    for (const person of people.slice(3)) {
      const answer = await login(APPLICANT_LOGIN, person.email, person.password, centre);
      expect(answer.statusCode, person.email).toBe(200);
      expect(answer.json().user.id).toBe(person.id);
    }
  });

  // A burst from one address: it once used 30 addresses, refused by the per-identifier limit that no longer refuses.
  it('counts attempts made at the same moment, so a burst cannot slip past the limit', async () => {
    const user = await createUser(t.database.db, { role: ROLES.User });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(ADMIN_LOGIN, user.email, `wrong-${i}`, { remoteAddress: '10.1.0.1' })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
  });

  it('still signs in after fewer than 10 failures', async () => {
    const user = await createUser(t.database.db, { role: ROLES.User });
    for (let i = 0; i < 9; i++) await login(ADMIN_LOGIN, user.email, 'wrong-password');
    expect((await login(ADMIN_LOGIN, user.email, user.password)).statusCode).toBe(200);
  });
});

describe('tokens and sessions', () => {
  let applicant: CreatedUser;
  let admin: CreatedUser;
  beforeAll(async () => {
    applicant = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Ada' });
    admin = await createUser(t.database.db, { role: ROLES.SuperUser });
  });

  it('returns the signed-in user from api/users/me', async () => {
    const { jwt } = await signIn(t.app, applicant);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: applicant.id, firstName: 'Ada', userType: 'applicant', applicantId: applicant.applicantId, timeZone: 'Australia/Sydney' });
  });

  it('answers 401 without a token, with a forged one, with alg none and with another audience', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    const forged = await new SignJWT({ role: 1, userType: 'admin', sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuer('certification-platform')
      .setAudience('certification-platform-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-secret-of-enough-length-000000'));
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(forged) })).statusCode).toBe(401);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: admin.id, role: 1, userType: 'admin', sv: 0, aud: 'certification-platform-api', iss: 'certification-platform', exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(`${header}.${payload}.`) })).statusCode).toBe(401);
    const otherAudience = await new SignJWT({ role: 1, userType: 'admin', sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuer('certification-platform')
      .setAudience('another-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(otherAudience) })).statusCode).toBe(401);
    const expired = await new SignJWT({ role: 1, userType: 'admin', sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuer('certification-platform')
      .setAudience('certification-platform-api')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const expiredAnswer = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(expired) });
    expect(expiredAnswer.statusCode).toBe(401);
    expect(expiredAnswer.json().message).toBe(AUTH_MESSAGES.sessionExpired);
  });

  it('refuses an applicant token on an admin route with 403', async () => {
    const { jwt } = await signIn(t.app, applicant);
    const response = await t.app.inject({ method: 'GET', url: '/api/accountuser/pagination/all', headers: bearer(jwt) });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(AUTH_MESSAGES.forbidden);
  });

  it('refreshes with the cookie, rotates it, and keeps the replaced one good only briefly', async () => {
    const { refresh } = await signIn(t.app, applicant);
    const first = await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: refresh } });
    expect(first.statusCode).toBe(200);
    const { newToken } = first.json();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(newToken) })).json().id).toBe(applicant.id);
    const rotated = refreshCookieOf(first);
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(refresh);

    // A second tab that still sent the old cookie at the same moment gets a token but no new cookie.
    const sameMoment = await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: refresh } });
    expect(sameMoment.statusCode).toBe(200);
    expect(refreshCookieOf(sameMoment)).toBeUndefined();

    const next = await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: rotated! } });
    expect(next.statusCode).toBe(200);
  });

  it('ends the session when a replaced cookie is replayed after the grace period', async () => {
    const { refresh } = await signIn(t.app, applicant);
    const first = await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: refresh } });
    const current = refreshCookieOf(first)!;
    // Move the rotation into the past, beyond the grace period.
    await t.database.db.update(refreshSessions).set({ rotatedOn: new Date(Date.now() - 60_000) }).where(isNotNull(refreshSessions.rotatedOn));
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: refresh } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: current } })).statusCode).toBe(401);
  });

  it('ends the session when a cookie rotated out two or more times ago is replayed, but not for a made-up one naming it (issue 45)', async () => {
    const person = await createUser(t.database.db, { role: ROLES.Applicant });
    const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: cookie } });
    const me = (jwt: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) });
    const { refresh: first } = await signIn(t.app, person);
    const second = refreshCookieOf(await refresh(first))!;
    const rotatedAgain = await refresh(second);
    const newest = refreshCookieOf(rotatedAgain)!;
    const { newToken } = rotatedAgain.json<{ newToken: string }>();
    expect((await me(newToken)).statusCode).toBe(200);

    // A value naming the session with a mark of its own making is a stranger: the session goes on.
    const [sessionId] = newest.split('.');
    expect((await refresh(`${sessionId}.made-up.${'A'.repeat(43)}`)).statusCode).toBe(401);
    expect((await refresh(`${sessionId}.made-up`)).statusCode).toBe(401);
    expect((await me(newToken)).statusCode).toBe(200);

    // The first value, two rotations old, replayed: the session ends, its newest cookie and access token too.
    const replayed = await refresh(first);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(AUTH_MESSAGES.sessionExpired);
    expect((await refresh(newest)).statusCode).toBe(401);
    expect((await me(newToken)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(refreshSessions).where(eq(refreshSessions.id, sessionId!));
    expect(row?.revokedOn).toBeInstanceOf(Date);
  });

  it('answers 401 to a refresh without a cookie or with an unknown one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: 'made-up' } })).statusCode).toBe(401);
  });

  it('ends the refresh session at logout', async () => {
    const { refresh } = await signIn(t.app, applicant);
    const out = await t.app.inject({ method: 'POST', url: '/auth/local/logout', cookies: { certs_refresh: refresh } });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: refresh } })).statusCode).toBe(401);
  });

  // Issue 15, item 12: the access token once stayed good for 15 minutes after logout.
  it("ends the logged-out session's access tokens at once, and only that session's", async () => {
    const person = await createUser(t.database.db, { role: ROLES.Applicant });
    const leaving = await signIn(t.app, person);
    const staying = await signIn(t.app, person);
    // A token from a refresh carries the same session.
    const refreshed = await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: leaving.refresh } });
    const refreshedJwt = refreshed.json<{ newToken: string }>().newToken;
    const me = (jwt: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) });
    // Checked before: this instance remembers the user and must forget them at logout.
    expect([(await me(leaving.jwt)).statusCode, (await me(refreshedJwt)).statusCode, (await me(staying.jwt)).statusCode]).toEqual([200, 200, 200]);

    const out = await t.app.inject({ method: 'POST', url: '/auth/local/logout', cookies: { certs_refresh: refreshCookieOf(refreshed)! } });
    expect(out.statusCode).toBe(204);
    const after = await me(leaving.jwt);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(AUTH_MESSAGES.sessionExpired);
    expect((await me(refreshedJwt)).statusCode).toBe(401);
    // Another device of the same user goes on, token and refresh alike.
    expect((await me(staying.jwt)).json().id).toBe(person.id);
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: staying.refresh } })).statusCode).toBe(200);
  });

  it('ends a logged-out access token on every instance, while the user goes on elsewhere', async () => {
    const other = await buildTestApp({}, t.database);
    try {
      const person = await createUser(t.database.db, { role: ROLES.User, firstName: 'Two', lastName: 'Tabs' });
      const leaving = await signIn(t.app, person);
      const staying = await signIn(other.app, person);
      const me = (app: TestApp['app'], jwt: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) });
      // Both instances have checked (and remember) the user.
      expect([(await me(t.app, leaving.jwt)).statusCode, (await me(other.app, leaving.jwt)).statusCode]).toEqual([200, 200]);
      expect((await t.app.inject({ method: 'POST', url: '/auth/local/logout', cookies: { certs_refresh: leaving.refresh } })).statusCode).toBe(204);
      // The instance that logged out refuses at once; the other hears of it from PostgreSQL within moments.
      expect((await me(t.app, leaving.jwt)).statusCode).toBe(401);
      await expect.poll(async () => (await me(other.app, leaving.jwt)).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
      expect([(await me(t.app, staying.jwt)).statusCode, (await me(other.app, staying.jwt)).statusCode]).toEqual([200, 200]);
    } finally {
      await other.close();
    }
  });

  it('keeps accepting a token issued before tokens named their session, until it expires', async () => {
    const person = await createUser(t.database.db, { role: ROLES.User });
    const { refresh } = await signIn(t.app, person);
    const older = await new SignJWT({ role: ROLES.User, userType: 'admin', sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(person.id)
      .setIssuer('certification-platform')
      .setAudience('certification-platform-api')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(older) })).json().id).toBe(person.id);
    // A logout of some session of theirs cannot tell which session such a token was for.
    await t.app.inject({ method: 'POST', url: '/auth/local/logout', cookies: { certs_refresh: refresh } });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(older) })).statusCode).toBe(200);
  });

  it('ends every session of a user at once when an administrator deactivates them', async () => {
    const victim = await createUser(t.database.db, { role: ROLES.User, firstName: 'Vic', lastName: 'Tim' });
    const a = await signIn(t.app, victim);
    const b = await signIn(t.app, victim);
    const { jwt: adminJwt } = await signIn(t.app, admin);
    // Checked once before: this instance remembers the user, and must forget them with the change.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(a.jwt) })).statusCode).toBe(200);
    const update = await t.app.inject({
      method: 'POST',
      url: `/api/accountuser/update/${victim.id}`,
      headers: bearer(adminJwt),
      payload: { firstName: 'Vic', lastName: 'Tim', email: victim.email, role: ROLES.User, active: false, menuItems: [] },
    });
    expect(update.statusCode).toBe(200);
    for (const session of [a, b]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session.jwt) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: session.refresh } })).statusCode).toBe(401);
    }
  });

  it('ends a session on every instance when the user changes in the database, however it was changed', async () => {
    const other = await buildTestApp({}, t.database);
    try {
      const person = await createUser(t.database.db, { role: ROLES.User, firstName: 'Two', lastName: 'Places' });
      const session = await signIn(t.app, person);
      const me = (app: TestApp['app']) => app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session.jwt) });
      // Both instances have checked (and remember) the user.
      expect([(await me(t.app)).statusCode, (await me(other.app)).statusCode]).toEqual([200, 200]);
      // Deactivated by something that is neither instance (a script, a third instance).
      await t.database.db.update(users).set({ active: false }).where(eq(users.id, person.id));
      // Each hears of it from PostgreSQL as it commits: within moments, never after a cache expiry.
      await expect.poll(async () => [(await me(t.app)).statusCode, (await me(other.app)).statusCode], { timeout: 2000, interval: 20 }).toEqual([401, 401]);
    } finally {
      await other.close();
    }
  });

  it('ends every session when an administrator sets a new password, and the new one works', async () => {
    const person = await createUser(t.database.db, { role: ROLES.User, firstName: 'Pat', lastName: 'Word' });
    const before = await signIn(t.app, person);
    const { jwt: adminJwt } = await signIn(t.app, admin);
    const newPassword = 'Brand-new-pass-42';
    const update = await t.app.inject({
      method: 'POST',
      url: `/api/accountuser/update/${person.id}`,
      headers: bearer(adminJwt),
      payload: { firstName: 'Pat', lastName: 'Word', email: person.email, role: ROLES.User, active: true, menuItems: [], password: newPassword },
    });
    expect(update.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(before.jwt) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: before.refresh } })).statusCode).toBe(401);
    expect((await login(ADMIN_LOGIN, person.email, person.password)).statusCode).toBe(401);
    expect((await login(ADMIN_LOGIN, person.email, newPassword)).statusCode).toBe(200);
  });

  it('marks the refresh cookie Secure when the platform is served anywhere but localhost', async () => {
    const publicApp = await buildTestApp({ PUBLIC_URL: 'https://certs.awarding-body.example' }, t.database);
    try {
      const response = await login(ADMIN_LOGIN, admin.email, admin.password);
      expect(String(response.headers['set-cookie'])).not.toMatch(/Secure/);
      const remote = await publicApp.app.inject({ method: 'POST', url: ADMIN_LOGIN, payload: { identifier: admin.email, password: admin.password } });
      expect(String(remote.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await publicApp.close();
    }
  });

  it('accepts a token issued by one instance on another instance of the same database', async () => {
    const second = await buildTestApp({}, t.database);
    try {
      const { jwt, refresh } = await signIn(t.app, applicant);
      expect((await second.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) })).json().id).toBe(applicant.id);
      expect((await second.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: refresh } })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps the zone a user chooses and refuses one not offered', async () => {
    const { jwt } = await signIn(t.app, applicant);
    const saved = await t.app.inject({ method: 'POST', url: '/api/users/me/preferences', headers: bearer(jwt), payload: { timeZone: 'Pacific/Auckland' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().timeZone).toBe('Pacific/Auckland');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) })).json().timeZone).toBe('Pacific/Auckland');
    const refused = await t.app.inject({ method: 'POST', url: '/api/users/me/preferences', headers: bearer(jwt), payload: { timeZone: 'Europe/London' } });
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) })).json().timeZone).toBe('Pacific/Auckland');
  });
});

describe('platform', () => {
  it('sends security headers and the error shape on every answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.statusCode).toBe(404);
    expect(Object.keys(response.json()).sort()).toEqual(['error', 'message', 'statusCode']);
    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(unauthorized.headers['x-frame-options']).toBe('DENY');
    expect(unauthorized.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.unauthorized });
  });

  it('answers the health check once the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/unauth/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('documents the routes at /docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/auth/local', '/auth/local/applicant', '/auth/local/refreshtoken', '/api/users/me', '/api/accountuser']));
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('failed sign-ins from many places (issue 15, item 8)', () => {
  it('refuses an address after 10 failures for a user, yet the owner signs in from another address', async () => {
    const user = await createUser(t.database.db, { role: ROLES.User });
    for (let i = 0; i < 10; i++) {
      expect((await login(ADMIN_LOGIN, user.email, `wrong-password-${i}`, { remoteAddress: '10.2.0.1' })).statusCode).toBe(401);
    }
    const eleventh = await login(ADMIN_LOGIN, user.email, 'wrong-password-x', { remoteAddress: '10.2.0.1' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    // The attacking address is refused even with the right password...
    expect((await login(ADMIN_LOGIN, user.email, user.password, { remoteAddress: '10.2.0.1' })).statusCode).toBe(429);
    // ...while the owner, elsewhere, is not locked out (only slowed down a little).
    const owner = await login(ADMIN_LOGIN, user.email, user.password, { remoteAddress: '10.2.9.9' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.id).toBe(user.id);
  });

  it('slows attempts at one identifier beyond 10 a minute, growing to a cap of a few seconds', () => {
    const options = { delayStepMs: 250, maxDelayMs: 3000 };
    expect([1, 10, 11, 12, 14, 22, 500].map((n) => identifierDelayMs(n, options))).toEqual([0, 0, 250, 500, 1000, 3000, 3000]);
  });
});

describe('logout and caching (issue 15, item 12)', () => {
  it('answers a logout without a cookie or with an unknown one with 204, and ends nothing', async () => {
    const person = await createUser(t.database.db, { role: ROLES.User });
    const { jwt } = await signIn(t.app, person);
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/logout' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/logout', cookies: { certs_refresh: 'made-up' } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) })).statusCode).toBe(200);
  });

  it('marks every authenticated answer no-store, unless the route chose its own caching', async () => {
    const person = await createUser(t.database.db, { role: ROLES.SuperUser });
    const { jwt } = await signIn(t.app, person);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const invalid = await t.app.inject({ method: 'POST', url: '/api/users/me/preferences', headers: bearer(jwt), payload: { timeZone: 'Nowhere/Else' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');
    // The welder qualification options are the same for everyone and say so themselves.
    const options = await t.app.inject({ method: 'GET', url: '/api/welderqualificationoptions/weldprocesses', headers: bearer(jwt) });
    expect(options.statusCode).toBe(200);
    expect(options.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('marks the sign-in, refresh and logout answers no-store', async () => {
    const person = await createUser(t.database.db, { role: ROLES.Applicant });
    const signedIn = await login(APPLICANT_LOGIN, person.email, person.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect((await login(APPLICANT_LOGIN, person.email, 'wrong-password')).headers['cache-control']).toBe('no-store');
    const refreshed = await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: refreshCookieOf(signedIn)! } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const out = await t.app.inject({ method: 'POST', url: '/auth/local/logout', cookies: { certs_refresh: refreshCookieOf(refreshed)! } });
    expect(out.headers['cache-control']).toBe('no-store');
  });
});
