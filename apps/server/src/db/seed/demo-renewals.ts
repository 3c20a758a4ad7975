import { eq } from 'drizzle-orm';
import { APPLICATION_TYPES } from '@certs/shared/application/application-status';
import { resultStageOf } from '@certs/shared/application/application-workflow';
import { subtractMonths } from '@certs/shared/award/award-expiry';
import { ROLES } from '@certs/shared/auth/roles';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { DEFAULT_CERTIFICATE_NUMBER_PATTERN } from '../../config/env';
import { moveApplication } from '../../modules/application/application-move';
import { ApplicationRepository } from '../../modules/application/application.repository';
import { ApplicationWorkflowRepository } from '../../modules/application/application-workflow.repository';
import { AwardRepository } from '../../modules/award/award.repository';
import { AwardRecords } from '../../modules/award/award.service';
import type { Database } from '../client';
import { applicantProfessionalDevelopment } from '../schema/applicant-profile';
import { programCertificationSettings, programs } from '../schema/program';
import { applicants, users } from '../schema/user';

export const DEMO_RENEWER = { email: 'renewer@demo.local', firstName: 'Rowan', lastName: 'Renewer', memberNumber: 'WCB-M-3072' } as const;

/**
 * A demo holder inside the renewal window (issue 17, decision 023): a current Certification award
 * of C-WELD-SUP, awarded through the result stage's path and dated so that it expires two months
 * after the seed runs, and a Professional development list with one course inside the award's
 * period and one from before it. Runs inside the seed's transaction and lock.
 */
export async function seedDemoRenewer(tx: Database, options: { passwordHash: string; staffId: string }): Promise<void> {
  const [user] = await tx
    .insert(users)
    .values({ email: DEMO_RENEWER.email, firstName: DEMO_RENEWER.firstName, lastName: DEMO_RENEWER.lastName, role: ROLES.Applicant, userType: 'applicant', menuItems: [], passwordHash: options.passwordHash })
    .returning({ id: users.id });
  if (!user) throw new Error('demo renewer not inserted');
  await tx.update(users).set({ createdBy: user.id, modifiedBy: user.id }).where(eq(users.id, user.id));
  const [applicant] = await tx
    .insert(applicants)
    .values({ userId: user.id, primaryEmail: DEMO_RENEWER.email, memberNumber: DEMO_RENEWER.memberNumber, createdBy: user.id, modifiedBy: user.id })
    .returning({ id: applicants.id });
  const [program] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.programCode, 'C-WELD-SUP'));
  if (!applicant || !program) throw new Error('demo renewer not inserted');
  // The demo Certification asks 20 hours of professional development for a renewal.
  await tx.update(programCertificationSettings).set({ requiredCpdHours: 20 }).where(eq(programCertificationSettings.programId, program.id));

  const typePath = 'certificationapplication';
  const { programType, prefix } = APPLICATION_TYPES[typePath];
  const applicationRepository = new ApplicationRepository(tx);
  const workflow = new ApplicationWorkflowRepository(tx);
  const awardRepository = new AwardRepository(tx);
  const records = new AwardRecords({ repository: awardRepository, workflow, defaultPattern: DEFAULT_CERTIFICATE_NUMBER_PATTERN });
  const year = new Date().getFullYear();
  const sequence = await applicationRepository.nextNumber(tx, programType, year);
  const application = await applicationRepository.insert(tx, {
    applicationNumber: `${prefix}-${year}-${String(sequence).padStart(5, '0')}`,
    applicantId: applicant.id,
    programId: program.id,
    programType,
    status: 'Examinations Stage',
    workflowStage: resultStageOf(typePath),
    declarationAccepted: true,
    submittedOn: new Date(),
    assessmentRound: 1,
    createdBy: user.id,
    modifiedBy: user.id,
  });
  await moveApplication(tx, workflow, { locked: application, typePath, action: 'award', what: 'awarded', note: 'Overall result: Awarded (demo data)', actorId: options.staffId });
  await workflow.update(tx, application.id, { overallResult: 'Awarded', resultRecordedOn: new Date(), modifiedBy: options.staffId });
  const award = await records.createForAwardedApplication(tx, { applicationId: application.id, actorId: options.staffId, awardType: 'Awarded' });
  // Awarded three years (the program's renewal period) before an expiry two months away.
  const expiresOn = subtractMonths(todayInSydney(), -2);
  const awardedOn = subtractMonths(expiresOn, 36);
  await awardRepository.update(tx, award.id, { awardedOn, expiresOn });
  await tx.insert(applicantProfessionalDevelopment).values([
    { applicantId: applicant.id, provider: 'Welding Institute', numOfHours: 24, personalDevelopmentType: 'Course', startDate: subtractMonths(expiresOn, 12), createdBy: user.id, modifiedBy: user.id },
    { applicantId: applicant.id, provider: 'Old Seminar', numOfHours: 8, personalDevelopmentType: 'Seminar', startDate: subtractMonths(awardedOn, 2), createdBy: user.id, modifiedBy: user.id },
  ]);
}
