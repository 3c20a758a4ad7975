/** Query keys of the signed-in applicant's documents. */
export const attachmentKeys = {
  all: ['attachments'] as const,
  mine: () => [...attachmentKeys.all, 'mine'] as const,
};
