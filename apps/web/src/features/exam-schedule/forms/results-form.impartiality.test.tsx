import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PostExamUpdateRequest } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ResultsForm } from './results-form';
import { ID, moduleOf } from './results-form.test-data';

const paperModule = moduleOf({});

const refusal = 'Mia Manager cannot be assigned as person recording the result: declared a conflict of interest with this applicant (a trainee they taught).';

describe('the results form and impartiality (issue 43)', () => {
  it("shows the refusal, offers a manager the override with a reason, and sends the reason with the results", async () => {
    const sent: PostExamUpdateRequest[] = [];
    const onSave = vi.fn(async (request: PostExamUpdateRequest) => {
      sent.push(request);
      if (!request.override) {
        throw new ApiError(409, refusal, {}, null, { impartiality: { canOverride: true, refusals: [{ staffUserId: ID(7), staffName: 'Mia Manager', role: 'result_recorder', reasons: ['declared a conflict'] }] } });
      }
    });
    renderWithProviders(<ResultsForm modules={[paperModule]} onSave={onSave} onOpenAttachment={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Pass' }));
    await user.click(screen.getByRole('button', { name: 'Save results' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Override with a reason' }), "Transcribing the external examiner's signed sheet");
    await user.click(screen.getByRole('button', { name: 'Save results' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ modules: [{ applicationModuleId: ID(1), result: 'Pass' }], override: { reason: "Transcribing the external examiner's signed sheet" } });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Override with a reason' })).not.toBeInTheDocument());
  });

  it('offers no override to someone who may not give one', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(409, refusal, {}, null, { impartiality: { canOverride: false, refusals: [{ staffUserId: ID(7), staffName: 'Eve Examiner', role: 'examiner', reasons: ['declared a conflict'] }] } });
    });
    renderWithProviders(<ResultsForm modules={[paperModule]} onSave={onSave} onOpenAttachment={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Pass' }));
    await user.click(screen.getByRole('button', { name: 'Save results' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Override with a reason' })).not.toBeInTheDocument();
  });
});
