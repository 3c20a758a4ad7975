import { inArray } from 'drizzle-orm';
import { APPLICATION_TYPES, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { resultStageOf } from '@certs/shared/application/application-workflow';
import { DEFAULT_CERTIFICATE_NUMBER_PATTERN } from '../../config/env';
import { moveApplication } from '../../modules/application/application-move';
import { ApplicationRepository } from '../../modules/application/application.repository';
import { ApplicationWorkflowRepository } from '../../modules/application/application-workflow.repository';
import { AwardRepository } from '../../modules/award/award.repository';
import { AwardRecords } from '../../modules/award/award.service';
import type { Database } from '../client';
import { insertDemoApplicant } from './demo-applicant';
import { programs } from '../schema/program';

export const DEMO_HOLDER = { email: 'holder@demo.local', firstName: 'Harper', lastName: 'Holder', memberNumber: 'WCB-M-2048' } as const;
export const DEMO_HOLD_REASON = 'Demo: awaiting renewal evidence';

/**
 * A second demo applicant who holds awards (issue 16): a current Certification of C-WELD-SUP and an
 * AICIP award of AICIP-PIPE on hold, each with its application in Awarded / Awarded OnHold. Made
 * through the same moves and award records as the result stage, so the numbers come from the
 * counters (the demo programs use the platform's default pattern). Runs inside the seed's
 * transaction and lock; `tx` is that transaction.
 */
export async function seedDemoAwards(tx: Database, options: { passwordHash: string; staffId: string }): Promise<void> {
  const { userId, applicantId } = await insertDemoApplicant(tx, DEMO_HOLDER, options.passwordHash);

  const found = await tx.select({ id: programs.id, programCode: programs.programCode }).from(programs).where(inArray(programs.programCode, ['C-WELD-SUP', 'AICIP-PIPE']));
  const programIdOf = (code: string) => {
    const program = found.find((row) => row.programCode === code);
    if (!program) throw new Error(`demo program ${code} missing`);
    return program.id;
  };
  const applicationRepository = new ApplicationRepository(tx);
  const workflow = new ApplicationWorkflowRepository(tx);
  const records = new AwardRecords({ repository: new AwardRepository(tx), workflow, defaultPattern: DEFAULT_CERTIFICATE_NUMBER_PATTERN });
  const year = new Date().getFullYear();

  /** An application that has passed its examinations, moved to Awarded and awarded, as the result stage does. */
  const awardedApplication = async (typePath: ApplicationTypePath, programCode: string): Promise<string> => {
    const { programType, prefix } = APPLICATION_TYPES[typePath];
    const sequence = await applicationRepository.nextNumber(tx, programType, year);
    const application = await applicationRepository.insert(tx, {
      applicationNumber: `${prefix}-${year}-${String(sequence).padStart(5, '0')}`,
      applicantId,
      programId: programIdOf(programCode),
      programType,
      status: 'Examinations Stage',
      workflowStage: resultStageOf(typePath),
      declarationAccepted: true,
      submittedOn: new Date(),
      assessmentRound: 1,
      createdBy: userId,
      modifiedBy: userId,
    });
    await moveApplication(tx, workflow, { locked: application, typePath, action: 'award', what: 'awarded', note: 'Overall result: Awarded (demo data)', actorId: options.staffId });
    await workflow.update(tx, application.id, { overallResult: 'Awarded', resultRecordedOn: new Date(), modifiedBy: options.staffId });
    await records.createForAwardedApplication(tx, { applicationId: application.id, actorId: options.staffId, awardType: 'Awarded' });
    return application.id;
  };

  await awardedApplication('certificationapplication', 'C-WELD-SUP');
  const aicip = await awardedApplication('aicipapplication', 'AICIP-PIPE');
  await records.applyAction(tx, { applicationId: aicip, typePath: 'aicipapplication', action: 'hold', reason: DEMO_HOLD_REASON, actorId: options.staffId });
}
