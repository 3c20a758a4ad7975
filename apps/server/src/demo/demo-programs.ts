import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { Executor } from '../db/executor';
import {
  applicantInstructions,
  programCertificationSettings,
  programModules,
  programRequirements,
  programUsers,
  programWelderQualificationSettings,
  programs,
} from '../db/schema/program';

interface DemoStaff {
  superUserId: string;
  accountAdminId: string;
  contributorId: string;
  userId: string;
}

export const DECLARATION =
  '<p>I declare that the information in this application is true and complete, that the evidence I submit is my own work, and that I will abide by the Code of Conduct of the awarding body.</p>';

const module = (moduleCode: string, moduleTitle: string, examinationType: string, memberFee: number, nonMemberFee: number, extra: Partial<typeof programModules.$inferInsert> = {}) => ({
  moduleCode,
  moduleTitle,
  examinationType,
  memberFeeCents: memberFee * 100,
  nonMemberFeeCents: nonMemberFee * 100,
  passPercentage: 70,
  ...extra,
});

/** A program inserted as published (its parts follow); `values.accountId` says whose it is (the first account when absent). */
export async function insertPublishedDemoProgram(tx: Executor, values: Omit<typeof programs.$inferInsert, 'status'>, authorId: string): Promise<string> {
  const [row] = await tx
    .insert(programs)
    .values({ ...values, status: 2, publishedOn: new Date(), hasBeenPublished: true, createdBy: authorId, modifiedBy: authorId })
    .returning({ id: programs.id });
  if (!row) throw new Error('demo program not inserted');
  return row.id;
}

/** What every program needs before publication: applicant instructions, requirements ([code, description]) and program users ([user, roles]). */
export async function addDemoProgramParts(tx: Executor, programId: string, instructions: string[], requirements: [string, string][], users: [string, number[]][]): Promise<void> {
  await tx.insert(applicantInstructions).values(instructions.map((instruction, i) => ({ programId, instruction, sortOrder: i + 1 })));
  await tx.insert(programRequirements).values(requirements.map(([requirementCode, requirementDescription], i) => ({ programId, requirementCode, requirementDescription, sortOrder: i + 1 })));
  await tx.insert(programUsers).values(users.flatMap(([userId, roles]) => roles.map((role) => ({ programId, userId, role }))));
}

