import type { QuestionSearchRequest } from '@certs/shared/question-bank/question.contract';
import type { ReferenceKind } from '@certs/shared/question-bank/reference.contract';

/**
 * Query keys of the question bank. Lists sit under `questions`, so that a save anywhere refreshes
 * every list; subjects and tags under their kind (their question counts change with questions).
 */
export const questionBankKeys = {
  all: ['question-bank'] as const,
  questions: () => [...questionBankKeys.all, 'questions'] as const,
  search: (search: QuestionSearchRequest) => [...questionBankKeys.questions(), 'search', search] as const,
  question: (id: string) => [...questionBankKeys.questions(), 'question', id] as const,
  versions: (id: string) => [...questionBankKeys.questions(), 'versions', id] as const,
  references: (kind: ReferenceKind) => [...questionBankKeys.all, 'references', kind] as const,
  referenceTitle: (kind: ReferenceKind, title: string) => [...questionBankKeys.references(kind), 'title', title] as const,
};
