import { GENERIC_ERROR_MESSAGE, readErrorMessage } from '@certs/shared/common/api-error';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth';

function fetchPdf(invoiceId: string): Promise<Response> {
  const token = getSession()?.jwt;
  return fetch(`/api/invoice/${encodeURIComponent(invoiceId)}/pdf`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
}

/**
 * Saves the tax invoice PDF under its number (INV-000001.pdf). The PDF needs the bearer token, so it
 * is fetched and handed to the browser as a file; an expired token is renewed through the API
 * client's refresh (a small authenticated call) and the download tried once more.
 */
export async function downloadInvoicePdf(invoiceId: string, invoiceNumberText: string): Promise<void> {
  let response = await fetchPdf(invoiceId);
  if (response.status === 401) {
    await apiRequest('/api/users/me');
    response = await fetchPdf(invoiceId);
  }
  if (!response.ok) throw new ApiError(response.status, readErrorMessage(await response.text().catch(() => '')) || GENERIC_ERROR_MESSAGE);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${invoiceNumberText}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
