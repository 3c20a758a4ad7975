import { setTimeout as sleep } from 'node:timers/promises';
import { visibleMenuItems } from '@certs/shared/auth/admin-menu';
import { AUTH_MESSAGES, type LoginResponse, type SessionUser } from '@certs/shared/auth/auth.contract';
import { REGISTRATION_MESSAGES } from '@certs/shared/auth/registration.contract';
import { ROLES, type Role, type UserType } from '@certs/shared/auth/roles';
import { DEFAULT_TIME_ZONE, isOfferedTimeZone, type OfferedTimeZone } from '@certs/shared/common/dates';
import { AppError } from '../../platform/app-error';
import type { CurrentUser, SessionLookup } from '../../platform/auth/authenticate';
import { verifyPassword } from '../../platform/auth/password';
import {
  REFRESH_ABSOLUTE_SECONDS,
  REFRESH_IDLE_SECONDS,
  REFRESH_ROTATION_GRACE_SECONDS,
  hashToken,
  newRandomToken,
  type TokenService,
} from '../../platform/auth/tokens';
import type { AuthRepository, UserRow } from './auth.repository';
import type { LoginRestrictionService } from './login-restriction.service';
import { SessionUserCache } from './session-user-cache';

/**
 * More than this many attempts a minute from one client address are refused with 429. For one
 * identifier across all addresses, attempts beyond it are slowed down instead (never refused), so
 * that nobody can lock an owner out by failing on purpose from elsewhere (issue 15, item 8).
 */
export const MAX_FAILURES_PER_MINUTE = 10;

export interface LoginThrottleOptions {
  /** The wait added for each attempt at one identifier beyond MAX_FAILURES_PER_MINUTE in the last minute. */
  delayStepMs: number;
  /** The longest wait, so that the owner signing in during an attack waits at most this long. */
  maxDelayMs: number;
  wait: (ms: number) => Promise<unknown>;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = { delayStepMs: 250, maxDelayMs: 3000, wait: (ms) => sleep(ms) };

/** How long an attempt waits before its answer, given the identifier's attempts in the last minute (this one included). */
export function identifierDelayMs(attemptsForIdentifier: number, options: Pick<LoginThrottleOptions, 'delayStepMs' | 'maxDelayMs'>): number {
  const excess = attemptsForIdentifier - MAX_FAILURES_PER_MINUTE;
  return excess > 0 ? Math.min(options.maxDelayMs, excess * options.delayStepMs) : 0;
}

export interface LoginInput {
  userType: UserType;
  identifier: string;
  password: string;
  ipAddress: string;
  userAgent?: string;
}

export interface IssuedSession extends LoginResponse {
  refreshToken: string;
}

export class AuthService implements SessionLookup {
  /** Listens for user changes (app.ts hands it to the database's LISTEN). */
  readonly sessionUsers: SessionUserCache;

  constructor(
    private readonly repository: AuthRepository,
    private readonly tokens: TokenService,
    private readonly restriction: LoginRestrictionService,
    private readonly throttle: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
  ) {
    this.sessionUsers = new SessionUserCache((userId) => this.repository.findSessionUser(userId));
  }

  async login(input: LoginInput): Promise<IssuedSession> {
    const identifier = input.identifier.trim().toLowerCase();
    const now = new Date();
    const attemptId = await this.repository.recordAttempt(identifier, input.ipAddress);
    const attempts = await this.repository.countRecentAttempts(identifier, input.ipAddress);
    // Refused only for what the caller's own address did (this attempt counted too: the eleventh
    // within a minute is refused). This covers one identifier from one address as well, so there
    // is no separate per-(identifier, address) limit; failures from other addresses never refuse.
    if (attempts.byAddress > MAX_FAILURES_PER_MINUTE) {
      throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts);
    }
    // Many addresses at one identifier (a distributed guess) slow each of its attempts down, the
    // owner's too but by a few seconds at most, instead of locking the account.
    const delayMs = identifierDelayMs(attempts.byIdentifier, this.throttle);
    if (delayMs > 0) await this.throttle.wait(delayMs);
    try {
      await this.restriction.assertLoginAllowed(identifier, input.userType);
    } catch (error) {
      await this.repository.deleteAttempt(attemptId);
      throw error;
    }

