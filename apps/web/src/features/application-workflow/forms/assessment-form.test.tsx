import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STAGE_MESSAGES, assessmentCriteriaOf, type AssessmentSaveRequest } from '@certs/shared/application/application-stage.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AssessmentForm } from './assessment-form';

const criteria = assessmentCriteriaOf([{ requirementId: 'r1', requirementCode: 'EXP-2Y', requirementDescription: 'Two years of experience' }]);

type Handler = (request: AssessmentSaveRequest) => Promise<unknown>;

function renderForm(options: { submitBlockedBy?: string | null; onSubmit?: ReturnType<typeof vi.fn<Handler>> } = {}) {
  const onSave = vi.fn<Handler>(() => Promise.resolve());
  const onSubmit = options.onSubmit ?? vi.fn<Handler>(() => Promise.resolve());
  renderWithProviders(<AssessmentForm criteria={criteria} assessment={null} submitBlockedBy={options.submitBlockedBy ?? null} onSave={onSave} onSubmit={onSubmit} />);
  return { onSave, onSubmit, user: userEvent.setup() };
}

async function answerAll(user: ReturnType<typeof userEvent.setup>, answer: 'Yes' | 'No' | 'N/A') {
  for (const criterion of criteria) {
    await user.click(within(screen.getByTestId(`criterion-${criterion.criterion}`)).getByRole('radio', { name: answer }));
  }
}

describe('AssessmentForm', () => {
  it('says "Assessment report is required" and "Please select one option" at each criterion and the outcome', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit assessment' }));
    expect(await screen.findByText(STAGE_MESSAGES.assessmentReportRequired)).toBeInTheDocument();
    expect(screen.getAllByText(STAGE_MESSAGES.selectOne)).toHaveLength(criteria.length + 1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves a partial assessment without checking it', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Assessment report/ }), 'Half done');
    await user.click(within(screen.getByTestId('criterion-identity')).getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Save assessment' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({ assessmentReport: 'Half done', selections: [{ criterion: 'identity', answer: 'Yes' }], outcome: null, messageToApplicant: '' });
  });

  it('needs a message to ask for more information, then sends every selection', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Assessment report/ }), 'Eye test missing');
    await answerAll(user, 'Yes');
    await user.click(screen.getByRole('radio', { name: 'Request more information' }));
    await user.click(screen.getByRole('button', { name: 'Submit assessment' }));
    expect(await screen.findByText(STAGE_MESSAGES.messageRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Message to the applicant/ }), 'Upload an eye test.');
    await user.click(screen.getByRole('button', { name: 'Submit assessment' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ outcome: 'moreInformation', messageToApplicant: 'Upload an eye test.', selections: criteria.map((c) => ({ criterion: c.criterion, answer: 'Yes' })) });
  });

  it('refuses to accept with a criterion answered No', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Assessment report/ }), 'Weak');
    await answerAll(user, 'No');
    await user.click(screen.getByRole('radio', { name: 'Accept into examinations' }));
    await user.click(screen.getByRole('button', { name: 'Submit assessment' }));
    expect(await screen.findByText(STAGE_MESSAGES.unmetCriterion)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('cannot be submitted before the assessor review, and shows a server refusal', async () => {
    renderForm({ submitBlockedBy: STAGE_MESSAGES.reviewNotSubmitted });
    expect(screen.getByText(STAGE_MESSAGES.reviewNotSubmitted)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit assessment' })).toBeDisabled();
  });

  it("shows a 409 from the server in an alert", async () => {
    const onSubmit = vi.fn<Handler>().mockRejectedValue(new ApiError(409, STAGE_MESSAGES.notAllowed('Assessment Completed', 'assessed')));
    const { user } = renderForm({ onSubmit });
    await user.type(screen.getByRole('textbox', { name: /Assessment report/ }), 'Fine');
    await answerAll(user, 'Yes');
    await user.click(screen.getByRole('radio', { name: 'Accept into examinations' }));
    await user.click(screen.getByRole('button', { name: 'Submit assessment' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and submit' }));
    expect(await screen.findByText(STAGE_MESSAGES.notAllowed('Assessment Completed', 'assessed'))).toBeInTheDocument();
  });

  it('asks once before submitting, saying what the outcome does, and sends only on confirm (issue 45 item 7)', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Assessment report/ }), 'Rejected: no experience');
    await answerAll(user, 'No');
    await user.click(screen.getByRole('radio', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: /Message to the applicant/ }), 'No welding experience shown.');
    await user.click(screen.getByRole('button', { name: 'Submit assessment' }));
    const dialog = await screen.findByRole('dialog', { name: /Submit the assessment: Reject/ });
    expect(dialog).toHaveTextContent('The application is rejected and the applicant reads your reason in the mail.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit assessment' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ outcome: 'reject', messageToApplicant: 'No welding experience shown.' });
  });
});
