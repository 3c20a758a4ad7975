import type { Database } from '../../db/client';
import { AccountTimeZones } from '../account/account-time-zone';
import { QuestionRepository } from './question.repository';
import { QuestionService } from './question.service';
import { QuestionTransferService, type QuestionImageStore } from './question-transfer.service';
import { ReferenceRepository } from './reference.repository';
import { ReferenceService } from './reference.service';

/** Wires the question bank's repositories and services once, for app.ts. */
export function createQuestionBankModule(db: Database, images: QuestionImageStore) {
  const subjectRepository = new ReferenceRepository(db, 'subject');
  const tagRepository = new ReferenceRepository(db, 'tag');
  const questions = new QuestionService(new QuestionRepository(db), subjectRepository, tagRepository, new AccountTimeZones(db));
  return {
    subjects: new ReferenceService(subjectRepository),
    tags: new ReferenceService(tagRepository),
    questions,
    transfer: new QuestionTransferService(questions, subjectRepository, tagRepository, images),
  };
}
export type QuestionBankModule = ReturnType<typeof createQuestionBankModule>;
