import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { visibleMenuItems } from '@certs/shared/auth/admin-menu';
import { AUTH_MESSAGES, type LoginResponse, type SessionUser } from '@certs/shared/auth/auth.contract';
import { MFA_MESSAGES, type MfaEnrolment, type MfaStatus, type SecondFactorRequired } from '@certs/shared/auth/mfa.contract';
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
  type TokenService,
} from '../../platform/auth/tokens';
import type { AuthRepository, UserRow } from './auth.repository';
import type { LoginRestrictionService } from './login-restriction.service';
import type { MfaService } from './mfa.service';
import { SessionUserCache } from './session-user-cache';

/**
 * More than this many attempts a minute at one identifier from one client address are refused with
 * 429. For one identifier across all addresses, attempts beyond it are slowed down instead (never
 * refused), so that nobody can lock an owner out by failing on purpose from elsewhere (issue 15,
 * item 8).
 */
export const MAX_FAILURES_PER_MINUTE = 10;

/**
 * The much looser ceiling for one address across every identifier (issue 44): thirty candidates of a
 * test centre sign in through one NAT address, and a few mistyping must not refuse the rest.
 * `LOGIN_LIMIT_PER_ADDRESS` sets it.
 */
export const DEFAULT_ADDRESS_CEILING_PER_MINUTE = 100;

export interface LoginThrottleOptions {
  /** The wait added for each attempt at one identifier beyond MAX_FAILURES_PER_MINUTE in the last minute. */
  delayStepMs: number;
  /** The longest wait, so that the owner signing in during an attack waits at most this long. */
  maxDelayMs: number;
  /** Attempts a minute from one address across all identifiers before it is refused. */
  addressCeilingPerMinute: number;
  wait: (ms: number) => Promise<unknown>;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = { delayStepMs: 250, maxDelayMs: 3000, addressCeilingPerMinute: DEFAULT_ADDRESS_CEILING_PER_MINUTE, wait: (ms) => sleep(ms) };

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

/** The second step of a sign-in: the password step's challenge and a code. */
export interface SecondStepInput {
  challengeToken: string;
  code: string;
  ipAddress: string;
  userAgent?: string;
}

export class AuthService implements SessionLookup {
  /** Listens for user changes (app.ts hands it to the database's LISTEN). */
  readonly sessionUsers: SessionUserCache;

  constructor(
    private readonly repository: AuthRepository,
    private readonly tokens: TokenService,
    private readonly restriction: LoginRestrictionService,
    private readonly mfa: MfaService,
    private readonly throttle: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
  ) {
    this.sessionUsers = new SessionUserCache((userId) => this.repository.findSessionUser(userId));
  }

  /** Gives the sign-in a change token when the user's password is a temporary one (the support module, wired in app.ts). */
  private passwordChangeDue?: (userId: string) => Promise<string | null>;
  usePasswordChangeGate(gate: (userId: string) => Promise<string | null>): void {
    this.passwordChangeDue = gate;
  }

  /**
   * The password step. With two-step sign-in on (or required for the user's role and not yet set
   * up) it answers with a challenge for the second step instead of a session.
   */
  async login(input: LoginInput): Promise<IssuedSession | SecondFactorRequired> {
    const identifier = input.identifier.trim().toLowerCase();
    const attemptId = await this.beginAttempt(identifier, input.ipAddress);
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

    // A temporary password set by support opens no session: the user chooses a new one first (issue 20).
    const changeToken = await this.passwordChangeDue?.(user.id);
    if (changeToken) return { secondFactor: 'passwordChange', challengeToken: changeToken };
    if (await this.mfa.isEnabled(user.id)) {
      return { secondFactor: 'code', challengeToken: await this.tokens.challenges.sign({ sub: user.id, purpose: 'mfa', sv: user.sessionVersion }) };
    }
    if (this.mfa.isRequiredFor(user)) {
      return { secondFactor: 'enrolment', challengeToken: await this.tokens.challenges.sign({ sub: user.id, purpose: 'enrol', sv: user.sessionVersion }) };
    }
    return this.startSession(user, input.userAgent);
  }

  /** The second step: a code from the app, or a recovery code, with the password step's challenge. */
  async completeSecondFactor(input: SecondStepInput): Promise<IssuedSession> {
    const user = await this.challengedUser(input.challengeToken, 'mfa');
    await this.checkCodeAttempt(user, input.ipAddress, () => this.mfa.verifyCode(user.id, input.code));
    return this.startSession(user, input.userAgent);
  }

