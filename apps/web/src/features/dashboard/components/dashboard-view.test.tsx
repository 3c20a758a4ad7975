import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardSummary } from '@certs/shared/dashboard/dashboard.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { DashboardView } from './dashboard-view';

const summary: DashboardSummary = {
  isScoped: false,
  applicationsByStatus: [{ label: 'Examinations Stage', count: 2 }],
  applicationsByType: [{ type: 'aicipapplication', label: 'AICIP', count: 2 }],
  applicationsByStage: [{ label: 'Payment requested', count: 1 }],
  examsNextDays: 7,
  examsAhead: [],
  examsAheadTotal: 0,
  paymentsThisMonth: { count: 0, amountCents: 0, currency: 'AUD', from: '2026-11-01', to: '2026-11-27' },
  awards: { issuedThisMonth: 0, current: 3, expiringSoon: 0, expiringWithinDays: 90 },
  pending: [
    { key: 'awaitingAssessor', label: 'Applications waiting for an assessor', count: 1 },
    { key: 'resultsToRecord', label: 'Exam results to record', count: 0 },
    { key: 'answersToMark', label: 'Descriptive answers to mark', count: 0 },
    { key: 'confirmationsDue', label: 'Welder confirmations and revalidations due in 60 days', count: 4 },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardView', () => {
  it('links the confirmations due to Welders due and reads the figure in the pending actions table', async () => {
    stubFetch(async (call) => (call.url.startsWith('/api/dashboard/summary') ? jsonResponse(summary) : jsonResponse({ message: 'unexpected' }, 404)));
    renderWithProviders(<DashboardView />);
    const link = await screen.findByRole('link', { name: 'Welder confirmations and revalidations due in 60 days: 4' });
    expect(link).toHaveAttribute('href', '/admin/welders-due');
    expect(link).toHaveTextContent('4');
    const table = screen.getByTestId('dashboard-pending');
    expect(within(table).getByRole('row', { name: /Welder confirmations and revalidations due in 60 days/ })).toHaveTextContent('4');
  });

  it.each([
    ['NZD', 'NZ$1,234.50'],
    ['AUD', '$1,234.50'],
  ])("writes the month's payments in the account's currency (%s)", async (currency, text) => {
    const inAccount = { ...summary, paymentsThisMonth: { ...summary.paymentsThisMonth, count: 3, amountCents: 123450, currency } };
    stubFetch(async (call) => (call.url.startsWith('/api/dashboard/summary') ? jsonResponse(inAccount) : jsonResponse({ message: 'unexpected' }, 404)));
    renderWithProviders(<DashboardView />);
    expect(await screen.findByRole('link', { name: `Payments this month (3): ${text}` })).toBeInTheDocument();
  });
});
