import { eq, inArray } from 'drizzle-orm';
import { APPLICATION_TYPES, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { resultStageOf } from '@certs/shared/application/application-workflow';
import { DEFAULT_CERTIFICATE_NUMBER_PATTERN } from '../../config/env';
import { moveApplication } from '../../modules/application/application-move';
import { ApplicationRepository } from '../../modules/application/application.repository';
import { ApplicationWorkflowRepository } from '../../modules/application/application-workflow.repository';
import { AwardRepository, type AwardTableRow } from '../../modules/award/award.repository';
import { AwardRecords } from '../../modules/award/award.service';
import type { Database } from '../client';
import { insertDemoApplicant } from './demo-applicant';
import { applicationHistory, applications } from '../schema/application';
import { awardHistory, awards } from '../schema/award';
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
  const records = new AwardRecords({ repository: new AwardRepository(tx), workflow: new ApplicationWorkflowRepository(tx), defaultPattern: DEFAULT_CERTIFICATE_NUMBER_PATTERN });
  const awardedApplication = async (typePath: ApplicationTypePath, programCode: string): Promise<string> =>
    (await awardDemoApplication(tx, { applicantId, userId, programId: programIdOf(programCode), typePath, staffId: options.staffId })).applicationId;

  await awardedApplication('certificationapplication', 'C-WELD-SUP');
  const aicip = await awardedApplication('aicipapplication', 'AICIP-PIPE');
  await records.applyAction(tx, { applicationId: aicip, typePath: 'aicipapplication', action: 'hold', reason: DEMO_HOLD_REASON, actorId: options.staffId });
}

/** How long before its award the demo application was submitted, when the award is dated in the past. */
const DAYS_FROM_SUBMISSION_TO_AWARD = 42;

/**
 * An application that has passed its examinations, moved to Awarded and awarded, as the result
 * stage does: the number comes from the program's series (its own pattern, or the default one).
 * With `awardedAt` the record is dated then: the award, both histories, the result, and the
 * submission six weeks earlier, so the holder's application reads as it happened. Runs inside the
 * seed's transaction.
 */
export async function awardDemoApplication(
  tx: Database,
  input: { applicantId: string; userId: string; programId: string; typePath: ApplicationTypePath; staffId: string; awardedAt?: Date },
): Promise<{ applicationId: string; award: AwardTableRow }> {
  const awardedAt = input.awardedAt ?? new Date();
  const submittedOn = input.awardedAt ? new Date(awardedAt.getTime() - DAYS_FROM_SUBMISSION_TO_AWARD * 86_400_000) : awardedAt;
  const applicationRepository = new ApplicationRepository(tx);
  const workflow = new ApplicationWorkflowRepository(tx);
  const records = new AwardRecords({ repository: new AwardRepository(tx), workflow, defaultPattern: DEFAULT_CERTIFICATE_NUMBER_PATTERN, now: () => awardedAt });
  const { programType, prefix } = APPLICATION_TYPES[input.typePath];
  const year = submittedOn.getFullYear();
  const sequence = await applicationRepository.nextNumber(tx, programType, year);
  const application = await applicationRepository.insert(tx, {
    applicationNumber: `${prefix}-${year}-${String(sequence).padStart(5, '0')}`,
    applicantId: input.applicantId,
    programId: input.programId,
    programType,
    status: 'Examinations Stage',
    workflowStage: resultStageOf(input.typePath),
    declarationAccepted: true,
    submittedOn,
    assessmentRound: 1,
    createdBy: input.userId,
    modifiedBy: input.userId,
  });
  await moveApplication(tx, workflow, { locked: application, typePath: input.typePath, action: 'award', what: 'awarded', note: 'Overall result: Awarded (demo data)', actorId: input.staffId });
  await workflow.update(tx, application.id, { overallResult: 'Awarded', resultRecordedOn: awardedAt, modifiedBy: input.staffId });
  const award = await records.createForAwardedApplication(tx, { applicationId: application.id, actorId: input.staffId, awardType: 'Awarded' });
  if (input.awardedAt) {
    await tx.update(applications).set({ createdOn: submittedOn, modifiedOn: awardedAt }).where(eq(applications.id, application.id));
    await tx.update(applicationHistory).set({ createdOn: awardedAt, modifiedOn: awardedAt }).where(eq(applicationHistory.applicationId, application.id));
    await tx.update(awards).set({ createdOn: awardedAt, modifiedOn: awardedAt }).where(eq(awards.id, award.id));
    await tx.update(awardHistory).set({ createdOn: awardedAt, modifiedOn: awardedAt }).where(eq(awardHistory.awardId, award.id));
  }
  return { applicationId: application.id, award };
}
