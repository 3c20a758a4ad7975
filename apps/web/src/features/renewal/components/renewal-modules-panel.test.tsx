import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Renewal } from '@certs/shared/renewal/renewal.contract';
import type { RenewalModuleChoices } from '@certs/shared/renewal/renewal-module.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RenewalModulesPanel } from './renewal-modules-panel';

const RENEWAL_ID = '7b1c2d3e-0000-4000-8000-000000000001';

// A late AICIP renewal submitted and not yet invoiced: staff choose its modules, priced before any invoice exists.
const submitted: Renewal = {
  id: RENEWAL_ID,
  typePath: 'aiciprenewalapplication',
  status: 'submitted',
  awardId: '7b1c2d3e-0000-4000-8000-000000000002',
  applicationId: '7b1c2d3e-0000-4000-8000-000000000003',
  applicationNumber: 'AICIP-2026-00009',
  applicationStatus: 'Applied for Renewal',
  programId: '7b1c2d3e-0000-4000-8000-000000000004',
  programCode: 'AICIP-PIPE',
  programTitle: 'AICIP Piping Inspector',
  holderName: 'Nia Holder',
  certificateNumber: 'AICIP-0009',
  awardStatus: 'expired',
  periodStart: '2023-01-20',
  expiresOn: '2026-11-01',
  windowOpensOn: '2026-05-01',
  canApply: false,
  blockedReason: null,
  requiredCpdHours: 20,
  cpdHours: 24,
  requirements: [],
  development: [],
  submittedOn: '2026-11-20T01:00:00.000Z',
  previousExpiresOn: '2026-11-01',
  newExpiresOn: null,
  decisionReason: null,
  isLate: true,
  lateFeeCents: 5000,
  currency: 'AUD',
  graceEndsOn: '2027-02-01',
  hasModules: true,
  invoice: null,
  modules: [],
  previousCertificateNumber: null,
  newCertificateNumber: null,
  renewBlockedReason: 'Invoice the renewal modules first',
  decidedOn: null,
};

function choicesIn(currency: string): RenewalModuleChoices {
  return {
    feeBasis: 'member',
    isSelectionSaved: false,
    lateFeeCents: 5000,
    currency,
    canEdit: true,
    modules: [{ programModuleId: '7b1c2d3e-0000-4000-8000-000000000011', moduleCode: 'R1', moduleTitle: 'Piping practice', examinationType: 'Online', memberFeeCents: 25000, nonMemberFeeCents: 32000, feeCents: 25000, choice: 'required' }],
  };
}

function show(currency: string) {
  stubFetch((call) => {
    if (call.url.endsWith('/required')) return jsonResponse(choicesIn(currency));
    if (call.url.endsWith('/nonrequired')) return jsonResponse({ ...choicesIn(currency), modules: [] });
    return jsonResponse({ message: 'unexpected' }, 404);
  });
  renderWithProviders(<RenewalModulesPanel renewal={{ ...submitted, currency }} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('RenewalModulesPanel', () => {
  it("prices a New Zealand body's renewal modules and late fee in NZ$ before the invoice exists", async () => {
    show('NZD');
    const table = await screen.findByRole('table', { name: 'Renewal modules to invoice' });
    expect(within(table).getByRole('row', { name: /R1 Piping practice/ })).toHaveTextContent('NZ$250.00');
    expect(within(table).getByRole('row', { name: /Late renewal fee/ })).toHaveTextContent('NZ$50.00');
  });

  it("keeps an Australian body's fees in $", async () => {
    show('AUD');
    const table = await screen.findByRole('table', { name: 'Renewal modules to invoice' });
    expect(within(table).getByRole('row', { name: /R1 Piping practice/ })).toHaveTextContent('$250.00');
    expect(within(table).getByRole('row', { name: /Late renewal fee/ })).toHaveTextContent('$50.00');
    expect(table).not.toHaveTextContent('NZ$');
  });

  it("offers the staff's payment actions on the modules' invoice only while it is unpaid (issue 41)", () => {
    const invoice = { id: '7b1c2d3e-0000-4000-8000-000000000021', invoiceNumberText: 'INV-000124', totalCents: 27500, currency: 'AUD', status: 'Issued' as const, payPath: '/student/payments/x' };
    const actions = vi.fn(({ amountText }: { amountText: string }) => <button type="button">{`Pay ${amountText} offline`}</button>);
    stubFetch(() => jsonResponse({ message: 'unexpected' }, 404));
    const { unmount } = renderWithProviders(<RenewalModulesPanel renewal={{ ...submitted, invoice }} renderInvoiceActions={actions} />);
    expect(screen.getByRole('button', { name: 'Pay $275.00 (INV-000124) offline' })).toBeInTheDocument();
    expect(actions).toHaveBeenCalledWith(expect.objectContaining({ renewal: expect.objectContaining({ id: RENEWAL_ID }) }));
    unmount();
    renderWithProviders(<RenewalModulesPanel renewal={{ ...submitted, invoice: { ...invoice, status: 'Paid', payPath: null } }} renderInvoiceActions={actions} />);
    expect(screen.getByTestId('renewal-invoice')).toHaveTextContent('paid');
    expect(screen.queryByRole('button', { name: /offline/ })).not.toBeInTheDocument();
  });
});
