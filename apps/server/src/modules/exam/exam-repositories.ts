import type { Database } from '../../db/client';
import { ExamAnswerRepository } from './exam-answer.repository';
import { ExamListRepository } from './exam-list.repository';
import { ExamQuestionRepository } from './exam-question.repository';
import { ExamResultRepository } from './exam-result.repository';
import { ExamRepository } from './exam.repository';

/** The exam module's repositories, one per responsibility; each service takes the ones it reads. */
export interface ExamRepositories {
  /** The sitting: launch, session, closing, deadline and extra time. */
  sittings: ExamRepository;
  /** Answer saves, on the answer lane's connections. */
  answers: ExamAnswerRepository;
  /** The questions delivered in a sitting and their answer papers. */
  questions: ExamQuestionRepository;
  /** Marking, scores and the module's result. */
  results: ExamResultRepository;
  /** The trials and sittings lists. */
  lists: ExamListRepository;
}

/** `answerDb`: the connections answer saves run on (DatabaseHandle.answerDb); `db` when not given. */
export function createExamRepositories(db: Database, answerDb: Database = db): ExamRepositories {
  return {
    sittings: new ExamRepository(db),
    answers: new ExamAnswerRepository(answerDb),
    questions: new ExamQuestionRepository(db),
    results: new ExamResultRepository(db),
    lists: new ExamListRepository(db),
  };
}
