import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@certs/shared/pre-exam/pre-exam.contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { InvoiceSummary } from './invoice-summary';

const australian: Invoice = {
  id: 'i1',
  invoiceNumber: 123,
  invoiceNumberText: 'INV-000123',
  applicationId: 'a1',
  applicationNumber: 'Q-2026-00042',
  programCode: 'IWI-1',
  programTitle: 'International Welding Inspector',
  issuedOn: '2026-06-30T23:30:00.000Z',
  issuer: {
    name: 'Welding Certification Board',
    country: 'AU',
    abn: '51 824 753 556',
    nzbn: '',
    gstNumber: '',
    address: '1 Example Street, Sydney NSW 2000, Australia',
    email: 'accounts@example.test',
    taxIdentifiers: [{ label: 'ABN', value: '51 824 753 556' }],
  },
  billedTo: { name: 'Kiri Tane', email: 'kiri@example.test', address: '', memberNumber: '' },
  lines: [{ applicationModuleId: 'm1', moduleCode: 'IWI-M1', moduleTitle: 'Welding processes', feeBasis: 'nonMember', isRequired: true, amountCents: 128000 }],
  subtotalCents: 128000,
  discountCents: 0,
  couponCode: null,
  gstRateBasisPoints: 1000,
  gstCents: 11636,
  totalCents: 128000,
  currency: 'AUD',
  status: 'Issued',
  paidOn: null,
};

const newZealand: Invoice = {
  ...australian,
  invoiceNumber: 1,
  invoiceNumberText: 'NZWB-000001',
  issuer: {
    name: 'Welding Certification New Zealand',
    country: 'NZ',
    abn: '',
    nzbn: '9429041234563',
    gstNumber: '49-091-850',
    address: '1 Queen Street, Auckland 1010, New Zealand',
    email: 'accounts@wcnz.example',
    taxIdentifiers: [
      { label: 'NZBN', value: '9429041234563' },
      { label: 'GST No.', value: '49-091-850' },
    ],
  },
  gstRateBasisPoints: 1500,
  gstCents: 16696,
  currency: 'NZD',
};

const totalsRow = (label: RegExp) => screen.getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;

describe('the issued tax invoice on the pre-exam stage', () => {
  it("shows a New Zealand body's invoice with its NZBN and GST number, NZD amounts and 15 % GST", () => {
    renderWithProviders(<InvoiceSummary invoice={newZealand} />);
    expect(screen.getByText('Tax invoice NZWB-000001')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-issuer')).toHaveTextContent('Issued by Welding Certification New Zealand · NZBN 9429041234563 · GST No. 49-091-850 · amounts in NZD, GST 15% included');
    expect(screen.getByTestId('invoice-issuer')).not.toHaveTextContent('ABN');
    expect(within(totalsRow(/Total \(incl\. GST\)/)).getByText('NZ$1,280.00')).toBeInTheDocument();
    expect(within(totalsRow(/GST included \(15%\)/)).getByText('NZ$166.96')).toBeInTheDocument();
  });

  it("shows an Australian body's invoice as before: the ABN, $ amounts and 10 % GST", () => {
    renderWithProviders(<InvoiceSummary invoice={australian} />);
    expect(screen.getByTestId('invoice-issuer')).toHaveTextContent('Issued by Welding Certification Board · ABN 51 824 753 556 · amounts in AUD, GST 10% included');
    expect(within(totalsRow(/Total \(incl\. GST\)/)).getByText('$1,280.00')).toBeInTheDocument();
    expect(within(totalsRow(/GST included \(10%\)/)).getByText('$116.36')).toBeInTheDocument();
    expect(screen.queryByText(/NZ\$/)).not.toBeInTheDocument();
  });
});
