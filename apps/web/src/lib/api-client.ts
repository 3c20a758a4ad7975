import type { ZodType } from 'zod';
import type { RefreshTokenResponse } from '@certs/shared/auth/auth.contract';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth-messages';
import { loginPathFor } from '@certs/shared/auth/roles';
import { GENERIC_ERROR_MESSAGE, readErrorMessage } from '@certs/shared/common/api-error';
import { clearSession, getSession, replaceStoredToken } from './auth';

/** A failed call, carrying what the user should read and, for forms, the message per field. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  /** A busy server's `Retry-After` (503, 429), in milliseconds; null when it sent none. */
  readonly retryAfterMs: number | null;
  /** The body's `details`: facts a screen acts on beside the message (an impartiality refusal); empty when none. */
  readonly details: Record<string, unknown>;

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}, retryAfterMs: number | null = null, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfterMs = retryAfterMs;
    this.details = details;
  }
}

/**
 * How long to wait before asking again when the server said it is too busy now (503 with
 * Retry-After): its delay plus up to as much again, so that the many turned away in the same second
 * do not all come back in the same second. Null for any other failure.
 */
export function busyRetryDelayMs(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 503 || error.retryAfterMs === null) return null;
  return error.retryAfterMs * (1 + Math.random());
}

/** The HTTP status of a failed call; 0 when the server was not reached (or the error is no call's). */
export function httpStatusOf(error: unknown): number {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : 0;
}

export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : GENERIC_ERROR_MESSAGE;
}

type QueryValue = string | number | boolean | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Checks the answer against the shared contract, so a drifted server fails loudly here. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /**
   * Give up after this long (a status 0 error, as when the server cannot be reached). For calls that
   * must not hang on a half-open connection, such as saving an exam answer: they are retried.
   */
  timeoutMs?: number;
  /**
   * For calls that are safe to repeat (an exam's launch, claim and submission): while the server
   * answers busy (503 with Retry-After), ask again after its delay, for up to this long in all.
   */
  retryWhileBusyMs?: number;
  /** Told before each wait of `retryWhileBusyMs`, so that the screen can say why nothing has happened yet. */
  onBusy?: (retryInMs: number) => void;
}

function signalOf(options: Pick<RequestOptions<unknown>, 'signal' | 'timeoutMs'>): AbortSignal | undefined {
  if (!options.timeoutMs) return options.signal;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  if (!options.signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([options.signal, timeout]) : options.signal;
}

type Navigate = (to: string) => void;

// A full page load by default; the router swaps in its own navigate so the app keeps its state.
let navigateTo: Navigate = (to) => window.location.assign(to);

export function setApiNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

const REFRESH_PATH = '/auth/local/refreshtoken';
const REFRESH_TIMEOUT_MS = 15_000;

/** A new token; null when the server refused the refresh; 'unreachable' when it could not be asked. */
type RefreshOutcome = string | null | 'unreachable';
let refreshing: Promise<RefreshOutcome> | null = null;

async function requestNewToken(): Promise<RefreshOutcome> {
  let response: Response;
  try {
    // Bounded like the calls waiting for it: a half-open connection must not hold them all.
    response = await fetch(REFRESH_PATH, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS) });
  } catch {
    // A network blip is no reason to sign the user out: the next call tries again.
    return 'unreachable';
  }
  if (response.status === 401 || response.status === 403) return null;
  if (!response.ok) return 'unreachable';
  // Read without the contract's schema: this module is on every first page, zod is not (issue 46).
  const body = (await response.json().catch(() => null)) as Partial<RefreshTokenResponse> | null;
  if (typeof body?.newToken !== 'string') return 'unreachable';
  replaceStoredToken(body.newToken);
  return body.newToken;
}

