import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { USER_TYPES, type UserType } from '@certs/shared/auth/roles';
import { afterFirstPageShown } from './first-page';

/** The signed-in state the client keeps (spec section 3, User state). */
export interface Session {
  jwt: string;
  user: SessionUser;
}

/** Why there is no session: a guard sends an expired user back with `next`, a logout without. */
export type SignOutReason = 'logout' | 'expired';

export interface SessionState {
  session: Session | null;
  signOutReason: SignOutReason | null;
}

const STORAGE_KEY = 'certs.session';
/** Every key this app writes starts with this, so that logout can remove them all. */
export const STORAGE_PREFIX = 'certs.';

/**
 * The stored user's shape, checked without zod: this module is in the app's entry, and the contract's
 * schema would bring zod and dayjs (31 KB gzipped) onto every first visit (issue 46). The contract's
 * own check follows once the first page is shown (checkStoredUserLater).
 */
export function looksLikeSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return (
    ['id', 'email', 'firstName', 'lastName', 'timeZone'].every((key) => typeof user[key] === 'string') &&
    (USER_TYPES as readonly unknown[]).includes(user.userType) &&
    Number.isInteger(user.role) &&
    (user.applicantId === null || typeof user.applicantId === 'string') &&
    Array.isArray(user.menuItems) &&
    user.menuItems.every((item) => typeof item === 'string')
  );
}

function readStoredSession(): Session | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const { jwt, user } = parsed as { jwt?: unknown; user?: unknown };
    // A stored value from an older build or another app is dropped rather than trusted.
    return typeof jwt === 'string' && jwt && looksLikeSessionUser(user) ? { jwt, user } : null;
  } catch {
    return null;
  }
}

/** The contract's full check of a user read from storage (a time zone no longer offered, ...), off the first page's path. */
function checkStoredUserLater(): void {
  afterFirstPageShown(() => {
    import('@certs/shared/auth/auth.contract').then(
      ({ SessionUser: schema }) => {
        const { session } = state;
        if (session && !schema.safeParse(session.user).success) clearSession('expired');
      },
      // Offline before the contract was cached: the next start checks again.
      () => undefined,
    );
  });
}

let state: SessionState = { session: readStoredSession(), signOutReason: null };
if (state.session) checkStoredUserLater();
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function writeStoredSession(session: Session | null): void {
  try {
    if (session) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private browsing or a full quota: the session still lives for this tab.
  }
}

export function getSession(): Session | null {
  return state.session;
}

export function saveSession(session: Session): void {
  writeStoredSession(session);
  setState({ session, signOutReason: null });
}

/** A refreshed token replaces the stored one (spec section 4, Tokens). */
export function replaceStoredToken(jwt: string): void {
  if (!state.session) return;
  saveSession({ ...state.session, jwt });
}

export function replaceStoredUser(user: SessionUser): void {
  if (!state.session) return;
  saveSession({ ...state.session, user });
}

/** Removes the session and everything else this app stored in the browser. */
export function clearSession(reason: SignOutReason): void {
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(STORAGE_PREFIX));
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept there.
  }
  setState({ session: null, signOutReason: reason });
}

function onStorageChange(event: StorageEvent): void {
  if (event.key !== null && event.key !== STORAGE_KEY) return;
  const session = readStoredSession();
  if (JSON.stringify(session) !== JSON.stringify(state.session)) {
    setState({ session, signOutReason: session ? null : 'logout' });
  }
}

export function subscribeToSession(listener: () => void): () => void {
  // Signing in or out in another tab applies here too.
  if (listeners.size === 0) window.addEventListener('storage', onStorageChange);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorageChange);
  };
}

function getSnapshot(): SessionState {
  return state;
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSnapshot);
}

export function useSession(): Session | null {
  return useSessionState().session;
}

export function hasSessionOfType(session: Session | null, userType: UserType): session is Session {
  return !!session && session.user.userType === userType;
}

/** The login page has been reached after a logout; later guards may again remember `next`. */
export function acknowledgeSignOut(): void {
  if (state.signOutReason) setState({ ...state, signOutReason: null });
}

/** Only for tests: start from what localStorage holds now. */
export function reloadSessionFromStorage(): void {
  setState({ session: readStoredSession(), signOutReason: null });
  if (state.session) checkStoredUserLater();
}

/** For screens behind a session guard, where a missing session is a programming error. */
export function useRequiredSession(): Session {
  const session = useSession();
  if (!session) throw new Error('This screen needs a signed-in user; it must sit behind a session guard');
  return session;
}
