import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { MFA_MESSAGES, RECOVERY_CODE_COUNT } from '@certs/shared/auth/mfa.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { ADMIN_LOGIN, APPLICANT_LOGIN, bearer, refreshCookieOf, signIn } from '../../../test/sign-in';
import { loginFailures, userMfa } from '../../db/schema/user';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(loginFailures);
});
afterEach(() => {
  vi.useRealTimers();
});

const STEP_MS = 30_000;
/**
 * The clock stands still in the middle of a TOTP step (only Date is faked), so that which code is
 * current never depends on when the test happens to run; `nextStep` moves it on.
 */
function holdClockMidStep(): { step: () => number; nextStep: () => void } {
  let now = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
  vi.useFakeTimers({ toFake: ['Date'], now });
  return {
    step: () => now,
    nextStep: () => {
      now += STEP_MS;
      vi.setSystemTime(now);
    },
  };
}

/** The code an authenticator app shows at `at` (milliseconds). */
const codeAt = (secret: string, at: number) => generate({ secret, epoch: Math.floor(at / 1000) });

const passwordStep = (app: TestApp['app'], user: CreatedUser, options: { remoteAddress?: string } = {}) =>
  app.inject({ method: 'POST', url: user.applicantId ? APPLICANT_LOGIN : ADMIN_LOGIN, payload: { identifier: user.email, password: user.password }, ...options });

const secondStep = (app: TestApp['app'], challengeToken: string, code: string, options: { remoteAddress?: string } = {}) =>
  app.inject({ method: 'POST', url: '/auth/local/mfa', payload: { challengeToken, code }, ...options });

/** Turns two-step sign-in on for a signed-in user with a code of the current step; returns the secret and recovery codes. */
async function enrol(app: TestApp['app'], jwt: string, at: number): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await app.inject({ method: 'POST', url: '/api/users/me/mfa/enrolment', headers: bearer(jwt) });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await app.inject({ method: 'POST', url: '/api/users/me/mfa/enrolment/confirm', headers: bearer(jwt), payload: { code: await codeAt(secret, at) } });
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

