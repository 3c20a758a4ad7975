import { and, asc, eq, sql } from 'drizzle-orm';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { computeAngoff, roundTo2 } from '@certs/shared/cut-score/angoff';
import type { Executor } from '../db/executor';
import { examDefinitions, examSectionQuestions, examSections } from '../db/schema/exam-definition';
import { cutScoreJudges, cutScoreRatings, cutScoreStudies } from '../db/schema/exam-quality';
import { programModules } from '../db/schema/program';

/** The demo test whose cut score is on record: the first module test of the demo, IWI-M1's (pass mark 70 %). */
export const DEMO_CUT_SCORE_TEST = 'IWI-M1 module exam: welding processes and equipment';

/** Version 1: the pass mark carried over without a study (superseded by the panel). */
export const DEMO_CUT_SCORE_CARRIED_OVER =
  'The 70 % pass mark was carried over from the IIW guideline for the International Welding Inspector examinations when the module exam was set up. No standard-setting study was held; the examinations committee confirmed the pass mark at its next meeting (minutes EC-2024-03, item 4).';

/** Version 2: the panel's meeting and where its evidence is filed. */
export const DEMO_CUT_SCORE_PANEL =
  'Modified Angoff panel (online, three hours). The four judges agreed the description of the minimally competent IWI candidate, rated a practice set, discussed their first-round ratings and gave the final ratings below. Briefing notes and signed rating sheets: QA-REC-2026-014.';

/** The panel: four judges, their expertise, and their ratings of the test's 15 questions in the candidates' order. */
export const DEMO_CUT_SCORE_JUDGES: readonly { name: string; expertise: string; ratings: readonly number[] }[] = [
  { name: 'Helen Marsh', expertise: 'International Welding Engineer; welding technology lecturer for 15 years', ratings: [80, 80, 80, 65, 70, 70, 70, 91, 65, 65, 65, 60, 52, 85, 70] },
  { name: 'Raj Patel', expertise: 'International Welding Inspector (Comprehensive); senior fabrication inspector to AS/NZS 1554.1', ratings: [90, 85, 75, 70, 80, 75, 75, 95, 65, 75, 70, 60, 65, 85, 72] },
  { name: 'Tom Briggs', expertise: 'Certified welding supervisor (AS 1796); 20 years in pressure equipment fabrication', ratings: [85, 75, 75, 70, 75, 65, 80, 88, 60, 72, 60, 65, 60, 85, 70] },
  { name: 'Lena Novak', expertise: 'NDT Level 3 (MT, UT); quality manager of a structural steel fabricator', ratings: [85, 85, 80, 65, 75, 76, 80, 95, 60, 70, 70, 65, 61, 80, 75] },
];
// With the test's marks 2 2 2 3 2 | 2 2 1 | 3 2 3 2 10 | 2 10 (48), the judges' cut scores are
// 3216/48 = 67.0, 3480/48 = 72.5, 3312/48 = 69.0 and 3432/48 = 71.5 %: the panel's 70.0 % (33.6 of
// 48 marks), the spread (sample SD) 2.48 and the standard error 1.24. The module's 70 % stands.

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);

/**
 * The demo's cut score record (issue 43) for DEMO_CUT_SCORE_TEST: version 1 by another method
 * (superseded), version 2 the adopted modified Angoff study of four judges; the module's pass mark
 * is the adopted cut score, as adopting sets it. Does nothing when the test has studies already.
 */
export async function seedDemoCutScore(tx: Executor, options: { staffId: string; accountId?: string; testTitle?: string }): Promise<void> {
  const accountId = options.accountId ?? FIRST_ACCOUNT_ID;
  const [test] = await tx
    .select({ id: examDefinitions.id, programModuleId: examDefinitions.programModuleId })
    .from(examDefinitions)
    .where(and(eq(examDefinitions.accountId, accountId), eq(examDefinitions.title, options.testTitle ?? DEMO_CUT_SCORE_TEST)));
  if (!test) throw new Error(`the demo test ${options.testTitle ?? DEMO_CUT_SCORE_TEST} is missing`);
  const [existing] = await tx.select({ id: cutScoreStudies.id }).from(cutScoreStudies).where(eq(cutScoreStudies.examDefinitionId, test.id)).limit(1);
  if (existing) return;

  const questions = await tx
    .select({ questionId: examSectionQuestions.questionId, marks: examSectionQuestions.marks })
    .from(examSectionQuestions)
    .leftJoin(examSections, eq(examSections.id, examSectionQuestions.sectionId))
    .where(eq(examSectionQuestions.examDefinitionId, test.id))
    .orderBy(sql`coalesce(${examSections.sortOrder}, -1)`, asc(examSectionQuestions.sortOrder));
  const judgeRatings = DEMO_CUT_SCORE_JUDGES.map((judge) => judge.ratings);
  if (judgeRatings.some((ratings) => ratings.length !== questions.length)) throw new Error('the demo cut score ratings do not fit the demo test');
  const figures = computeAngoff(
    questions,
    DEMO_CUT_SCORE_JUDGES.map((judge) => ({ judgeId: judge.name })),
    DEMO_CUT_SCORE_JUDGES.flatMap((judge) => judge.ratings.map((rating, i) => ({ judgeId: judge.name, questionId: questions[i]!.questionId, rating }))),
  );
  if (!figures.isComplete || figures.cutScorePercent === null) throw new Error('the demo cut score grid is incomplete');
  const cutScorePercent = roundTo2(figures.cutScorePercent);
  const spreadPercent = figures.spreadPercent === null ? null : roundTo2(figures.spreadPercent);

  const by = { createdBy: options.staffId, modifiedBy: options.staffId };
  const carriedOverOn = daysAgo(700);
  const panelOn = daysAgo(45);
  await tx.insert(cutScoreStudies).values({
    accountId,
    examDefinitionId: test.id,
    version: 1,
    method: 'other',
    description: DEMO_CUT_SCORE_CARRIED_OVER,
    status: 'superseded',
    cutScorePercent: 70,
    adoptedOn: carriedOverOn,
    adoptedBy: options.staffId,
    createdOn: carriedOverOn,
    modifiedOn: panelOn,
    ...by,
  });
  const [study] = await tx
    .insert(cutScoreStudies)
    .values({
      accountId,
      examDefinitionId: test.id,
      version: 2,
      method: 'modified_angoff',
      description: DEMO_CUT_SCORE_PANEL,
      status: 'adopted',
      cutScorePercent,
      spreadPercent,
      adoptedOn: panelOn,
      adoptedBy: options.staffId,
      createdOn: daysAgo(60),
      modifiedOn: panelOn,
      ...by,
    })
    .returning({ id: cutScoreStudies.id });
  for (const [i, judge] of DEMO_CUT_SCORE_JUDGES.entries()) {
    // Judges are listed in the order they were added: a second apart.
    const addedOn = new Date(daysAgo(60).getTime() + i * 1000);
    const [row] = await tx.insert(cutScoreJudges).values({ studyId: study!.id, name: judge.name, expertise: judge.expertise, createdOn: addedOn, modifiedOn: addedOn, ...by }).returning({ id: cutScoreJudges.id });
    await tx.insert(cutScoreRatings).values(judge.ratings.map((rating, q) => ({ judgeId: row!.id, questionId: questions[q]!.questionId, rating, ...by })));
  }
  // Adopting sets the module's pass mark (the cut score service does the same).
  if (test.programModuleId) await tx.update(programModules).set({ passPercentage: cutScorePercent, modifiedBy: options.staffId }).where(eq(programModules.id, test.programModuleId));
}
