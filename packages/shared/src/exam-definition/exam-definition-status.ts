/**
 * States of a test (spec section 4, Tests): created as a draft, published, unpublished (archived).
 * The spec's `published` and `unPublished` flags are read from the status.
 */
export const EXAM_DEFINITION_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type ExamDefinitionStatus = (typeof EXAM_DEFINITION_STATUSES)[number];

export const EXAM_DEFINITION_STATUS_INFO: Record<ExamDefinitionStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'yellow' },
  published: { label: 'Published', color: 'green' },
  unpublished: { label: 'Unpublished', color: 'red.9' },
};

export const EXAM_DEFINITION_ACTIONS = ['publish', 'unpublish'] as const;
export type ExamDefinitionAction = (typeof EXAM_DEFINITION_ACTIONS)[number];

/**
 * A draft or unpublished test can be published; a published one unpublished (archived: no new
 * exams are scheduled with it, and it can be published again as it was).
 */
export const EXAM_DEFINITION_TRANSITIONS: Record<ExamDefinitionAction, { from: readonly ExamDefinitionStatus[]; to: ExamDefinitionStatus }> = {
  publish: { from: ['draft', 'unpublished'], to: 'published' },
  unpublish: { from: ['published'], to: 'unpublished' },
};

export function canChangeExamDefinition(action: ExamDefinitionAction, from: ExamDefinitionStatus): boolean {
  return EXAM_DEFINITION_TRANSITIONS[action].from.includes(from);
}

/**
 * Once published, what candidates answer (questions and their versions, sections, marks, times,
 * type) is fixed for good, unpublished or not: exams already taken refer to it. Clone to change it.
 */
export function isExamContentLocked(status: ExamDefinitionStatus): boolean {
  return status !== 'draft';
}
