import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Payment } from '@certs/shared/payment/payment.contract';
import type { Invoice } from '@certs/shared/pre-exam/pre-exam.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ApplicantPaymentsSection } from './applicant-payments-section';

const APPLICATION = 'a0000000-0000-4000-8000-000000000001';

const invoice = (id: string, number: number, status: Invoice['status']): Invoice => ({
  id,
  invoiceNumber: number,
  invoiceNumberText: `INV-${String(number).padStart(6, '0')}`,
  applicationId: APPLICATION,
  applicationNumber: 'Q-2026-00005',
  programCode: 'Q-WELD-INSP',
  programTitle: 'Welding Inspector',
  issuedOn: '2026-11-20T01:00:00.000Z',
  issuer: { name: 'Body', country: 'AU', abn: '51 824 753 556', nzbn: '', gstNumber: '', address: 'Sydney', email: 'a@b.c', taxIdentifiers: [{ label: 'ABN', value: '51 824 753 556' }] },
  billedTo: { name: 'Paige Payer', email: 'p@example.test', address: '', memberNumber: '' },
  lines: [],
  subtotalCents: 50000,
  discountCents: 0,
  couponCode: null,
  gstRateBasisPoints: 1000,
  gstCents: 5000,
  totalCents: 55000,
  currency: 'AUD',
  status,
  paidOn: null,
});

const payment = (id: string, invoiceId: string, invoiceNumber: string, status: Payment['status'], paidOn: string | null): Payment => ({
  id,
  trackerId: `t-${id}`,
  invoiceId,
  invoiceNumber,
  applicationId: APPLICATION,
  applicationNumber: 'Q-2026-00005',
  gateway: 'test',
  amountCents: 55000,
  currency: 'AUD',
  status,
  displayedStatus: status === 'Requested' ? 'Payment Request' : status,
  transactionStatus: status === 'Success' ? true : null,
  gatewayReference: null,
  offlineReference: null,
  failureReason: null,
  expiresOn: '2099-01-01T00:00:00.000Z',
  paidOn,
  createdOn: '2026-11-20T01:00:00.000Z',
  lastCheckedOn: null,
  paymentUrl: '',
});

function renderSection(invoices: Invoice[], payments: Payment[]) {
  stubFetch((call) => jsonResponse(call.url.includes('/api/invoice/byapplication/') ? invoices : payments));
  renderWithProviders(<ApplicantPaymentsSection applicationId={APPLICATION} />);
}

describe('the applicant\'s invoices and payments (issue 21 item 4)', () => {
  it('shows each invoice once, with its payments in its row', async () => {
    const paid = invoice('i1', 5, 'Paid');
    renderSection([paid], [payment('p1', 'i1', 'INV-000005', 'Expired', null), payment('p2', 'i1', 'INV-000005', 'Success', '2026-11-21T01:00:00.000Z')]);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(screen.getAllByText('INV-000005')).toHaveLength(1);
    expect(screen.queryByRole('table', { name: 'Payments' })).not.toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /INV-000005/ });
    const list = within(row).getByRole('list', { name: 'Payments of INV-000005' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.querySelector('[data-status="Success"]')).not.toBeNull();
    expect(list.querySelector('[data-status="Expired"]')).not.toBeNull();
    expect(within(row).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('makes Pay the action of an invoice still due', async () => {
    renderSection([invoice('i2', 6, 'Issued')], [payment('p3', 'i2', 'INV-000006', 'Requested', null)]);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const pay = within(table).getByRole('link', { name: 'Pay' });
    expect(pay).toHaveAttribute('href', '/student/payments/t-p3');
    expect(within(table).getByText(/open until/)).toBeInTheDocument();
  });

  it('shows who issued each invoice with its tax identifiers, its currency and GST rate: an Australian body in $, a New Zealand one in NZ$', async () => {
    const australian = invoice('i3', 7, 'Issued');
    const newZealand: Invoice = {
      ...invoice('i4', 1, 'Issued'),
      invoiceNumberText: 'NZWB-000001',
      issuer: {
        name: 'Welding Certification New Zealand',
        country: 'NZ',
        abn: '',
        nzbn: '9429041234563',
        gstNumber: '49-091-850',
        address: 'Auckland',
        email: 'nz@example.test',
        taxIdentifiers: [
          { label: 'NZBN', value: '9429041234563' },
          { label: 'GST No.', value: '49-091-850' },
        ],
      },
      totalCents: 128000,
      gstRateBasisPoints: 1500,
      gstCents: 16696,
      currency: 'NZD',
    };
    renderSection([australian, newZealand], []);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const auRow = within(table).getByRole('row', { name: /INV-000007/ });
    expect(auRow).toHaveTextContent('Body');
    expect(auRow).toHaveTextContent('ABN 51 824 753 556');
    expect(auRow).toHaveTextContent('$550.00');
    expect(auRow).toHaveTextContent('AUD, GST 10% included');
    expect(auRow).not.toHaveTextContent('NZ$');
    const nzRow = within(table).getByRole('row', { name: /NZWB-000001/ });
    expect(nzRow).toHaveTextContent('Welding Certification New Zealand');
    expect(nzRow).toHaveTextContent('NZBN 9429041234563 · GST No. 49-091-850');
    expect(nzRow).toHaveTextContent('NZ$1,280.00');
    expect(nzRow).toHaveTextContent('NZD, GST 15% included');
    expect(nzRow).not.toHaveTextContent('ABN');
  });
});
