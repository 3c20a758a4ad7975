import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { ADMIN_LOGIN, refreshCookieOf } from '../../../test/sign-in';
import { refreshSessions } from '../../db/schema/user';
import { AuthRepository } from './auth.repository';
import { REFRESH_COOKIE } from './auth.routes';
import { deleteEndedCredentials, ENDED_CREDENTIALS_KEEP_DAYS } from './credential-cleanup.job';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const hash = () => randomBytes(16).toString('hex');

describe('deleting ended credentials', () => {
  it('deletes sessions that ended over the keep period ago and keeps the rest; a signed-in user still refreshes', async () => {
    const user = await createUser(t.database.db);
    const base = { userId: user.id, sessionVersion: 0, createdBy: user.id, modifiedBy: user.id };
    const old = ENDED_CREDENTIALS_KEEP_DAYS + 1;
    const recent = ENDED_CREDENTIALS_KEEP_DAYS - 1;
    const sessions = await t.database.db
      .insert(refreshSessions)
      .values([
        { ...base, tokenHash: hash(), expiresOn: daysAgo(old) },
        { ...base, tokenHash: hash(), expiresOn: daysAgo(-10), revokedOn: daysAgo(old) },
        { ...base, tokenHash: hash(), expiresOn: daysAgo(recent) },
        { ...base, tokenHash: hash(), expiresOn: daysAgo(-10), revokedOn: daysAgo(recent) },
        { ...base, tokenHash: hash(), expiresOn: daysAgo(-10) },
      ])
      .returning({ id: refreshSessions.id });
    // A real sign-in: its session must survive and go on refreshing.
    const signedIn = await t.app.inject({ method: 'POST', url: ADMIN_LOGIN, payload: { identifier: user.email, password: user.password } });
    const cookie = refreshCookieOf(signedIn);
    expect(cookie).toBeTruthy();

    // Links belong to the registration module, whose own test deletes real ones; here the job's
    // cutoff for them is checked.
    const linkCutoffs: Date[] = [];
    const owners = {
      sessions: new AuthRepository(t.database.db),
      links: { deleteLinksEndedBefore: async (cutoff: Date) => (linkCutoffs.push(cutoff), 0) },
    };
    const now = new Date();
    expect(await deleteEndedCredentials(owners, now)).toEqual({ sessions: 2, links: 0 });
    expect(linkCutoffs).toEqual([new Date(now.getTime() - ENDED_CREDENTIALS_KEEP_DAYS * DAY_MS)]);

    const keptSessions = await t.database.db
      .select({ id: refreshSessions.id })
      .from(refreshSessions)
      .where(inArray(refreshSessions.id, sessions.map((row) => row.id)));
    expect(keptSessions.map((row) => row.id).sort()).toEqual(sessions.slice(2).map((row) => row.id).sort());
    const refreshed = await t.app.inject({ method: 'POST', url: '/auth/local/refreshtoken', cookies: { [REFRESH_COOKIE]: cookie! } });
    expect(refreshed.statusCode).toBe(200);
    // A second pass finds nothing more to delete.
    expect(await deleteEndedCredentials(owners, now)).toEqual({ sessions: 0, links: 0 });
  });
});