/** One refresh at a time: calls that fail together wait for the same new token. */
function refreshAccessToken(): Promise<RefreshOutcome> {
  refreshing ??= requestNewToken().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Refresh a little before the token's `exp`, so that a call on its way does not arrive just after it. */
const EXPIRY_MARGIN_MS = 5_000;
/** Set when a fresh token already looks lapsed: this device's clock is ahead, and only 401s can tell. */
let isClockAhead = false;

/** When the access token lapses (its `exp`, read without checking: the server checks), or null. */
function expiryOf(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function hasLapsed(jwt: string): boolean {
  const expiry = expiryOf(jwt);
  return expiry !== null && expiry - EXPIRY_MARGIN_MS <= Date.now();
}

/**
 * The token an `api/` call should carry. One known to have lapsed (a page opened after a break) is
 * refreshed first, once for all the calls that start together, so that none is sent only to be
 * refused with a 401 (issue 45 item 18). A refused refresh ends the session as a 401 would.
 * Also for the calls made without this client (file downloads).
 */
export async function tokenToSend(path: string): Promise<string | undefined> {
  const stored = getSession()?.jwt;
  if (!stored || isClockAhead || !path.startsWith('/api/') || !hasLapsed(stored)) return stored;
  const renewed = await refreshAccessToken();
  if (renewed === null) {
    endExpiredSession();
    throw new ApiError(401, AUTH_MESSAGES.sessionExpired);
  }
  // Unreachable now: the call goes as it is, and its 401 (if any) tries again.
  if (renewed === 'unreachable') return stored;
  if (hasLapsed(renewed)) isClockAhead = true;
  return renewed;
}

/** The session cannot be renewed: forget it and send the user to sign in, then back. */
function endExpiredSession(): void {
  const { pathname, search } = window.location;
  clearSession('expired');
  const loginPath = loginPathFor(pathname);
  if (pathname === loginPath) return;
  navigateTo(`${loginPath}?${new URLSearchParams({ next: `${pathname}${search}` }).toString()}`);
}

function urlOf(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function send(url: string, options: RequestOptions<unknown>, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  // An empty body with a JSON content type is refused by the server, so the header goes only with a body.
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: signalOf(options),
  });
}

function fieldErrorsOf(rawBody: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    const fieldErrors = parsed && typeof parsed === 'object' ? (parsed as { fieldErrors?: unknown }).fieldErrors : undefined;
    if (!fieldErrors || typeof fieldErrors !== 'object') return {};
    return Object.fromEntries(Object.entries(fieldErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

function detailsOf(rawBody: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    const details = parsed && typeof parsed === 'object' ? (parsed as { details?: unknown }).details : undefined;
    return details && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `Retry-After` in seconds (the server never sends a date), as milliseconds. */
function retryAfterMsOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

async function toApiError(response: Response): Promise<ApiError> {
  const rawBody = await response.text().catch(() => '');
  return new ApiError(response.status, readErrorMessage(rawBody), fieldErrorsOf(rawBody), retryAfterMsOf(response), detailsOf(rawBody));
}

async function readBody<T>(response: Response, schema: ZodType<T> | undefined): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    console.error('The server answered with something other than JSON');
    throw new ApiError(response.status, GENERIC_ERROR_MESSAGE);
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error('The server answered in an unexpected shape', parsed.error);
    throw new ApiError(response.status, GENERIC_ERROR_MESSAGE);
  }
  return parsed.data;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls the server on the same origin with the stored bearer token, refreshed first when it is
 * known to have lapsed. A 401 from an `api/` call refreshes the token once and retries once; when that fails the user signs in again. With
 * `retryWhileBusyMs`, a busy answer is asked again after the server's Retry-After.
 */
export async function apiRequest<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const giveUpAt = Date.now() + (options.retryWhileBusyMs ?? 0);
  for (;;) {
    try {
      return await requestOnce(path, options);
    } catch (error) {
      const delay = busyRetryDelayMs(error);
      if (delay === null || Date.now() + delay > giveUpAt) throw error;
      options.onBusy?.(delay);
      await pause(delay, options.signal);
    }
  }
}

async function requestOnce<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const url = urlOf(path, options.query);
  let response: Response;
  try {
    const sentToken = await tokenToSend(path);
    response = await send(url, options, sentToken);
    if (response.status === 401 && path.startsWith('/api/')) {
      // Another call may have refreshed while this one was on its way; then its token is enough.
      const storedToken = getSession()?.jwt;
      const newToken = storedToken && storedToken !== sentToken ? storedToken : await refreshAccessToken();
      if (newToken === 'unreachable') throw new ApiError(0, GENERIC_ERROR_MESSAGE);
      if (!newToken) {
        const error = await toApiError(response);
        endExpiredSession();
        throw error;
      }
      response = await send(url, options, newToken);
      if (response.status === 401) {
        const error = await toApiError(response);
        endExpiredSession();
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof ApiError || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    console.error('The request did not reach the server', error);
    throw new ApiError(0, GENERIC_ERROR_MESSAGE);
  }
  if (!response.ok) throw await toApiError(response);
  return readBody(response, options.schema);
}
