import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApplicationStatus } from '@certs/shared/application/application-status';
import type { WorkflowStage } from '@certs/shared/application/application-workflow';
import type { Database } from '../../src/db/client';
import { applications } from '../../src/db/schema/application';
import { applicationModules } from '../../src/db/schema/application-module';
import { examDefinitions } from '../../src/db/schema/exam-definition';
import { testingAgencies, venues } from '../../src/db/schema/venue';

export interface ApplicationWithModulesOverrides {
  applicantId: string;
  programId: string;
  programType?: 1 | 2 | 3 | 4;
  status?: ApplicationStatus;
  workflowStage?: WorkflowStage | null;
  /** The program modules the candidate takes, in order. */
  programModuleIds: string[];
}

/**
 * An application already through assessment, pre-exam and payment (by default Examinations Stage,
 * Payment Stage Completed), with one `application_modules` row per module as the pre-exam makes them.
 */
export async function createApplicationWithModules(db: Database, overrides: ApplicationWithModulesOverrides): Promise<{ id: string; applicationNumber: string; moduleIds: string[] }> {
  const programType = overrides.programType ?? 1;
  const applicationNumber = `T-${new Date().getFullYear()}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const [application] = await db
    .insert(applications)
    .values({
      applicationNumber,
      applicantId: overrides.applicantId,
      programId: overrides.programId,
      programType,
      status: overrides.status ?? 'Examinations Stage',
      workflowStage: overrides.workflowStage === undefined ? 'Payment Stage Completed' : overrides.workflowStage,
      declarationAccepted: true,
      submittedOn: new Date(),
      assessmentRound: 1,
    })
    .returning({ id: applications.id });
  if (!application) throw new Error('application not inserted');
  const moduleIds: string[] = [];
  for (const [order, programModuleId] of overrides.programModuleIds.entries()) {
    const [row] = await db
      .insert(applicationModules)
      .values({ applicationId: application.id, programModuleId, isRequired: true, feeCents: 15000, feeBasis: 'nonMember', order: order + 1 })
      .returning({ id: applicationModules.id });
    if (!row) throw new Error('application module not inserted');
    moduleIds.push(row.id);
  }
  return { id: application.id, applicationNumber, moduleIds };
}

/** Moves a module's exam into the past, as time passing would (schedules cannot be saved in the past). */
export async function moveExamIntoPast(db: Database, applicationModuleId: string, minutesAgo = 60): Promise<void> {
  await db
    .update(applicationModules)
    .set({ scheduledAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(applicationModules.id, applicationModuleId));
}

export async function createVenue(db: Database, title = `Hall ${randomBytes(3).toString('hex')}`): Promise<{ id: string; title: string }> {
  const [row] = await db.insert(venues).values({ title }).returning({ id: venues.id, title: venues.title });
  if (!row) throw new Error('venue not inserted');
  return row;
}

export async function createTestCentre(db: Database, companyName = 'Hunter Weld Testing'): Promise<{ id: string; companyName: string }> {
  const [row] = await db
    .insert(testingAgencies)
    .values({
      referenceNumber: `TC-${randomBytes(3).toString('hex')}`,
      companyName,
      streetNumber: '12',
      streetName: 'Foundry Rd',
      postalCode: '2300',
      city: 'Newcastle',
      state: 'NSW',
      country: 'Australia',
      phone: '02 4900 0000',
      mobile: '0400 000 000',
      primaryEmail: 'centre@example.test',
    })
    .returning({ id: testingAgencies.id, companyName: testingAgencies.companyName });
  if (!row) throw new Error('test centre not inserted');
  return row;
}

/** A published module test of a program module (the question content does not matter to scheduling). */
export async function createPublishedModuleTest(db: Database, programModuleId: string, programType: 1 | 4 = 1, status: 'draft' | 'published' = 'published'): Promise<{ id: string; title: string }> {
  const [row] = await db
    .insert(examDefinitions)
    .values({
      title: `Module test ${randomBytes(3).toString('hex')}`,
      description: 'Module exam',
      instruction: 'Answer every question.',
      testType: 'module',
      programType,
      programModuleId,
      overallTime: 90,
      minimumTime: 10,
      totalTestMarks: 100,
      status,
      publishedOn: status === 'published' ? new Date() : null,
    })
    .returning({ id: examDefinitions.id, title: examDefinitions.title });
  if (!row) throw new Error('test not inserted');
  return row;
}
