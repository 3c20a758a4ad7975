import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '@certs/shared/auth/auth.contract';
import type { CreatedUser } from './factories/user.factory';

export const ADMIN_LOGIN = '/auth/local';
export const APPLICANT_LOGIN = '/auth/local/applicant';
export const EMPLOYER_LOGIN = '/auth/local/employer';

/** The refresh cookie's value from a response, or undefined. */
export function refreshCookieOf(response: { cookies: { name: string; value: string }[] }): string | undefined {
  return response.cookies.find((c) => c.name === 'certs_refresh')?.value;
}

/** Signs a user in through the route that fits them and returns the bearer token and refresh cookie. */
export async function signIn(app: FastifyInstance, user: CreatedUser): Promise<{ jwt: string; refresh: string; body: LoginResponse }> {
  const url = user.applicantId ? APPLICANT_LOGIN : user.companyId ? EMPLOYER_LOGIN : ADMIN_LOGIN;
  const response = await app.inject({ method: 'POST', url, payload: { identifier: user.email, password: user.password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json<LoginResponse>();
  const refresh = refreshCookieOf(response);
  if (!refresh) throw new Error('no refresh cookie');
  return { jwt: body.jwt, refresh, body };
}

export function bearer(jwt: string): Record<string, string> {
  return { authorization: `Bearer ${jwt}` };
}
