import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SaveApplicantRequest } from '@certs/shared/applicant/applicant.contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { ApplicantFormValues } from './applicant-form.values';
import { PersonalDetailsForm } from './personal-details-form';

const emptyAddress = { streetNumber: '', streetName: '', city: '', state: '', postalCode: '', country: '' };
const values: ApplicantFormValues = {
  firstName: 'Harper',
  lastName: 'Holder',
  dateOfBirth: '',
  phone: '',
  primaryEmail: '',
  homeAddress: emptyAddress,
  workAddress: emptyAddress,
  membershipType: 'none',
  memberNumber: '',
  listedInRegister: true,
};

describe('PersonalDetailsForm: the public register switch', () => {
  it('is on by default and saves the choice to leave the register with the details', async () => {
    const onSubmit = vi.fn<(request: SaveApplicantRequest) => Promise<unknown>>(() => Promise.resolve());
    renderWithProviders(<PersonalDetailsForm initialValues={values} signInEmail="holder@demo.local" onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const listed = screen.getByRole('switch', { name: 'List me in the public register of certificate holders' });
    expect(listed).toHaveAccessibleDescription(expect.stringContaining('an employer holding one of your certificates can still check its number'));
    expect(listed).toBeChecked();
    await user.click(listed);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Harper', listedInRegister: false }));
  });
});

describe('PersonalDetailsForm: names and emails', () => {
  it('labels each name as its message names it, as registration does, and checks the primary email only when given', async () => {
    const onSubmit = vi.fn<(request: SaveApplicantRequest) => Promise<unknown>>(() => Promise.resolve());
    renderWithProviders(<PersonalDetailsForm initialValues={values} signInEmail="holder@demo.local" onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const firstName = screen.getByRole('textbox', { name: /^First Name/ });
    const lastName = screen.getByRole('textbox', { name: /^Last Name/ });
    await user.clear(firstName);
    await user.clear(lastName);
    await user.type(screen.getByRole('textbox', { name: 'Primary Email' }), 'harper-at-home');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(firstName).toHaveAccessibleDescription('First Name is required');
    expect(lastName).toHaveAccessibleDescription('Last Name is required');
    expect(screen.getByRole('textbox', { name: 'Primary Email' })).toHaveAccessibleDescription(expect.stringContaining('Invalid email'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
