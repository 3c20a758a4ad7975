import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import type { Database } from '../../src/db/client';
import { accountMemberships } from '../../src/db/schema/membership';

/**
 * An awarding body's membership (issue 40): an applicant's confirmed one or a company's corporate
 * one, of the first account unless another is named.
 */
export async function giveMembership(
  db: Database,
  input: {
    accountId?: string;
    applicantId?: string;
    companyId?: string;
    membershipType?: 'individual' | 'corporate';
    memberNumber?: string;
    confirmedOn?: Date;
    startsOn?: string | null;
    endsOn?: string | null;
  },
): Promise<void> {
  await db.insert(accountMemberships).values({
    accountId: input.accountId ?? FIRST_ACCOUNT_ID,
    applicantId: input.applicantId ?? null,
    companyId: input.companyId ?? null,
    membershipType: input.membershipType ?? (input.companyId ? 'corporate' : 'individual'),
    memberNumber: input.memberNumber ?? 'M-1',
    confirmedOn: input.confirmedOn ?? new Date(),
    startsOn: input.startsOn ?? null,
    endsOn: input.endsOn ?? null,
  });
}
