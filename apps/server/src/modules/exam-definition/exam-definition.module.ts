import type { Database } from '../../db/client';
import type { QuestionService } from '../question-bank/question.service';
import { ExamContentService } from './exam-content.service';
import { ExamDefinitionRepository } from './exam-definition.repository';
import { ExamDefinitionService } from './exam-definition.service';

/** Wires tests (exam definitions); questions are reached through the question bank's service. */
export function createExamDefinitionModule(db: Database, questions: QuestionService) {
  const repository = new ExamDefinitionRepository(db);
  return {
    tests: new ExamDefinitionService(repository),
    content: new ExamContentService(repository, questions),
  };
}
