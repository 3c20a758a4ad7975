import type { Database } from '../db/client';
import { venues } from '../db/schema/venue';
import { seedHolderOfExpiringAward } from './demo-renewals';

export const DEMO_AICIP_RENEWER = { email: 'aicip.renewer@demo.local', firstName: 'Ariel', lastName: 'Inspector', memberNumber: 'WCB-M-4410' } as const;
export const DEMO_RENEWAL_VENUE = 'Newcastle Inspection Centre';

/**
 * A demo AICIP holder inside the renewal window (issue 17, decision 023): a current AICIP-PIPE
 * award (five-year renewal period) expiring two months after the seed runs, and a venue where
 * renewal modules sit. Runs inside the seed's transaction and lock.
 */
export async function seedDemoAicipRenewer(tx: Database, options: { passwordHash: string; staffId: string }): Promise<void> {
  await seedHolderOfExpiringAward(tx, DEMO_AICIP_RENEWER, { code: 'AICIP-PIPE', typePath: 'aicipapplication', renewalYears: 5 }, options);
  await tx.insert(venues).values({ title: DEMO_RENEWAL_VENUE, createdBy: options.staffId, modifiedBy: options.staffId });
}