  /** Enrolment required by the user's role, before any session: a new secret for their app. */
  async startRequiredEnrolment(challengeToken: string): Promise<MfaEnrolment> {
    const user = await this.challengedUser(challengeToken, 'enrol');
    return this.mfa.startEnrolment(user);
  }

  /** The first code from the app turns two-step sign-in on and completes the sign-in. */
  async confirmRequiredEnrolment(input: SecondStepInput): Promise<IssuedSession & { recoveryCodes: string[] }> {
    const user = await this.challengedUser(input.challengeToken, 'enrol');
    let recoveryCodes: string[] = [];
    await this.checkCodeAttempt(user, input.ipAddress, async () => {
      try {
        recoveryCodes = await this.mfa.confirmEnrolment(user.id, input.code);
        return true;
      } catch (error) {
        if (error instanceof AppError && error.code === 'BAD_REQUEST') return false;
        throw error;
      }
    });
    return { ...(await this.startSession(user, input.userAgent)), recoveryCodes };
  }

  async mfaStatus(userId: string): Promise<MfaStatus> {
    return this.mfa.status(await this.existingUser(userId));
  }

  async startMfaEnrolment(userId: string): Promise<MfaEnrolment> {
    return this.mfa.startEnrolment(await this.existingUser(userId));
  }

  async confirmMfaEnrolment(userId: string, code: string): Promise<string[]> {
    return this.mfa.confirmEnrolment(userId, code);
  }

  /** Turning two-step sign-in off takes the password; its attempts count as sign-in attempts. */
  async disableMfa(userId: string, password: string, ipAddress: string): Promise<void> {
    const user = await this.existingUser(userId);
    const attemptId = await this.beginAttempt(user.email.toLowerCase(), ipAddress);
    await this.mfa.disable(user, async (passwordHash) => {
      const isRight = await verifyPassword(passwordHash, password);
      if (isRight) await this.repository.deleteAttempt(attemptId);
      return isRight;
    });
  }

  /**
   * Records a sign-in attempt and applies the limits of issue 15, item 8 before anything is
   * checked: codes and passwords count alike.
   */
  private async beginAttempt(identifier: string, ipAddress: string): Promise<number> {
    const attemptId = await this.repository.recordAttempt(identifier, ipAddress);
    const attempts = await this.repository.countRecentAttempts(identifier, ipAddress);
    // Refused only for what the caller's own address did (this attempt counted too): the eleventh
    // within a minute at this identifier from this address, or an address past its ceiling across
    // identifiers. Others behind the same address (a test centre) go on; failures from other
    // addresses never refuse.
    if (attempts.byIdentifierAtAddress > MAX_FAILURES_PER_MINUTE || attempts.byAddress > this.throttle.addressCeilingPerMinute) {
      throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts);
    }
    // Many addresses at one identifier (a distributed guess) slow each of its attempts down, the
    // owner's too but by a few seconds at most, instead of locking the account.
    const delayMs = identifierDelayMs(attempts.byIdentifier, this.throttle);
    if (delayMs > 0) await this.throttle.wait(delayMs);
    return attemptId;
  }

  private async checkCodeAttempt(user: UserRow, ipAddress: string, check: () => Promise<boolean>): Promise<void> {
    const attemptId = await this.beginAttempt(user.email.toLowerCase(), ipAddress);
    if (!(await check())) {
      await this.repository.pruneAttempts();
      throw new AppError('UNAUTHORIZED', MFA_MESSAGES.invalidCode);
    }
    await this.repository.deleteAttempt(attemptId);
  }

  /** The user a challenge was given to, if it is theirs, unexpired, and nothing about them changed since. */
  private async challengedUser(challengeToken: string, purpose: 'mfa' | 'enrol'): Promise<UserRow> {
    const claims = await this.tokens.challenges.verify(challengeToken, purpose);
    const user = claims ? await this.repository.findUserById(claims.sub) : undefined;
    if (!claims || !user || !user.active || user.sessionVersion !== claims.sv) {
      throw new AppError('UNAUTHORIZED', MFA_MESSAGES.challengeExpired);
    }
    return user;
  }

  private async existingUser(userId: string): Promise<UserRow> {
    const user = await this.repository.findUserById(userId);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return user;
  }

