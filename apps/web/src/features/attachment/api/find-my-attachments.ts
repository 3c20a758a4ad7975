import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Attachment } from '@certs/shared/attachment/attachment.contract';
import { apiRequest } from '../../../lib/api-client';
import { attachmentKeys } from './attachment.keys';

const AttachmentList = z.array(Attachment);

/** The signed-in applicant's own documents, newest first as the server gives them. */
export function findMyAttachments(signal?: AbortSignal): Promise<Attachment[]> {
  return apiRequest('/api/attachment/mine', { schema: AttachmentList, signal });
}

export function myAttachmentsQueryOptions() {
  return queryOptions({ queryKey: attachmentKeys.mine(), queryFn: ({ signal }) => findMyAttachments(signal) });
}

export function useMyAttachments() {
  return useQuery(myAttachmentsQueryOptions());
}
