import { DownloadUrlResponse } from '@certs/shared/attachment/attachment.contract';
import { apiRequest } from '../../../lib/api-client';

/** A short-lived URL to read one document by its key. */
export function findDownloadUrl(resourceKey: string): Promise<{ url: string; expiresOn: string }> {
  return apiRequest(`/api/attachment/presigned-download/${resourceKey.split('/').map(encodeURIComponent).join('/')}`, { schema: DownloadUrlResponse });
}

/**
 * Opens a document in a new tab. The tab is opened at once, while the click still counts as the
 * user's (pop-up blockers), and sent to the presigned URL when it arrives.
 */
export async function openAttachment(resourceKey: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await findDownloadUrl(resourceKey);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
