import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Applicant } from '@certs/shared/applicant/applicant.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CompleteProfileHint } from './complete-profile-hint';

const ID = '00000000-0000-4000-8000-0000000000d1';
const emptyAddress = { streetNumber: '', streetName: '', city: '', state: '', postalCode: '', country: '' };
const newApplicant: Applicant = {
  id: ID,
  userId: '00000000-0000-4000-8000-0000000000d2',
  email: 'new@example.test',
  firstName: 'Nova',
  lastName: 'New',
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
  createdOn: '2026-03-01T00:00:00.000Z',
};

function renderWith(applicant: Applicant) {
  const { calls } = stubFetch((call) => (call.url === `/api/applicant/${ID}` ? jsonResponse(applicant) : jsonResponse({ message: 'Not here' }, 404)));
  const { queryClient } = renderWithProviders(<CompleteProfileHint applicantId={ID} profileHref="/student/profile" />);
  return { calls, queryClient };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CompleteProfileHint (issue 45 item 18)', () => {
  it('suggests a new applicant complete their profile before applying, naming what is missing', async () => {
    renderWith(newApplicant);
    const hint = await screen.findByTestId('complete-profile-hint');
    expect(hint).toHaveTextContent('Complete your profile before you apply');
    expect(hint).toHaveTextContent('Your profile has no date of birth, phone and home address yet.');
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/student/profile');
  });

  it('names only what is still missing, and says nothing once the profile is complete', async () => {
    const address = { ...emptyAddress, streetName: 'Arc Street', city: 'Newcastle', postalCode: '2300', country: 'Australia' };
    renderWith({ ...newApplicant, dateOfBirth: '1990-04-05', homeAddress: address });
    expect(await screen.findByTestId('complete-profile-hint')).toHaveTextContent('Your profile has no phone yet.');
  });

  it('shows nothing for a complete profile', async () => {
    const address = { ...emptyAddress, streetName: 'Arc Street', city: 'Newcastle', postalCode: '2300', country: 'Australia' };
    const { calls, queryClient } = renderWith({ ...newApplicant, dateOfBirth: '1990-04-05', phone: '0400 111 222', homeAddress: address });
    // The profile has been read (and rendered from): still no hint.
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('complete-profile-hint')).not.toBeInTheDocument();
  });
});
