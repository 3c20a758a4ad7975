import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app';
import { ROLES } from '@certs/shared/auth/roles';
import { createUser } from '../../test/factories/user.factory';
import { SESSION_USER_CHANNEL } from '../modules/auth/session-user-cache';
import type { DatabaseHandle } from './client';
import { companies } from './schema/company';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('listening on a channel (whichever database the suite runs on)', () => {
  it('hears what is committed while it listens, not what is rolled back, and nothing once stopped', async () => {
    const heard: string[] = [];
    const states: string[] = [];
    const stop = await database.listen('listen_test', {
      onNotification: (payload) => heard.push(payload),
      onListening: () => states.push('listening'),
      onLost: () => states.push('lost'),
    });
    expect(states).toEqual(['listening']);
    await database.db.execute(sql`select pg_notify('listen_test', 'committed')`);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('listen_test', 'rolled back')`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.execute(sql`select pg_notify('other_channel', 'elsewhere')`);
    await expect.poll(() => heard, { timeout: 2000 }).toEqual(['committed']);
    await stop();
    expect(states).toEqual(['listening', 'lost']);
    await database.db.execute(sql`select pg_notify('listen_test', 'after stop')`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual(['committed']);
  });

  it("announces a company's users on the session channel when the company is made inactive or active (migration 0052), and not for other changes", async () => {
    const [company] = await database.db.insert(companies).values({ name: `Announced ${Date.now()}`, contactEmail: 'announce@example.test' }).returning({ id: companies.id });
    const coordinator = await createUser(database.db, { role: ROLES.CompanyCoordinator, companyId: company!.id });
    const heard: string[] = [];
    const stop = await database.listen(SESSION_USER_CHANNEL, { onNotification: (payload) => heard.push(payload), onListening: () => {}, onLost: () => {} });
    await database.db.update(companies).set({ city: 'Wollongong' }).where(eq(companies.id, company!.id));
    await database.db.update(companies).set({ active: false }).where(eq(companies.id, company!.id));
    // Only this company's user counts: other tests may change other users meanwhile.
    const ofCoordinator = () => heard.filter((payload) => payload === coordinator.id);
    await expect.poll(ofCoordinator, { timeout: 2000 }).toEqual([coordinator.id]);
    await database.db.update(companies).set({ active: true }).where(eq(companies.id, company!.id));
    await expect.poll(ofCoordinator, { timeout: 2000 }).toEqual([coordinator.id, coordinator.id]);
    await stop();
  });
});