/** One published program of each type, so that a newcomer sees a real catalogue (issue 3). */
export async function seedDemoPrograms(tx: Executor, staff: DemoStaff): Promise<void> {
  const insertProgram = (values: Omit<typeof programs.$inferInsert, 'status'>) => insertPublishedDemoProgram(tx, values, staff.superUserId);
  const addParts = (programId: string, instructions: string[], requirements: [string, string][], users: [string, number[]][]) => addDemoProgramParts(tx, programId, instructions, requirements, users);
  const { assessor, examiner, invigilator, manager } = PROGRAM_USER_ROLES;

  const qualification = await insertProgram({
    programCode: 'Q-WELD-INSP',
    programTitle: 'Welding Inspector (IIW International Welding Inspector - Standard)',
    programType: 1,
    programManagerId: staff.accountAdminId,
    isIIWPublished: true,
    numberPatternCheck: true,
    certificateNumPattern: 'AU-IWI-S-',
    certificateStartNum: '1001',
    programDeclaration: DECLARATION,
    programTooltips: 'Give your name exactly as it appears on your photo identification.',
  });
  await addParts(
    qualification,
    ['Upload a certified copy of your photo identification.', 'Upload your CV showing at least two years of welding-related work.', 'You do not choose modules here: once your application is assessed, staff confirm which of the modules below you sit, send the invoice and schedule each module\'s exam.'],
    [
      ['EXP-2Y', 'At least two years of experience in welding fabrication or inspection'],
      ['EYE-TEST', 'A current near-vision and colour-perception eye test (within 12 months)'],
    ],
    [
      [staff.accountAdminId, [manager]],
      [staff.contributorId, [assessor, examiner]],
      [staff.userId, [invigilator]],
    ],
  );
  await tx.insert(programModules).values([
    { programId: qualification, sortOrder: 1, ...module('IWI-M1', 'Welding processes and equipment', 'Online', 450, 550, { reSitAllowed: true, reSitMemberFeeCents: 22500, reSitNonMemberFeeCents: 27500, invigilated: true }) },
    { programId: qualification, sortOrder: 2, ...module('IWI-M2', 'Materials and their behaviour during welding', 'Online', 450, 550, { invigilated: true }) },
    { programId: qualification, sortOrder: 3, ...module('IWI-M3', 'Practical visual inspection of welds', 'Practical', 650, 780, { passPercentage: 75 }) },
  ]);

  const certification = await insertProgram({
    programCode: 'C-WELD-SUP',
    programTitle: 'Certified Welding Supervisor (AS 1796 / AS/NZS ISO 14731)',
    programType: 2,
    programManagerId: staff.accountAdminId,
    programDeclaration: '',
    programTooltips: 'Your supervisor reference must be someone you reported to.',
    // As a new Certification program is (issue 43): the candidate's assessor or examiner does not decide.
    decisionSeparation: true,
  });
  await addParts(
    certification,
    ['Upload your welding supervisor logbook for the last three years.', 'Give two referees who can confirm your supervisory responsibility.'],
    [['SUP-3Y', 'Three years of documented welding supervision']],
    [
      [staff.accountAdminId, [manager, assessor]],
      [staff.contributorId, [assessor]],
    ],
  );
  await tx.insert(programCertificationSettings).values({
    programId: certification,
    kind: 'initial',
    memberFeeCents: 39500,
    nonmemberFeeCents: 49500,
    reviewAllowed: true,
    renewalPeriod: 3,
    assessorAssessmentInstruction: 'Check the logbook covers three years and that both referees confirm supervisory duties.',
    certificationTooltips: 'Certification is renewed every three years.',
    programDeclaration: DECLARATION,
  });

  const welder = await insertProgram({
    programCode: 'WQ-ISO9606',
    programTitle: 'Welder Qualification Test to ISO 9606-1',
    programType: 3,
    programManagerId: staff.superUserId,
    programDeclaration: '',
  });
  await addParts(
    welder,
    ['Bring your photo identification on the test day.', 'Your employer must nominate the Welding Procedure Specification (WPS) you will weld to.'],
    [['WPS', 'A qualified WPS for the test piece']],
    [
      [staff.superUserId, [manager]],
      [staff.contributorId, [examiner]],
    ],
  );
  await tx.insert(programWelderQualificationSettings).values({
    programId: welder,
    standard: 'ISO 9606-1:2017',
    numOfConfirmation: 4,
    reValidationProlongation: true,
    interval: 6,
    repeat: true,
    memberFeeCents: 29000,
    nonmemberFeeCents: 35000,
    revalidationMemberFeeCents: 12000,
    revalidationNonmemberFeeCents: 15000,
    messageConfirmation: 'Every six months your employer or welding coordinator confirms that you have welded within the range of this qualification.',
    messageProlongationReValidation: 'Every three years the qualification is revalidated by a test or by evidence of production welds.',
    programDeclaration: DECLARATION,
  });

  const aicip = await insertProgram({
    programCode: 'AICIP-PIPE',
    programTitle: 'AICIP Pressure Equipment Inspector - In-Service Piping',
    programType: 4,
    programManagerId: staff.accountAdminId,
    programDeclaration: '',
    decisionSeparation: true,
  });
  await addParts(
    aicip,
    ['Upload evidence of in-service inspection of piping systems (reports you signed).', 'Upload your current AICIP card if you are renewing.'],
    [
      ['INSP-5Y', 'Five years of pressure equipment inspection experience'],
      ['AS3788', 'Working knowledge of AS/NZS 3788 Pressure equipment - In-service inspection'],
    ],
    [
      [staff.accountAdminId, [manager]],
      [staff.contributorId, [assessor, examiner]],
      [staff.userId, [invigilator]],
    ],
  );
  await tx.insert(programModules).values([
    { programId: aicip, sortOrder: 1, ...module('AIC-P1', 'In-service inspection of piping', 'Online', 520, 640, { invigilated: true, reviewAllowed: true }) },
    { programId: aicip, sortOrder: 2, ...module('AIC-P2', 'Damage mechanisms and assessment', 'Pen & Paper', 520, 640) },
    { programId: aicip, sortOrder: 1, isRenewal: true, ...module('AIC-R1', 'Renewal: code updates and case studies', 'Online', 260, 320) },
  ]);
  const aicipSettings = {
    programId: aicip,
    memberFeeCents: 48000,
    nonmemberFeeCents: 58000,
    reviewAllowed: true,
    assessorAssessmentInstruction: 'Confirm five years of signed inspection reports on piping.',
    certificationTooltips: 'AICIP certification is renewed every five years.',
    programDeclaration: DECLARATION,
  };
  await tx.insert(programCertificationSettings).values([
    { ...aicipSettings, kind: 'initial', renewalPeriod: 5 },
    { ...aicipSettings, kind: 'renewal', memberFeeCents: 26000, nonmemberFeeCents: 32000 },
  ]);
}
