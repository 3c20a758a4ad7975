/**
 * The exam session of one page (`isexaminprogress` hands the sitting to one session at a time).
 *
 * The id lives in sessionStorage, so a reload, a crash restore or a tab the phone discarded in the
 * background comes back as the same session and goes on without asking. A duplicated tab gets a
 * copy of that sessionStorage, so the id alone cannot tell the two apart: a live page holds a Web
 * Lock named after its id, and a page that cannot get that lock (another live page of this browser
 * has it) takes a new id and must take the sitting over, after the candidate confirmed.
 */

const SESSION_KEY = 'certs.exam-session';
/** How long a page waits for its id's lock: a reload's old page may still be letting go of it. */
export const SESSION_LOCK_WAIT_MS = 1_500;
/**
 * The wait when this page is a reload: the holder is then almost surely this tab's own old page,
 * which a loaded machine can take seconds to tear down (seen in CI), and giving up would ask the
 * candidate to take over their own sitting.
 */
export const SESSION_LOCK_RELOAD_WAIT_MS = 8_000;

type NavigationTiming = Pick<Performance, 'getEntriesByType'>;

/** How long this page waits for its stored id's lock: longer when the page was reloaded. */
export function sessionLockWaitMs(timing: NavigationTiming | undefined = typeof performance === 'undefined' ? undefined : performance): number {
  try {
    const [navigation] = timing?.getEntriesByType('navigation') ?? [];
    return (navigation as PerformanceNavigationTiming | undefined)?.type === 'reload' ? SESSION_LOCK_RELOAD_WAIT_MS : SESSION_LOCK_WAIT_MS;
  } catch {
    return SESSION_LOCK_WAIT_MS;
  }
}

export interface PageExamSession {
  id: string;
  /** Lets go of the lock (the exam screen closed); closing the page lets go by itself. */
  release: () => void;
}

type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem'>;
/** The part of the Web Locks API used here (`navigator.locks`). */
export interface Locks {
  request(name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<void>): Promise<void>;
}

export function newExamSessionId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function readStored(storage: SessionStorageLike): string | null {
  try {
    const stored = storage.getItem(SESSION_KEY);
    return stored && stored.length >= 8 ? stored : null;
  } catch {
    return null;
  }
}

function store(storage: SessionStorageLike, id: string): void {
  try {
    storage.setItem(SESSION_KEY, id);
  } catch {
    // Storage refused (private mode): a reload will ask to take the sitting over.
  }
}

const lockNameOf = (id: string): string => `certs-exam-session.${id}`;

/**
 * Holds the lock named after `id` until released; 'held' when another page kept it past `waitMs`;
 * 'unavailable' when the browser would not take the request at all (then no lock is used).
 */
function holdLock(locks: Locks, id: string, waitMs: number): Promise<(() => void) | 'held' | 'unavailable'> {
  return new Promise((resolve) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((letGo) => {
      release = letGo;
    });
    try {
      locks
        .request(lockNameOf(id), { signal: AbortSignal.timeout(waitMs) }, () => {
          resolve(release);
          return held;
        })
        .catch((error: unknown) => resolve(error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError') ? 'held' : 'unavailable'));
    } catch {
      resolve('unavailable');
    }
  });
}

function browserLocks(): LockManager | null {
  const hasLocks = typeof navigator !== 'undefined' && navigator.locks && typeof AbortSignal.timeout === 'function';
  return hasLocks ? navigator.locks : null;
}

/** The session of a page that holds no lock: the tab's stored id, or a new one. */
function unlockedSession(storage: SessionStorageLike, stored: string | null): PageExamSession {
  const id = stored ?? newExamSessionId();
  store(storage, id);
  return { id, release: () => undefined };
}

/**
 * Whether a page of this browser holds that session now (its lock is held): false for a tab that
 * was closed or crashed; null when the browser cannot tell.
 */
export async function isExamSessionLive(id: string, locks: Pick<LockManager, 'query'> | null = browserLocks()): Promise<boolean | null> {
  if (!locks) return null;
  try {
    const { held = [] } = await locks.query();
    return held.some((lock) => lock.name === lockNameOf(id));
  } catch {
    return null;
  }
}

/**
 * This page's session. Without Web Locks (older browsers) a duplicated tab shares the id, as the
 * server then sees one session; every other case works the same.
 */
export async function acquirePageExamSession(storage: SessionStorageLike = window.sessionStorage, locks: Locks | null = browserLocks(), waitMs = sessionLockWaitMs()): Promise<PageExamSession> {
  const stored = readStored(storage);
  if (!locks) return unlockedSession(storage, stored);
  if (stored) {
    const outcome = await holdLock(locks, stored, waitMs);
    if (outcome === 'unavailable') return unlockedSession(storage, stored);
    if (outcome !== 'held') return { id: stored, release: outcome };
  }
  const id = newExamSessionId();
  store(storage, id);
  const outcome = await holdLock(locks, id, waitMs);
  return { id, release: typeof outcome === 'function' ? outcome : () => undefined };
}
