import { randomBytes } from 'node:crypto';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import type { Database } from '../../db/client';
import { awards } from '../../db/schema/award';

/**
 * Test helper: an Awarded application and its award, written directly, so that the credential
 * tests do not depend on the result stage's screens (the award module creates awards in the app).
 */
export async function insertAward(
  db: Database,
  values: { applicantId: string; programId: string; programType: 1 | 2 | 3 | 4; awardedOn: string; expiresOn: string | null; certificateNumber?: string },
): Promise<{ id: string; applicationId: string; certificateNumber: string; statusListIndex: number }> {
  const application = await createApplicationWithModules(db, { applicantId: values.applicantId, programId: values.programId, programType: values.programType, status: 'Awarded', workflowStage: null, programModuleIds: [] });
  const certificateNumber = values.certificateNumber ?? `CRED-${randomBytes(3).toString('hex').toUpperCase()}`;
  const [row] = await db
    .insert(awards)
    .values({
      applicationId: application.id,
      applicantId: values.applicantId,
      programId: values.programId,
      programType: values.programType,
      awardType: 'Awarded',
      certificateNumber,
      awardedOn: values.awardedOn,
      expiresOn: values.expiresOn,
    })
    .returning({ id: awards.id, statusListIndex: awards.statusListIndex });
  if (!row) throw new Error('award not inserted');
  return { id: row.id, applicationId: application.id, certificateNumber, statusListIndex: row.statusListIndex };
}
