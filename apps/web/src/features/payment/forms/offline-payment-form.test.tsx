import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES, type PaymentVerifiedRequest } from '@certs/shared/payment/payment.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { OfflinePaymentForm, offlinePaymentRequestOf } from './offline-payment-form';

type Submit = (request: PaymentVerifiedRequest) => Promise<unknown>;

describe('offlinePaymentRequestOf', () => {
  it('sends a day as noon of that day in the zone, and leaves blanks out', () => {
    expect(offlinePaymentRequestOf({ reference: ' BANK-1 ', paidOn: '', note: '  ' }, 'Australia/Sydney')).toEqual({ reference: 'BANK-1' });
    // 1 March 2026 is daylight time in Sydney (UTC+11): noon there is 01:00 UTC.
    expect(offlinePaymentRequestOf({ reference: 'BANK-1', paidOn: '2026-03-01', note: 'Seen' }, 'Australia/Sydney')).toEqual({ reference: 'BANK-1', paidOn: '2026-03-01T01:00:00.000Z', note: 'Seen' });
    expect(offlinePaymentRequestOf({ reference: 'BANK-1', paidOn: '2026-03-01', note: '' }, 'Australia/Perth').paidOn).toBe('2026-03-01T04:00:00.000Z');
  });
});

describe('OfflinePaymentForm', () => {
  it('needs a reference, then sends it with the note', async () => {
    const onSubmit = vi.fn<Submit>(() => Promise.resolve());
    renderWithProviders(<OfflinePaymentForm amountText="$350.00 (INV-000001)" zone="Australia/Sydney" onSubmit={onSubmit} onCancel={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.referenceRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Payment reference/ }), 'BANK-77');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'On the statement');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ reference: 'BANK-77', note: 'On the statement' }));
  });

  it('keeps what was typed and shows the server refusal', async () => {
    const onSubmit = vi.fn<Submit>(() => Promise.reject(new ApiError(409, PAYMENT_MESSAGES.alreadyPaid)));
    renderWithProviders(<OfflinePaymentForm amountText="$350.00" zone="Australia/Sydney" onSubmit={onSubmit} onCancel={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Payment reference/ }), 'BANK-78');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.alreadyPaid);
    expect(screen.getByRole('textbox', { name: /Payment reference/ })).toHaveValue('BANK-78');
  });
});
