import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { superUser } from '../test/session-fixtures';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { SERVER_BUSY } from '@certs/shared/common/api-error';
import { ApiError, apiRequest, busyRetryDelayMs, setApiNavigator } from './api-client';
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

  describe('a token known to have lapsed (issue 45 item 18)', () => {
    /** A token shaped as the server's: only its `exp` is read here. */
    const tokenExpiring = (secondsFromNow: number, name: string) =>
      `h.${btoa(JSON.stringify({ sub: name, exp: Math.floor(Date.now() / 1000) + secondsFromNow })).replace(/=+$/, '')}.s`;

    it('is refreshed once before the calls that start together, so that none is sent to be refused', async () => {
      const lapsed = tokenExpiring(-60, 'lapsed');
      const fresh = tokenExpiring(900, 'fresh');
      saveSession({ jwt: lapsed, user: superUser });
      const { calls } = stubFetch(({ url, headers }) => {
        if (url === '/auth/local/refreshtoken') return jsonResponse({ newToken: fresh });
        return headers.authorization === `Bearer ${fresh}` ? jsonResponse({}) : jsonResponse({ message: 'expired' }, 401);
      });
      await Promise.all([apiRequest('/api/users/me'), apiRequest('/api/dashboard/summary'), apiRequest('/api/accountuser/1')]);
      expect(calls[0]?.url).toBe('/auth/local/refreshtoken');
      expect(calls.filter((call) => call.url === '/auth/local/refreshtoken')).toHaveLength(1);
      expect(calls.filter((call) => call.url.startsWith('/api/')).map((call) => call.headers.authorization)).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`, `Bearer ${fresh}`]);
      expect(getSession()?.jwt).toBe(fresh);
    });

    it('is sent as it is while it has not lapsed', async () => {
      const current = tokenExpiring(600, 'current');
      saveSession({ jwt: current, user: superUser });
      const { calls } = stubFetch(() => jsonResponse({}));
      await apiRequest('/api/users/me');
      expect(calls.map((call) => [call.url, call.headers.authorization])).toEqual([['/api/users/me', `Bearer ${current}`]]);
    });

    it('ends the session without a call when the refresh is refused', async () => {
      saveSession({ jwt: tokenExpiring(-60, 'lapsed'), user: superUser });
      const { calls } = stubFetch(() => jsonResponse({ message: 'Your session has expired. Please sign in again.' }, 401));
      await expect(apiRequest('/api/users/me')).rejects.toMatchObject({ status: 401, message: 'Your session has expired. Please sign in again.' });
      expect(calls.map((call) => call.url)).toEqual(['/auth/local/refreshtoken']);
      expect(getSession()).toBeNull();
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/admin/login?next=%2Fadmin%2Fusers%3Fpage%3D2');
    });
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

  describe('a busy server (503 with Retry-After)', () => {
    const busy = () =>
      new Response(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: SERVER_BUSY.message }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '2' },
      });

    beforeEach(() => {
      vi.useFakeTimers();
      // The spread added to Retry-After is random: here always half of it again (2 s -> 3 s).
      vi.spyOn(Math, 'random').mockReturnValue(0.5);
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('is asked again after its Retry-After by a call that may repeat, and the call resolves with the answer', async () => {
      let answered = 0;
      const { calls } = stubFetch(() => (answered++ < 2 ? busy() : jsonResponse({ id: 'exam-1' })));
      const launching = apiRequest('/api/launchexam/inittrial', { method: 'POST', body: { testId: 't' }, retryWhileBusyMs: 120_000 });
      await vi.advanceTimersByTimeAsync(2_999);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(3_000);
      await expect(launching).resolves.toEqual({ id: 'exam-1' });
      expect(calls).toHaveLength(3);
    });

    it('fails at once, with the delay and the message, for a call that does not opt in, and after the limit for one that does', async () => {
      const { calls } = stubFetch(() => busy());
      const plain = await apiRequest('/api/users/me').catch((error: unknown) => error);
      expect(plain).toMatchObject({ status: 503, retryAfterMs: 2_000, message: SERVER_BUSY.message });
      expect(calls).toHaveLength(1);
      expect(busyRetryDelayMs(plain)).toBe(3_000);
      expect(busyRetryDelayMs(new ApiError(500, 'Something went wrong'))).toBeNull();

      const limited = apiRequest('/api/isexaminprogress', { method: 'PUT', body: {}, retryWhileBusyMs: 10_000 }).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await limited).toMatchObject({ status: 503 });
      // At 0, 3, 6 and 9 s; the next would come after the 10 s.
      expect(calls.length - 1).toBe(4);
    });
  });
});
