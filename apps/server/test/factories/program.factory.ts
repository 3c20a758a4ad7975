import { randomBytes } from 'node:crypto';
import { ROLES } from '@certs/shared/auth/roles';
import { PROGRAM_USER_ROLES, type ProgramUserRoleName } from '@certs/shared/program/program-user-role';
import type { Database } from '../../src/db/client';
import {
  applicantInstructions,
  programCertificationSettings,
  programModules,
  programRequirements,
  programUsers,
  programWelderQualificationSettings,
  programs,
} from '../../src/db/schema/program';
import { createUser, type CreatedUser } from './user.factory';

export interface ProgramOverrides {
  programCode?: string;
  programTitle?: string;
  programType?: 1 | 2 | 3 | 4;
  programManagerId: string;
  status?: 1 | 2 | 3 | 4;
  programDeclaration?: string;
  /** The owning account (default: the first account). */
  accountId?: string;
}

export function uniqueProgramCode(prefix = 'P'): string {
  return `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

/** Inserts a bare program (no parts). */
export async function createProgram(db: Database, overrides: ProgramOverrides): Promise<{ id: string; programCode: string }> {
  const [row] = await db
    .insert(programs)
    .values({
      ...(overrides.accountId ? { accountId: overrides.accountId } : {}),
      programCode: overrides.programCode ?? uniqueProgramCode(),
      programTitle: overrides.programTitle ?? 'Welding Inspector Level 1',
      programType: overrides.programType ?? 1,
      programManagerId: overrides.programManagerId,
      status: overrides.status ?? 1,
      hasBeenPublished: overrides.status === 2,
      publishedOn: overrides.status === 2 ? new Date() : null,
      programDeclaration: overrides.programDeclaration ?? '<p>I declare that the information I give is true.</p>',
    })
    .returning({ id: programs.id, programCode: programs.programCode });
  if (!row) throw new Error('program not inserted');
  return row;
}

/** Adds everything a program of its type needs to be published. */
export async function completeProgram(db: Database, programId: string, programType: 1 | 2 | 3 | 4, userId: string): Promise<void> {
  await db.insert(applicantInstructions).values({ programId, instruction: 'Upload your certificates.', sortOrder: 1 });
  await db.insert(programRequirements).values({ programId, requirementCode: 'REQ-1', requirementDescription: 'Two years of welding experience', sortOrder: 1 });
  await db.insert(programUsers).values({ programId, userId, role: PROGRAM_USER_ROLES.assessor });
  const moduleValues = { programId, moduleTitle: 'Welding processes', examinationType: 'Online', memberFeeCents: 15000, nonMemberFeeCents: 20000, passPercentage: 70 };
  if (programType === 1 || programType === 4) await db.insert(programModules).values({ ...moduleValues, moduleCode: 'M1', sortOrder: 1 });
  if (programType === 4) await db.insert(programModules).values({ ...moduleValues, moduleCode: 'R1', isRenewal: true, sortOrder: 1 });
  const settings = { programId, memberFeeCents: 30000, nonmemberFeeCents: 40000, assessorAssessmentInstruction: 'Check the evidence.', programDeclaration: '<p>I declare.</p>' };
  if (programType === 2 || programType === 4) await db.insert(programCertificationSettings).values({ ...settings, kind: 'initial', renewalPeriod: 3 });
  if (programType === 4) await db.insert(programCertificationSettings).values({ ...settings, kind: 'renewal' });
  if (programType === 3) {
    await db.insert(programWelderQualificationSettings).values({
      programId,
      standard: 'ISO 9606-1:2017',
      numOfConfirmation: 4,
      interval: 6,
      memberFeeCents: 25000,
      nonmemberFeeCents: 30000,
      messageConfirmation: 'Please confirm your continued welding.',
      programDeclaration: '<p>I declare.</p>',
    });
  }
}

/** Adds a user to a program in a program role (assessor by default). */
export async function addProgramUser(db: Database, programId: string, userId: string, role: ProgramUserRoleName = 'assessor'): Promise<void> {
  await db.insert(programUsers).values({ programId, userId, role: PROGRAM_USER_ROLES[role] });
}

/**
 * A member of staff of ANOTHER program: an AccountContributor with the Programs and Examinations
 * menus who is a program user (assessor by default) of a program of their own and of no other,
 * for checks that a standing in one program opens nothing of another.
 */
export async function createStaffOfAnotherProgram(db: Database, role: ProgramUserRoleName = 'assessor'): Promise<CreatedUser & { programId: string }> {
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const staff = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'], firstName: 'Otto', lastName: 'Otherprogram' });
  const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programTitle: 'Another program' });
  await addProgramUser(db, program.id, staff.id, role);
  return { ...staff, programId: program.id };
}
