import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionUser } from '@certs/shared/auth/auth.contract';
import { applicant, superUser } from '../test/session-fixtures';
import { clearSession, getSession, looksLikeSessionUser, reloadSessionFromStorage } from './auth';
import { markFirstPageShown } from './first-page';

const store = (user: unknown) => window.localStorage.setItem('certs.session', JSON.stringify({ jwt: 'token-1', user }));

describe('the session kept in the browser', () => {
  afterEach(() => clearSession('logout'));

  it('checks a stored user without zod as the contract does, for each field that could be wrong', () => {
    const broken: unknown[] = [
      null,
      'super@demo.local',
      { ...superUser, id: undefined },
      { ...superUser, email: 7 },
      { ...superUser, userType: 'staff' },
      { ...superUser, role: 1.5 },
      { ...superUser, role: '1' },
      { ...superUser, applicantId: 12 },
      { ...superUser, timeZone: null },
      { ...superUser, menuItems: 'Dashboard' },
      { ...superUser, menuItems: [1] },
    ];
    for (const user of [superUser, applicant]) {
      expect(looksLikeSessionUser(user)).toBe(true);
      expect(SessionUser.safeParse(user).success).toBe(true);
    }
    for (const user of broken) {
      expect(looksLikeSessionUser(user), JSON.stringify(user)).toBe(false);
      expect(SessionUser.safeParse(user).success).toBe(false);
    }
  });

  it('starts from a stored session whose user has the right shape, and drops one that has not', () => {
    store(applicant);
    reloadSessionFromStorage();
    expect(getSession()).toEqual({ jwt: 'token-1', user: applicant });
    store({ ...applicant, userType: 'staff' });
    reloadSessionFromStorage();
    expect(getSession()).toBeNull();
  });

  it('ends a stored session the contract refuses once the first page is shown (a time zone no longer offered)', async () => {
    store({ ...applicant, timeZone: 'Mars/Olympus_Mons' });
    reloadSessionFromStorage();
    // The shape is right, so the first page starts signed in; the contract's check follows it.
    expect(getSession()?.user.timeZone).toBe('Mars/Olympus_Mons');
    markFirstPageShown();
    await waitFor(() => expect(getSession()).toBeNull(), { timeout: 5_000 });
  });
});
