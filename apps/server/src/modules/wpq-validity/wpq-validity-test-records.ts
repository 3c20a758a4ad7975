import { calculateRange, type RangeInput } from '@certs/shared/wpq/wpq-range';
import type { WpqValidityOption } from '@certs/shared/wpq/wpq-record.contract';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema/company';
import { wpqRecords } from '../../db/schema/wpq';
import { insertAward } from '../credential/credential-test-awards';

/** The issue's test piece: a 135 plate butt weld of 10 mm in PF with FM1 solid wire. */
export const PLATE_BUTT_135: RangeInput = {
  weldingProcess: '135',
  transferMode: 'short-circuit',
  productType: 'Plate',
  jointType: 'BW',
  testPieceThickness: 10,
  weldingPosition: 'PF',
  fillerMaterialGroup: 'FM1',
  fillerMaterialType: 'S',
  backingAndConsumableInsert: 'ss nb',
};

/**
 * Test helper: an approved welder qualification record with its award (Awarded application),
 * written directly so that the validity tests do not depend on the record's workflow screens.
 * The range is the engine's answer for the issue's test piece, as approval stores it.
 */
export async function insertKeptQualification(
  db: Database,
  values: { applicantId: string; programId: string; testDate: string; option: WpqValidityOption; employerCompanyId?: string | null },
): Promise<{ recordId: string; awardId: string; applicationId: string; certificateNumber: string }> {
  const award = await insertAward(db, { applicantId: values.applicantId, programId: values.programId, programType: 3, awardedOn: values.testDate, expiresOn: null });
  const outcome = calculateRange(PLATE_BUTT_135);
  if (!outcome.ok) throw new Error('the test piece has no range');
  const [row] = await db
    .insert(wpqRecords)
    .values({
      applicationId: award.applicationId,
      applicantId: values.applicantId,
      programId: values.programId,
      status: 'approved',
      standard: 'ISO 9606-1:2017',
      dateOfBirth: '1990-04-02',
      placeOfBirth: 'Newcastle',
      identificationNumber: 'DL 12345678',
      methodOfIdentification: 'Driver licence',
      employer: 'Hunter Fabrication',
      employerCompanyId: values.employerCompanyId ?? null,
      wpsNumber: 'WPS-135-01',
      wpsRevision: 'B',
      jobKnowledge: 'Acceptable',
      placeOfTesting: 'Hunter Weld Testing, Newcastle',
      testDate: values.testDate,
      issueDate: values.testDate,
      testingAcceptanceCriteria: 'ISO 5817 level B',
      validityOption: values.option,
      parentMaterial1Specification: 'AS/NZS 3678-250',
      parentMaterial1Group: 1,
      parentMaterial1Subgroup: '1.1',
      productType: 'Plate',
      jointType: 'BW',
      testPieceThickness: 10,
      weldingProcess: '135',
      transferMode: 'short-circuit',
      weldingPosition: 'PF',
      fillerMaterialGroup: 'FM1',
      fillerMaterialType: 'S',
      fillerMaterialTradeName: 'ER70S-6',
      backingAndConsumableInsert: 'ss nb',
      depositThickness: 10,
      layerTechnique: 'ml',
      shieldingGas: 'M21',
      typeOfCurrentAndPolarity: 'DC+',
      rangeOfQualification: outcome.range as unknown as Record<string, unknown>,
      awardId: award.id,
    })
    .returning({ id: wpqRecords.id });
  return { recordId: row!.id, awardId: award.id, applicationId: award.applicationId, certificateNumber: award.certificateNumber };
}

/** An active employer with a welding coordinator's address. */
export async function insertEmployer(db: Database, name = 'Hunter Fabrication', contactEmail = 'coordinator@hunter.example'): Promise<{ id: string }> {
  const [row] = await db.insert(companies).values({ name, contactEmail, contactName: 'Casey Coordinator', contactPosition: 'Welding coordinator' }).returning({ id: companies.id });
  return row!;
}
