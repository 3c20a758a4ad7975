import { and, asc, eq, inArray } from 'drizzle-orm';
import { APPLICATION_TYPES, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { resultStageOf } from '@certs/shared/application/application-workflow';
import { DEFAULT_CERTIFICATE_NUMBER_PATTERN } from '../config/env';
import { moveApplication } from '../modules/application/application-move';
import { ApplicationRepository } from '../modules/application/application.repository';
import { ApplicationWorkflowRepository } from '../modules/application/application-workflow.repository';
import { AwardRepository, type AwardTableRow } from '../modules/award/award.repository';
import { AwardRecords } from '../modules/award/award.service';
import type { Database } from '../db/client';
import { insertDemoApplicant } from './demo-applicant';
import { applicationHistory, applications } from '../db/schema/application';
import { awardHistory, awards } from '../db/schema/award';
import { programModules, programs } from '../db/schema/program';
import { applicationModules } from '../db/schema/application-module';

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
  if (input.typePath === 'aicipapplication' || input.typePath === 'qualificationapplication') {
    await insertPassedModules(tx, { applicationId: application.id, programId: input.programId, staffId: input.staffId, awardedAt });
  }
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

const DAY_MS = 86_400_000;

/**
 * A demo award of a program with modules was earned by sitting them (issue 45 item 19): each of
 * the program's modules as chosen at the pre-exam stage (required), scheduled, sent and passed in
 * the weeks before the award, so its application reads as it happened rather than "No modules were chosen".
 */
async function insertPassedModules(tx: Database, input: { applicationId: string; programId: string; staffId: string; awardedAt: Date }): Promise<void> {
  const modules = await tx
    .select()
    .from(programModules)
    .where(and(eq(programModules.programId, input.programId), eq(programModules.isRenewal, false), eq(programModules.isInactive, false)))
    .orderBy(asc(programModules.sortOrder));
  if (modules.length === 0) return;
  const at = (daysBeforeAward: number) => new Date(input.awardedAt.getTime() - daysBeforeAward * DAY_MS);
  await tx.insert(applicationModules).values(
    modules.map((module, index) => ({
      applicationId: input.applicationId,
      programModuleId: module.id,
      isRequired: true,
      feeCents: module.nonMemberFeeCents,
      feeBasis: 'nonMember' as const,
      order: index + 1,
      examKind: module.examinationType,
      scheduledAt: at(21 - index),
      scheduleTimeZone: 'Australia/Sydney',
      durationMinutes: 120,
      scheduleSentOn: at(35),
      result: 'Pass' as const,
      resultPercentage: Math.max(80, module.passPercentage),
      resultEnteredOn: at(14),
      resultEnteredBy: input.staffId,
      createdBy: input.staffId,
      modifiedBy: input.staffId,
    })),
  );
}
