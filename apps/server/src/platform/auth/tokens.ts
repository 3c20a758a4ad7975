import { createHash, createHmac, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';
import { USER_TYPES, type Role, type UserType } from '@certs/shared/auth/roles';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** A refresh credential unused for this long is dead (inactivity timeout). */
export const REFRESH_IDLE_SECONDS = 8 * 60 * 60;
/** ...and none lives longer than this, however often it is used (absolute lifetime). */
export const REFRESH_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;
/** Two tabs refreshing at once: the just-rotated value stays good this long. */
export const REFRESH_ROTATION_GRACE_SECONDS = 30;

const ISSUER = 'certification-platform';
const AUDIENCE = 'certification-platform-api';
const ALGORITHM = 'HS256';
/** Verified tokens remembered per instance: about one per signed-in user of the last 15 minutes. */
const VERIFIED_TOKENS_KEPT = 20_000;

export interface AccessClaims {
  sub: string;
  role: Role;
  userType: UserType;
  /** The user's session version when the token was issued; a later one ends the session. */
  sv: number;
  /**
   * The refresh session the token was issued for: once that session is revoked (its logout), the
   * token is refused although unexpired. Absent from tokens issued before it existed.
   */
  sid?: string;
}

export class TokenService {
  /**
   * Imported once: given raw bytes, jose imports the key again at every check, a measurable share
   * of an answer save's CPU on exam day (docs/performance.md).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * A browser sends the same token with every request until it is refreshed: the exact string
   * verified once is verified for good, until its `exp`. Only signature and claims are remembered;
   * whether the user may still act is checked against the database on every request.
   */
  private readonly verified = new LRUCache<string, { claims: AccessClaims; expiresAt: number }>({ max: VERIFIED_TOKENS_KEPT });

  /** Second-factor challenges, signed with the same key under another audience. */
  readonly challenges: ChallengeTokens;

  /** Refresh cookies, marked with a key of their own derived from the same secret. */
  readonly refreshCookies: RefreshCookies;

  constructor(secret: string) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.challenges = new ChallengeTokens(this.key);
    this.refreshCookies = new RefreshCookies(createHmac('sha256', secret).update('refresh-cookie').digest());
  }

  async signAccessToken(claims: AccessClaims): Promise<string> {
    const payload = { role: claims.role, userType: claims.userType, sv: claims.sv, ...(claims.sid ? { sid: claims.sid } : {}) };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(await this.key);
  }

  /** Returns the claims, or null for anything not signed by us with HS256, expired, or for another audience. */
  async verifyAccessToken(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'number' || typeof payload.sv !== 'number') return null;
      if (!(USER_TYPES as readonly unknown[]).includes(payload.userType)) return null;
      if (payload.sid !== undefined && typeof payload.sid !== 'string') return null;
      const claims: AccessClaims = { sub: payload.sub, role: payload.role as Role, userType: payload.userType as UserType, sv: payload.sv };
      if (payload.sid !== undefined) claims.sid = payload.sid;
      // requiredClaims makes exp present; jose refuses a token once now >= exp.
      this.verified.set(token, { claims, expiresAt: (payload.exp as number) * 1000 });
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/** Why a challenge token was given: the second factor of a sign-in, or the enrolment a role requires first. */
export type ChallengePurpose = 'mfa' | 'enrol';

export interface ChallengeClaims {
  sub: string;
  purpose: ChallengePurpose;
  /** The user's session version at the password step: a later change ends the challenge too. */
  sv: number;
}

/** Long enough to find the phone, or to install an app and scan a code when enrolment is required. */
export const CHALLENGE_TOKEN_SECONDS = 10 * 60;
/** Another audience: a challenge token is never accepted as an access token, nor the reverse. */
const CHALLENGE_AUDIENCE = 'certification-platform-mfa-challenge';

/**
 * The proof that a password was right, handed back by the password step when a second factor is
 * needed: not a session (the api refuses it), only good for completing this sign-in.
 */
export class ChallengeTokens {
  constructor(private readonly key: Promise<webcrypto.CryptoKey>) {}

  async sign(claims: ChallengeClaims): Promise<string> {
    return new SignJWT({ purpose: claims.purpose, sv: claims.sv })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(CHALLENGE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${CHALLENGE_TOKEN_SECONDS}s`)
      .sign(await this.key);
  }

  async verify(token: string, purpose: ChallengePurpose): Promise<ChallengeClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: CHALLENGE_AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number' || payload.purpose !== purpose) return null;
      return { sub: payload.sub, purpose, sv: payload.sv };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A refresh cookie is `<session id>.<random>.<mark>`, the mark a MAC of the rest under the
 * server's key. Only a hash of the session's current value (and of the one just replaced) is
 * stored, so without the mark a value rotated out earlier would be a stranger; with it, any value
 * this server issued names its session, and a replay of an old one ends that session (issue 45).
 * Nobody without the key can make a value that names a session, so nobody can end someone else's.
 */
export class RefreshCookies {
  constructor(private readonly key: Buffer) {}

  issue(sessionId: string): string {
    const body = `${sessionId}.${newRandomToken()}`;
    return `${body}.${this.markOf(body)}`;
  }

  /** The session a value issued by this server names; null for anything else (made up, altered, or from before the mark). */
  sessionOf(value: string): string | null {
    const parts = value.split('.');
    if (parts.length !== 3) return null;
    const [sessionId = '', random = '', mark = ''] = parts;
    if (!UUID_PATTERN.test(sessionId) || !random) return null;
    const expected = Buffer.from(this.markOf(`${sessionId}.${random}`));
    const given = Buffer.from(mark);
    return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
  }

  private markOf(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** A random, unguessable token (refresh cookies, activation and reset links). */
export function newRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash of a token is stored. */
export function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
