import { eq } from 'drizzle-orm';
import { subtractMonths } from '@certs/shared/award/award-expiry';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { AwardRepository } from '../modules/award/award.repository';
import type { Database } from '../db/client';
import { insertDemoApplicant } from './demo-applicant';
import { awardDemoApplication } from './demo-awards';
import { applicantProfessionalDevelopment } from '../db/schema/applicant-profile';
import { programCertificationSettings, programs } from '../db/schema/program';

export const DEMO_RENEWER = { email: 'renewer@demo.local', firstName: 'Rowan', lastName: 'Renewer', memberNumber: 'WCB-M-3072' } as const;

/**
 * A demo holder whose award of a program expires two months after the seed runs (inside the
 * renewal window, issue 17, decision 023): an application awarded through the result stage's
 * path, dated so that the award was made one renewal period before that expiry. Runs inside
 * the seed's transaction and lock.
 */
export async function seedHolderOfExpiringAward(
  tx: Database,
  person: { email: string; firstName: string; lastName: string; memberNumber: string },
  /** `awardedOn`: a different award day (a welder qualification dated by its test), else one renewal period before the expiry. */
  program: { code: string; typePath: 'certificationapplication' | 'aicipapplication' | 'welderqualificationapplication'; renewalYears: number; awardedOn?: string },
  options: { passwordHash: string; staffId: string },
): Promise<{ userId: string; applicantId: string; programId: string; applicationId: string; awardId: string; awardedOn: string; expiresOn: string }> {
  const { userId, applicantId } = await insertDemoApplicant(tx, person, options.passwordHash);
  const [row] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.programCode, program.code));
  if (!row) throw new Error(`demo program ${program.code} missing`);
  // Awarded one renewal period before an expiry two months away, and dated then throughout: the
  // certificate number's year, the application's number and submission match the award (issue 45 item 19).
  const expiresOn = subtractMonths(todayInSydney(), -2);
  const awardedOn = program.awardedOn ?? subtractMonths(expiresOn, 12 * program.renewalYears);
  // Midday in Sydney (and the afternoon in Auckland): the same day wherever the program's body is.
  const awardedAt = new Date(`${awardedOn}T02:00:00.000Z`);
  const { applicationId, award } = await awardDemoApplication(tx, { applicantId, userId, programId: row.id, typePath: program.typePath, staffId: options.staffId, awardedAt });
  await new AwardRepository(tx).update(tx, award.id, { awardedOn, expiresOn });
  return { userId, applicantId, programId: row.id, applicationId, awardId: award.id, awardedOn, expiresOn };
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
