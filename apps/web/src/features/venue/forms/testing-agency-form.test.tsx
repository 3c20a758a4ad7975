import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TESTING_AGENCY_MESSAGES as M, type TestingAgencyRequest } from '@certs/shared/venue/venue.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { TestingAgencyForm, testingAgencyValuesOf, type TestingAgencyFormValues } from './testing-agency-form';

const complete: TestingAgencyFormValues = {
  referenceNumber: 'TC-001',
  companyName: 'Hunter Welding Test Centre',
  streetNumber: '',
  streetName: 'Industrial Drive',
  postalCode: '2300',
  city: 'Newcastle',
  state: 'NSW',
  country: 'Australia',
  phone: '02 4900 1234',
  mobile: '0400 123 456',
  primaryEmail: 'bookings@hunter.example',
  alternateEmail: '',
};

function renderForm(initialValues = testingAgencyValuesOf(null), onSubmit = vi.fn<(request: TestingAgencyRequest) => Promise<unknown>>(() => Promise.resolve())) {
  renderWithProviders(<TestingAgencyForm initialValues={initialValues} submitLabel="Create test centre" onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));

describe('TestingAgencyForm', () => {
  it('requires every field but street number and alternate email', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create test centre' }));
    for (const label of ['Reference Number', 'Company Name', 'Street Name', 'Postal Code', 'City', 'State', 'Country', 'Phone', 'Mobile', 'Primary Email']) {
      expect(await screen.findByText(M.required(label))).toBeInTheDocument();
    }
    expect(screen.queryByText(M.required('Street Number'))).not.toBeInTheDocument();
    expect(screen.queryByText(M.required('Alternate Email'))).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says "Invalid email" for a bad primary or alternate email', async () => {
    const { onSubmit, user } = renderForm({ ...complete, primaryEmail: 'bookings', alternateEmail: 'office' });
    await user.click(screen.getByRole('button', { name: 'Create test centre' }));
    await waitFor(() => expect(screen.getAllByText(M.invalidEmail)).toHaveLength(2));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a complete centre, and puts a server refusal at its field', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new ApiError(409, M.referenceTaken, { referenceNumber: M.referenceTaken })).mockResolvedValue(undefined);
    const { user } = renderForm(complete, onSubmit);
    await user.click(screen.getByRole('button', { name: 'Create test centre' }));
    await waitFor(() => expect(field('Reference Number')).toHaveAccessibleDescription(expect.stringContaining(M.referenceTaken)));
    expect(onSubmit.mock.calls[0]![0]).toEqual(complete);
  });
});
