import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Renewal } from '@certs/shared/renewal/renewal.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RenewalDecision } from './renewal-decision';

const RENEWAL_ID = '7c1c2d3e-0000-4000-8000-000000000001';
const lateFeeInvoice = { id: '7c1c2d3e-0000-4000-8000-000000000021', invoiceNumberText: 'INV-000130', totalCents: 6000, currency: 'AUD', status: 'Issued' as const, payPath: '/student/payments/x' };

// A late Certification renewal: its late fee is invoiced at once, and it cannot be renewed until paid.
const lateCertification: Renewal = {
  id: RENEWAL_ID,
  typePath: 'certificationrenewalapplication',
  status: 'submitted',
  awardId: '7c1c2d3e-0000-4000-8000-000000000002',
  applicationId: '7c1c2d3e-0000-4000-8000-000000000003',
  applicationNumber: 'CERT-2026-00011',
  applicationStatus: 'Applied for Renewal',
  programId: '7c1c2d3e-0000-4000-8000-000000000004',
  programCode: 'CWS',
  programTitle: 'Certified Welding Supervisor',
  holderName: 'Lea Late',
  certificateNumber: 'WCB-2023-0011',
  awardStatus: 'expired',
  periodStart: '2023-11-01',
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
  lateFeeCents: 6000,
  currency: 'AUD',
  graceEndsOn: '2027-01-01',
  hasModules: false,
  invoice: lateFeeInvoice,
  modules: [],
  previousCertificateNumber: null,
  newCertificateNumber: null,
  renewBlockedReason: 'Invoice INV-000130 is not paid yet',
  decidedOn: null,
};

describe("RenewalDecision: a late Certification renewal's late fee (issue 41)", () => {
  it("offers the staff's payment actions only while the late fee is unpaid", () => {
    const actions = vi.fn(({ amountText }: { amountText: string }) => <button type="button">{`Pay ${amountText} offline`}</button>);
    stubFetch(() => jsonResponse({ message: 'unexpected' }, 404));
    const { unmount } = renderWithProviders(<RenewalDecision renewal={lateCertification} renderInvoiceActions={actions} />);
    expect(screen.getByRole('button', { name: 'Pay $60.00 (INV-000130) offline' })).toBeInTheDocument();
    expect(actions).toHaveBeenCalledWith(expect.objectContaining({ renewal: expect.objectContaining({ id: RENEWAL_ID }) }));
    unmount();
    renderWithProviders(<RenewalDecision renewal={{ ...lateCertification, invoice: { ...lateFeeInvoice, status: 'Paid', payPath: null } }} renderInvoiceActions={actions} />);
    expect(screen.getByTestId('renewal-invoice')).toHaveTextContent('paid');
    expect(screen.queryByRole('button', { name: /offline/ })).not.toBeInTheDocument();
  });
});

describe('RenewalDecision: renew', () => {
  it('says the new expiry as people read dates (issue 45 item 9)', async () => {
    const paid = { ...lateCertification, invoice: { ...lateFeeInvoice, status: 'Paid' as const, payPath: null }, renewBlockedReason: null };
    stubFetch(() => jsonResponse({ ...paid, status: 'renewed', applicationStatus: 'Awarded', awardStatus: 'current', newExpiresOn: '2029-11-01', expiresOn: '2029-11-01', decidedOn: '2026-11-21T01:00:00.000Z' }));
    renderWithProviders(<RenewalDecision renewal={paid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Renew' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm renewal' }));
    expect(await screen.findByText('Valid until 01-Nov-2029')).toBeInTheDocument();
  });
});

describe('RenewalDecision: asks before renewing (issue 45 item 7)', () => {
  it('says what will happen and sends nothing until confirmed', async () => {
    const paid = { ...lateCertification, invoice: { ...lateFeeInvoice, status: 'Paid' as const, payPath: null }, renewBlockedReason: null };
    const { fetchMock } = stubFetch(() => jsonResponse({ ...paid, status: 'renewed', newExpiresOn: '2029-11-01', decidedOn: '2026-11-21T01:00:00.000Z' }));
    renderWithProviders(<RenewalDecision renewal={paid} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew this award?' });
    expect(dialog).toHaveTextContent("Lea Late's CWS award WCB-2023-0011 will be renewed for a new period");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says a program that requires no CPD hours requires none (issue 45 item 8)', () => {
    stubFetch(() => jsonResponse({ message: 'unexpected' }, 404));
    renderWithProviders(<RenewalDecision renewal={{ ...lateCertification, requiredCpdHours: 0, cpdHours: 0 }} />);
    expect(screen.getByTestId('renewal-cpd')).toHaveTextContent('0 listed (none required)');
  });
});

describe('RenewalDecision: impartiality (issue 43)', () => {
  it("offers a manager refused on impartiality the override, and sends the reason with the decision", async () => {
    const ready = { ...lateCertification, invoice: { ...lateFeeInvoice, status: 'Paid' as const, payPath: null }, renewBlockedReason: null };
    const refusal = 'Mia Manager cannot make the certification decision on this application: declared a conflict of interest with this applicant (a relative).';
    const bodies: unknown[] = [];
    stubFetch((call) => {
      bodies.push(call.body);
      if (!(call.body as { override?: unknown }).override) {
        return jsonResponse({ message: refusal, details: { impartiality: { canOverride: true, refusals: [{ staffUserId: 'u-1', staffName: 'Mia Manager', role: 'decision_maker', reasons: ['declared a conflict'] }] } } }, 409);
      }
      return jsonResponse({ ...ready, status: 'renewed', applicationStatus: 'Awarded', awardStatus: 'current', newExpiresOn: '2029-11-01', expiresOn: '2029-11-01', decidedOn: '2026-11-21T01:00:00.000Z' });
    });
    renderWithProviders(<RenewalDecision renewal={ready} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm renewal' }));
    const field = await screen.findByRole('textbox', { name: 'Override with a reason' });
    await user.type(field, 'Only certifier available this week');
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm renewal' }));
    expect(await screen.findByText(/Valid until 01-Nov-2029/)).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ renewalId: RENEWAL_ID, action: 'renew', override: { reason: 'Only certifier available this week' } });
  });
});
