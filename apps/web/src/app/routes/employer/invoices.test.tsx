import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { EMPLOYER_BILLING_MESSAGES, type CompanyInvoice } from '@certs/shared/employer/employer-billing.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EmployerInvoicesPage } from './invoices';

const coordinator: SessionUser = {
  id: '40000000-0000-4000-8000-0000000000c1',
  email: 'cora@illawarra.example',
  firstName: 'Cora',
  lastName: 'Ordinator',
  userType: 'employer',
  role: 6,
  applicantId: null,
  timeZone: 'Australia/Sydney',
  menuItems: [],
};
const viewer: SessionUser = { ...coordinator, id: '40000000-0000-4000-8000-0000000000c2', firstName: 'Vic', role: 7 };

const UNPAID: CompanyInvoice = {
  id: '40000000-0000-4000-8000-0000000000f1',
  invoiceNumber: 'INV-000042',
  applicationId: 'a1',
  applicationNumber: 'Q-2026-00007',
  personName: 'Dana Welder',
  programCode: 'WS-1',
  programTitle: 'Welding Supervisor',
  issuerName: 'Welding Certification Board',
  issuedOn: '2026-12-01T01:00:00.000Z',
  purchaseOrderNumber: 'PO-7731',
  totalCents: 20000,
  gstCents: 1818,
  currency: 'AUD',
  status: 'Unpaid',
  paidOn: null,
  dueOn: '2026-12-04T01:00:00.000Z',
  paymentStatus: 'Requested',
};
const PAID: CompanyInvoice = { ...UNPAID, id: '40000000-0000-4000-8000-0000000000f2', invoiceNumber: 'INV-000043', personName: 'Eli Welder', status: 'Paid', paidOn: '2026-12-02T01:00:00.000Z', dueOn: null, paymentStatus: 'Success' };

function renderInvoices(user: SessionUser, options: { route?: string; onPay?: () => Response } = {}) {
  saveSession({ jwt: 'token', user });
  let invoices = [UNPAID, PAID];
  const stub = stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/employer/invoices') return jsonResponse(invoices);
    if (url.pathname === `/api/employer/invoices/${UNPAID.id}/pay`) return options.onPay?.() ?? jsonResponse({ trackerId: 't1', redirectUrl: 'http://localhost/payment-gateway/test/tgs_1?token=x', status: 'Pending' });
    if (url.pathname === `/api/employer/invoices/${UNPAID.id}/check`) {
      invoices = [{ ...UNPAID, status: 'Paid', paidOn: '2026-12-03T01:00:00.000Z', dueOn: null, paymentStatus: 'Success' }, PAID];
      return jsonResponse(invoices[0]);
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  const onRedirect = vi.fn();
  renderWithProviders(<EmployerInvoicesPage onRedirect={onRedirect} />, { route: options.route ?? '/employer/invoices' });
  return { ...stub, onRedirect, user: userEvent.setup() };
}

afterEach(() => {
  // Unmounted first: the page needs its session to the end.
  cleanup();
  clearSession('logout');
  reloadSessionFromStorage();
});

describe('Invoices (/employer/invoices)', () => {
  it('lists the invoices issued to the company, and the coordinator pays one on the gateway', async () => {
    const { calls, onRedirect, user } = renderInvoices(coordinator);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rowOf = (number: string) => within(table).getByRole('rowheader', { name: new RegExp(number) }).closest('tr')!;
    expect(rowOf('INV-000042')).toHaveTextContent('Dana Welder');
    expect(rowOf('INV-000042')).toHaveTextContent('PO PO-7731');
    expect(rowOf('INV-000042')).toHaveTextContent('$200.00 AUD');
    expect(rowOf('INV-000042')).toHaveTextContent('GST $18.18');
    expect(within(rowOf('INV-000042')).getByText('Unpaid')).toBeInTheDocument();
    expect(within(rowOf('INV-000043')).getByText('Paid')).toBeInTheDocument();
    expect(within(rowOf('INV-000043')).queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(rowOf('INV-000043')).getByRole('button', { name: 'Download INV-000043 as PDF' })).toBeInTheDocument();

    await user.click(within(rowOf('INV-000042')).getByRole('button', { name: 'Pay INV-000042' }));
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith('http://localhost/payment-gateway/test/tgs_1?token=x'));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: `/api/employer/invoices/${UNPAID.id}/pay`, body: undefined });
  });

  it('shows a refusal and stays on the page', async () => {
    const { onRedirect, user } = renderInvoices(coordinator, { onPay: () => jsonResponse({ statusCode: 409, error: 'Conflict', message: EMPLOYER_BILLING_MESSAGES.alreadyPaid }, 409) });
    await user.click(await screen.findByRole('button', { name: 'Pay INV-000042' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMPLOYER_BILLING_MESSAGES.alreadyPaid);
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it('back from the gateway, asks about the payment once and says it is paid', async () => {
    const { calls } = renderInvoices(coordinator, { route: `/employer/invoices?invoice=${UNPAID.id}` });
    expect(await screen.findByTestId('payment-result')).toHaveTextContent('Invoice INV-000042 is paid');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await waitFor(() => expect(within(table).getAllByText('Paid')).toHaveLength(2));
    expect(calls.filter((call) => call.url.endsWith('/check'))).toHaveLength(1);
  });

  it('a viewer sees the invoices and downloads them, with no Pay', async () => {
    renderInvoices(viewer);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Download INV-000042 as PDF' })).toBeInTheDocument();
  });
});
