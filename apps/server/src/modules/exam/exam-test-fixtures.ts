import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { QuestionType } from '@certs/shared/question-bank/question-type';
import type { FastifyInstance } from 'fastify';
import { createProgram } from '../../../test/factories/program.factory';
import { createQuestion, createSubject, createTag } from '../../../test/factories/question-bank.factory';
import { bearer } from '../../../test/sign-in';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { examDefinitions, examSectionQuestions, examSections } from '../../db/schema/exam-definition';
import { programModules } from '../../db/schema/program';
import { questionOptions, questionVersions } from '../../db/schema/question-bank';

/** Test data for the exam engine's API tests: published tests, scheduled modules, and helpers. */

export interface FixtureQuestion {
  type: QuestionType;
  marks: number;
  /** Section title, or null for the default section. */
  section?: string | null;
  options?: { option: string; correctAnswer: boolean }[];
  canUploadAnswerPaper?: boolean;
}

export interface PublishedTest {
  id: string;
  /** In test order, with their option ids. */
  questions: { versionId: string; type: QuestionType; marks: number; options: { id: string; option: string; correctAnswer: boolean }[] }[];
}

export async function createPublishedTest(
  db: Database,
  input: {
    testType: 'trial' | 'module';
    questions: FixtureQuestion[];
    overallTime?: number;
    minimumTime?: number;
    programModuleId?: string | null;
    status?: 'published' | 'draft';
    settings?: { shuffleQuestions?: boolean; shuffleOptions?: boolean; partialMarks?: boolean };
  },
): Promise<PublishedTest> {
  const subject = await createSubject(db);
  const tag = await createTag(db);
  const totalTestMarks = input.questions.reduce((sum, q) => sum + q.marks, 0);
  const [test] = await db
    .insert(examDefinitions)
    .values({
      title: `Exam ${randomBytes(4).toString('hex')}`,
      description: 'A test of the exam engine',
      instruction: '<p>Answer every question.</p>',
      testType: input.testType,
      programType: 1,
      programModuleId: input.programModuleId ?? null,
      overallTime: input.overallTime ?? 60,
      minimumTime: input.minimumTime ?? 10,
      totalTestMarks,
      isTrialExam: input.testType === 'trial',
      status: input.status ?? 'published',
      publishedOn: new Date(),
      ...input.settings,
    })
    .returning({ id: examDefinitions.id });
  if (!test) throw new Error('test not inserted');
  const sectionIds = new Map<string, string>();
  const result: PublishedTest = { id: test.id, questions: [] };
  for (const [index, question] of input.questions.entries()) {
    const created = await createQuestion(db, { questionType: question.type, subjectIds: [subject.id], tagIds: [tag.id], options: question.options, content: `<p>Question ${index + 1} (${question.type})</p>` });
    if (question.canUploadAnswerPaper) await db.update(questionVersions).set({ canUploadAnswerPaper: true }).where(eq(questionVersions.id, created.versionId));
    let sectionId: string | null = null;
    if (question.section) {
      sectionId = sectionIds.get(question.section) ?? null;
      if (!sectionId) {
        const [section] = await db.insert(examSections).values({ examDefinitionId: test.id, title: question.section, sortOrder: sectionIds.size + 1 }).returning({ id: examSections.id });
        sectionId = section!.id;
        sectionIds.set(question.section, sectionId);
      }
    }
    await db.insert(examSectionQuestions).values({ examDefinitionId: test.id, sectionId, questionId: created.id, questionVersionId: created.versionId, marks: question.marks, sortOrder: index + 1 });
    const options = await db
      .select({ id: questionOptions.id, option: questionOptions.option, correctAnswer: questionOptions.correctAnswer })
      .from(questionOptions)
      .where(eq(questionOptions.questionVersionId, created.versionId))
      .orderBy(questionOptions.sortOrder);
    result.questions.push({ versionId: created.versionId, type: question.type, marks: question.marks, options });
  }
  return result;
}

export interface ScheduledModuleFixture {
  programId: string;
  programModuleId: string;
  applicationId: string;
  applicationModuleId: string;
  /** When the sitting starts: its deadline is this plus the duration plus extra time (decision 041). */
  scheduledAt: Date;
  durationMinutes: number;
}

/**
 * A program with one module, the candidate's application and the module scheduled as an online
 * exam. By default it starts now and lasts its test's own time (the form's starting duration), so
 * a launch right away has the test's time; 120 minutes without a test.
 */
