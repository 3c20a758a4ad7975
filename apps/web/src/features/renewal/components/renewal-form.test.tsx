import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Renewal } from '@certs/shared/renewal/renewal.contract';
import { saveSession } from '../../../lib/auth';
import { applicant } from '../../../test/session-fixtures';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RenewalForm } from './renewal-form';

const blank: Renewal = {
  id: null,
  typePath: 'certificationrenewalapplication',
  status: null,
  awardId: '7a1c2d3e-0000-4000-8000-000000000001',
  applicationId: 'app-1',
  applicationNumber: 'C-2026-00003',
  applicationStatus: 'Awarded',
  programId: 'program-1',
  programCode: 'C-WELD-SUP',
  programTitle: 'Certified Welding Supervisor',
  holderName: 'Ari Applicant',
  certificateNumber: 'CWS-2026-0001',
  awardStatus: 'current',
  periodStart: '2024-01-20',
  expiresOn: '2027-01-20',
  windowOpensOn: '2026-07-20',
  canApply: true,
  blockedReason: null,
  requiredCpdHours: 20,
  cpdHours: 0,
  requirements: [{ id: '7a1c2d3e-0000-4000-8000-0000000000r1', code: 'R1', description: 'Continued supervision', answerText: '' }],
  development: [
    { id: '7a1c2d3e-0000-4000-8000-0000000000d1', provider: 'Welding Institute', numOfHours: 12.5, personalDevelopmentType: 'Course', startDate: '2025-03-01', inPeriod: true, selected: false },
    { id: '7a1c2d3e-0000-4000-8000-0000000000d2', provider: 'Old Seminar', numOfHours: 8, personalDevelopmentType: 'Seminar', startDate: '2023-12-01', inPeriod: false, selected: false },
  ],
  submittedOn: null,
  previousExpiresOn: null,
  newExpiresOn: null,
  decisionReason: null,
  isLate: false,
  lateFeeCents: null,
  currency: 'AUD',
  graceEndsOn: null,
  hasModules: false,
  invoice: null,
  modules: [],
  previousCertificateNumber: null,
  newCertificateNumber: null,
  renewBlockedReason: null,
  decidedOn: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('the renewal form', () => {
  it('totals the chosen hours within the period against the required hours', async () => {
    saveSession({ jwt: 'token-1', user: applicant });
    renderWithProviders(<RenewalForm renewal={blank} profileHref="/student/profile" />);
    const total = screen.getByTestId('cpd-total');
    expect(total).toHaveTextContent('Total hours in the period: 0 of 20 required.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Count Old Seminar, 8 hours' }));
    expect(total).toHaveTextContent('Total hours in the period: 0 of 20 required.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Count Welding Institute, 12.5 hours' }));
    expect(total).toHaveTextContent('Total hours in the period: 12.5 of 20 required. You may still submit');
  });

  it('asks for every requirement before submitting, sending nothing until then', async () => {
    saveSession({ jwt: 'token-1', user: applicant });
    const { fetchMock } = stubFetch(() => jsonResponse({ ...blank, id: 'r-1', status: 'draft' }));
    renderWithProviders(<RenewalForm renewal={blank} profileHref="/student/profile" />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit renewal' }));
    expect(await screen.findByText('Answer is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks once before submitting, saying what will happen, and sends only on confirm (issue 45 item 7)', async () => {
    saveSession({ jwt: 'token-1', user: applicant });
    const { fetchMock } = stubFetch(() => jsonResponse({ ...blank, id: 'r-1', status: 'submitted', canApply: false }));
    renderWithProviders(<RenewalForm renewal={blank} profileHref="/student/profile" />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Continued supervision/ }), 'Supervised two shops');
    await user.click(screen.getByRole('button', { name: 'Submit renewal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit this renewal?' });
    expect(dialog).toHaveTextContent('Your renewal of certificate CWS-2026-0001 goes to staff to decide');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit renewal' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and submit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });

  it('says a program that requires no CPD hours requires none, not "0 of 0 required" (issue 45 item 8)', () => {
    saveSession({ jwt: 'token-1', user: applicant });
    renderWithProviders(<RenewalForm renewal={{ ...blank, requiredCpdHours: 0 }} profileHref="/student/profile" />);
    expect(screen.getByTestId('cpd-total')).toHaveTextContent('Total hours in the period: 0 listed (none required).');
  });

  it('says why the holder cannot apply and offers no buttons', () => {
    saveSession({ jwt: 'token-1', user: applicant });
    renderWithProviders(<RenewalForm renewal={{ ...blank, canApply: false, blockedReason: 'Renewal opens on 20-Jul-2026 and closes on 20-Jan-2027' }} profileHref="/student/profile" />);
    expect(screen.getByText('Renewal opens on 20-Jul-2026 and closes on 20-Jan-2027')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit renewal' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Count Old Seminar, 8 hours' })).toBeDisabled();
  });

  it('says a late renewal\'s last day as people read dates (issue 45 item 9)', () => {
    saveSession({ jwt: 'token-1', user: applicant });
    renderWithProviders(<RenewalForm renewal={{ ...blank, awardStatus: 'expired', graceEndsOn: '2027-02-19' }} profileHref="/student/profile" />);
    expect(screen.getByRole('note')).toHaveTextContent('Your certificate expired; the program takes late renewals until 19-Feb-2027, with a late fee.');
  });
});
