import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AssessorSaveRequest } from '@certs/shared/application/application-stage.contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AssessorReviewForm } from './assessor-review-form';

type Handler = (request: AssessorSaveRequest) => Promise<unknown>;

function renderForm() {
  const onSave = vi.fn<Handler>(() => Promise.resolve());
  const onSubmit = vi.fn<Handler>(() => Promise.resolve());
  renderWithProviders(<AssessorReviewForm review={null} onSave={onSave} onSubmit={onSubmit} />);
  return { onSave, onSubmit, user: userEvent.setup() };
}

describe('AssessorReviewForm', () => {
  it('asks once more before a review is submitted (it cannot be changed), naming the recommendation; Cancel sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Review/ }), 'Experience checked against the logbook.');
    await user.click(screen.getByRole('radio', { name: 'Accept into examinations' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    let dialog = await screen.findByRole('dialog', { name: 'Submit your review?' });
    expect(dialog).toHaveTextContent('You recommend: Accept into examinations.');
    expect(dialog).toHaveTextContent('A submitted review cannot be changed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    dialog = await screen.findByRole('dialog', { name: 'Submit your review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit now' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ review: 'Experience checked against the logbook.', recommendation: 'accept' }));
  });

  it('asks for the review and a recommendation before any confirmation, and saves a draft without one', async () => {
    const { onSave, onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findAllByText(/required|select/i)).not.toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
