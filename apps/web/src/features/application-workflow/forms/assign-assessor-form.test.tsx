import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AssignAssessorRequest } from '@certs/shared/application/application-stage.contract';
import type { ProgramUser } from '@certs/shared/program/program-user.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AssignAssessorForm } from './assign-assessor-form';

const ASSESSOR: ProgramUser = { programId: 'b6a0c3f2-8d1e-4c57-9f21-3a4b5c6d7e80', userId: '6f1c1e9e-2b7a-4d55-9a3e-6e3c1b0f4a11', name: 'Alex Assessor', email: 'alex@example.test', active: true, roles: [1] };
const MESSAGE = 'Alex Assessor cannot be assigned as assessor: declared a conflict of interest with this applicant (a relative).';

function refusal(canOverride: boolean) {
  return new ApiError(409, MESSAGE, {}, null, {
    impartiality: { canOverride, refusals: [{ staffUserId: ASSESSOR.userId, staffName: 'Alex Assessor', role: 'assessor', reasons: ['declared a conflict of interest with this applicant (a relative)'] }] },
  });
}

async function chooseAssessor(user: ReturnType<typeof userEvent.setup>) {
  const input = screen.getByRole('textbox', { name: /Assessor/ });
  await user.click(input);
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('the dropdown has not opened');
    return found;
  });
  await user.click(within(listbox).getByRole('option', { name: /Alex Assessor/, hidden: true }));
}

describe('AssignAssessorForm and an impartiality refusal', () => {
  it("shows the refusal's reasons and lets a manager send again with the override's reason", async () => {
    const onSubmit = vi.fn<(request: AssignAssessorRequest) => Promise<unknown>>().mockRejectedValueOnce(refusal(true)).mockResolvedValueOnce(undefined);
    renderWithProviders(<AssignAssessorForm assessors={[ASSESSOR]} currentAssessorId={null} assessmentRound={1} submitLabel="Assign assessor" onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await chooseAssessor(user);
    await user.click(screen.getByRole('button', { name: 'Assign assessor' }));
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    const reason = await screen.findByRole('textbox', { name: 'Override with a reason' });
    await user.type(reason, 'The only assessor qualified for this scope');
    await user.click(screen.getByRole('button', { name: 'Assign assessor' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('override');
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ assessorId: ASSESSOR.userId, assessmentRound: 1, override: { reason: 'The only assessor qualified for this scope' } });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Override with a reason' })).not.toBeInTheDocument());
  });

  it('offers no override to someone who may not give one', async () => {
    const onSubmit = vi.fn<(request: AssignAssessorRequest) => Promise<unknown>>().mockRejectedValue(refusal(false));
    renderWithProviders(<AssignAssessorForm assessors={[ASSESSOR]} currentAssessorId={null} assessmentRound={1} submitLabel="Assign assessor" onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await chooseAssessor(user);
    await user.click(screen.getByRole('button', { name: 'Assign assessor' }));
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Override with a reason' })).not.toBeInTheDocument();
  });
});
