import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyOption, EmployerClaim, EmployerClaimStatus } from '@certs/shared/company/company.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EmployerClaimsPanel } from './employer-claims-panel';
import { EmployerPicker } from './employer-picker';

const hunter: CompanyOption = { id: '40000000-0000-4000-8000-000000000001', name: 'Hunter Fabrication', city: 'Newcastle', state: 'NSW', active: true };
const claim: EmployerClaim = {
  applicantId: '40000000-0000-4000-8000-0000000000a1',
  firstName: 'Wendy',
  lastName: 'Welder',
  email: 'wendy@example.test',
  companyId: hunter.id,
  companyName: hunter.name,
  status: 'pending',
  claimedOn: '2026-11-02T01:00:00.000Z',
  decidedOn: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the staff list of claims waiting', () => {
  it("approves a claim with the company's and the applicant's ids, and the list no longer shows it", async () => {
    let waiting = [claim];
    const { calls } = stubFetch((call) => {
      if (call.method === 'POST') {
        waiting = [];
        return jsonResponse({ ...claim, status: 'approved', decidedOn: '2026-11-03T01:00:00.000Z' });
      }
      return jsonResponse(waiting);
    });
    renderWithProviders(<EmployerClaimsPanel />);
    const row = (await screen.findByRole('cell', { name: 'Wendy Welder' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Hunter Fabrication' })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Approve Wendy Welder at Hunter Fabrication' }));
    expect(await screen.findByText('No applicant is waiting for you to confirm their employer.')).toBeInTheDocument();
    const decision = calls.find((call) => call.method === 'POST')!;
    expect(decision.url).toContain(`/api/company/${hunter.id}/claims/${claim.applicantId}`);
    expect(decision.body).toEqual({ decision: 'approve' });
  });

  it('declines a claim, and shows the refusal when the decision is not saved', async () => {
    const { calls } = stubFetch((call) =>
      call.method === 'POST' ? jsonResponse({ code: 'NOT_FOUND', message: 'This person does not name the company as their employer' }, 404) : jsonResponse([claim]),
    );
    renderWithProviders(<EmployerClaimsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Wendy Welder at Hunter Fabrication' }));
    expect(await screen.findByText('This person does not name the company as their employer')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ decision: 'decline' });
  });
});

describe("the applicant's employer", () => {
  const answering = (claimStatus: EmployerClaimStatus | null) =>
    stubFetch((call) => (call.url.includes('/api/company/options') ? jsonResponse([hunter]) : jsonResponse({ company: claimStatus ? hunter : null, claimStatus })));

  it.each([
    ['pending', 'Waiting for Hunter Fabrication or staff to confirm you work there. Until then it gives you no corporate-member access.'],
    ['approved', 'Confirmed: you work for Hunter Fabrication.'],
    ['declined', 'Your claim to work for Hunter Fabrication was declined. It gives you no corporate-member access.'],
  ] as const)('tells where a %s claim stands', async (status, text) => {
    answering(status);
    renderWithProviders(<EmployerPicker />);
    expect(await screen.findByRole('status')).toHaveTextContent(text);
  });

  it('says nothing of a claim while no employer is named', async () => {
    answering(null);
    renderWithProviders(<EmployerPicker />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Employer' })).toBeInTheDocument());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
