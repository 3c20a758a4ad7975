import { Attachment } from '@certs/shared/attachment/attachment.contract';
import { apiRequest } from '../../../lib/api-client';

/** Step 3 of an upload: the server checks the bytes (type and size) and records the document. */
export function saveAttachment(resourceKey: string): Promise<Attachment> {
  return apiRequest('/unauth/save/attachment', { method: 'POST', body: { resourceKey }, schema: Attachment });
}
