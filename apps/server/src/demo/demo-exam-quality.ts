import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { APPLICATION_TYPES } from '@certs/shared/application/application-status';
import { percentageOf, resultOf, roundMarks } from '@certs/shared/exam/exam-rules';
import { QUESTION_TYPE_INFO, type QuestionType } from '@certs/shared/question-bank/question-type';
import { ApplicationRepository } from '../modules/application/application.repository';
import type { Database } from '../db/client';
import { insertDemoApplicant } from './demo-applicant';
import { applicationHistory } from '../db/schema/application';
import { applicationModules } from '../db/schema/application-module';
import { examDefinitions, examSectionQuestions, examSections } from '../db/schema/exam-definition';
import { examInstances, questionInstances } from '../db/schema/exam-instance';
import { programModules, programs } from '../db/schema/program';
import { questionOptions, questionVersions } from '../db/schema/question-bank';

/** The demo module test whose quality report shows real figures (issue 43), and what its report flags. */
export const DEMO_EXAM_QUALITY = {
  programCode: 'Q-WELD-INSP',
  moduleCode: 'IWI-M1',
  testTitle: 'IWI-M1 module exam: welding processes and equipment',
  candidates: 36,
  /** The AS 1101.3 flag question: stronger candidates get it wrong more often (as if its key were disputed). */
  negativeDiscriminationText: 'a flag at the junction of the arrow and the reference line',
  /** The MMAW question's distractor no candidate chooses. */
  unusedDistractor: 'Plasma arc welding',
} as const;

/**
 * How each question of the test behaves in the demo cohort (a two-parameter logistic model): `a`
 * how sharply it separates stronger from weaker candidates (negative: the reverse), `b` how hard
 * it is on the ability scale. Matched by a fragment of the question's text.
 */
const MODELS: { text: string; a: number; b: number }[] = [
  { text: 'flux-coated consumable electrode', a: 1.6, b: -1.8 },
  { text: 'the tungsten electrode is', a: 1.4, b: -1.5 },
  { text: 'metal transfer mode', a: 1.5, b: -0.3 },
  { text: 'submerged arc welding', a: 1.6, b: -0.1 },
  { text: 'self-shielded FCAW', a: 1.4, b: -0.5 },
  { text: 'arrow side', a: 1.5, b: -0.2 },
  { text: DEMO_EXAM_QUALITY.negativeDiscriminationText, a: -1.3, b: 0.0 },
  { text: 'weld all ____', a: 1.2, b: -1.3 },
  { text: 'imperfections are <em>planar</em>', a: 1.7, b: 0.0 },
  { text: 'Hydrogen-induced cold cracking', a: 1.6, b: 0.3 },
  { text: 'NDT methods can find', a: 1.5, b: -0.4 },
  { text: 'Magnetic particle testing cannot', a: 1.4, b: -0.7 },
  { text: 'ISO 5817 quality level C', a: 1.8, b: -0.3 },
  { text: 'galvanised steel', a: 1.2, b: -1.6 },
  { text: 'confined space', a: 1.7, b: -0.6 },
];

/** A small seeded generator (mulberry32): the same cohort on every seed, no Math.random. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export interface DemoItem {
  questionType: string;
  /** The question's content (rich text), matched against the models. */
  content: string;
  maxMarks: number;
  options: { id: string; option: string; correctAnswer: boolean }[];
}

export interface DemoAnswer {
  marks: number;
  chosen: string[];
  text: string;
}

/**
 * The cohort's answers: one row per candidate, one answer per question. Abilities are standard
 * normal draws; a choice or fill-in question is right with the model's probability; a wrong single
 * answer takes the distractors in turn (so each is chosen, but for the one nobody may choose); a
 * wrong multiple answer picks one right option and a distractor; a descriptive answer earns marks
 * near its expected share, in halves. Deterministic: the same answers on every seed.
 */
export function demoCohortAnswers(items: readonly DemoItem[], candidates: number = DEMO_EXAM_QUALITY.candidates): DemoAnswer[][] {
  const random = seededRandom(43_017);
  const abilities = Array.from({ length: candidates }, () => {
    const u = Math.max(random(), 1e-9);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  });
  const wrongSoFar = items.map(() => 0);
  return abilities.map((ability) =>
    items.map((item, index): DemoAnswer => {
      const model = MODELS.find((m) => item.content.includes(m.text)) ?? { a: 1, b: 0 };
      const p = sigmoid(model.a * (ability - model.b));
      const right = item.options.filter((option) => option.correctAnswer);
      const distractors = item.options.filter((option) => !option.correctAnswer && option.option !== DEMO_EXAM_QUALITY.unusedDistractor);
      if (item.questionType === 'Descriptive') {
        const marks = Math.min(item.maxMarks, Math.max(0, Math.round((item.maxMarks * p + (random() - 0.5) * 3) * 2) / 2));
        return { marks, chosen: [], text: marks >= item.maxMarks / 2 ? 'Compared each imperfection with the limits of quality level C and recorded the result with its location.' : 'Looked at the weld.' };
      }
      const isRight = random() < p;
      if (item.questionType === 'Fill In The Blank') return { marks: isRight ? item.maxMarks : 0, chosen: [], text: isRight ? (right[0]?.option ?? '') : 'about' };
      if (isRight) return { marks: item.maxMarks, chosen: right.map((option) => option.id), text: '' };
      const distractor = distractors[wrongSoFar[index]! % Math.max(1, distractors.length)];
      wrongSoFar[index]! += 1;
      const chosen = item.questionType === 'Multiple Answer' ? [right[0]?.id, distractor?.id] : [distractor?.id];
      return { marks: 0, chosen: chosen.filter((id): id is string => !!id), text: '' };
    }),
  );
}

