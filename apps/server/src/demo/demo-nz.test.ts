import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSettingsRequest } from '@certs/shared/account/account.contract';
import { subtractMonths } from '@certs/shared/award/award-expiry';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { QuestionRequest } from '@certs/shared/question-bank/question.contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer } from '../../test/sign-in';
import { addYears } from '../modules/award/award.service';
import { certificateTemplates, programCertificateTemplates } from '../db/schema/award';
import { examDefinitions } from '../db/schema/exam-definition';
import { programs } from '../db/schema/program';
import { questions, subjects, tags } from '../db/schema/question-bank';
import { users } from '../db/schema/user';
import { awardDemoApplication } from './demo-awards';
import { insertDemoApplicant } from './demo-applicant';
import { DEMO_NZ_ACCOUNT, DEMO_NZ_ADMIN, DEMO_NZ_AWARD_MONTHS_AGO, DEMO_NZ_HOLDER, DEMO_NZ_PROGRAM_CODE, DEMO_NZ_TEMPLATE_TITLE, DEMO_NZ_TEST_TITLES } from './demo-nz';
import { DEMO_PASSWORD, seedDemoData } from './demo-seed';

const AU_PROGRAM_CODES = ['AICIP-PIPE', 'C-WELD-SUP', 'Q-WELD-INSP', 'WQ-ISO9606'];

let t: TestApp;
let nzAdmin: string;
let nzProgramId: string;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db);
  nzAdmin = await signIn(DEMO_NZ_ADMIN.email);
  const [program] = await t.database.db.select({ id: programs.id }).from(programs).where(eq(programs.programCode, DEMO_NZ_PROGRAM_CODE));
  nzProgramId = program?.id ?? '';
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string, isApplicant = false): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: isApplicant ? '/auth/local/applicant' : '/auth/local', payload: { identifier: email, password: DEMO_PASSWORD } });
  expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
  return response.json().jwt as string;
}
const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const programCodesSeenBy = async (jwt: string) =>
  ((await get('/api/program/pagination?perPageCount=50', jwt)).json().rows as { programCode: string }[]).map((row) => row.programCode).sort();

