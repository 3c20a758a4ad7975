import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LoginRequest,
  LoginResponse,
  LoginRestrictionCheckRequest,
  LoginRestrictionCheckResponse,
  RefreshTokenResponse,
  SessionUser,
  UpdatePreferencesRequest,
} from '@certs/shared/auth/auth.contract';
import type { UserType } from '@certs/shared/auth/roles';
import { currentUserOf, requireSignedIn } from '../../platform/auth/authenticate';
import { REFRESH_ABSOLUTE_SECONDS } from '../../platform/auth/tokens';
import { noStore } from '../../platform/no-store';
import type { AuthService } from './auth.service';
import type { LoginRestrictionService } from './login-restriction.service';

export const REFRESH_COOKIE = 'certs_refresh';
const REFRESH_COOKIE_PATH = '/auth/local';

function setRefreshCookie(reply: FastifyReply, value: string, isSecure: boolean): void {
  reply.setCookie(REFRESH_COOKIE, value, {
    httpOnly: true,
    secure: isSecure,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_ABSOLUTE_SECONDS,
  });
}

/** Sign-in, refresh and logout: routes that need no bearer token. Their answers (tokens) are never cached. */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  restriction: LoginRestrictionService,
  options: { isCookieSecure: boolean },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const loginRoute = (path: string, userType: UserType, summary: string) =>
    r.post(
      path,
      { onSend: noStore, schema: { tags: ['auth'], summary, body: LoginRequest, response: { 200: LoginResponse } } },
      async (request, reply) => {
        const session = await auth.login({
          userType,
          identifier: request.body.identifier,
          password: request.body.password,
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'],
        });
        setRefreshCookie(reply, session.refreshToken, options.isCookieSecure);
        return { jwt: session.jwt, user: session.user };
      },
    );
  loginRoute('/auth/local/applicant', 'applicant', 'Applicant sign-in');
  loginRoute('/auth/local', 'admin', 'Admin sign-in');

  r.post(
    '/auth/local/refreshtoken',
    { onSend: noStore, schema: { tags: ['auth'], summary: 'New access token from the refresh cookie', response: { 200: RefreshTokenResponse } } },
    async (request, reply) => {
      const result = await auth.refresh(request.cookies[REFRESH_COOKIE]);
      if (result.refreshToken) setRefreshCookie(reply, result.refreshToken, options.isCookieSecure);
      return { newToken: result.newToken };
    },
  );

  r.post(
    '/auth/local/logout',
    {
      onSend: noStore,
      schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await auth.logout(request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/unauth/loginrestriction/check',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the login restriction would refuse this sign-in, for the login pages',
        body: LoginRestrictionCheckRequest,
        response: { 200: LoginRestrictionCheckResponse },
      },
    },
    async (request) => restriction.check(request.body.identifier, request.body.userType),
  );
}

/** Routes about the signed-in user; registered inside the authenticated `api/` scope. */
export function registerCurrentUserRoutes(api: FastifyInstance, auth: AuthService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/users/me',
    { onRequest: requireSignedIn(), schema: { tags: ['users'], summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: SessionUser } } },
    async (request) => auth.me(currentUserOf(request).id),
  );
  r.post(
    '/api/users/me/preferences',
    {
      onRequest: requireSignedIn(), schema: {
        tags: ['users'],
        summary: 'Save the zone times are shown in',
        security: [{ bearer: [] }],
        body: UpdatePreferencesRequest,
        response: { 200: SessionUser },
      },
    },
    async (request) => auth.updateTimeZone(currentUserOf(request).id, request.body.timeZone),
  );
}
