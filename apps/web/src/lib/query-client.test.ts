import { afterEach, describe, expect, it } from 'vitest';
import { applicant, superUser } from '../test/session-fixtures';
import { clearSession, saveSession } from './auth';
import { clearWhenUserChanges, createQueryClient } from './query-client';

describe('clearWhenUserChanges', () => {
  afterEach(() => clearSession('logout'));

  it('forgets cached answers when the signed-in user changes or signs out, not on a token refresh', () => {
    saveSession({ jwt: 'a', user: superUser });
    const client = createQueryClient();
    const stop = clearWhenUserChanges(client);
    client.setQueryData(['account-users'], { rows: ['someone'] });

    saveSession({ jwt: 'a-refreshed', user: superUser });
    expect(client.getQueryData(['account-users'])).toEqual({ rows: ['someone'] });

    clearSession('expired');
    expect(client.getQueryData(['account-users'])).toBeUndefined();

    client.setQueryData(['account-users'], { rows: ['someone'] });
    saveSession({ jwt: 'b', user: applicant });
    expect(client.getQueryData(['account-users'])).toBeUndefined();
    stop();
  });
});
