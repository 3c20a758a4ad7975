import { eq } from 'drizzle-orm';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import { ROLES } from '@certs/shared/auth/roles';
import { subtractMonths } from '@certs/shared/award/award-expiry';
import { DEFAULT_TEMPLATE_FIELDS } from '@certs/shared/certificate/certificate-template.contract';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { Database } from '../db/client';
import { randomUUID } from 'node:crypto';
import { simplePng } from '../modules/account/simple-png';
import { accounts } from '../db/schema/account';
import { attachments } from '../db/schema/attachment';
import { certificateTemplates, programCertificateTemplates } from '../db/schema/award';
import { programCertificationSettings } from '../db/schema/program';
import { users } from '../db/schema/user';
import { insertDemoApplicant } from './demo-applicant';
import { awardDemoApplication } from './demo-awards';
import type { DemoFileWriter } from './demo-back-office';
import { addDemoProgramParts, DECLARATION, insertPublishedDemoProgram } from './demo-programs';
import { seedQuestionBank, type DemoQuestionBank } from './demo-questions';

/** The demo's second awarding body (issue 40): a New Zealand one beside the Australian first account. */
export const DEMO_NZ_ACCOUNT = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Welding Certification New Zealand',
  shortName: 'wcnz',
  country: 'NZ',
  nzbn: '9429041234563',
  gstNumber: '49-091-850',
  address: 'Level 4, 120 Albert Street, Auckland 1010, New Zealand',
  contactEmail: 'accounts@wcnz.example',
  timeZone: 'Pacific/Auckland',
  currency: 'NZD',
  gstRateBasisPoints: 1500,
  invoicePrefix: 'NZINV',
  certificateNumberPattern: 'WCNZ-{YYYY}-{N}',
} as const;

export const DEMO_NZ_ADMIN = { email: 'nz.admin@demo.local', firstName: 'Aroha', lastName: 'Ngata' } as const;
export const DEMO_NZ_HOLDER = { email: 'nz.holder@demo.local', firstName: 'Tama', lastName: 'Wiremu', memberNumber: 'WCNZ-M-0107' } as const;
export const DEMO_NZ_PROGRAM_CODE = 'NZ-WELD-SUP';
export const DEMO_NZ_TEMPLATE_TITLE = 'WCNZ certificate';
/** The holder's award was made this many months before the seed ran: current, well inside its three years. */
export const DEMO_NZ_AWARD_MONTHS_AGO = 4;
const RENEWAL_YEARS = 3;

/**
 * A Certification program has no modules (only Qualification and AICIP programs do), so the two
 * parts a supervisor is examined on are the program's two requirements, its instructions, and the
 * two sections of its module exam.
 */
const PART_ONE = 'Part 1: welding coordination and procedures';
const PART_TWO = 'Part 2: quality, inspection and safety';

