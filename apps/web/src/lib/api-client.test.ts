import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { superUser } from '../test/session-fixtures';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { ApiError, apiRequest, setApiNavigator } from './api-client';
import { clearSession, getSession, saveSession } from './auth';

describe('apiRequest', () => {
  const navigate = vi.fn<(to: string) => void>();

  beforeEach(() => {
    saveSession({ jwt: 'old-token', user: superUser });
    setApiNavigator(navigate);
    window.history.pushState({}, '', '/admin/users?page=2');
  });

  afterEach(() => {
    clearSession('logout');
    navigate.mockReset();
  });

  it('sends the stored token as a bearer token', async () => {
    const { calls } = stubFetch(() => jsonResponse({ ok: true }));
    await expect(apiRequest('/api/users/me')).resolves.toEqual({ ok: true });
    expect(calls[0]?.headers.authorization).toBe('Bearer old-token');
  });

  it('refreshes once on a 401, stores the new token and retries once with it', async () => {
    const { calls } = stubFetch(({ url, headers }) => {
      if (url === '/auth/local/refreshtoken') return jsonResponse({ newToken: 'new-token' });
      return headers.authorization === 'Bearer new-token'
        ? jsonResponse({ rows: [] })
        : jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Your session has expired.' }, 401);
    });

    await expect(apiRequest('/api/accountuser/pagination/all')).resolves.toEqual({ rows: [] });

    expect(calls.map((call) => call.url)).toEqual([
      '/api/accountuser/pagination/all',
      '/auth/local/refreshtoken',
      '/api/accountuser/pagination/all',
    ]);
    expect(calls[1]?.method).toBe('POST');
    expect(calls[2]?.headers.authorization).toBe('Bearer new-token');
    expect(getSession()?.jwt).toBe('new-token');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that fail together', async () => {
    const { calls } = stubFetch(({ url, headers }) => {
      if (url === '/auth/local/refreshtoken') return jsonResponse({ newToken: 'new-token' });
      return headers.authorization === 'Bearer new-token' ? jsonResponse({}) : jsonResponse({ message: 'expired' }, 401);
    });
    await Promise.all([apiRequest('/api/users/me'), apiRequest('/api/accountuser/1')]);
    expect(calls.filter((call) => call.url === '/auth/local/refreshtoken')).toHaveLength(1);
  });

  it('clears the session and sends the user to the matching login with next when refresh fails', async () => {
    const { calls } = stubFetch(({ url }) =>
      url === '/auth/local/refreshtoken'
        ? jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Your session has expired. Please sign in again.' }, 401)
        : jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Your session has expired. Please sign in again.' }, 401),
    );

    const failure = apiRequest('/api/accountuser/pagination/all');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Your session has expired. Please sign in again.' });

    expect(calls).toHaveLength(2);
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('certs.session')).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/admin/login?next=%2Fadmin%2Fusers%3Fpage%3D2');
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    stubFetch(({ url }) => {
      if (url === '/auth/local/refreshtoken') throw new TypeError('Failed to fetch');
      return jsonResponse({ message: 'expired' }, 401);
    });
    await expect(apiRequest('/api/users/me')).rejects.toMatchObject({ status: 0, message: 'Something went wrong' });
    expect(getSession()?.jwt).toBe('old-token');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends an applicant page to the applicant login', async () => {
    window.history.pushState({}, '', '/student/applicantHome');
    stubFetch(() => jsonResponse({ message: 'expired' }, 401));
    await expect(apiRequest('/api/users/me')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/student/login?next=%2Fstudent%2FapplicantHome');
  });

  it('does not refresh for a 401 outside api/, such as a wrong password', async () => {
    const { calls } = stubFetch(() => jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' }, 401));
    await expect(apiRequest('/auth/local', { method: 'POST', body: {} })).rejects.toMatchObject({ message: 'Invalid email or password' });
    expect(calls).toHaveLength(1);
    expect(getSession()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('error messages', () => {
    it('reads the message field of the body', async () => {
      stubFetch(() =>
        jsonResponse({ statusCode: 409, error: 'Conflict', message: 'A user with this email already exists', fieldErrors: { email: 'A user with this email already exists' } }, 409),
      );
      const failure = apiRequest('/api/accountuser', { method: 'POST', body: {} });
      await expect(failure).rejects.toMatchObject({
        status: 409,
        message: 'A user with this email already exists',
        fieldErrors: { email: 'A user with this email already exists' },
      });
    });

    it('falls back to the raw text', async () => {
      stubFetch(() => new Response('Bad gateway', { status: 502 }));
      await expect(apiRequest('/api/users/me')).rejects.toMatchObject({ status: 502, message: 'Bad gateway' });
    });

    it('falls back to "Something went wrong" for an empty answer or no connection', async () => {
      stubFetch(() => new Response('', { status: 500 }));
      await expect(apiRequest('/api/users/me')).rejects.toMatchObject({ message: 'Something went wrong' });
      vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
      vi.spyOn(console, 'error').mockImplementation(() => {});
      await expect(apiRequest('/api/users/me')).rejects.toMatchObject({ status: 0, message: 'Something went wrong' });
    });
  });

  it('sends JSON with a content type only when there is a body', async () => {
    const { calls } = stubFetch(() => new Response(null, { status: 204 }));
    await apiRequest('/auth/local/logout', { method: 'POST' });
    await apiRequest('/api/users/me/preferences', { method: 'POST', body: { timeZone: 'Australia/Perth' } });
    expect(calls[0]?.headers['content-type']).toBeUndefined();
    expect(calls[1]?.headers['content-type']).toBe('application/json');
    expect(calls[1]?.body).toEqual({ timeZone: 'Australia/Perth' });
  });

  it('gives up on a call that does not answer within its time limit, as when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const hanging = (_input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    vi.stubGlobal('fetch', vi.fn(hanging));
    const started = Date.now();
    const failure = await apiRequest('/api/updateInstances', { method: 'POST', body: {}, timeoutMs: 50 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
