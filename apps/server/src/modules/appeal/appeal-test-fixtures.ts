import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { Appeal } from '@certs/shared/appeal/appeal.contract';
import type { TestApp } from '../../../test/build-test-app';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { addProgramUser, createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationAssessorReviews, applicationHistory, applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { mails } from '../../db/schema/mail';
import { programCertificationSettings, programModules } from '../../db/schema/program';
import { users } from '../../db/schema/user';
import { insertAward } from '../credential/credential-test-awards';

/** Staff who read appeals: the Programs and Appeals menus. */
export const APPEAL_MENUS = ['Programs', 'Appeals'] as const;

export interface Person extends CreatedUser {
  jwt: string;
}

/**
 * The people and programs of the appeal tests: a Qualification program (M1 allows review) and a
 * Certification program (review allowed), both managed by Mia; an account administrator (Hana,
 * "another manager"); the program's assessor, an earlier round's assessor, an examiner and an
 * invigilator; staff of another program; two applicants.
 */
export async function createAppealWorld(t: TestApp) {
  const db = t.database.db;
  const person = async (user: CreatedUser): Promise<Person> => ({ ...user, jwt: (await signIn(t.app, user)).jwt });
  const stamp = Date.now();
  const manager = await person(await createUser(db, { role: ROLES.AccountContributor, menuItems: [...APPEAL_MENUS], firstName: 'Mia', lastName: 'Manager', email: `mia.${stamp}@example.test` }));
  const otherManager = await person(await createUser(db, { role: ROLES.AccountAdministrator, menuItems: [...APPEAL_MENUS], firstName: 'Hana', lastName: 'Handler', email: `hana.${stamp}@example.test` }));
  const staff = async (firstName: string) => person(await createUser(db, { role: ROLES.AccountContributor, menuItems: [...APPEAL_MENUS], firstName, lastName: 'Staff', email: `${firstName.toLowerCase()}.${stamp}@example.test` }));
  const assessor = await staff('Asa');
  const earlierAssessor = await staff('Erin');
  const examiner = await staff('Eli');
  const invigilator = await staff('Ivy');
  const outsiderUser = await createStaffOfAnotherProgram(db);
  await db.update(users).set({ menuItems: ['Programs', 'Examinations', 'Appeals'] }).where(eq(users.id, outsiderUser.id));
  const outsider = await person(outsiderUser);
  const ada = await person(await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright', email: `ada.${stamp}@example.test` }));
  const bob = await person(await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley', email: `bob.${stamp}@example.test` }));

  const qualification = (await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programTitle: 'Welding Inspector' })).id;
  for (const [user, role] of [
    [assessor, 'assessor'],
    [earlierAssessor, 'assessor'],
    [examiner, 'examiner'],
    [invigilator, 'invigilator'],
  ] as const) {
    await addProgramUser(db, qualification, user.id, role);
  }
  const [module] = await db
    .insert(programModules)
    .values({ programId: qualification, moduleCode: 'M1', moduleTitle: 'Welding theory', examinationType: 'Written', memberFeeCents: 10000, nonMemberFeeCents: 12000, passPercentage: 70, sortOrder: 1, reviewAllowed: true })
    .returning();
  // M2 and M3 only for the application failed on two of three modules (a partly upheld appeal).
  const [module2, module3] = await db
    .insert(programModules)
    .values(
      (['M2', 'M3'] as const).map((moduleCode, index) => ({
        programId: qualification, moduleCode, moduleTitle: moduleCode === 'M2' ? 'Welding practice' : 'Codes and standards', examinationType: 'Written', memberFeeCents: 10000, nonMemberFeeCents: 12000, passPercentage: 70, sortOrder: index + 2, reviewAllowed: true,
      })),
    )
    .returning();
  const certification = (await createProgram(db, { programManagerId: manager.id, status: 2, programType: 2, programTitle: 'Welding Supervisor' })).id;
  await addProgramUser(db, certification, assessor.id, 'assessor');
  await db.insert(programCertificationSettings).values({ programId: certification, kind: 'initial', memberFeeCents: 1000, nonmemberFeeCents: 2000, reviewAllowed: true, renewalPeriod: 3, assessorAssessmentInstruction: 'Check.', programDeclaration: '<p>I declare.</p>' });
  const welder = (await createProgram(db, { programManagerId: manager.id, status: 2, programType: 3, programTitle: 'Welder Qualification' })).id;

  const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
  const post = (url: string, payload: object, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload });

  /** A Qualification application of the applicant failed on M1 (55 %) by Mia at the result stage, with its assessor, examiner and invigilator. */
  async function failedQualification(applicant: Person) {
    const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: qualification, programType: 1, programModuleIds: [module!.id], workflowStage: 'Exam Modules Evaluation Completed' });
    await db.update(applications).set({ assessorId: assessor.id }).where(eq(applications.id, application.id));
    await db.insert(applicationAssessorReviews).values({ applicationId: application.id, round: 1, assessorId: earlierAssessor.id, review: 'First round', recommendation: 'accept', submittedOn: new Date() });
    await db.update(applicationModules).set({ result: 'Fail', resultPercentage: 55, examinerId: examiner.id, invigilatorId: invigilator.id }).where(eq(applicationModules.id, application.moduleIds[0]!));
    const response = await post(`/api/qualificationapplication/${application.id}/resultstage`, { overallResult: 'Failed' }, manager.jwt);
    expect(response.statusCode, response.body).toBe(200);
    return application;
  }

  /** A Qualification application failed by Mia on M1 (55 %) and M2 (60 %), M3 passed (80 %): what a partly upheld appeal changes. */
  async function failedQualificationOnTwo(applicant: Person) {
    const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: qualification, programType: 1, programModuleIds: [module!.id, module2!.id, module3!.id], workflowStage: 'Exam Modules Evaluation Completed' });
    await db.update(applications).set({ assessorId: assessor.id }).where(eq(applications.id, application.id));
    const [m1, m2, m3] = application.moduleIds as [string, string, string];
    for (const [id, result, resultPercentage] of [[m1, 'Fail', 55], [m2, 'Fail', 60], [m3, 'Pass', 80]] as const) {
      await db.update(applicationModules).set({ result, resultPercentage, examinerId: examiner.id, invigilatorId: invigilator.id }).where(eq(applicationModules.id, id));
    }
    const response = await post(`/api/qualificationapplication/${application.id}/resultstage`, { overallResult: 'Failed' }, manager.jwt);
    expect(response.statusCode, response.body).toBe(200);
    return { ...application, m1, m2, m3 };
  }

  /** A Certification application failed by Mia at the result stage (Certification has no modules). */
  async function failedCertification(applicant: Person) {
    const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: certification, programType: 2, programModuleIds: [] });
    await db.update(applications).set({ assessorId: assessor.id }).where(eq(applications.id, application.id));
    const response = await post(`/api/certificationapplication/${application.id}/resultstage`, { overallResult: 'Failed' }, manager.jwt);
    expect(response.statusCode, response.body).toBe(200);
    return application;
  }

  /** A Qualification application refused at assessment by Mia (Being Assessed -> Failed in its history). */
  async function refusedAtAssessment(applicant: Person, refusedOn = new Date()) {
    const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: qualification, programType: 1, status: 'Failed', workflowStage: null, programModuleIds: [] });
    await db.update(applications).set({ assessorId: assessor.id }).where(eq(applications.id, application.id));
    await db.insert(applicationHistory).values({ applicationId: application.id, fromStatus: 'Being Assessed', toStatus: 'Failed', note: 'Rejected: no evidence of supervision', createdBy: manager.id, modifiedBy: manager.id, createdOn: refusedOn });
    return application;
  }

  /** A current Certification award of the applicant, then put on hold or cancelled by Mia through the API. */
  async function awardActedOn(applicant: Person, action: 'hold' | 'cancel') {
    const award = await insertAward(db, { applicantId: applicant.applicantId!, programId: certification, programType: 2, awardedOn: '2026-01-15', expiresOn: '2029-01-15' });
    const response = await post(`/api/certificationapplication/${award.applicationId}/award/${action}`, { reason: action === 'hold' ? 'CPD evidence queried' : 'Logbook found to be falsified' }, manager.jwt);
    expect(response.statusCode, response.body).toBe(200);
    return award;
  }

  async function lodge(applicant: Person, applicationId: string, subject: string, grounds = 'The decision did not consider my evidence.') {
    const response = await post('/api/appeals', { applicationId, subject, grounds }, applicant.jwt);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Appeal>();
  }

  async function mailsTo(email: string) {
    return db.select().from(mails).where(eq(mails.toEmail, email)).orderBy(asc(mails.createdOn));
  }

  async function historyOf(applicationId: string) {
    return db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.sequence));
  }

  return {
    db,
    manager,
    otherManager,
    assessor,
    earlierAssessor,
    examiner,
    invigilator,
    outsider,
    ada,
    bob,
    programs: { qualification, certification, welder },
    moduleId: module!.id,
    get,
    post,
    failedQualification,
    failedQualificationOnTwo,
    failedCertification,
    refusedAtAssessment,
    awardActedOn,
    lodge,
    mailsTo,
    historyOf,
  };
}

export type AppealWorld = Awaited<ReturnType<typeof createAppealWorld>>;