const FIRST_NAMES = ['Aaron', 'Bella', 'Callum', 'Dana', 'Eli', 'Fiona', 'Gareth', 'Hana', 'Ivan', 'Jade', 'Kane', 'Lena', 'Mateo', 'Nina', 'Owen', 'Priya', 'Quinn', 'Rhys', 'Sana', 'Toby', 'Uma', 'Vince', 'Wren', 'Xavier', 'Yara', 'Zane', 'Amir', 'Bronte', 'Cody', 'Darcy', 'Emeka', 'Freya', 'Grant', 'Holly', 'Isaac', 'Jess'];
const LAST_NAMES = ['Archer', 'Brennan', 'Castillo', 'Dawson', 'Ellis', 'Fraser', 'Gill', 'Hartley', 'Iqbal', 'Jensen', 'Kaur', 'Lawson', 'Mendes', 'Nguyen', 'Oakley', 'Patel', 'Quill', 'Reid'];

/**
 * A cohort of candidates who sat the demo IWI-M1 module exam online over the past five months,
 * each with an application to Q-WELD-INSP waiting for its overall result, the module's result from
 * the exam, and a marked sitting (descriptive answers marked by `examinerId`), so that the exam
 * quality report shows real figures: reliability around 0.8, one question with negative
 * discrimination and one distractor nobody chose. Runs inside the demo seed's transaction.
 */
