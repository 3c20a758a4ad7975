import { subtractMonths } from '@certs/shared/award/award-expiry';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { calculateRange } from '@certs/shared/wpq/wpq-range';
import { confirmationPeriod } from '@certs/shared/wpq/wpq-validity-schedule';
import { AwardRepository } from '../modules/award/award.repository';
import type { Database } from '../db/client';
import { wpqRecords } from '../db/schema/wpq';
import { wpqConfirmations } from '../db/schema/wpq-validity';
import { seedHolderOfExpiringAward } from './demo-renewals';

export const DEMO_REVALIDATING_WELDER = { email: 'reva.welder@demo.local', firstName: 'Reva', lastName: 'Welder', memberNumber: '' } as const;

/** Before the seed's day, as YYYY-MM-DD. */
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * A demo welder inside the revalidation window of ISO 9606-1 9.3 b) (issue 18, decision 026): a
 * WQ-ISO9606 qualification tested 21 months before the seed runs (valid for 2 years), its first
 * three 6-monthly confirmations made by the employer a week before each fell due. Only the
 * revalidation journey uses this welder.
 */
export async function seedDemoRevalidatingWelder(tx: Database, options: { passwordHash: string; staffId: string }): Promise<void> {
  const testDate = subtractMonths(todayInSydney(), 21);
  // Awarded on its test day, so the certificate number carries that year (issue 45 item 19).
  const holder = await seedHolderOfExpiringAward(tx, DEMO_REVALIDATING_WELDER, { code: 'WQ-ISO9606', typePath: 'welderqualificationapplication', renewalYears: 2, awardedOn: testDate }, options);
  const testPiece = {
    weldingProcess: '135',
    transferMode: 'short-circuit',
    productType: 'Plate',
    jointType: 'BW',
    testPieceThickness: 10,
    weldingPosition: 'PA',
    fillerMaterialGroup: 'FM1',
    fillerMaterialType: 'S',
    backingAndConsumableInsert: 'ss nb',
  } as const;
  const outcome = calculateRange(testPiece);
  if (!outcome.ok) throw new Error('the demo test piece has no range');
  const award = { id: holder.awardId, applicationId: holder.applicationId };
  // A welder qualification's validity is kept by confirmations, not by an expiry date.
  await new AwardRepository(tx).update(tx, award.id, { awardedOn: testDate, expiresOn: null });
  const [record] = await tx
    .insert(wpqRecords)
    .values({
      ...testPiece,
      applicationId: award.applicationId,
      applicantId: holder.applicantId,
      programId: holder.programId,
      status: 'approved',
      standard: 'ISO 9606-1:2017',
      dateOfBirth: '1988-09-12',
      placeOfBirth: 'Wollongong, NSW',
      identificationNumber: 'NSW-DL-5521873',
      methodOfIdentification: 'Driver licence',
      employer: 'Illawarra Steel Fabricators',
      wpsNumber: 'WPS-135-07',
      wpsRevision: 'A',
      jobKnowledge: 'Acceptable',
      placeOfTesting: 'Wollongong test bay',
      testDate,
      issueDate: testDate,
      testingAcceptanceCriteria: 'ISO 5817 level B',
      validityOption: '9.3b',
      parentMaterial1Specification: 'AS/NZS 3678-350',
      parentMaterial1Group: 1,
      parentMaterial1Subgroup: '1.2',
      fillerMaterialTradeName: 'ER70S-6',
      depositThickness: 10,
      layerTechnique: 'ml',
      shieldingGas: 'M21',
      typeOfCurrentAndPolarity: 'DC+',
      rangeOfQualification: outcome.range as unknown as Record<string, unknown>,
      awardId: award.id,
      createdBy: options.staffId,
      modifiedBy: options.staffId,
    })
    .returning({ id: wpqRecords.id });
  const kept = { standard: 'ISO 9606-1:2017' as const, intervalMonths: 6, testDate };
  await tx.insert(wpqConfirmations).values(
    [1, 2, 3].map((sequence) => {
      const { dueOn } = confirmationPeriod(kept, sequence);
      return {
        wpqRecordId: record!.id,
        awardId: award.id,
        sequence,
        dueOn,
        confirmedOn: daysBefore(dueOn, 7),
        confirmedBy: 'employer' as const,
        confirmerName: 'Dana Coordinator',
        confirmerPosition: 'Welding coordinator',
        createdBy: options.staffId,
        modifiedBy: options.staffId,
      };
    }),
  );
}
