import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES, type TrackerData } from '@certs/shared/payment/payment.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PayPage } from './pay-screen';

const TRACKER = '7f1c8f3e-1111-4222-8333-944455556666';

const requested: TrackerData = {
  trackerId: TRACKER,
  paymentId: 'p1',
  status: 'Requested',
  displayedStatus: 'Pending',
  transactionStatus: null,
  gateway: 'test',
  amountCents: 123400,
  currency: 'AUD',
  invoiceId: 'i1',
  invoiceNumber: 'INV-000042',
  applicationId: 'a1',
  applicationNumber: 'Q-2026-00007',
  applicationType: 'qualificationapplication',
  programCode: 'IWI',
  programTitle: 'International Welding Inspector',
  expiresOn: '2099-01-01T00:00:00.000Z',
  paidOn: null,
  failureReason: null,
  canPay: true,
  isZero: false,
  paidByCompany: null,
};

type Call = Parameters<Parameters<typeof stubFetch>[0]>[0];

/** The pay page with the server stubbed: GET trackerdata answers `data`, other calls go to `onCall`. */
function renderPay(data: TrackerData, onCall: (call: Call) => Response | Promise<Response> = () => jsonResponse({})) {
  const stub = stubFetch((call) => (call.method === 'GET' && call.url.endsWith('/trackerdata') ? jsonResponse(data) : onCall(call)));
  const onRedirect = vi.fn();
  renderWithProviders(<PayPage trackerId={TRACKER} applicationPathOf={(d) => `/student/applications/${d.applicationType}/${d.applicationId}`} onRedirect={onRedirect} />);
  const calls = () => stub.calls.filter((call) => !(call.method === 'GET' && call.url.endsWith('/trackerdata')));
  return { onRedirect, user: userEvent.setup(), calls };
}

const statusCell = () => screen.getByTestId('payment-status');

describe('PayScreen', () => {
  it('shows the invoice, the amount and the status, and sends the applicant to the gateway, showing "Payment Request" meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { onRedirect, user, calls } = renderPay(requested, () => new Promise<Response>((resolve) => (answer = resolve)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay invoice INV-000042' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('$1,234.00 AUD');
    expect(within(statusCell()).getByText('Pending')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await within(statusCell()).findByText('Payment Request')).toBeInTheDocument();
    expect(calls()[0]).toMatchObject({ method: 'POST', url: `/api/paymentgateway/request/${TRACKER}` });
    // The client never sends an amount: the server charges the invoice total.
    expect(calls()[0]?.body).toBeUndefined();
    answer(jsonResponse({ trackerId: TRACKER, redirectUrl: 'http://localhost/payment-gateway/test/tgs_1?token=t', status: 'Pending' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('http://localhost/payment-gateway/test/tgs_1?token=t'));
  });

  it('says the employer pays an invoice issued to the company, and offers no Pay now', async () => {
    renderPay({ ...requested, canPay: false, paidByCompany: 'Illawarra Fabrication' });
    expect(await screen.findByTestId('payment-result')).toHaveTextContent(PAYMENT_MESSAGES.paidByCompany('Illawarra Fabrication'));
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('shows a refusal from the server and stays on the page', async () => {
    const { onRedirect, user } = renderPay(requested, () => jsonResponse({ statusCode: 409, error: 'Conflict', message: PAYMENT_MESSAGES.expired }, 409));
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.expired);
    expect(onRedirect).not.toHaveBeenCalled();
    expect(within(statusCell()).getByText('Pending')).toBeInTheDocument();
  });

  it("shows a New Zealand body's invoice in NZ$, and says so when that body takes no card payments yet", async () => {
    const refusal = PAYMENT_MESSAGES.accountGatewayMissing('Welding Certification New Zealand');
    const { onRedirect, user } = renderPay({ ...requested, invoiceNumber: 'NZWB-000001', amountCents: 128000, currency: 'NZD' }, () =>
      jsonResponse({ statusCode: 409, error: 'Conflict', message: refusal }, 409),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay invoice NZWB-000001' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('NZ$1,280.00 NZD');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it('asks the server again when the applicant comes back from the gateway, and shows the result', async () => {
    const { calls } = renderPay({ ...requested, status: 'Pending' }, () => jsonResponse({ ...requested, status: 'Success', displayedStatus: 'Success', transactionStatus: true, paidOn: '2026-03-01T01:00:00.000Z', canPay: false }));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toMatchObject({ method: 'POST', url: '/api/paymentgateway/afterpayment/callback', body: { trackerId: TRACKER } });
    expect(within(statusCell()).getByText('Success')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('after a decline says nothing was charged and offers to try again', async () => {
    renderPay({ ...requested, status: 'Failed', displayedStatus: 'Failed', transactionStatus: false, failureReason: 'Declined at the gateway' });
    expect(await screen.findByText('The payment was not completed')).toBeInTheDocument();
    expect(within(statusCell()).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a zero total is confirmed here instead of paying', async () => {
    const zero: TrackerData = { ...requested, amountCents: 0, gateway: 'zero', isZero: true, displayedStatus: 'Success' };
    const { user, calls } = renderPay(zero, () => jsonResponse({ ...zero, status: 'Success', transactionStatus: true, paidOn: '2026-03-01T01:00:00.000Z', canPay: false }));
    expect(await screen.findByText('Nothing to pay: confirm to complete this stage.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(calls()[0]).toMatchObject({ method: 'POST', url: '/api/paymentgateway/afterzeropayment/callback', body: { trackerId: TRACKER } });
  });

  it('an expired link cannot be paid', async () => {
    renderPay({ ...requested, status: 'Expired', displayedStatus: 'Expired', canPay: false });
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('a link closed because its invoice was cancelled says so, not to ask for a new one (decision 044)', async () => {
    const reason = 'Invoice INV-000042 was cancelled: the revalidation fee was not paid by 02-Jan-2027, when the qualification ended.';
    renderPay({ ...requested, status: 'Expired', displayedStatus: 'Expired', canPay: false, failureReason: reason });
    expect(await screen.findByText('This invoice can no longer be paid')).toBeInTheDocument();
    expect(screen.getByTestId('payment-result')).toHaveTextContent(reason);
    expect(screen.queryByText(PAYMENT_MESSAGES.expired, { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });
});
