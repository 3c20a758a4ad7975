import { randomBytes } from 'node:crypto';
import type { QuestionType } from '@certs/shared/question-bank/question-type';
import type { Database } from '../../src/db/client';
import { questionOptions, questionSubjects, questionTags, questionVersions, questions, subjects, tags } from '../../src/db/schema/question-bank';

export function uniqueTitle(prefix: string): string {
  return `${prefix} ${randomBytes(3).toString('hex')}`;
}

export async function createSubject(db: Database, title = uniqueTitle('Subject')): Promise<{ id: string; title: string }> {
  const [row] = await db.insert(subjects).values({ title }).returning({ id: subjects.id, title: subjects.title });
  if (!row) throw new Error('subject not inserted');
  return row;
}

export async function createTag(db: Database, title = uniqueTitle('Tag')): Promise<{ id: string; title: string }> {
  const [row] = await db.insert(tags).values({ title }).returning({ id: tags.id, title: tags.title });
  if (!row) throw new Error('tag not inserted');
  return row;
}

export interface QuestionOverrides {
  questionType?: QuestionType;
  difficulty?: 'Easy' | 'Medium' | 'Hard';
  content?: string;
  options?: { option: string; correctAnswer: boolean }[];
  subjectIds: string[];
  tagIds: string[];
}

const DEFAULT_OPTIONS: Record<QuestionType, { option: string; correctAnswer: boolean }[]> = {
  'General Single Answer': [
    { option: 'MMAW', correctAnswer: true },
    { option: 'GTAW', correctAnswer: false },
  ],
  'Multiple Answer': [
    { option: 'Crack', correctAnswer: true },
    { option: 'Lack of fusion', correctAnswer: true },
    { option: 'Spatter', correctAnswer: false },
  ],
  Descriptive: [],
  'Fill In The Blank': [{ option: 'flat', correctAnswer: true }],
};

/** Inserts a question at version 1 with its options, subjects and tags. */
export async function createQuestion(db: Database, overrides: QuestionOverrides): Promise<{ id: string; questionNumber: number; versionId: string }> {
  const questionType = overrides.questionType ?? 'General Single Answer';
  const content = overrides.content ?? '<p>Which process uses a flux-coated stick electrode?</p>';
  const [question] = await db.insert(questions).values({ currentVersion: 1 }).returning();
  if (!question) throw new Error('question not inserted');
  const [version] = await db
    .insert(questionVersions)
    .values({
      questionId: question.id,
      version: 1,
      questionType,
      difficulty: overrides.difficulty ?? 'Medium',
      content,
      plainText: content.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim(),
    })
    .returning();
  if (!version) throw new Error('version not inserted');
  const options = overrides.options ?? DEFAULT_OPTIONS[questionType];
  if (options.length) {
    await db.insert(questionOptions).values(options.map((option, i) => ({ questionVersionId: version.id, option: option.option, correctAnswer: option.correctAnswer, sortOrder: i + 1 })));
  }
  await db.insert(questionSubjects).values(overrides.subjectIds.map((subjectId) => ({ questionId: question.id, subjectId })));
  await db.insert(questionTags).values(overrides.tagIds.map((tagId) => ({ questionId: question.id, tagId })));
  return { id: question.id, questionNumber: question.questionNumber, versionId: version.id };
}
