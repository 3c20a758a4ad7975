import { randomBytes } from 'node:crypto';
import type { AwardStatus } from '@certs/shared/award/award-status';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';

export interface TestAwardOverrides {
  applicantId: string;
  programId: string;
  programType: 1 | 2 | 3 | 4;
  certificateNumber?: string;
  status?: AwardStatus;
  awardedOn?: string;
  expiresOn?: string | null;
}

/**
 * Tests of the register only: an awarded application and its award inserted directly, so that any
 * status and any dates can be set up without walking the workflow (the award module does that).
 */
export async function insertTestAward(db: Database, overrides: TestAwardOverrides): Promise<{ id: string; certificateNumber: string }> {
  const [application] = await db
    .insert(applications)
    .values({
      applicationNumber: `REG-${randomBytes(4).toString('hex').toUpperCase()}`,
      applicantId: overrides.applicantId,
      programId: overrides.programId,
      programType: overrides.programType,
      status: 'Awarded',
      declarationAccepted: true,
      submittedOn: new Date(),
      overallResult: 'Awarded',
      resultRecordedOn: new Date(),
    })
    .returning({ id: applications.id });
  if (!application) throw new Error('application not inserted');
  const certificateNumber = overrides.certificateNumber ?? `CERT-${randomBytes(4).toString('hex').toUpperCase()}`;
  const [award] = await db
    .insert(awards)
    .values({
      applicationId: application.id,
      applicantId: overrides.applicantId,
      programId: overrides.programId,
      programType: overrides.programType,
      awardType: 'Awarded',
      certificateNumber,
      awardedOn: overrides.awardedOn ?? '2026-03-02',
      expiresOn: overrides.expiresOn === undefined ? '2099-12-31' : overrides.expiresOn,
      status: overrides.status ?? 'current',
    })
    .returning({ id: awards.id });
  if (!award) throw new Error('award not inserted');
  return { id: award.id, certificateNumber };
}
