import { subtractMonths } from '@certs/shared/award/award-expiry';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';
import { insertAward } from '../credential/credential-test-awards';

/**
 * Test helper: an Awarded application and its award expiring on `expiresOn` (awarded three years
 * before), written directly (the credential tests' helper); optionally with the application or the
 * award in another status, as later paths leave them.
 */
export async function insertExpiringAward(
  db: Database,
  values: { applicantId: string; programId: string; programType: 1 | 2 | 3 | 4; expiresOn: string | null; applicationStatus?: string; awardStatus?: string },
): Promise<{ id: string; applicationId: string; certificateNumber: string }> {
  const awardedOn = values.expiresOn ? subtractMonths(values.expiresOn, 36) : '2026-01-15';
  const award = await insertAward(db, { applicantId: values.applicantId, programId: values.programId, programType: values.programType, awardedOn, expiresOn: values.expiresOn });
  if (values.applicationStatus) await db.update(applications).set({ status: values.applicationStatus }).where(eq(applications.id, award.applicationId));
  if (values.awardStatus) await db.update(awards).set({ status: values.awardStatus }).where(eq(awards.id, award.id));
  return award;
}

/** A renewal's newer award on the same application (what a renewal decision creates), current until `expiresOn`. */
export async function insertRenewalAward(db: Database, older: { id: string; applicationId: string }, expiresOn: string): Promise<{ id: string }> {
  const [base] = await db.select().from(awards).where(eq(awards.id, older.id));
  if (!base) throw new Error('no award to renew');
  const [row] = await db
    .insert(awards)
    .values({
      applicationId: base.applicationId,
      applicantId: base.applicantId,
      programId: base.programId,
      programType: base.programType,
      awardType: 'Renewal',
      certificateNumber: `${base.certificateNumber}-R`,
      awardedOn: subtractMonths(expiresOn, 36),
      expiresOn,
      // Later than the older award, as the award module orders "latest".
      createdOn: new Date(base.createdOn.getTime() + 1000),
    })
    .returning({ id: awards.id });
  if (!row) throw new Error('renewal award not inserted');
  return row;
}
