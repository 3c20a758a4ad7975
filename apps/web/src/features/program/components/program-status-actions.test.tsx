import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PROGRAM_STATUS } from '@certs/shared/program/program-status';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ProgramStatusActions } from './program-status-actions';

function renderActions(props: Partial<Parameters<typeof ProgramStatusActions>[0]> = {}) {
  const onAction = vi.fn<(action: string) => Promise<unknown>>(() => Promise.resolve());
  renderWithProviders(
    <ProgramStatusActions programCode="Q-TEST" status={PROGRAM_STATUS.Created} canChangeStatus onAction={onAction} {...props} />,
  );
  return { onAction: props.onAction ?? onAction, user: userEvent.setup() };
}

function actionNames() {
  const group = screen.queryByTestId('program-status-actions');
  return group ? within(group).getAllByRole('button').map((button) => button.textContent) : [];
}

describe('ProgramStatusActions', () => {
  it.each([
    [PROGRAM_STATUS.Created, ['Publish', 'Archive']],
    [PROGRAM_STATUS.Published, ['Archive']],
    [PROGRAM_STATUS.Archived, ['Restore']],
    [PROGRAM_STATUS.Restored, ['Publish', 'Archive']],
  ])('offers, from status %i, the moves %j', (status, expected) => {
    renderActions({ status });
    expect(actionNames()).toEqual(expected);
  });

  it('offers nothing without the privilege to change the status', () => {
    renderActions({ canChangeStatus: false });
    expect(actionNames()).toEqual([]);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks for confirmation, listing what publishing still lacks, then shows the server refusal', async () => {
    const refusal = 'Applicant Instruction is required, Program Requirement is required';
    const onAction = vi.fn().mockRejectedValue(new ApiError(400, refusal));
    const { user } = renderActions({
      onAction,
      completeness: { isComplete: false, missing: ['Applicant Instruction is required', 'Program Requirement is required'] },
    });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Q-TEST?' });
    expect(within(dialog).getByText('Applicant Instruction is required')).toBeInTheDocument();
    expect(onAction).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Publish program' }));
    expect(onAction).toHaveBeenCalledWith('publish');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('closes once the move is made', async () => {
    const { onAction, user } = renderActions({ status: PROGRAM_STATUS.Archived });
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore Q-TEST?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore program' }));
    expect(onAction).toHaveBeenCalledWith('restore');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
