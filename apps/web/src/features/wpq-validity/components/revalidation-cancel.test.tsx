import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WPQ_VALIDITY_MESSAGES, type WpqRevalidation, type WpqValidity } from '@certs/shared/wpq/wpq-validity.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { WpqValidityPanel } from './validity-panel';

const RECORD_ID = '00000000-0000-4000-8000-0000000000f1';
const REVALIDATION_ID = '00000000-0000-4000-8000-0000000000f2';

const invoiced: WpqRevalidation = {
  id: REVALIDATION_ID,
  status: 'invoiced',
  submittedBy: 'welder',
  welds: [{ description: 'Production weld 1', weldedOn: '2026-11-20', testMethod: 'Radiography', testReportAttachmentId: '00000000-0000-4000-8000-0000000000f3', testReport: null }],
  validUntilBefore: '2027-01-02',
  validUntilAfter: '2028-11-20',
  revalidatedOn: null,
  invoiceId: '00000000-0000-4000-8000-0000000000f4',
  invoice: { number: 'INV-000321', totalCents: 15000, currency: 'AUD', status: 'Issued' },
  decisionReason: null,
  createdOn: '2026-11-20T01:00:00.000Z',
};

const validity = (revalidation: WpqRevalidation): WpqValidity => ({
  wpqRecordId: RECORD_ID,
  awardId: null,
  certificateNumber: 'WQ-0002',
  today: '2026-12-01',
  option: '9.3b',
  testDate: '2025-01-02',
  isValid: true,
  reason: '',
  validUntil: '2027-01-02',
  nextConfirmationDue: null,
  endedOn: null,
  confirmations: [],
  revalidations: [revalidation],
  revalidationWindow: null,
  revalidationFee: { amountCents: 15000, currency: 'AUD', basis: 'nonMember' },
  messageConfirmation: '',
  messageProlongation: '',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cancelling a revalidation request (decision 044)', () => {
  it('asks once, saying the invoice is voided and the validity is not extended, requires a reason, then sends it and shows the request cancelled', async () => {
    let current = validity(invoiced);
    const { calls } = stubFetch((call) => {
      if (call.url === `/api/wpq/${RECORD_ID}/validity`) return jsonResponse(current);
      if (call.url === `/api/wpq/${RECORD_ID}/extensionlogs`) return jsonResponse([]);
      if (call.url === `/api/wpq/${RECORD_ID}/revalidation/${REVALIDATION_ID}/cancel`) {
        const cancelled = { ...invoiced, status: 'cancelled' as const, decisionReason: 'The employer withdrew the welds', invoice: { ...invoiced.invoice!, status: 'Void' } };
        current = validity(cancelled);
        return jsonResponse(cancelled);
      }
      return jsonResponse({ message: 'Not here' }, 404);
    });
    renderWithProviders(<WpqValidityPanel recordId={RECORD_ID} isStaff />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the revalidation request' });
    expect(dialog).toHaveTextContent('Invoice INV-000321 ($150.00) for the revalidation fee is voided: it can no longer be paid.');
    expect(dialog).toHaveTextContent('The application returns to Awarded and the qualification stays valid until 02-Jan-2027, not extended.');

    // Without a reason nothing is sent and the dialog says why.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    expect(await within(dialog).findByText(WPQ_VALIDITY_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The employer withdrew the welds');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    expect(await screen.findByText(/cancelled by staff; invoice INV-000321 is void/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([expect.objectContaining({ url: `/api/wpq/${RECORD_ID}/revalidation/${REVALIDATION_ID}/cancel`, body: { reason: 'The employer withdrew the welds' } })]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the request' })).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's refusal (another staff member cancelled it first)", async () => {
    stubFetch((call) => {
      if (call.url === `/api/wpq/${RECORD_ID}/validity`) return jsonResponse(validity(invoiced));
      if (call.url === `/api/wpq/${RECORD_ID}/extensionlogs`) return jsonResponse([]);
      if (call.url.endsWith('/cancel')) return jsonResponse({ message: WPQ_VALIDITY_MESSAGES.revalidationNotCancellable }, 409);
      return jsonResponse({ message: 'Not here' }, 404);
    });
    renderWithProviders(<WpqValidityPanel recordId={RECORD_ID} isStaff />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the revalidation request' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Asked in error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    expect(await within(dialog).findByText(WPQ_VALIDITY_MESSAGES.revalidationNotCancellable)).toBeInTheDocument();
  });

  it('is not offered to the welder, nor for a request already closed', async () => {
    stubFetch((call) => (call.url === `/api/wpq/${RECORD_ID}/validity` ? jsonResponse(validity(invoiced)) : jsonResponse({ message: 'Not here' }, 404)));
    const { unmount } = renderWithProviders(<WpqValidityPanel recordId={RECORD_ID} />);
    expect(await screen.findByText(/approved, waiting for the payment of invoice INV-000321/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the request' })).not.toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    const lapsed = { ...invoiced, status: 'lapsed' as const, invoice: { ...invoiced.invoice!, status: 'Void' } };
    stubFetch((call) => (call.url === `/api/wpq/${RECORD_ID}/validity` ? jsonResponse(validity(lapsed)) : jsonResponse([])));
    renderWithProviders(<WpqValidityPanel recordId={RECORD_ID} isStaff />);
    expect(await screen.findByText(/lapsed: the fee was not paid by 02-Jan-2027, the last day of validity; invoice INV-000321 is void/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the request' })).not.toBeInTheDocument();
  });
});
