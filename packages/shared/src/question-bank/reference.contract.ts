import { z } from 'zod';

/** Subjects and tags (`subjectreference`, `tagreference`): titled lists that classify questions. */
export const REFERENCE_KINDS = ['subject', 'tag'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export const REFERENCE_LABELS: Record<ReferenceKind, { singular: string; plural: string; path: string }> = {
  subject: { singular: 'Subject', plural: 'Subjects', path: 'subjectreference' },
  tag: { singular: 'Tag', plural: 'Tags', path: 'tagreference' },
};

export const REFERENCE_TITLE_MAX = 100;

export function referenceMessages(kind: ReferenceKind) {
  const { singular } = REFERENCE_LABELS[kind];
  return {
    titleRequired: 'Title is required',
    titleMax: `Title must be at most ${REFERENCE_TITLE_MAX} characters`,
    titleTaken: `A ${singular.toLowerCase()} with this title already exists`,
    notFound: `${singular} not found`,
  } as const;
}

/** Why a subject or tag cannot be removed: the questions that use it, by number. */
export function referenceInUseMessage(kind: ReferenceKind, questionLabels: readonly string[], total: number): string {
  const { singular } = REFERENCE_LABELS[kind];
  const more = total - questionLabels.length;
  const listed = more > 0 ? `${questionLabels.join(', ')} and ${more} more` : joinWithAnd(questionLabels);
  return `This ${singular.toLowerCase()} is used by ${total === 1 ? 'question' : `${total} questions`} ${listed} and cannot be removed. Remove it from ${total === 1 ? 'that question' : 'those questions'} first.`;
}

function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const ReferenceRequest = z.strictObject({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(REFERENCE_TITLE_MAX, `Title must be at most ${REFERENCE_TITLE_MAX} characters`),
});
export type ReferenceRequest = z.infer<typeof ReferenceRequest>;

export const Reference = z.object({
  id: z.string(),
  title: z.string(),
  numOfQuestions: z.number().int(),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type Reference = z.infer<typeof Reference>;
export const ReferenceList = z.array(Reference);

/** Title lookup: null when the title is free. */
export const ReferenceTitleLookup = z.object({ reference: z.object({ id: z.string(), title: z.string() }).nullable() });
export type ReferenceTitleLookup = z.infer<typeof ReferenceTitleLookup>;
