import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { APPLICATION_MESSAGES, type Application, type SaveApplicationRequest } from '@certs/shared/application/application.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ApplicationForm, type FormRequirement } from './application-form';

const programId = '00000000-0000-4000-8000-000000000100';
const requirements: FormRequirement[] = [
  { id: '00000000-0000-4000-8000-000000000201', requirementCode: 'R1', requirementDescription: 'Three years of welding experience.' },
  { id: '00000000-0000-4000-8000-000000000202', requirementCode: 'R2', requirementDescription: 'A trade certificate.' },
];

const draft: Application = {
  id: '00000000-0000-4000-8000-000000000300',
  applicationNumber: 'Q-000001',
  applicantId: '00000000-0000-4000-8000-000000000055',
  programId,
  programCode: 'Q-WELD-INSP',
  programTitle: 'Welding Inspector',
  programType: 1,
  status: 'Application Started',
  declarationAccepted: false,
  answers: [
    { requirementId: requirements[0]!.id, requirementCode: 'R1', requirementDescription: '', answerText: 'Six years at a fabrication shop.', attachments: [] },
  ],
  createdOn: '2026-03-01T00:00:00.000Z',
  submittedOn: null,
  modifiedOn: '2026-03-01T00:00:00.000Z',
};

function renderForm(props: { application?: Application | null; isReadOnly?: boolean; onSave?: () => Promise<unknown>; onSubmit?: () => Promise<unknown> } = {}) {
  const onSave = vi.fn<(request: SaveApplicationRequest) => Promise<unknown>>(props.onSave ?? (() => Promise.resolve()));
  const onSubmit = vi.fn<(request: SaveApplicationRequest) => Promise<unknown>>(props.onSubmit ?? (() => Promise.resolve()));
  renderWithProviders(
    <ApplicationForm
      programId={programId}
      requirements={requirements}
      declarationHtml="<p>I declare that <strong>all</strong> I state is true.</p>"
      application={props.application === undefined ? draft : props.application}
      isReadOnly={props.isReadOnly ?? false}
      renderAttachments={({ label }) => <span>Evidence for {label}</span>}
      onSave={onSave}
      onSubmit={onSubmit}
    />,
  );
  return { onSave, onSubmit, user: userEvent.setup() };
}

describe('ApplicationForm', () => {
  it("puts the server's submit refusals at the answer and the declaration they are about", async () => {
    const refusal = new ApiError(400, 'Invalid request', {
      declarationAccepted: APPLICATION_MESSAGES.declarationRequired,
      [`answers.${requirements[1]!.id}`]: APPLICATION_MESSAGES.answerRequired,
    });
    const { onSubmit, user } = renderForm({ onSubmit: () => Promise.reject(refusal) });
    // Pass the checks made here, so the refusal is the server's.
    await user.type(screen.getByLabelText('Your answer to R2'), 'Certificate III in Engineering.');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the declaration' }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    // A submitted application cannot be changed: asked once more, nothing is sent before the answer.
    const dialog = await screen.findByRole('dialog', { name: 'Submit your application?' });
    expect(dialog).toHaveTextContent('A submitted application cannot be changed.');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Submit now' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(await screen.findByLabelText('Your answer to R2')).toHaveAccessibleDescription(APPLICATION_MESSAGES.answerRequired);
    expect(screen.getByRole('checkbox', { name: 'I accept the declaration' })).toHaveAccessibleDescription(APPLICATION_MESSAGES.declarationRequired);
    expect(screen.getByLabelText('Your answer to R1')).not.toHaveAccessibleDescription();
    // What was typed stays.
    expect(screen.getByLabelText('Your answer to R2')).toHaveValue('Certificate III in Engineering.');
  });

  it('sends nothing when the applicant thinks again at the confirmation', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Your answer to R2'), 'Certificate III in Engineering.');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the declaration' }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your answer to R2')).toHaveValue('Certificate III in Engineering.');
  });

  it('checks before submitting: every requirement answered and the declaration accepted', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.declarationRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Your answer to R2')).toHaveAccessibleDescription(APPLICATION_MESSAGES.answerRequired);
    expect(screen.getByLabelText('Your answer to R1')).not.toHaveAccessibleDescription();
    expect(screen.getByTestId('application-form-error')).toHaveTextContent('Some answers need your attention');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves an incomplete draft with every answer by requirement', async () => {
    const { onSave, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      programId,
      answers: [
        { requirementId: requirements[0]!.id, answerText: 'Six years at a fabrication shop.', attachmentIds: [] },
        { requirementId: requirements[1]!.id, answerText: '', attachmentIds: [] },
      ],
      declarationAccepted: false,
    });
    expect(screen.queryByText(APPLICATION_MESSAGES.declarationRequired)).not.toBeInTheDocument();
  });

  it('shows the declaration as written, and a submitted application read-only', () => {
    renderForm({ application: { ...draft, status: 'Application Submitted', declarationAccepted: true }, isReadOnly: true });
    expect(within(screen.getByTestId('application-declaration')).getByText('all').tagName).toBe('STRONG');
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('Six years at a fabrication shop.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I accept the declaration' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'I accept the declaration' })).toBeDisabled();
  });
});
