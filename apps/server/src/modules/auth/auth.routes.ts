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
import {
  MfaChallengeConfirmRequest,
  MfaChallengeEnrolmentRequest,
  MfaConfirmRequest,
  MfaDisableRequest,
  MfaEnrolledSignIn,
  MfaEnrolment,
  MfaRecoveryCodes,
  MfaSignInRequest,
  MfaStatus,
  PasswordStepResponse,
} from '@certs/shared/auth/mfa.contract';
import type { UserType } from '@certs/shared/auth/roles';
import { currentUserOf, requireAnyUser } from '../../platform/auth/authenticate';
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
      { onSend: noStore, schema: { tags: ['auth'], summary, body: LoginRequest, response: { 200: PasswordStepResponse } } },
      async (request, reply) => {
        const result = await auth.login({
          userType,
          identifier: request.body.identifier,
          password: request.body.password,
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'],
        });
        // Two-step sign-in: no session (and no cookie) until the second step.
        if ('secondFactor' in result) return result;
        setRefreshCookie(reply, result.refreshToken, options.isCookieSecure);
        return { jwt: result.jwt, user: result.user };
      },
    );
  loginRoute('/auth/local/applicant', 'applicant', 'Applicant sign-in');
  loginRoute('/auth/local', 'admin', 'Admin sign-in');
  loginRoute('/auth/local/employer', 'employer', "A company user's sign-in (issue 42)");

  r.post(
    '/auth/local/mfa',
    {
      onSend: noStore,
      schema: {
        tags: ['auth'],
        summary: 'Second step of a sign-in: a code from the authenticator app or a recovery code',
        body: MfaSignInRequest,
        response: { 200: LoginResponse },
      },
    },
    async (request, reply) => {
      const session = await auth.completeSecondFactor({ ...request.body, ipAddress: request.ip, userAgent: request.headers['user-agent'] });
      setRefreshCookie(reply, session.refreshToken, options.isCookieSecure);
      return { jwt: session.jwt, user: session.user };
    },
  );

  r.post(
    '/auth/local/mfa/enrolment',
    {
      onSend: noStore,
      schema: {
        tags: ['auth'],
        summary: 'Set up the two-step sign-in a role requires, before the first session: a new secret',
        body: MfaChallengeEnrolmentRequest,
        response: { 200: MfaEnrolment },
      },
    },
    async (request) => auth.startRequiredEnrolment(request.body.challengeToken),
  );

  r.post(
    '/auth/local/mfa/enrolment/confirm',
    {
      onSend: noStore,
      schema: {
        tags: ['auth'],
        summary: 'Confirm the required two-step sign-in with a first code: signs in and gives the recovery codes',
        body: MfaChallengeConfirmRequest,
        response: { 200: MfaEnrolledSignIn },
      },
    },
    async (request, reply) => {
      const session = await auth.confirmRequiredEnrolment({ ...request.body, ipAddress: request.ip, userAgent: request.headers['user-agent'] });
      setRefreshCookie(reply, session.refreshToken, options.isCookieSecure);
      return { jwt: session.jwt, user: session.user, recoveryCodes: session.recoveryCodes };
    },
  );

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
    { onRequest: requireAnyUser(), schema: { tags: ['users'], summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: SessionUser } } },
    async (request) => auth.me(currentUserOf(request).id),
  );
  r.post(
    '/api/users/me/preferences',
    {
      onRequest: requireAnyUser(), schema: {
        tags: ['users'],
        summary: 'Save the zone times are shown in',
        security: [{ bearer: [] }],
        body: UpdatePreferencesRequest,
        response: { 200: SessionUser },
      },
    },
    async (request) => auth.updateTimeZone(currentUserOf(request).id, request.body.timeZone),
  );

  // Two-step sign-in of the signed-in user's own account (decision 020).
  r.get(
    '/api/users/me/mfa',
    { onRequest: requireAnyUser(), schema: { tags: ['users'], summary: 'Whether two-step sign-in is on', security: [{ bearer: [] }], response: { 200: MfaStatus } } },
    async (request) => auth.mfaStatus(currentUserOf(request).id),
  );
  r.post(
    '/api/users/me/mfa/enrolment',
    {
      onRequest: requireAnyUser(),
      schema: { tags: ['users'], summary: 'Start setting up two-step sign-in: a new secret', security: [{ bearer: [] }], response: { 200: MfaEnrolment } },
    },
    async (request) => auth.startMfaEnrolment(currentUserOf(request).id),
  );
  r.post(
    '/api/users/me/mfa/enrolment/confirm',
    {
      onRequest: requireAnyUser(),
      schema: {
        tags: ['users'],
        summary: 'Turn two-step sign-in on with a first code; gives the recovery codes, once',
        security: [{ bearer: [] }],
        body: MfaConfirmRequest,
        response: { 200: MfaRecoveryCodes },
      },
    },
    async (request) => ({ recoveryCodes: await auth.confirmMfaEnrolment(currentUserOf(request).id, request.body.code) }),
  );
  r.post(
    '/api/users/me/mfa/disable',
    {
      onRequest: requireAnyUser(),
      schema: {
        tags: ['users'],
        summary: 'Turn two-step sign-in off (with the password)',
        security: [{ bearer: [] }],
        body: MfaDisableRequest,
        response: { 200: MfaStatus },
      },
    },
    async (request) => {
      const { id } = currentUserOf(request);
      await auth.disableMfa(id, request.body.password, request.ip);
      return auth.mfaStatus(id);
    },
  );
}
