import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AWARD_MESSAGES } from '@certs/shared/award/award.contract';
import type { WpqRecord } from '@certs/shared/wpq/wpq-record.contract';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { WpqOutcomeForm } from './wpq-staff-forms';

const RECORD_ID = '72000000-0000-4000-8000-000000000001';
// The outcome form reads only the record's id and the days the award date may take.
const examined = { id: RECORD_ID, awardDateRange: { earliest: '2026-10-02', latest: '2026-11-22' } } as WpqRecord;

function show(): RecordedCall[] {
  const outcomes: RecordedCall[] = [];
  stubFetch((call) => {
    if (call.method === 'POST' && call.url === `/api/wpq/${RECORD_ID}/result/submit`) {
      outcomes.push(call);
      return jsonResponse({ message: 'stop here' }, 409);
    }
    return jsonResponse({ message: 'unexpected' }, 404);
  });
  renderWithProviders(<WpqOutcomeForm record={examined} />);
  return outcomes;
}

describe("WpqOutcomeForm: the assessor's outcome", () => {
  it('asks for the award date with Approved: today by default, only days from submission to today, and sends the day given', async () => {
    const outcomes = show();
    await userEvent.click(screen.getByRole('radio', { name: 'Not approved' }));
    expect(screen.queryByLabelText(/Award date/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Approved' }));
    const field = screen.getByLabelText(/Award date/);
    expect(field).toHaveValue('22-Nov-2026');
    for (const typed of ['01/10/2026', '23/11/2026']) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.blur(field);
      expect(field).toHaveValue('22-Nov-2026');
    }
    fireEvent.change(field, { target: { value: '03/11/2026' } });
    fireEvent.blur(field);
    await userEvent.click(screen.getByRole('button', { name: 'Record the outcome' }));
    await waitFor(() => expect(outcomes).toHaveLength(1));
    expect(outcomes[0]!.body).toEqual({ welderQualificationApproved: true, programAssessorNotes: '', awardedOn: '2026-11-03' });
  });

  it('sends no award date when not approved', async () => {
    const outcomes = show();
    await userEvent.click(screen.getByRole('radio', { name: 'Not approved' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Assessor notes/ }), 'Porosity over the limit');
    await userEvent.click(screen.getByRole('button', { name: 'Record the outcome' }));
    await waitFor(() => expect(outcomes).toHaveLength(1));
    expect(outcomes[0]!.body).toEqual({ welderQualificationApproved: false, programAssessorNotes: 'Porosity over the limit' });
  });

  it("shows the server's award date message under the field", async () => {
    const outcomes: RecordedCall[] = [];
    stubFetch((call) => {
      outcomes.push(call);
      return jsonResponse({ message: AWARD_MESSAGES.awardedOnFuture, fieldErrors: { awardedOn: AWARD_MESSAGES.awardedOnFuture } }, 400);
    });
    renderWithProviders(<WpqOutcomeForm record={examined} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Approved' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record the outcome' }));
    expect((await screen.findAllByText(AWARD_MESSAGES.awardedOnFuture)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/Award date/)).toHaveAttribute('aria-invalid', 'true');
  });
});