export async function seedDemoExamQuality(tx: Database, staff: { passwordHash: string; examinerId: string }): Promise<void> {
  const [test] = await tx
    .select({ id: examDefinitions.id, totalMarks: examDefinitions.totalTestMarks, programModuleId: examDefinitions.programModuleId })
    .from(examDefinitions)
    .where(and(eq(examDefinitions.title, DEMO_EXAM_QUALITY.testTitle), eq(examDefinitions.accountId, FIRST_ACCOUNT_ID)));
  if (!test?.programModuleId) throw new Error('the demo IWI-M1 module test is missing');
  const [module] = await tx
    .select({ id: programModules.id, programId: programModules.programId, passPercentage: programModules.passPercentage, feeCents: programModules.nonMemberFeeCents })
    .from(programModules)
    .innerJoin(programs, eq(programs.id, programModules.programId))
    .where(and(eq(programModules.id, test.programModuleId), eq(programs.programCode, DEMO_EXAM_QUALITY.programCode)));
  if (!module) throw new Error('the demo IWI-M1 module is missing');

  const entries = await tx
    .select({ entry: examSectionQuestions, version: questionVersions })
    .from(examSectionQuestions)
    .innerJoin(questionVersions, eq(questionVersions.id, examSectionQuestions.questionVersionId))
    .leftJoin(examSections, eq(examSections.id, examSectionQuestions.sectionId))
    .where(eq(examSectionQuestions.examDefinitionId, test.id))
    .orderBy(sql`coalesce(${examSections.sortOrder}, -1)`, asc(examSectionQuestions.sortOrder));
  const options = await tx
    .select()
    .from(questionOptions)
    .where(
      inArray(
        questionOptions.questionVersionId,
        entries.map(({ version }) => version.id),
      ),
    )
    .orderBy(asc(questionOptions.sortOrder));
  const items: DemoItem[] = entries.map(({ entry, version }) => ({
    questionType: version.questionType,
    content: version.content,
    maxMarks: entry.marks,
    options: QUESTION_TYPE_INFO[version.questionType as QuestionType]?.hasChoices || version.questionType === 'Fill In The Blank' ? options.filter((option) => option.questionVersionId === version.id) : [],
  }));
  const cohort = demoCohortAnswers(items);

  const applicationRepository = new ApplicationRepository(tx);
  const { programType, prefix } = APPLICATION_TYPES.qualificationapplication;
  const now = Date.now();
  for (const [index, answers] of cohort.entries()) {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(index * 7) % LAST_NAMES.length]!;
    const person = { email: `${firstName}.${lastName}@iwi-cohort.demo.local`.toLowerCase(), firstName, lastName, memberNumber: '' };
    const { userId, applicantId } = await insertDemoApplicant(tx, person, staff.passwordHash);

    // Sittings every four days or so, the latest a week ago; applications made two months before.
    const startedOn = new Date(now - (7 + index * 4) * 86_400_000 - (index % 5) * 3_600_000);
    const scheduledAt = new Date(startedOn.getTime() - 5 * 60_000);
    const submittedOn = new Date(startedOn.getTime() + (55 + ((index * 13) % 30)) * 60_000);
    const appliedOn = new Date(startedOn.getTime() - 60 * 86_400_000);
    const score = roundMarks(answers.reduce((sum, answer) => sum + answer.marks, 0));
    const percentage = percentageOf(score, test.totalMarks);
    const result = resultOf(percentage, module.passPercentage);

    const year = appliedOn.getFullYear();
    const sequence = await applicationRepository.nextNumber(tx, programType, year);
    const application = await applicationRepository.insert(tx, {
      applicationNumber: `${prefix}-${year}-${String(sequence).padStart(5, '0')}`,
      applicantId,
      programId: module.programId,
      programType,
      status: 'Examinations Stage',
      workflowStage: 'Exam Modules Evaluation Completed',
      declarationAccepted: true,
      submittedOn: appliedOn,
      assessmentRound: 1,
      createdBy: userId,
      modifiedBy: userId,
      createdOn: appliedOn,
      modifiedOn: submittedOn,
    });
    await tx.insert(applicationHistory).values([
      { applicationId: application.id, fromStatus: 'Application Started', toStatus: 'Application Submitted', note: 'Demo data', createdBy: userId, modifiedBy: userId, createdOn: appliedOn, modifiedOn: appliedOn },
      {
        applicationId: application.id,
        fromStatus: 'Application Submitted',
        toStatus: 'Examinations Stage',
        toStage: 'Exam Modules Evaluation Completed',
        note: `Demo data: IWI-M1 sat online and marked, ${result}`,
        createdBy: staff.examinerId,
        modifiedBy: staff.examinerId,
        createdOn: submittedOn,
        modifiedOn: submittedOn,
      },
    ]);
    const [applicationModule] = await tx
      .insert(applicationModules)
      .values({
        applicationId: application.id,
        programModuleId: module.id,
        isRequired: true,
        feeCents: module.feeCents,
        feeBasis: 'nonMember',
        order: 1,
        examKind: 'Online',
        scheduledAt,
        scheduleTimeZone: 'Australia/Sydney',
        durationMinutes: 90,
        examinerId: staff.examinerId,
        examDefinitionId: test.id,
        scheduleSentOn: new Date(scheduledAt.getTime() - 14 * 86_400_000),
        result,
        resultPercentage: percentage,
        resultEnteredOn: submittedOn,
        createdBy: staff.examinerId,
        modifiedBy: staff.examinerId,
      })
      .returning({ id: applicationModules.id });
    if (!applicationModule) throw new Error('demo application module not inserted');
    const [instance] = await tx
      .insert(examInstances)
      .values({
        examType: 'module',
        examDefinitionId: test.id,
        applicantId,
        applicationModuleId: applicationModule.id,
        status: 'Submitted',
        totalSeconds: 90 * 60,
        minimumSeconds: 30 * 60,
        startedOn,
        deadline: new Date(startedOn.getTime() + 90 * 60_000),
        submittedOn,
        submittedHow: 'candidate',
        totalMarks: test.totalMarks,
        score,
        percentage,
        result,
        markedOn: new Date(submittedOn.getTime() + 2 * 86_400_000),
        markedBy: staff.examinerId,
        createdBy: userId,
        modifiedBy: userId,
      })
      .returning({ id: examInstances.id });
    if (!instance) throw new Error('demo sitting not inserted');
    const markedOn = new Date(submittedOn.getTime() + 2 * 86_400_000);
    await tx.insert(questionInstances).values(
      entries.map(({ entry, version }, at) => {
        const answer = answers[at]!;
        const isDescriptive = version.questionType === 'Descriptive';
        return {
          examInstanceId: instance.id,
          questionVersionId: entry.questionVersionId,
          sectionId: entry.sectionId,
          sortOrder: at + 1,
          maxMarks: entry.marks,
          isAnswered: true,
          isAttempted: true,
          timeTaken: 60 + ((index + at * 17) % 240),
          numOfAttempts: 1,
          answerOptionGivenByUser: answer.chosen,
          answerValueGivenByUser: answer.text,
          lastSequence: 1,
          actualMarks: answer.marks,
          markedBy: isDescriptive ? staff.examinerId : null,
          markedOn: isDescriptive ? markedOn : submittedOn,
          createdBy: userId,
          modifiedBy: userId,
        };
      }),
    );
  }
}
