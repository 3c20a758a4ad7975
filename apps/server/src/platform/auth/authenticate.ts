import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AdminMenuItem } from '@certs/shared/auth/admin-menu';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { ROLES, type Role, type UserType } from '@certs/shared/auth/roles';
import { AppError } from '../app-error';
import type { TokenService } from './tokens';

/** The caller of an `api/` route, as loaded fresh from the database on every request. */
export interface CurrentUser {
  id: string;
  email: string;
  role: Role;
  userType: UserType;
  menuItems: readonly string[];
  applicantId: string | null;
}

export interface SessionLookup {
  /** The user if they exist, are active and the token's session version is still theirs. */
  findSessionUser(userId: string, sessionVersion: number): Promise<CurrentUser | null>;
}

/**
 * Told of a change this instance just committed to what a session check reads (a deactivation, a
 * new password, a role or menu change), so that its next check reads the user afresh. Other
 * instances hear of it from PostgreSQL (modules/auth/session-user-cache.ts).
 */
export interface SessionUserChanges {
  forget(userId: string): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Adds an onRequest hook to this scope: every route in it needs a valid bearer token (401 without).
 * The user is read from the database each time, so deactivation ends access at once on every instance.
 */
export function requireAuthentication(scope: FastifyInstance, tokens: TokenService, sessions: SessionLookup): void {
  scope.decorateRequest('currentUser', null);
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized);
    const claims = await tokens.verifyAccessToken(token);
    if (!claims) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    const user = await sessions.findSessionUser(claims.sub, claims.sv);
    if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    request.currentUser = user;
  });
}

/** The signed-in caller; only valid in a scope with requireAuthentication. */
export function currentUserOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized);
  return request.currentUser;
}

export function isSuperUser(user: CurrentUser): boolean {
  return user.role === ROLES.SuperUser;
}

/** Whether an admin may use a menu area: the super user always, others when it is in their saved menu. */
export function hasMenuAccess(user: CurrentUser, item: AdminMenuItem): boolean {
  return user.userType === 'admin' && (isSuperUser(user) || user.menuItems.includes(item));
}

/** Admin routes refuse applicant tokens (403); optionally also roles and a menu item. */
export function requireAdmin(options: { roles?: readonly Role[]; menu?: AdminMenuItem } = {}): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = currentUserOf(request);
    if (user.userType !== 'admin') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (options.roles && !options.roles.includes(user.role)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (options.menu && !hasMenuAccess(user, options.menu)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  };
}

export function requireApplicant(): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = currentUserOf(request);
    if (user.userType !== 'applicant' || !user.applicantId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  };
}
