import { and, eq, inArray } from 'drizzle-orm';
import dayjs from 'dayjs';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { dayInTimeZone, dayRangeInZone } from '@certs/shared/common/dates';
import { ASSIGNMENT_CHECK_MESSAGES, CONFLICT_KIND_WORDS } from '@certs/shared/impartiality/assignment-check.contract';
import { defaultAgreementText } from '@certs/shared/impartiality/impartiality.contract';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { Database } from '../db/client';
import { accounts } from '../db/schema/account';
import { applications } from '../db/schema/application';
import { impartialityEvents, staffAgreements, staffCompetences, staffConflicts, staffRecords } from '../db/schema/impartiality';
import { programUsers, programs } from '../db/schema/program';
import { applicants, users } from '../db/schema/user';

/** The demo's declared conflict: Casey, the Welding Inspector program's assessor, taught Quinn (an imported applicant with a submitted application). */
export const DEMO_CONFLICT = { staffEmail: 'contributor@demo.local', applicantEmail: 'quinn.imported@demo.local', details: 'Taught Quinn on the 2025 visual inspection course.' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

async function userIdsByEmail(tx: Database, emails: string[]): Promise<Map<string, string>> {
  const rows = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  return new Map(rows.map((row) => [row.email, row.id]));
}

/**
 * Issue 43's evidence for a newcomer to see (the first account): Alex and Casey have signed this
 * year's impartiality and confidentiality agreement, Uma has not (the register shows both); each has
 * a staff record (position, qualifications and training); the authorisations of the Welding
 * Inspector program carry an expiry and a basis (Uma's as invigilator lapses within 60 days: the
 * staff register flags it, and assignments still pass); Casey has declared a conflict with Quinn
 * Imported (a trainee), so assigning Casey as Quinn's assessor is refused (one such refusal is on
 * the register already), and an earlier declaration of Uma's has ended. Nothing here stops the
 * demo's other journeys: no authorisation has lapsed, and nobody's employer is a company the demo
 * applicants work for.
 * Runs after the back office's seed (Quinn Imported comes from its past import).
 */
export async function seedDemoImpartiality(tx: Database): Promise<void> {
  const ids = await userIdsByEmail(tx, ['accountadmin@demo.local', 'contributor@demo.local', 'user@demo.local', DEMO_CONFLICT.applicantEmail, 'riley.imported@demo.local']);
  const alex = ids.get('accountadmin@demo.local');
  const casey = ids.get('contributor@demo.local');
  const uma = ids.get('user@demo.local');
  if (!alex || !casey || !uma) throw new Error('the demo staff are missing');
  const accountId = FIRST_ACCOUNT_ID;
  const [account] = await tx.select({ name: accounts.name, timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
  const zone = account?.timeZone ?? 'Australia/Sydney';
  const now = new Date();
  const today = dayInTimeZone(now, zone);
  const year = Number(today.slice(0, 4));
  // Signed a few days ago, but never in the year before.
  const startOfYear = dayRangeInZone(`${year}-01-01`, zone)!.from;
  const signedOn = (daysAgo: number) => new Date(Math.max(now.getTime() - daysAgo * DAY_MS, startOfYear.getTime() + 60 * 60 * 1000));
  const text = defaultAgreementText(account?.name ?? 'the awarding body');
  const audit = (by: string, at: Date) => ({ createdBy: by, modifiedBy: by, createdOn: at, modifiedOn: at });

  await tx.insert(staffAgreements).values([
    { accountId, staffUserId: alex, year, agreementText: text, signedOn: signedOn(12), ...audit(alex, signedOn(12)) },
    { accountId, staffUserId: casey, year, agreementText: text, signedOn: signedOn(9), ...audit(casey, signedOn(9)) },
    { accountId, staffUserId: casey, year: year - 1, agreementText: text, signedOn: new Date(startOfYear.getTime() - 300 * DAY_MS), ...audit(casey, new Date(startOfYear.getTime() - 300 * DAY_MS)) },
  ]);

  await tx.insert(staffRecords).values([
    { accountId, staffUserId: alex, position: 'Certification manager', ...audit(alex, now) },
    { accountId, staffUserId: casey, position: 'Senior welding inspector and examiner', ...audit(alex, now) },
    { accountId, staffUserId: uma, position: 'Exam invigilator (casual)', ...audit(alex, now) },
  ]);

  const day = (offsetDays: number) => dayjs(today).add(offsetDays, 'day').format('YYYY-MM-DD');
  await tx.insert(staffCompetences).values([
    { accountId, staffUserId: casey, kind: 'qualification', title: 'IIW International Welding Inspector (Comprehensive)', issuer: 'IIW / Weld Australia', obtainedOn: '2019-05-20', expiresOn: day(540), notes: 'Certificate AU-IWI-C-0311', ...audit(alex, now) },
    { accountId, staffUserId: casey, kind: 'training', title: 'Examiner calibration workshop', issuer: 'Welding Certification Board', obtainedOn: day(-200), expiresOn: null, ...audit(alex, now) },
    { accountId, staffUserId: alex, kind: 'qualification', title: 'Lead auditor, ISO/IEC 17024', issuer: 'Exemplar Global', obtainedOn: '2021-03-01', expiresOn: day(420), ...audit(alex, now) },
    { accountId, staffUserId: uma, kind: 'training', title: 'Invigilator induction (online exams and recording)', issuer: 'Welding Certification Board', obtainedOn: day(-90), expiresOn: null, ...audit(alex, now) },
  ]);

  // The Welding Inspector program's authorisations: Casey's for two years, Alex's for three, Uma's lapsing within 60 days.
  const [inspector] = await tx.select({ id: programs.id }).from(programs).where(and(eq(programs.programCode, 'Q-WELD-INSP'), eq(programs.accountId, accountId)));
  if (inspector) {
    const authorise = (userId: string, role: number, until: string, basis: string) =>
      tx
        .update(programUsers)
        .set({ authorisedUntil: until, authorisationBasis: basis, modifiedBy: alex, modifiedOn: now })
        .where(and(eq(programUsers.programId, inspector.id), eq(programUsers.userId, userId), eq(programUsers.role, role)));
    await authorise(casey, PROGRAM_USER_ROLES.assessor, day(730), 'IWI-C held; witnessed assessment of two applications');
    await authorise(casey, PROGRAM_USER_ROLES.examiner, day(730), 'IWI-C held; examiner calibration workshop');
    await authorise(alex, PROGRAM_USER_ROLES.manager, day(1095), 'Appointed by the board');
    await authorise(uma, PROGRAM_USER_ROLES.invigilator, day(40), 'Invigilator induction; renewal due');
  }

  const quinn = ids.get(DEMO_CONFLICT.applicantEmail);
  if (quinn) {
    await tx.insert(staffConflicts).values({ accountId, staffUserId: casey, applicantUserId: quinn, kind: 'trainee', details: DEMO_CONFLICT.details, declaredOn: signedOn(9), ...audit(casey, signedOn(9)) });
    // Alex then tried to make Casey the assessor of Quinn's application: the check refused it, as the register shows.
    const [application] = await tx
      .select({ id: applications.id, programId: applications.programId })
      .from(applications)
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .where(eq(applicants.userId, quinn));
    if (application) {
      const refusedOn = new Date(Math.max(signedOn(9).getTime() + DAY_MS, now.getTime() - 2 * DAY_MS));
      await tx.insert(impartialityEvents).values({
        accountId,
        programId: application.programId,
        applicationId: application.id,
        staffUserId: casey,
        role: 'assessor',
        outcome: 'refused',
        reasons: [ASSIGNMENT_CHECK_MESSAGES.conflictWithApplicant(CONFLICT_KIND_WORDS.trainee)],
        actorId: alex,
        ...audit(alex, refusedOn),
      });
    }
  }
  const riley = ids.get('riley.imported@demo.local');
  if (riley) {
    const declared = new Date(now.getTime() - 60 * DAY_MS);
    const ended = new Date(now.getTime() - 20 * DAY_MS);
    await tx.insert(staffConflicts).values({ accountId, staffUserId: uma, applicantUserId: riley, kind: 'employer_in_common', details: 'We both worked at Newcastle Fabrication until September.', declaredOn: declared, endedOn: ended, createdBy: uma, modifiedBy: uma, createdOn: declared, modifiedOn: ended });
  }
}