    // The wrong route, an unknown email, an inactive user and a wrong password all answer alike.
    const user = await this.repository.findUserByEmail(identifier, input.userType);
    const isPasswordRight = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !isPasswordRight || !user.active) {
      await this.repository.pruneAttempts();
      throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
    }
    await this.repository.deleteAttempt(attemptId);
    // Only someone who knows the password learns that the account waits for activation.
    if (!user.activatedOn) throw new AppError('FORBIDDEN', REGISTRATION_MESSAGES.notActivated);

    const refreshToken = newRandomToken();
    await this.repository.insertRefreshSession({
      userId: user.id,
      tokenHash: hashToken(refreshToken),
      sessionVersion: user.sessionVersion,
      expiresOn: new Date(now.getTime() + REFRESH_ABSOLUTE_SECONDS * 1000),
      userAgent: input.userAgent?.slice(0, 512),
      createdBy: user.id,
      modifiedBy: user.id,
    });
    return { jwt: await this.accessTokenFor(user), user: await this.sessionUserOf(user), refreshToken };
  }

  /** Exchanges the refresh cookie for a new access token and, unless inside the rotation grace, a new cookie. */
  async refresh(refreshToken: string | undefined): Promise<{ newToken: string; refreshToken?: string }> {
    if (!refreshToken) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    const now = new Date();
    const presentedHash = hashToken(refreshToken);
    const found = await this.repository.findLiveSessionByHash(presentedHash);
    if (!found) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    const { session, isPrevious } = found;

    const idleSince = now.getTime() - session.lastUsedOn.getTime();
    const isExpired = session.expiresOn.getTime() <= now.getTime() || idleSince > REFRESH_IDLE_SECONDS * 1000;
    const isPastGrace =
      isPrevious && (!session.rotatedOn || now.getTime() - session.rotatedOn.getTime() > REFRESH_ROTATION_GRACE_SECONDS * 1000);
    const user = await this.repository.findUserById(session.userId);
    if (isExpired || isPastGrace || !user || !user.active || user.sessionVersion !== session.sessionVersion) {
      // A replaced value replayed after the grace means the cookie was copied: the session ends for its owner too.
      await this.repository.revokeSession(session.id, now);
      throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    }

    const newToken = await this.accessTokenFor(user);
    if (isPrevious) return { newToken };
    const rotated = newRandomToken();
    const isRotated = await this.repository.rotateSession(session.id, presentedHash, hashToken(rotated), now);
    // Lost a race with another tab: that tab's cookie is the browser's now, keep it.
    return isRotated ? { newToken, refreshToken: rotated } : { newToken };
  }

  /**
   * Ends this browser's session: its refresh cookie stops working. Its access token lapses within
   * 15 minutes; ending it at once needs per-session revocation (issue 15, item 12, left open): a
   * session-version bump would end the user's sessions on every other device too.
   */
  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const found = await this.repository.findLiveSessionByHash(hashToken(refreshToken));
    if (found) await this.repository.revokeSession(found.session.id, new Date());
  }

  deleteSessionsEndedBefore(cutoff: Date): Promise<number> {
    return this.repository.deleteSessionsEndedBefore(cutoff);
  }

  async findSessionUser(userId: string, sessionVersion: number): Promise<CurrentUser | null> {
    const user = await this.sessionUsers.find(userId);
    if (!user || !user.active || user.sessionVersion !== sessionVersion) return null;
    return { id: user.id, email: user.email, role: user.role as Role, userType: user.userType, menuItems: user.menuItems, applicantId: user.applicantId };
  }

  async me(userId: string): Promise<SessionUser> {
    const user = await this.repository.findUserById(userId);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return this.sessionUserOf(user);
  }

  async updateTimeZone(userId: string, timeZone: OfferedTimeZone): Promise<SessionUser> {
    await this.repository.updateTimeZone(userId, timeZone);
    return this.me(userId);
  }

  private accessTokenFor(user: UserRow): Promise<string> {
    return this.tokens.signAccessToken({ sub: user.id, role: user.role as Role, userType: user.userType, sv: user.sessionVersion });
  }

  private async sessionUserOf(user: UserRow): Promise<SessionUser> {
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      userType: user.userType,
      role: user.role,
      applicantId: user.userType === 'applicant' ? await this.repository.findApplicantId(user.id) : null,
      timeZone: isOfferedTimeZone(user.timeZone) ? user.timeZone : DEFAULT_TIME_ZONE,
      menuItems: user.userType === 'admin' ? visibleMenuItems(user.role === ROLES.SuperUser, user.menuItems) : [],
    };
  }
}