  private async startSession(user: UserRow, userAgent: string | undefined): Promise<IssuedSession> {
    // The id is chosen here because the cookie names it.
    const sessionId = randomUUID();
    const refreshToken = this.tokens.refreshCookies.issue(sessionId);
    await this.repository.insertRefreshSession({
      id: sessionId,
      userId: user.id,
      tokenHash: hashToken(refreshToken),
      sessionVersion: user.sessionVersion,
      expiresOn: new Date(Date.now() + REFRESH_ABSOLUTE_SECONDS * 1000),
      userAgent: userAgent?.slice(0, 512),
      createdBy: user.id,
      modifiedBy: user.id,
    });
    return { jwt: await this.accessTokenFor(user, sessionId), user: await this.sessionUserOf(user), refreshToken };
  }

  /** Exchanges the refresh cookie for a new access token and, unless inside the rotation grace, a new cookie. */
  async refresh(refreshToken: string | undefined): Promise<{ newToken: string; refreshToken?: string }> {
    if (!refreshToken) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    const now = new Date();
    const presentedHash = hashToken(refreshToken);
    const found = await this.repository.findLiveSessionByHash(presentedHash);
    if (!found) {
      // A value this server issued for a session that is neither its current one nor the one just
      // replaced: one rotated out earlier, replayed, so the cookie was copied. The session ends for
      // its owner too, as for a replaced value replayed after the grace below.
      const copiedFrom = this.tokens.refreshCookies.sessionOf(refreshToken);
      const revokedUserId = copiedFrom ? await this.repository.revokeSession(copiedFrom, now) : undefined;
      if (revokedUserId) this.sessionUsers.forget(revokedUserId);
      throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    }
    const { session, isPrevious } = found;

    const idleSince = now.getTime() - session.lastUsedOn.getTime();
    const isExpired = session.expiresOn.getTime() <= now.getTime() || idleSince > REFRESH_IDLE_SECONDS * 1000;
    const isPastGrace =
      isPrevious && (!session.rotatedOn || now.getTime() - session.rotatedOn.getTime() > REFRESH_ROTATION_GRACE_SECONDS * 1000);
    const user = await this.repository.findUserById(session.userId);
    // A role that must use a second factor and has none set up (the setting turned on since this
    // sign-in) signs in again, through enrolment.
    const lacksRequiredMfa = !!user && this.mfa.isRequiredFor(user) && !(await this.mfa.isEnabled(user.id));
    if (isExpired || isPastGrace || !user || !user.active || user.sessionVersion !== session.sessionVersion || lacksRequiredMfa) {
      // A replaced value replayed after the grace means the cookie was copied: the session ends for its owner too.
      await this.repository.revokeSession(session.id, now);
      throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    }

    const newToken = await this.accessTokenFor(user, session.id);
    if (isPrevious) return { newToken };
    const rotated = this.tokens.refreshCookies.issue(session.id);
    const isRotated = await this.repository.rotateSession(session.id, presentedHash, hashToken(rotated), now);
    // Lost a race with another tab: that tab's cookie is the browser's now, keep it.
    return isRotated ? { newToken, refreshToken: rotated } : { newToken };
  }

  /**
   * Ends this browser's session: its refresh cookie stops working, and so do the access tokens
   * issued for it (their `sid`), at once on every instance: revoking the row notifies them
   * (migration 0013), and this instance forgets the user before it answers. The user's other
   * sessions (other devices, other tabs that signed in separately) go on (decision 020).
   */
  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const found = await this.repository.findLiveSessionByHash(hashToken(refreshToken));
    if (!found) return;
    await this.repository.revokeSession(found.session.id, new Date());
    this.sessionUsers.forget(found.session.userId);
  }

  deleteSessionsEndedBefore(cutoff: Date): Promise<number> {
    return this.repository.deleteSessionsEndedBefore(cutoff);
  }

  async findSessionUser(userId: string, sessionVersion: number, sessionId?: string): Promise<CurrentUser | null> {
    const user = await this.sessionUsers.find(userId);
    if (!user || !user.active || user.sessionVersion !== sessionVersion) return null;
    // Usually an empty list: the cost per request is one length check.
    if (sessionId && user.revokedSessionIds.length > 0 && user.revokedSessionIds.includes(sessionId)) return null;
    return { id: user.id, email: user.email, role: user.role as Role, userType: user.userType, menuItems: user.menuItems, applicantId: user.applicantId, accountId: user.accountId, companyId: user.companyId };
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

  private accessTokenFor(user: UserRow, sessionId: string): Promise<string> {
    return this.tokens.signAccessToken({ sub: user.id, role: user.role as Role, userType: user.userType, sv: user.sessionVersion, sid: sessionId });
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
