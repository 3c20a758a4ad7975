import { describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { SessionUserRow } from './auth.repository';
import { SessionUserCache } from './session-user-cache';

const USER = '6f1d7c8e-2b7a-4c55-8f0e-0c2d3e4f5a61';

/** A stand-in for the users table: counts reads, and a read can be held open to interleave a change. */
function table() {
  const state = { row: { id: USER, email: 'pat@example.test', role: ROLES.Applicant, userType: 'applicant', menuItems: [], active: true, sessionVersion: 0, applicantId: 'a-1', accountId: null, companyId: null, revokedSessionIds: [] } as SessionUserRow, reads: 0 };
  let hold: Promise<void> | null = null;
  return {
    state,
    holdNextRead() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return release;
    },
    async load(): Promise<SessionUserRow | undefined> {
      state.reads += 1;
      const snapshot = { ...state.row };
      const waiting = hold;
      hold = null;
      if (waiting) await waiting;
      return snapshot;
    },
  };
}

describe('the session-user cache', () => {
  it('reads the database every time until it is listening for changes', async () => {
    const users = table();
    const cache = new SessionUserCache(() => users.load());
    await cache.find(USER);
    await cache.find(USER);
    expect(users.state.reads).toBe(2);
    cache.onListening();
    await cache.find(USER);
    await cache.find(USER);
    expect(users.state.reads).toBe(3);
  });

  it('reads a user afresh after a change is announced or made here', async () => {
    const users = table();
    const cache = new SessionUserCache(() => users.load());
    cache.onListening();
    await cache.find(USER);
    users.state.row = { ...users.state.row, active: false };
    cache.onNotification(USER);
    expect((await cache.find(USER))?.active).toBe(false);
    users.state.row = { ...users.state.row, sessionVersion: 1 };
    cache.forget(USER);
    expect((await cache.find(USER))?.sessionVersion).toBe(1);
    users.state.row = { ...users.state.row, sessionVersion: 2 };
    cache.onNotification('*');
    expect((await cache.find(USER))?.sessionVersion).toBe(2);
  });

  it('does not keep a row read before a change that was announced while the read was on its way', async () => {
    const users = table();
    const cache = new SessionUserCache(() => users.load());
    cache.onListening();
    const release = users.holdNextRead();
    const early = cache.find(USER);
    // The change commits and is announced while the first read's answer (the old row) travels.
    users.state.row = { ...users.state.row, active: false };
    cache.onNotification(USER);
    release();
    expect((await early)?.active).toBe(true);
    expect((await cache.find(USER))?.active).toBe(false);
  });

  it('forgets everything and stops remembering when the connection that listens is lost', async () => {
    const users = table();
    const cache = new SessionUserCache(() => users.load());
    cache.onListening();
    await cache.find(USER);
    cache.onLost();
    users.state.row = { ...users.state.row, active: false };
    expect((await cache.find(USER))?.active).toBe(false);
    await cache.find(USER);
    expect(users.state.reads).toBe(3);
  });
});
