import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Applicant } from '@certs/shared/applicant/applicant.contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MembershipStatus } from './membership-status';

const emptyAddress = { streetNumber: '', streetName: '', city: '', state: '', postalCode: '', country: '' };
const applicant: Applicant = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  email: 'liam@example.test',
  firstName: 'Liam',
  lastName: 'Welder',
  dateOfBirth: null,
  phone: '',
  primaryEmail: '',
  homeAddress: emptyAddress,
  workAddress: emptyAddress,
  membershipType: 'none',
  memberNumber: '',
  membershipConfirmedOn: null,
  memberCurrentUntil: null,
  isMember: false,
  memberships: [],
  listedInRegister: true,
  active: true,
  createdOn: '2026-01-01T00:00:00.000Z',
};

describe('MembershipStatus', () => {
  it('says "Not a member" once to a non-member', () => {
    renderWithProviders(<MembershipStatus applicant={applicant} />);
    const status = screen.getByTestId('membership-status');
    expect(within(status).getAllByText(/not a member/i)).toHaveLength(1);
    expect(status).toHaveTextContent('Non-member fees apply.');
  });

  it('gives a member the type and where its confirmation stands', () => {
    renderWithProviders(<MembershipStatus applicant={{ ...applicant, membershipType: 'individual', memberNumber: 'M-1' }} />);
    const status = screen.getByTestId('membership-status');
    expect(within(status).getByText('Individual member')).toBeInTheDocument();
    expect(within(status).getByText('Awaiting confirmation by staff')).toBeInTheDocument();
  });

  it("names each awarding body that confirmed the membership, and says another body's fees wait for its own confirmation", () => {
    const memberships = [
      { accountId: 'a1', accountName: 'Welding Certification Board', membershipType: 'individual' as const, memberNumber: 'M-1', membershipConfirmedOn: '2026-03-02T00:00:00.000Z', memberCurrentUntil: '2099-06-30', isMember: true },
    ];
    renderWithProviders(<MembershipStatus applicant={{ ...applicant, membershipType: 'individual', memberNumber: 'M-1', memberships }} />);
    const status = screen.getByTestId('membership-status');
    expect(within(status).getByText('Confirmed')).toBeInTheDocument();
    const bodies = within(status).getByRole('list', { name: 'Memberships by awarding body' });
    expect(within(bodies).getAllByRole('listitem')).toHaveLength(1);
    expect(bodies).toHaveTextContent('Welding Certification Board: member number M-1, confirmed');
    expect(bodies).toHaveTextContent('Member fees apply.');
    expect(status).toHaveTextContent('Another awarding body charges its non-member fees until its own staff confirm your membership.');
  });
});