const NZ_QUESTION_BANK: DemoQuestionBank = {
  subjects: ['Welding coordination', 'Welding procedures', 'Quality and inspection', 'Health and safety'],
  tags: ['AS/NZS ISO 14731', 'AS/NZS 1554.1', 'ISO 15614-1', 'ISO 9606-1', 'WPS', 'Preheat', 'Visual inspection', 'HSWA 2015', 'Hot work'],
  questions: [
    {
      key: 'coordination-tasks',
      type: 'Multiple Answer',
      difficulty: 'Medium',
      content: '<p>Which of these are welding coordination tasks under AS/NZS ISO 14731? Choose all that apply.</p>',
      subjects: ['Welding coordination'],
      tags: ['AS/NZS ISO 14731'],
      options: ['*Review of the requirements and the technical review of the job', '*Qualifying welding procedures and welders', '*Supervising the welding operations', 'Setting the selling price of the fabricated product'],
    },
    {
      key: 'wps-purpose',
      type: 'General Single Answer',
      difficulty: 'Easy',
      content: '<p>What is a Welding Procedure Specification (WPS) for?</p>',
      subjects: ['Welding procedures'],
      tags: ['WPS'],
      options: ['*It gives the welder the variables of a qualified procedure to make the weld to', 'It records the welder\'s test results', 'It lists the prices of consumables', 'It replaces the inspection of the finished weld'],
    },
    {
      key: 'wpqr',
      type: 'Fill In The Blank',
      difficulty: 'Easy',
      content: '<p>The record of the test weld and its test results that supports a WPS is the welding procedure qualification ____ (WPQR).</p>',
      subjects: ['Welding procedures'],
      tags: ['WPS', 'ISO 15614-1'],
      options: ['record'],
    },
    {
      key: 'sp-category',
      type: 'General Single Answer',
      difficulty: 'Medium',
      content: '<p>In AS/NZS 1554.1, how do SP (structural purpose) welds differ from GP (general purpose) welds?</p>',
      subjects: ['Quality and inspection'],
      tags: ['AS/NZS 1554.1', 'Visual inspection'],
      options: ['*SP welds are held to stricter limits on imperfections and need more inspection', 'SP welds may only be made by GTAW', 'GP welds need radiography and SP welds do not', 'There is no difference; the categories are names only'],
    },
    {
      key: 'preheat-purpose',
      type: 'General Single Answer',
      difficulty: 'Medium',
      content: '<p>Why does a WPS call for preheat on a thick, high carbon equivalent steel?</p>',
      subjects: ['Welding procedures'],
      tags: ['Preheat', 'WPS'],
      options: ['*It slows the cooling, so hydrogen can escape and the HAZ is less hard', 'It makes the arc easier to strike', 'It removes mill scale', 'It raises the tensile strength of the weld metal'],
    },
    {
      key: 'welder-continuity',
      type: 'General Single Answer',
      difficulty: 'Medium',
      content: "<p>How does a welder's qualification to ISO 9606-1 stay valid between revalidations?</p>",
      subjects: ['Welding coordination'],
      tags: ['ISO 9606-1'],
      options: ['*The welding coordinator or employer confirms every six months that the welder has welded within the range', 'The welder sits a written exam every year', 'It never needs confirming once issued', 'The welder sends a photograph of a weld each month'],
    },
    {
      key: 'pcbu',
      type: 'General Single Answer',
      difficulty: 'Easy',
      content: "<p>Under New Zealand's Health and Safety at Work Act 2015, who has the primary duty of care for the health and safety of workers in a fabrication shop?</p>",
      subjects: ['Health and safety'],
      tags: ['HSWA 2015'],
      options: ['*The PCBU (person conducting a business or undertaking)', 'Each worker alone', 'The welding consumable supplier', 'The local council'],
    },
    {
      key: 'hot-work',
      type: 'Multiple Answer',
      difficulty: 'Easy',
      content: '<p>Before hot work starts near combustible materials, which controls are needed? Choose all that apply.</p>',
      subjects: ['Health and safety'],
      tags: ['Hot work', 'HSWA 2015'],
      options: ['*A hot work permit', '*Combustibles removed or shielded', '*A fire watch during the work and after it ends', 'The fume extraction switched off to keep sparks still'],
    },
    {
      key: 'inspection-stages',
      type: 'Fill In The Blank',
      difficulty: 'Easy',
      content: '<p>Visual inspection of welds is done before, during and ____ welding.</p>',
      subjects: ['Quality and inspection'],
      tags: ['Visual inspection'],
      options: ['after'],
    },
    {
      key: 'nonconformance',
      type: 'Descriptive',
      difficulty: 'Hard',
      content:
        '<p>Final inspection finds undersized fillet welds on three beams of an SP category job to AS/NZS 1554.1.</p><p>As the welding supervisor, describe how you handle the nonconformance: containment, cause, repair, re-inspection and records.</p>',
      subjects: ['Quality and inspection', 'Welding coordination'],
      tags: ['AS/NZS 1554.1', 'Visual inspection', 'AS/NZS ISO 14731'],
      canUploadAnswerPaper: true,
    },
  ],
  tests: [
    {
      title: 'NZ welding supervisor practice exam',
      description: 'A practice run for applicants to the Welding Supervisor (New Zealand) program, on both parts of the exam.',
      instruction: '<p>This practice exam does not count towards your certification. Answer every question; you may leave after 10 minutes.</p>',
      testType: 'trial',
      overallTime: 30,
      minimumTime: 10,
      isSectionSplit: false,
      sections: [
        {
          title: null,
          questions: [
            ['wps-purpose', 1],
            ['wpqr', 1],
            ['welder-continuity', 1],
            ['inspection-stages', 1],
            ['pcbu', 1],
            ['hot-work', 1],
          ],
        },
      ],
    },
    {
      title: 'NZ welding supervisor exam',
      description: 'The examination of the Welding Supervisor (New Zealand) program: one section for each of its two parts.',
      instruction: '<p>You have 90 minutes. Each part is shown on its own page. The descriptive answer may be typed, or written on paper and uploaded.</p>',
      testType: 'module',
      overallTime: 90,
      minimumTime: 30,
      isSectionSplit: true,
      sections: [
        {
          title: PART_ONE,
          questions: [
            ['coordination-tasks', 3],
            ['wps-purpose', 2],
            ['wpqr', 1],
            ['preheat-purpose', 2],
            ['welder-continuity', 2],
          ],
        },
        {
          title: PART_TWO,
          questions: [
            ['sp-category', 2],
            ['inspection-stages', 1],
            ['pcbu', 2],
            ['hot-work', 3],
            ['nonconformance', 12],
          ],
        },
      ],
    },
  ],
};