export async function createScheduledModule(
  db: Database,
  input: {
    applicantId: string;
    managerId: string;
    examDefinitionId?: string | null;
    scheduledAt?: Date;
    durationMinutes?: number;
    examKind?: string;
    isSent?: boolean;
    passPercentage?: number;
    examinerId?: string | null;
  },
): Promise<ScheduledModuleFixture> {
  const testMinutes = input.examDefinitionId
    ? (await db.select({ overallTime: examDefinitions.overallTime }).from(examDefinitions).where(eq(examDefinitions.id, input.examDefinitionId)))[0]?.overallTime
    : undefined;
  const durationMinutes = input.durationMinutes ?? testMinutes ?? 120;
  const scheduledAt = input.scheduledAt ?? new Date();
  const program = await createProgram(db, { programManagerId: input.managerId, status: 2, programType: 1 });
  const [module] = await db
    .insert(programModules)
    .values({ programId: program.id, moduleCode: 'M1', moduleTitle: 'Welding processes', examinationType: 'Online', memberFeeCents: 100, nonMemberFeeCents: 100, passPercentage: input.passPercentage ?? 50, sortOrder: 1 })
    .returning({ id: programModules.id });
  const [application] = await db
    .insert(applications)
    .values({
      applicationNumber: `X-${randomBytes(3).toString('hex').toUpperCase()}`,
      applicantId: input.applicantId,
      programId: program.id,
      programType: 1,
      status: 'Examinations Stage',
      workflowStage: 'Exam Modules Sent',
      declarationAccepted: true,
      submittedOn: new Date(),
    })
    .returning({ id: applications.id });
  const [applicationModule] = await db
    .insert(applicationModules)
    .values({
      applicationId: application!.id,
      programModuleId: module!.id,
      isRequired: true,
      feeCents: 100,
      feeBasis: 'nonMember',
      order: 1,
      examKind: input.examKind ?? 'Online',
      scheduledAt,
      scheduleTimeZone: 'Australia/Sydney',
      durationMinutes,
      examDefinitionId: input.examDefinitionId ?? null,
      examinerId: input.examinerId ?? null,
      scheduleSentOn: input.isSent === false ? null : new Date(),
    })
    .returning({ id: applicationModules.id });
  return { programId: program.id, programModuleId: module!.id, applicationId: application!.id, applicationModuleId: applicationModule!.id, scheduledAt, durationMinutes };
}

/** Moves a sitting back in time by `seconds`, as if it had started that long before (the server's clock stays real). */
export async function ageSitting(db: Database, examInstanceId: string, seconds: number): Promise<void> {
  await db.execute(sql`
    update exam_instances set started_on = started_on - make_interval(secs => ${seconds}), deadline = deadline - make_interval(secs => ${seconds})
    where id = ${examInstanceId}`);
}

export interface StoredAnswer {
  id: string;
  sort_order: number;
  time_taken: number;
  num_of_attempts: number;
  last_sequence: number;
  is_answered: boolean;
  is_attempted: boolean;
  is_marked: boolean;
  answer_option_given_by_user: string[];
  answer_value_given_by_user: string;
  actual_marks: string | null;
}

export async function storedAnswers(db: Database, examInstanceId: string): Promise<StoredAnswer[]> {
  const result = await db.execute(sql`select * from question_instances where exam_instance_id = ${examInstanceId} order by sort_order`);
  return (result as unknown as { rows: StoredAnswer[] }).rows;
}

export async function storedInstance(db: Database, examInstanceId: string): Promise<Record<string, unknown>> {
  const result = await db.execute(sql`select * from exam_instances where id = ${examInstanceId}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
}

export function examClient(app: FastifyInstance) {
  return {
    get: (url: string, jwt: string) => app.inject({ method: 'GET', url, headers: bearer(jwt) }),
    post: (url: string, payload: object | undefined, jwt: string) => app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) }),
    put: (url: string, payload: object, jwt: string) => app.inject({ method: 'PUT', url, headers: bearer(jwt), payload }),
  };
}

/** The kind of test most exams here use: one question of each type, two of them in sections. */
export const EVERY_TYPE: FixtureQuestion[] = [
  { type: 'General Single Answer', marks: 2, section: null },
  {
    type: 'Multiple Answer',
    marks: 3,
    section: null,
  },
  { type: 'Fill In The Blank', marks: 1, section: 'Symbols', options: [{ option: 'Flat', correctAnswer: true }, { option: 'PA', correctAnswer: true }] },
  { type: 'Descriptive', marks: 4, section: 'Symbols', canUploadAnswerPaper: true },
];
