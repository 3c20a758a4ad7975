import { GENERIC_ERROR_MESSAGE, readErrorMessage } from '@certs/shared/common/api-error';
import { ApiError, apiRequest, tokenToSend } from './api-client';

async function fetchWithToken(path: string): Promise<Response> {
  // A token known to have lapsed is renewed first, as the API client's own calls do.
  const token = await tokenToSend(path);
  return fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
}

/**
 * Downloads a file the API serves (CSV, PDF) with the signed-in user's token and saves it under
 * the server's file name. An expired token is renewed through the API client's own refresh (a
 * small authenticated call), then the download is tried once more.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response = await fetchWithToken(path);
  if (response.status === 401) {
    await apiRequest('/api/users/me');
    response = await fetchWithToken(path);
  }
  if (!response.ok) throw new ApiError(response.status, readErrorMessage(await response.text().catch(() => '')) || GENERIC_ERROR_MESSAGE);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
