import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { ACCESS_TOKEN_SECONDS, TokenService } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const claims = { sub: '0b7c0c2e-6f7e-4a57-9a53-1d1f6f9b8c01', role: ROLES.Applicant, userType: 'applicant' as const, sv: 3 };

/** Flips one character of the signature: same header and claims, a signature we never made. */
function tampered(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('carries the refresh session of a token when it has one', async () => {
    const tokens = new TokenService(SECRET);
    const withSession = { ...claims, sid: '3a0f6c1e-9b2d-4e8a-b1c7-5d6e7f801234' };
    expect(await tokens.verifyAccessToken(await tokens.signAccessToken(withSession))).toEqual(withSession);
    expect(await tokens.verifyAccessToken(await tokens.signAccessToken(claims))).not.toHaveProperty('sid');
  });

  it('verifies its own token, again and again, with the same claims', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.signAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    // The second check is answered from the instance's memory of verified tokens.
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
  });

  it('refuses a forged signature even after the genuine token was verified', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.signAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    expect(await tokens.verifyAccessToken(tampered(token))).toBeNull();
    expect(await tokens.verifyAccessToken(tampered(token))).toBeNull();
  });

  it('refuses a token signed with another secret or for another audience', async () => {
    const other = await new TokenService('another-secret-that-is-also-long-enough').signAccessToken(claims);
    const tokens = new TokenService(SECRET);
    expect(await tokens.verifyAccessToken(other)).toBeNull();
    const elsewhere = await new SignJWT({ role: claims.role, userType: claims.userType, sv: claims.sv })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('certification-platform')
      .setAudience('some-other-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verifyAccessToken(elsewhere)).toBeNull();
  });

  it('stops accepting a token at its expiry, also one it has verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
    const tokens = new TokenService(SECRET);
    const token = await tokens.signAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.parse('2026-11-26T09:00:00Z') + (ACCESS_TOKEN_SECONDS - 1) * 1000));
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.parse('2026-11-26T09:00:00Z') + ACCESS_TOKEN_SECONDS * 1000));
    expect(await tokens.verifyAccessToken(token)).toBeNull();
    // A fresh instance, which never saw it, refuses it too.
    expect(await new TokenService(SECRET).verifyAccessToken(token)).toBeNull();
  });
});

describe('refresh cookies', () => {
  const sessionId = '3a0f6c1e-9b2d-4e8a-b1c7-5d6e7f801234';

  it('name their session, each value different', () => {
    const cookies = new TokenService(SECRET).refreshCookies;
    const first = cookies.issue(sessionId);
    const second = cookies.issue(sessionId);
    expect(first).not.toBe(second);
    expect(cookies.sessionOf(first)).toBe(sessionId);
    expect(cookies.sessionOf(second)).toBe(sessionId);
    // Another instance with the same secret reads them too.
    expect(new TokenService(SECRET).refreshCookies.sessionOf(first)).toBe(sessionId);
  });

  it('name no session when altered, made elsewhere, or from before the mark', () => {
    const cookies = new TokenService(SECRET).refreshCookies;
    const value = cookies.issue(sessionId);
    const [, random, mark] = value.split('.');
    const otherSession = '0b7c0c2e-6f7e-4a57-9a53-1d1f6f9b8c01';
    for (const forged of [
      tampered(value),
      `${otherSession}.${random}.${mark}`,
      new TokenService('another-secret-that-is-also-long-enough').refreshCookies.issue(sessionId),
      `${sessionId}.${random}`,
      `${sessionId}.${random}.${mark}.x`,
      `not-a-session.${random}.${mark}`,
      'kX3v9QeXyq0bq1mHk3yQGf1m0m1Yb8bBv7m7XW3c1mA',
      '',
    ]) {
      expect(cookies.sessionOf(forged), forged).toBeNull();
    }
  });
});