export const DEMO_NZ_TEST_TITLES = NZ_QUESTION_BANK.tests.map((test) => test.title);

/**
 * The demo's New Zealand awarding body (issue 40): its account and settings, its administrator,
 * a published Certification program with its own certificate numbers, its own question bank, tests
 * and certificate template, and a holder of a current award. Runs last inside the seed's
 * transaction, after the Australian demo, so that nothing of the first account's demo (its default
 * template, numbers and lists) takes in the New Zealand records.
 */
/** The NZ body's demo logo, drawn in code: a navy plate with a silver-fern green band and a white bar. */
export function demoNzLogoPng(): Buffer {
  return simplePng(120, 40, (x, y) => {
    if (y >= 6 && y < 34 && x >= 8 && x < 36) return [34, 139, 84];
    if (y >= 17 && y < 23 && x >= 44 && x < 112) return [240, 244, 248];
    return [16, 42, 84];
  });
}

/**
 * Gives the NZ account its logo when the seed can reach the storage (the server's start), as a
 * saved file of its administrator; a storage that cannot be written leaves it without one.
 */
async function seedDemoNzLogo(tx: Database, adminId: string, writeFile: DemoFileWriter | undefined): Promise<void> {
  if (!writeFile) return;
  const bytes = demoNzLogoPng();
  const resourceKey = `attachments/${randomUUID()}.png`;
  const isWritten = await writeFile(resourceKey, bytes, 'image/png').then(
    () => true,
    (error: unknown) => {
      console.warn(`The demo NZ account has no logo: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    },
  );
  if (!isWritten) return;
  const [logo] = await tx
    .insert(attachments)
    .values({ resourceKey, ownerUserId: adminId, name: 'wcnz-logo.png', declaredContentType: 'image/png', contentType: 'image/png', size: bytes.length, status: 'saved', savedOn: new Date(), createdBy: adminId, modifiedBy: adminId })
    .returning({ id: attachments.id });
  await tx.update(accounts).set({ logoAttachmentId: logo!.id }).where(eq(accounts.id, DEMO_NZ_ACCOUNT.id));
}

export async function seedDemoNewZealand(tx: Database, options: { passwordHash: string; writeFile?: DemoFileWriter }): Promise<void> {
  const { id: accountId } = DEMO_NZ_ACCOUNT;
  await tx.insert(accounts).values({ ...DEMO_NZ_ACCOUNT, mailSenderName: DEMO_NZ_ACCOUNT.name });

  const [admin] = await tx
    .insert(users)
    .values({
      ...DEMO_NZ_ADMIN,
      role: ROLES.AccountAdministrator,
      userType: 'admin',
      menuItems: ADMIN_MENU_ITEMS.filter((item) => item !== 'Utilities'),
      passwordHash: options.passwordHash,
      timeZone: DEMO_NZ_ACCOUNT.timeZone,
      accountId,
    })
    .returning({ id: users.id });
  if (!admin) throw new Error('demo NZ administrator not inserted');
  const adminId = admin.id;
  await tx.update(users).set({ createdBy: adminId, modifiedBy: adminId }).where(eq(users.id, adminId));
  await tx.update(accounts).set({ createdBy: adminId, modifiedBy: adminId }).where(eq(accounts.id, accountId));
  await seedDemoNzLogo(tx, adminId, options.writeFile);

  const programId = await insertPublishedDemoProgram(
    tx,
    {
      accountId,
      programCode: DEMO_NZ_PROGRAM_CODE,
      programTitle: 'Welding Supervisor (New Zealand)',
      programType: 2,
      programManagerId: adminId,
      numberPatternCheck: true,
      certificateNumPattern: DEMO_NZ_ACCOUNT.certificateNumberPattern,
      certificateStartNum: '0001',
      programDeclaration: '',
      programTooltips: 'Your referees must be people you supervised welding for or reported to.',
    },
    adminId,
  );
  const { manager, assessor, examiner } = PROGRAM_USER_ROLES;
  await addDemoProgramParts(
    tx,
    programId,
    [
      'Upload your welding supervision logbook for the last three years, showing jobs to AS/NZS 1554.1 or AS/NZS ISO 3834.',
      'Give two referees who can confirm your supervisory responsibility on New Zealand work sites.',
      `Once your application is assessed you sit one exam in two parts: ${PART_ONE} (WPS, WPQR, welder qualifications, preheat) and ${PART_TWO} (inspection to AS/NZS 1554.1, nonconformances, the Health and Safety at Work Act 2015). A practice exam is open to you beforehand.`,
    ],
    [
      ['SUP-COORD', `${PART_ONE}: three years of documented welding supervision, with the WPSs and welder qualifications you managed`],
      ['SUP-QUAL', `${PART_TWO}: evidence of inspection and test plans, nonconformance reports or hot work permits you were responsible for`],
    ],
    [[adminId, [manager, assessor, examiner]]],
  );
  await tx.insert(programCertificationSettings).values({
    programId,
    kind: 'initial',
    memberFeeCents: 45000,
    nonmemberFeeCents: 56000,
    reviewAllowed: true,
    renewalPeriod: RENEWAL_YEARS,
    assessorAssessmentInstruction: `Check the logbook covers three years and both referees confirm supervisory duties; the evidence must cover ${PART_ONE} and ${PART_TWO}.`,
    certificationTooltips: 'Fees are in New Zealand dollars and include GST. Certification is renewed every three years.',
    programDeclaration: DECLARATION,
  });

  await seedQuestionBank(tx, NZ_QUESTION_BANK, { programCode: DEMO_NZ_PROGRAM_CODE, authorId: adminId, testAuthorId: adminId, accountId });

  const [template] = await tx
    .insert(certificateTemplates)
    .values({ accountId, title: DEMO_NZ_TEMPLATE_TITLE, orientation: 'landscape', fields: DEFAULT_TEMPLATE_FIELDS, createdBy: adminId, modifiedBy: adminId })
    .returning({ id: certificateTemplates.id });
  if (!template) throw new Error('demo NZ certificate template not inserted');
  await tx.insert(programCertificateTemplates).values({ programId, templateId: template.id, createdBy: adminId, modifiedBy: adminId });

  // The award takes the first number of the program's own series (its counter row is written
  // with it), so the next award of NZ-WELD-SUP continues at 0002.
  const holder = await insertDemoApplicant(tx, DEMO_NZ_HOLDER, options.passwordHash);
  await tx.update(users).set({ timeZone: DEMO_NZ_ACCOUNT.timeZone }).where(eq(users.id, holder.userId));
  const awardedDay = subtractMonths(todayInSydney(), DEMO_NZ_AWARD_MONTHS_AGO);
  // Late morning in Sydney, early afternoon in Auckland: the same day wherever it is read.
  const awardedAt = new Date(`${awardedDay}T01:00:00Z`);
  await awardDemoApplication(tx, { ...holder, programId, typePath: 'certificationapplication', staffId: adminId, awardedAt });
}
