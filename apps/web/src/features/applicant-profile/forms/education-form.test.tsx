import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { APPLICANT_MESSAGES, type EducationRequest } from '@certs/shared/applicant/applicant.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EducationForm } from './education-form';
import { emptyEducationValues, validateEducationValues, type EducationFormValues } from './education-form.values';

function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
}

function renderForm(initialValues: EducationFormValues = emptyEducationValues(), onSubmit = vi.fn<(request: EducationRequest) => Promise<unknown>>(() => Promise.resolve())) {
  renderWithProviders(<EducationForm mode="create" initialValues={initialValues} onSubmit={onSubmit} onCancel={() => {}} />);
  return { onSubmit, user: userEvent.setup() };
}

const complete: EducationFormValues = {
  course: 'Welding Inspection',
  institution: 'TAFE NSW',
  location: 'Sydney',
  qualificationType: 'Diploma',
  startDate: '2020-02-01',
  endDate: '2021-11-30',
};

describe('EducationForm', () => {
  it('refuses an end date before the start date, at the End Date field', async () => {
    const { onSubmit, user } = renderForm({ ...complete, endDate: '' });
    await user.type(field('End Date'), '2019-06-30');
    await user.click(screen.getByRole('button', { name: 'Add education' }));
    expect(await screen.findByText(APPLICANT_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(field('End Date')).toHaveAccessibleDescription(expect.stringContaining(APPLICANT_MESSAGES.endBeforeStart));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the date rule together with the required fields', async () => {
    const { onSubmit, user } = renderForm({ ...emptyEducationValues(), startDate: '2022-01-10', endDate: '2021-01-10' });
    await user.click(screen.getByRole('button', { name: 'Add education' }));
    expect(await screen.findByText(APPLICANT_MESSAGES.required('Course'))).toBeInTheDocument();
    expect(screen.getByText(APPLICANT_MESSAGES.required('Institution'))).toBeInTheDocument();
    expect(screen.getByText(APPLICANT_MESSAGES.required('Qualification Type'))).toBeInTheDocument();
    expect(field('End Date')).toHaveAccessibleDescription(expect.stringContaining(APPLICANT_MESSAGES.endBeforeStart));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts the same day, and no end date, and sends the shared request', async () => {
    expect(validateEducationValues({ ...complete, endDate: complete.startDate })).toEqual({});
    const { onSubmit, user } = renderForm({ ...complete, endDate: '' });
    await user.click(screen.getByRole('button', { name: 'Add education' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ ...complete, endDate: null });
  });

  it("shows the server's refusal at its field", async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(400, 'Invalid request', { endDate: APPLICANT_MESSAGES.endBeforeStart }));
    const { user } = renderForm(complete, onSubmit);
    await user.click(screen.getByRole('button', { name: 'Add education' }));
    await waitFor(() => expect(field('End Date')).toHaveAccessibleDescription(expect.stringContaining(APPLICANT_MESSAGES.endBeforeStart)));
    expect(field('Course')).toHaveValue(complete.course);
  });
});
