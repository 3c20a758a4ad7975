import { describe, expect, it } from 'vitest';
import { lockManager } from '../../../test/lock-manager';
import { SESSION_LOCK_RELOAD_WAIT_MS, SESSION_LOCK_WAIT_MS, acquirePageExamSession, isExamSessionLive, sessionLockWaitMs, type Locks } from './exam-session';

function sessionStorageOfATab(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

describe('acquirePageExamSession', () => {
  it('keeps the id of this tab across a reload, and makes one for a new tab', async () => {
    const locks = lockManager();
    const tab = sessionStorageOfATab();
    const first = await acquirePageExamSession(tab, locks, 50);
    expect(tab.data.get('certs.exam-session')).toBe(first.id);
    // The page goes (its lock with it) and the tab loads again.
    first.release();
    await Promise.resolve();
    const reloaded = await acquirePageExamSession(tab, locks, 50);
    expect(reloaded.id).toBe(first.id);
    const otherTab = await acquirePageExamSession(sessionStorageOfATab(), locks, 50);
    expect(otherTab.id).not.toBe(first.id);
  });

  it('gives a duplicated tab (a copy of the sessionStorage of a live tab) a session of its own', async () => {
    const locks = lockManager();
    const original = sessionStorageOfATab();
    const live = await acquirePageExamSession(original, locks, 50);
    const duplicate = sessionStorageOfATab(Object.fromEntries(original.data));
    const copy = await acquirePageExamSession(duplicate, locks, 50);
    expect(copy.id).not.toBe(live.id);
    expect(duplicate.data.get('certs.exam-session')).toBe(copy.id);
    expect(original.data.get('certs.exam-session')).toBe(live.id);
  });

  it('waits for a reload’s old page to let go of the lock instead of taking a new session', async () => {
    const locks = lockManager();
    const tab = sessionStorageOfATab();
    const before = await acquirePageExamSession(tab, locks, 1_000);
    setTimeout(() => before.release(), 20);
    const after = await acquirePageExamSession(tab, locks, 1_000);
    expect(after.id).toBe(before.id);
  });

  it('without Web Locks, keeps the id of the tab', async () => {
    const tab = sessionStorageOfATab();
    const first = await acquirePageExamSession(tab, null);
    expect((await acquirePageExamSession(tab, null)).id).toBe(first.id);
  });

  it('keeps the tab’s id when the browser refuses the lock request itself', async () => {
    const tab = sessionStorageOfATab({ 'certs.exam-session': 'session-of-this-tab' });
    const refusing: Locks = { request: () => Promise.reject(new DOMException('Not allowed', 'SecurityError')) };
    expect((await acquirePageExamSession(tab, refusing, 50)).id).toBe('session-of-this-tab');
  });

  it('tells whether a page of this browser still holds a session', async () => {
    const locks = lockManager();
    const live = await acquirePageExamSession(sessionStorageOfATab(), locks, 50);
    expect(await isExamSessionLive(live.id, locks)).toBe(true);
    live.release();
    await Promise.resolve();
    expect(await isExamSessionLive(live.id, locks)).toBe(false);
    expect(await isExamSessionLive(live.id, null)).toBeNull();
  });
});

describe('sessionLockWaitMs', () => {
  const navigatedBy = (type: string) => ({ getEntriesByType: () => [{ type }] as unknown as PerformanceEntryList });

  it('waits longer for a reloaded page, whose own old page may still hold the lock', () => {
    expect(sessionLockWaitMs(navigatedBy('reload'))).toBe(SESSION_LOCK_RELOAD_WAIT_MS);
    expect(SESSION_LOCK_RELOAD_WAIT_MS).toBeGreaterThan(SESSION_LOCK_WAIT_MS);
  });

  it('waits the short time for a new or duplicated tab, or when the browser cannot say', () => {
    expect(sessionLockWaitMs(navigatedBy('navigate'))).toBe(SESSION_LOCK_WAIT_MS);
    expect(sessionLockWaitMs(navigatedBy('back_forward'))).toBe(SESSION_LOCK_WAIT_MS);
    expect(sessionLockWaitMs({ getEntriesByType: () => [] })).toBe(SESSION_LOCK_WAIT_MS);
    expect(sessionLockWaitMs(undefined)).toBe(SESSION_LOCK_WAIT_MS);
  });
});