describe('setting up two-step sign-in', () => {
  it('gives a secret, its otpauth URI and QR code, turns on with a first code, and shows ten recovery codes', async () => {
    const clock = holdClockMidStep();
    const person = await createUser(t.database.db, { role: ROLES.Applicant });
    const { jwt } = await signIn(t.app, person);
    const status = () => t.app.inject({ method: 'GET', url: '/api/users/me/mfa', headers: bearer(jwt) });
    expect((await status()).json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const started = await t.app.inject({ method: 'POST', url: '/api/users/me/mfa/enrolment', headers: bearer(jwt) });
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const enrolment = started.json<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toContain(`otpauth://totp/`);
    expect(enrolment.otpauthUri).toContain(encodeURIComponent(person.email));
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Stored encrypted: the database alone does not give the secret away.
    const [stored] = await t.database.db.select().from(userMfa).where(eq(userMfa.userId, person.id));
    expect(stored?.secretEncrypted).not.toContain(enrolment.secret);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/users/me/mfa/enrolment/confirm', headers: bearer(jwt), payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MFA_MESSAGES.invalidCode);
    expect((await status()).json().enabled).toBe(false);
    // Still signs in with the password alone until confirmed.
    expect((await passwordStep(t.app, person)).json()).toHaveProperty('jwt');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/mfa/enrolment/confirm',
      headers: bearer(jwt),
      payload: { code: await codeAt(enrolment.secret, clock.step()) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await status()).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: RECOVERY_CODE_COUNT });

    // A second enrolment cannot replace the secret in use.
    const again = await t.app.inject({ method: 'POST', url: '/api/users/me/mfa/enrolment', headers: bearer(jwt) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MFA_MESSAGES.alreadyEnabled);
  });

  it('refuses a confirmation with nothing started, and an empty code with a field message', async () => {
    const person = await createUser(t.database.db, { role: ROLES.User });
    const { jwt } = await signIn(t.app, person);
    const none = await t.app.inject({ method: 'POST', url: '/api/users/me/mfa/enrolment/confirm', headers: bearer(jwt), payload: { code: '123456' } });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(MFA_MESSAGES.notEnrolling);
    const empty = await t.app.inject({ method: 'POST', url: '/api/users/me/mfa/enrolment/confirm', headers: bearer(jwt), payload: { code: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ code: MFA_MESSAGES.codeRequired });
  });

  it('answers 401 to every two-step route without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/me/mfa'],
      ['POST', '/api/users/me/mfa/enrolment'],
      ['POST', '/api/users/me/mfa/enrolment/confirm'],
      ['POST', '/api/users/me/mfa/disable'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
    }
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for a code after the password, with a challenge that is no session, and signs in with the current code once', async () => {
    const clock = holdClockMidStep();
    const person = await createUser(t.database.db, { role: ROLES.Applicant });
    const { secret } = await enrol(t.app, (await signIn(t.app, person)).jwt, clock.step());
    clock.nextStep();

    const first = await passwordStep(t.app, person);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const challenge = first.json<{ secondFactor: string; challengeToken: string }>();
    expect(challenge.secondFactor).toBe('code');
    expect(first.json()).not.toHaveProperty('jwt');
    expect(refreshCookieOf(first)).toBeUndefined();
    // The challenge opens nothing by itself.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(challenge.challengeToken) })).statusCode).toBe(401);

    const wrong = await secondStep(t.app, challenge.challengeToken, '123456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MFA_MESSAGES.invalidCode);

    const code = await codeAt(secret, clock.step());
    const signedIn = await secondStep(t.app, challenge.challengeToken, code);
    expect(signedIn.statusCode).toBe(200);
    expect(refreshCookieOf(signedIn)).toBeTruthy();
    const { jwt } = signedIn.json<{ jwt: string }>();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(jwt) })).json().id).toBe(person.id);

    // The same code (seen over a shoulder, or replayed) is refused, and so is an earlier one.
    const replay = await passwordStep(t.app, person);
    expect((await secondStep(t.app, replay.json().challengeToken, code)).statusCode).toBe(401);
    expect((await secondStep(t.app, replay.json().challengeToken, await codeAt(secret, clock.step() - STEP_MS))).statusCode).toBe(401);
    // The next step's code works.
    clock.nextStep();
    expect((await secondStep(t.app, replay.json().challengeToken, await codeAt(secret, clock.step()))).statusCode).toBe(200);
  });

  it('accepts each recovery code once, in any case and spacing', async () => {
    const clock = holdClockMidStep();
    const person = await createUser(t.database.db, { role: ROLES.User });
    const { jwt, refresh } = await signIn(t.app, person);
    const { recoveryCodes } = await enrol(t.app, jwt, clock.step());
    const [firstCode, secondCode] = recoveryCodes as [string, string];

    const used = await secondStep(t.app, (await passwordStep(t.app, person)).json().challengeToken, firstCode);
    expect(used.statusCode).toBe(200);
    const again = await secondStep(t.app, (await passwordStep(t.app, person)).json().challengeToken, firstCode);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MFA_MESSAGES.invalidCode);
    const typed = ` ${secondCode.toUpperCase().replace('-', ' ')} `;
    expect((await secondStep(t.app, (await passwordStep(t.app, person)).json().challengeToken, typed)).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/users/me/mfa', headers: bearer(used.json().jwt) });
    expect(status.json().recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
    // Sessions from before it was turned on go on.
    expect((await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: refresh } })).statusCode).toBe(200);
  });

  it('counts wrong codes as failed sign-ins: the eleventh attempt a minute from one address is refused', async () => {
    const clock = holdClockMidStep();
    const person = await createUser(t.database.db, { role: ROLES.Applicant });
    const { secret } = await enrol(t.app, (await signIn(t.app, person)).jwt, clock.step());
    clock.nextStep();
    const { challengeToken } = (await passwordStep(t.app, person, { remoteAddress: '10.9.0.1' })).json();
    for (let i = 0; i < 10; i++) {
      expect((await secondStep(t.app, challengeToken, String(100000 + i), { remoteAddress: '10.9.0.1' })).statusCode).toBe(401);
    }
    const eleventh = await secondStep(t.app, challengeToken, await codeAt(secret, clock.step()), { remoteAddress: '10.9.0.1' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    // The owner, elsewhere, still signs in with that code (it was not spent by the refused attempt).
    expect((await secondStep(t.app, challengeToken, await codeAt(secret, clock.step()), { remoteAddress: '10.9.0.2' })).statusCode).toBe(200);
  });

  it('refuses a made-up challenge, and an access token in its place', async () => {
    const clock = holdClockMidStep();
    const person = await createUser(t.database.db, { role: ROLES.Applicant });
    const { secret } = await enrol(t.app, (await signIn(t.app, person)).jwt, clock.step());
    clock.nextStep();
    const madeUp = await secondStep(t.app, 'not-a-challenge', await codeAt(secret, clock.step()));
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json().message).toBe(MFA_MESSAGES.challengeExpired);
    // An access token is no challenge either.
    const other = await createUser(t.database.db, { role: ROLES.Applicant });
    expect((await secondStep(t.app, (await signIn(t.app, other)).jwt, await codeAt(secret, clock.step()))).statusCode).toBe(401);
  });

  it('turns off with the password only, after which the password alone signs in again', async () => {
    const clock = holdClockMidStep();
    const person = await createUser(t.database.db, { role: ROLES.Applicant });
    const { jwt } = await signIn(t.app, person);
    await enrol(t.app, jwt, clock.step());
    const wrong = await t.app.inject({ method: 'POST', url: '/api/users/me/mfa/disable', headers: bearer(jwt), payload: { password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: MFA_MESSAGES.wrongPassword });
    expect((await passwordStep(t.app, person)).json().secondFactor).toBe('code');
    const off = await t.app.inject({ method: 'POST', url: '/api/users/me/mfa/disable', headers: bearer(jwt), payload: { password: person.password } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect((await passwordStep(t.app, person)).json()).toHaveProperty('jwt');
  });
});

describe('required for super users and account administrators (MFA_REQUIRED_FOR_ADMINS)', () => {
  let required: TestApp;
  beforeAll(async () => {
    required = await buildTestApp({ MFA_REQUIRED_FOR_ADMINS: '1' }, t.database);
  });
  afterAll(async () => {
    await required.close();
  });

  it('sends an administrator without it to enrolment after the password, with no session until a code confirms it', async () => {
    const clock = holdClockMidStep();
    const admin = await createUser(t.database.db, { role: ROLES.AccountAdministrator });
    const first = await passwordStep(required.app, admin);
    expect(first.statusCode).toBe(200);
    expect(first.json().secondFactor).toBe('enrolment');
    expect(refreshCookieOf(first)).toBeUndefined();
    const { challengeToken } = first.json<{ challengeToken: string }>();
    // Not a way into the api, nor a second step with a code.
    expect((await required.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(challengeToken) })).statusCode).toBe(401);
    expect((await secondStep(required.app, challengeToken, '123456')).statusCode).toBe(401);

    const started = await required.app.inject({ method: 'POST', url: '/auth/local/mfa/enrolment', payload: { challengeToken } });
    expect(started.statusCode).toBe(200);
    const { secret } = started.json<{ secret: string }>();
    const wrong = await required.app.inject({ method: 'POST', url: '/auth/local/mfa/enrolment/confirm', payload: { challengeToken, code: '000000' } });
    expect(wrong.statusCode).toBe(401);
    expect(refreshCookieOf(wrong)).toBeUndefined();

    const confirmed = await required.app.inject({
      method: 'POST',
      url: '/auth/local/mfa/enrolment/confirm',
      payload: { challengeToken, code: await codeAt(secret, clock.step()) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(refreshCookieOf(confirmed)).toBeTruthy();
    const { jwt } = confirmed.json<{ jwt: string }>();
    expect((await required.app.inject({ method: 'GET', url: '/api/users/me/mfa', headers: bearer(jwt) })).json()).toEqual({
      enabled: true,
      required: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    // From now on the password step asks for a code, and it cannot be turned off.
    expect((await passwordStep(required.app, admin)).json().secondFactor).toBe('code');
    const off = await required.app.inject({ method: 'POST', url: '/api/users/me/mfa/disable', headers: bearer(jwt), payload: { password: admin.password } });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(MFA_MESSAGES.requiredForRole);
  });

  it('ends a super user session from before the setting at its next refresh, and lets other roles in with a password', async () => {
    const superUser = await createUser(t.database.db, { role: ROLES.SuperUser });
    const before = await signIn(t.app, superUser);
    expect((await required.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { certs_refresh: before.refresh } })).statusCode).toBe(401);
    expect((await passwordStep(required.app, superUser)).json().secondFactor).toBe('enrolment');

    for (const role of [ROLES.AccountContributor, ROLES.User, ROLES.Applicant]) {
      const person = await createUser(t.database.db, { role });
      expect((await passwordStep(required.app, person)).json()).toHaveProperty('jwt');
    }
  });

  it('is off on the embedded default: a super user signs in with the password alone', async () => {
    const superUser = await createUser(t.database.db, { role: ROLES.SuperUser });
    const answer = await passwordStep(t.app, superUser);
    expect(answer.json()).toHaveProperty('jwt');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/mfa', headers: bearer(answer.json().jwt) })).json().required).toBe(false);
  });
});
