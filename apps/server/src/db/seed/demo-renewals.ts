import { eq } from 'drizzle-orm';
import { APPLICATION_TYPES } from '@certs/shared/application/application-status';
import { resultStageOf } from '@certs/shared/application/application-workflow';
import { subtractMonths } from '@certs/shared/award/award-expiry';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { DEFAULT_CERTIFICATE_NUMBER_PATTERN } from '../../config/env';
import { moveApplication } from '../../modules/application/application-move';
import { ApplicationRepository } from '../../modules/application/application.repository';
import { ApplicationWorkflowRepository } from '../../modules/application/application-workflow.repository';
import { AwardRepository } from '../../modules/award/award.repository';
import { AwardRecords } from '../../modules/award/award.service';
import type { Database } from '../client';
import { insertDemoApplicant } from './demo-applicant';
import { applicantProfessionalDevelopment } from '../schema/applicant-profile';
import { programCertificationSettings, programs } from '../schema/program';

export const DEMO_RENEWER = { email: 'renewer@demo.local', firstName: 'Rowan', lastName: 'Renewer', memberNumber: 'WCB-M-3072' } as const;

/**
 * A demo holder whose award of a program expires two months after the seed runs (inside the
 * renewal window, issue 17, decision 023): an application awarded through the result stage's
 * path, then dated so that the award was made one renewal period before that expiry. Runs inside
 * the seed's transaction and lock.
 */
export async function seedHolderOfExpiringAward(
  tx: Database,
  person: { email: string; firstName: string; lastName: string; memberNumber: string },
  program: { code: string; typePath: 'certificationapplication' | 'aicipapplication' | 'welderqualificationapplication'; renewalYears: number },
  options: { passwordHash: string; staffId: string },
): Promise<{ userId: string; applicantId: string; programId: string; applicationId: string; awardId: string; awardedOn: string; expiresOn: string }> {
  const { userId, applicantId } = await insertDemoApplicant(tx, person, options.passwordHash);
  const [row] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.programCode, program.code));
  if (!row) throw new Error(`demo program ${program.code} missing`);
  const { typePath } = program;
  const { programType, prefix } = APPLICATION_TYPES[typePath];
  const applicationRepository = new ApplicationRepository(tx);
  const workflow = new ApplicationWorkflowRepository(tx);
  const awardRepository = new AwardRepository(tx);
  const records = new AwardRecords({ repository: awardRepository, workflow, defaultPattern: DEFAULT_CERTIFICATE_NUMBER_PATTERN });
  const year = new Date().getFullYear();
  const sequence = await applicationRepository.nextNumber(tx, programType, year);
  const application = await applicationRepository.insert(tx, {
    applicationNumber: `${prefix}-${year}-${String(sequence).padStart(5, '0')}`,
    applicantId,
    programId: row.id,
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
  const award = await records.createForAwardedApplication(tx, { applicationId: application.id, actorId: options.staffId, awardType: 'Awarded' });
  // Awarded one renewal period before an expiry two months away.
  const expiresOn = subtractMonths(todayInSydney(), -2);
  const awardedOn = subtractMonths(expiresOn, 12 * program.renewalYears);
  await awardRepository.update(tx, award.id, { awardedOn, expiresOn });
  return { userId, applicantId, programId: row.id, applicationId: application.id, awardId: award.id, awardedOn, expiresOn };
}

/**
 * The demo renewer: a current C-WELD-SUP certification inside the renewal window, and a
 * Professional development list with one course inside the award's period and one from before it.
 */
export async function seedDemoRenewer(tx: Database, options: { passwordHash: string; staffId: string }): Promise<void> {
  const { userId, applicantId, programId, awardedOn, expiresOn } = await seedHolderOfExpiringAward(tx, DEMO_RENEWER, { code: 'C-WELD-SUP', typePath: 'certificationapplication', renewalYears: 3 }, options);
  // The demo Certification asks 20 hours of professional development for a renewal.
  await tx.update(programCertificationSettings).set({ requiredCpdHours: 20 }).where(eq(programCertificationSettings.programId, programId));
  await tx.insert(applicantProfessionalDevelopment).values([
    { applicantId, provider: 'Welding Institute', numOfHours: 24, personalDevelopmentType: 'Course', startDate: subtractMonths(expiresOn, 12), createdBy: userId, modifiedBy: userId },
    { applicantId, provider: 'Old Seminar', numOfHours: 8, personalDevelopmentType: 'Seminar', startDate: subtractMonths(awardedOn, 2), createdBy: userId, modifiedBy: userId },
  ]);
}