describe('demo: the New Zealand awarding body', () => {
  it('has its own account with New Zealand settings, which its administrator works in and cannot leave', async () => {
    const current = (await get('/api/accounts/current', nzAdmin)).json();
    expect(current).toEqual({
      account: { id: DEMO_NZ_ACCOUNT.id, name: 'Welding Certification New Zealand', shortName: 'wcnz', country: 'NZ', currency: 'NZD' },
      accounts: [expect.objectContaining({ id: DEMO_NZ_ACCOUNT.id })],
      canSwitch: false,
      hasSeveralAccounts: true,
    });
    const settings = (await get(`/api/accounts/${DEMO_NZ_ACCOUNT.id}`, nzAdmin)).json();
    expect(settings).toMatchObject({
      nzbn: '9429041234563',
      gstNumber: '49-091-850',
      address: expect.stringContaining('Auckland'),
      contactEmail: 'accounts@wcnz.example',
      mailSenderName: 'Welding Certification New Zealand',
      timeZone: 'Pacific/Auckland',
      gstRatePercent: 15,
      invoicePrefix: 'NZINV',
      certificateNumberPattern: 'WCNZ-{YYYY}-{N}',
      followsEnvironment: false,
    });
    // Saved back unchanged, the settings pass the settings screen's own checks (NZBN and GST number included).
    const { id: _id, hasStripeSecretKey: _s, hasStripeWebhookSecret: _w, followsEnvironment: _f, modifiedOn: _m, logoUrl: _l, ...form } = settings;
    expect(AccountSettingsRequest.safeParse(form).error?.issues ?? []).toEqual([]);

    // The Australian administrator does not reach the New Zealand settings.
    const australian = await signIn('accountadmin@demo.local');
    expect((await get(`/api/accounts/${DEMO_NZ_ACCOUNT.id}`, australian)).statusCode).toBe(404);
  });

  it('publishes NZ-WELD-SUP, complete, in the NZ account only: nz.admin lists it alone, the Australian staff never see it', async () => {
    expect(await programCodesSeenBy(nzAdmin)).toEqual([DEMO_NZ_PROGRAM_CODE]);
    const program = (await get(`/api/program/${nzProgramId}`, nzAdmin)).json();
    expect(program).toMatchObject({ programCode: 'NZ-WELD-SUP', programTitle: 'Welding Supervisor (New Zealand)', programType: 2, status: 2, numberPatternCheck: true, certificateNumPattern: 'WCNZ-{YYYY}-{N}', certificateStartNum: '0001' });
    expect((await get(`/api/program/${nzProgramId}/completeness`, nzAdmin)).json()).toEqual({ isComplete: true, missing: [] });
    expect((await get(`/api/program/${nzProgramId}/certifications`, nzAdmin)).json().settings).toMatchObject({ memberFee: 450, nonmemberFee: 560, renewalPeriod: 3 });

    const superUser = await signIn('super@demo.local');
    expect(await programCodesSeenBy(superUser)).toEqual(AU_PROGRAM_CODES);
    const australian = await signIn('accountadmin@demo.local');
    expect(await programCodesSeenBy(australian)).toEqual(AU_PROGRAM_CODES);
    expect((await get(`/api/program/${nzProgramId}`, australian)).statusCode).toBe(404);
    const [row] = await t.database.db.select({ accountId: programs.accountId }).from(programs).where(eq(programs.id, nzProgramId));
    expect(row?.accountId).toBe(DEMO_NZ_ACCOUNT.id);
  });

  it('keeps its own question bank and two published tests in the NZ account, valid by the same rules as any', async () => {
    const { db } = t.database;
    const counted = await Promise.all([
      db.$count(subjects, eq(subjects.accountId, DEMO_NZ_ACCOUNT.id)),
      db.$count(tags, eq(tags.accountId, DEMO_NZ_ACCOUNT.id)),
      db.$count(questions, eq(questions.accountId, DEMO_NZ_ACCOUNT.id)),
    ]);
    expect(counted).toEqual([4, 9, 10]);
    // Subject titles are unique per account: both bodies have their own "Health and safety".
    const healthAndSafety = await t.database.db.select({ accountId: subjects.accountId }).from(subjects).where(eq(subjects.title, 'Health and safety'));
    expect(healthAndSafety).toHaveLength(2);

    const nzQuestionIds = await t.database.db.select({ id: questions.id }).from(questions).where(eq(questions.accountId, DEMO_NZ_ACCOUNT.id));
    for (const { id } of nzQuestionIds) {
      const question = (await get(`/api/question/${id}`, nzAdmin)).json();
      const request = {
        content: question.content,
        questionType: question.questionType,
        difficulty: question.difficulty,
        subjects: question.subjects.map((s: { id: string }) => s.id),
        tags: question.tags.map((s: { id: string }) => s.id),
        canUploadAnswerPaper: question.canUploadAnswerPaper,
        options: question.options.map((o: { option: string; correctAnswer: boolean }) => ({ option: o.option, correctAnswer: o.correctAnswer })),
      };
      expect(QuestionRequest.safeParse(request).success, question.content).toBe(true);
    }

    const tests = await t.database.db
      .select({ id: examDefinitions.id, title: examDefinitions.title, testType: examDefinitions.testType, programType: examDefinitions.programType, status: examDefinitions.status })
      .from(examDefinitions)
      .where(eq(examDefinitions.accountId, DEMO_NZ_ACCOUNT.id));
    expect(tests.map((test) => [test.testType, test.programType, test.status]).sort()).toEqual([
      ['module', 2, 'published'],
      ['trial', 2, 'published'],
    ]);
    for (const row of tests) {
      const test = (await get(`/api/tests/test/${row.id}`, nzAdmin)).json();
      expect(test.marksTotal, test.title).toBe(test.totalTestMarks);
      expect([test.warnings, test.publishProblems], test.title).toEqual([[], []]);
    }
    // Its staff's lists hold its own bank and tests, none of the first account's.
    expect((await get('/api/question?pageSize=50', nzAdmin)).json().totalRows).toBe(10);
    const listed = (await get('/api/tests/pagination?pageSize=50', nzAdmin)).json().rows as { title: string }[];
    expect(listed.map((test) => test.title).sort()).toEqual([...DEMO_NZ_TEST_TITLES].sort());
    const exam = (await get(`/api/tests/test/${tests.find((test) => test.testType === 'module')?.id}`, nzAdmin)).json();
    expect(exam.sectionInfo.map((section: { title: string }) => section.title)).toEqual(['Part 1: welding coordination and procedures', 'Part 2: quality, inspection and safety']);
  });

  it("prints NZ-WELD-SUP's certificates on the NZ account's own template", async () => {
    const [assigned] = await t.database.db
      .select({ title: certificateTemplates.title, accountId: certificateTemplates.accountId })
      .from(programCertificateTemplates)
      .innerJoin(certificateTemplates, eq(certificateTemplates.id, programCertificateTemplates.templateId))
      .where(eq(programCertificateTemplates.programId, nzProgramId));
    expect(assigned).toEqual({ title: DEMO_NZ_TEMPLATE_TITLE, accountId: DEMO_NZ_ACCOUNT.id });
    // The first account's default template went to the first account's programs only.
    const australianTemplates = await t.database.db
      .select({ accountId: certificateTemplates.accountId })
      .from(programCertificateTemplates)
      .innerJoin(certificateTemplates, eq(certificateTemplates.id, programCertificateTemplates.templateId))
      .innerJoin(programs, eq(programs.id, programCertificateTemplates.programId))
      .where(eq(certificateTemplates.title, 'Default certificate'));
    expect(australianTemplates.every((row) => row.accountId !== DEMO_NZ_ACCOUNT.id)).toBe(true);
    expect(australianTemplates).toHaveLength(AU_PROGRAM_CODES.length);
  });

  it("gives nz.holder a current award numbered in the NZ pattern, which anyone can verify, and the next award continues the series", async () => {
    const holder = await signIn(DEMO_NZ_HOLDER.email, true);
    const awards = (await get('/api/applicant/awards', holder)).json().rows as { id: string; programCode: string; status: string; certificateNumber: string; awardDate: string; expiresOn: string }[];
    const awardedOn = subtractMonths(todayInSydney(), DEMO_NZ_AWARD_MONTHS_AGO);
    const number = `WCNZ-${awardedOn.slice(0, 4)}-0001`;
    expect(awards).toEqual([expect.objectContaining({ programCode: DEMO_NZ_PROGRAM_CODE, status: 'current', certificateNumber: number, awardDate: awardedOn, expiresOn: addYears(awardedOn, 3) })]);
    const award = (await get(`/api/award/${awards[0]?.id}`, holder)).json();
    expect(award.history.map((entry: { action: string }) => entry.action)).toEqual(['awarded']);
    const applications = (await get('/api/applicant/applications', holder)).json().rows as { programCode: string; status: string }[];
    expect(applications.map((application) => [application.programCode, application.status])).toEqual([[DEMO_NZ_PROGRAM_CODE, 'Awarded']]);

    const verified = await t.app.inject({ method: 'GET', url: `/unauth/verify/${number}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ name: 'Tama Wiremu', programCode: DEMO_NZ_PROGRAM_CODE, certificateNumber: number, status: 'current', awardDate: awardedOn, issuingBody: DEMO_NZ_ACCOUNT.name });

    // The program's own counter stands at the holder's number: the next award of NZ-WELD-SUP takes 0002.
    const next = await t.database.db.transaction(async (tx) => {
      const applicant = await insertDemoApplicant(tx, { email: 'nz.next@example.test', firstName: 'Mere', lastName: 'Parata', memberNumber: '' }, 'not-a-real-hash');
      const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_NZ_ADMIN.email));
      return awardDemoApplication(tx, { ...applicant, programId: nzProgramId, typePath: 'certificationapplication', staffId: admin?.id ?? '' });
    });
    expect(next.award.certificateNumber).toBe(`WCNZ-${todayInSydney().slice(0, 4)}-0002`);
  });

  it('lets applicant@demo.local apply to programs of both bodies from one profile', async () => {
    const applicant = await signIn('applicant@demo.local', true);
    const catalogue = ((await get('/api/program/published?pageSize=50', applicant)).json().rows as { programCode: string }[]).map((row) => row.programCode);
    expect(catalogue).toEqual(expect.arrayContaining([...AU_PROGRAM_CODES, DEMO_NZ_PROGRAM_CODE]));
    const [australian] = await t.database.db.select({ id: programs.id }).from(programs).where(eq(programs.programCode, 'C-WELD-SUP'));
    for (const programId of [australian?.id, nzProgramId]) {
      const saved = await t.app.inject({ method: 'POST', url: '/api/certificationapplication/save', headers: bearer(applicant), payload: { programId } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const mine = (await get('/api/applicant/applications', applicant)).json().rows as { programCode: string; status: string }[];
    expect(mine.map((row) => [row.programCode, row.status]).sort()).toEqual([
      ['C-WELD-SUP', 'Application Started'],
      [DEMO_NZ_PROGRAM_CODE, 'Application Started'],
    ]);
  });
});
