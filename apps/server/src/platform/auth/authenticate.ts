import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AdminMenuItem } from '@certs/shared/auth/admin-menu';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { ROLES, type Role, type UserType } from '@certs/shared/auth/roles';
import { bindRequestToAccount } from '../../db/account-boundary';
import { AppError } from '../app-error';
import { noStore } from '../no-store';
import type { TokenService } from './tokens';

/** The caller of an `api/` route, as loaded fresh from the database on every request. */
export interface CurrentUser {
  id: string;
  email: string;
  role: Role;
  userType: UserType;
  menuItems: readonly string[];
  applicantId: string | null;
  /** Staff: the account they work in (for a super user, the one chosen in the switcher); applicants: null. */
  accountId: string | null;
  /** A company user (userType 'employer', issue 42): the one company they act for; null for everyone else. */
  companyId: string | null;
}

export interface SessionLookup {
  /**
   * The user if they exist, are active, the token's session version is still theirs and the
   * token's refresh session (when it names one) has not been revoked.
   */
  findSessionUser(userId: string, sessionVersion: number, sessionId?: string): Promise<CurrentUser | null>;
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
  interface FastifyInstance {
    /** Every api/ route with the access it declared (requireAccessDeclarations). */
    routeAccess: RouteAccessEntry[];
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
    const user = await sessions.findSessionUser(claims.sub, claims.sv, claims.sid);
    if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    request.currentUser = user;
    // The database's second line of defence (decision 034): an account's staff reach only their
    // account's rows, whatever a query forgets. The platform super user works across accounts.
    if (user.userType === 'admin' && user.accountId && !isSuperUser(user)) bindRequestToAccount(user.accountId);
  });
  // Every answer of the scope is the user's own, 401s included: none is kept by a cache.
  scope.addHook('onSend', noStore);
}

/** The signed-in caller; only valid in a scope with requireAuthentication. */
export function currentUserOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized);
  return request.currentUser;
}

/**
 * The account a staff member works in (decision 033): every staff read and write is scoped by it.
 * A staff user always has one (the database's check); an applicant has none and gets 403.
 */
export function staffAccountOf(user: CurrentUser): string {
  if (user.userType !== 'admin' || !user.accountId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  return user.accountId;
}

export function isSuperUser(user: CurrentUser): boolean {
  return user.role === ROLES.SuperUser;
}

/** Whether an admin may use a menu area: the super user always, others when it is in their saved menu. */
export function hasMenuAccess(user: CurrentUser, item: AdminMenuItem): boolean {
  return user.userType === 'admin' && (isSuperUser(user) || user.menuItems.includes(item));
}

/**
 * Who a route is for, declared next to the route as its `onRequest` hook (decision 014). It runs
 * after the scope's token check and before the body is parsed or validated, so a caller without
 * the right gets 401/403 and never learns the schema from a 400. Record-level rules (an
 * applicant's own record, a staff member's programs) stay in each domain's policy.
 */
export type RouteAccess =
  | { audience: 'signed-in' }
  | { audience: 'any-user' }
  | { audience: 'applicant' }
  | { audience: 'employer'; coordinator?: boolean }
  | { audience: 'staff'; roles?: readonly Role[]; menu?: AdminMenuItem };

export const ROUTE_ACCESS = Symbol('routeAccess');

export type AccessHook = onRequestAsyncHookHandler & { [ROUTE_ACCESS]: RouteAccess };

function accessHook(access: RouteAccess, check: (user: CurrentUser) => boolean): AccessHook {
  const hook: onRequestAsyncHookHandler = async (request) => {
    if (!check(currentUserOf(request))) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  };
  return Object.assign(hook, { [ROUTE_ACCESS]: access });
}

/** Admin routes refuse applicant tokens (403); optionally also roles and a menu item. */
export function requireAdmin(options: { roles?: readonly Role[]; menu?: AdminMenuItem } = {}): AccessHook {
  return accessHook({ audience: 'staff', ...options }, (user) => {
    if (user.userType !== 'admin') return false;
    if (options.roles && !options.roles.includes(user.role)) return false;
    return !options.menu || hasMenuAccess(user, options.menu);
  });
}

export function requireApplicant(): AccessHook {
  return accessHook({ audience: 'applicant' }, (user) => user.userType === 'applicant' && !!user.applicantId);
}

/**
 * An applicant or a staff member; the service decides per record (its own files, its invoice, ...).
 * Company users are refused: these services tell applicants from staff, and a company user is neither.
 */
export function requireSignedIn(): AccessHook {
  return accessHook({ audience: 'signed-in' }, (user) => user.userType !== 'employer');
}

/** Anyone signed in, company users too: only for the caller's own account (me, preferences, two-step sign-in). */
export function requireAnyUser(): AccessHook {
  return accessHook({ audience: 'any-user' }, () => true);
}

/**
 * A company's own users (issue 42, decision 037): a coordinator or a viewer of a company; with
 * `coordinator`, the coordinator alone (a viewer reads and checks, and changes nothing).
 */
export function requireEmployer(options: { coordinator?: boolean } = {}): AccessHook {
  return accessHook({ audience: 'employer', ...options }, (user) => {
    if (user.userType !== 'employer' || !user.companyId) return false;
    return !options.coordinator || user.role === ROLES.CompanyCoordinator;
  });
}

/** The company a company user acts for; only valid behind requireEmployer. */
export function employerCompanyOf(user: CurrentUser): string {
  if (user.userType !== 'employer' || !user.companyId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  return user.companyId;
}

/** The access a route declared, if any (one of the hooks above among its onRequest hooks). */
export function routeAccessOf(onRequest: unknown): RouteAccess | null {
  const hooks = Array.isArray(onRequest) ? onRequest : [onRequest];
  for (const hook of hooks) {
    if (typeof hook === 'function' && ROUTE_ACCESS in hook) return (hook as AccessHook)[ROUTE_ACCESS];
  }
  return null;
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's body schema (zod), for the fuzz test that derives bad input from it. */
  bodySchema?: unknown;
  /** The route's query schema (zod), for the account isolation probe that fills in its filters. */
  querySchema?: unknown;
}

/**
 * Every route of this scope must declare its access; registering one that does not fails at
 * start-up. The declarations are collected into `table`, which the authorization matrix test reads.
 */
export function requireAccessDeclarations(scope: FastifyInstance, table: RouteAccessEntry[]): void {
  scope.addHook('onRoute', (route) => {
    const access = routeAccessOf(route.onRequest);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access) throw new Error(`${methods.join(',')} ${route.url} declares no access: give it onRequest: requireAdmin(...), requireApplicant(), requireEmployer(...), requireSignedIn() or requireAnyUser()`);
    const { body: bodySchema, querystring: querySchema } = (route.schema as { body?: unknown; querystring?: unknown } | undefined) ?? {};
    for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url, access, bodySchema, querySchema });
  });
}
