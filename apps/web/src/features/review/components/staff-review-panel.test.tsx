import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewState } from '@certs/shared/review/review.contract';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { StaffReviewPanel } from './staff-review-panel';

const M1 = '0b6f3c9e-1d2a-4c5b-9e8f-1a2b3c4d5e6f';
const M2 = '7c8d9e0f-2a3b-4c5d-8e9f-0a1b2c3d4e5f';

const open: ReviewState = {
  applicationStatus: 'Applied for review',
  resultRecordedOn: '2026-11-20T01:00:00.000Z',
  windowClosesOn: '2026-12-20',
  cannotAskBecause: 'A review of this result is already open',
  modules: [
    { id: M1, moduleCode: 'AIC-P1', moduleTitle: 'In-service inspection of piping', result: 'Fail', resultPercentage: 58, reviewAllowed: true },
    { id: M2, moduleCode: 'AIC-P2', moduleTitle: 'Damage mechanisms', result: 'Pass', resultPercentage: 80, reviewAllowed: false },
  ],
  reviews: [
    {
      id: 'r-1',
      status: 'open',
      reason: 'Question 12 was marked against the old edition.',
      files: [{ id: 'f-1', resourceKey: 'attachments/f-1.pdf', name: 'extract.pdf', contentType: 'application/pdf', size: 10, createdOn: '2026-11-21T01:00:00.000Z' }],
      askedOn: '2026-11-21T01:00:00.000Z',
      decisionNote: null,
      decidedOn: null,
      decidedBy: null,
      changedResults: [],
    },
  ],
  canDecide: true,
  cannotDecideBecause: null,
  awardDateRange: { earliest: '2026-10-02', latest: '2026-11-22' },
};

const upheld: ReviewState = {
  ...open,
  applicationStatus: 'Awarded',
  canDecide: false,
  awardDateRange: null,
  modules: open.modules.map((module) => ({ ...module, result: 'Pass' })),
  reviews: [{ ...open.reviews[0]!, status: 'upheld', decisionNote: 'Re-marked: 74%.', decidedOn: '2026-11-22T01:00:00.000Z', decidedBy: 'Alex Administrator', changedResults: [{ moduleCode: 'AIC-P1', fromResult: 'Fail', fromPercentage: 58 }] }],
};

describe('StaffReviewPanel', () => {
  it('shows the reason and files, names what is missing before sending, then records the upheld outcome for the chosen module', async () => {
    const decisions: RecordedCall[] = [];
    let state = open;
    stubFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/aicipapplication/app-1/review/decide') {
        decisions.push(call);
        state = upheld;
        return jsonResponse(upheld);
      }
      if (call.url === '/api/aicipapplication/app-1/review') return jsonResponse(state);
      return jsonResponse({ message: 'Not found' }, 404);
    });
    const onOpenFile = vi.fn();
    const onMoved = vi.fn();
    renderWithProviders(<StaffReviewPanel type="aicipapplication" applicationId="app-1" onOpenFile={onOpenFile} onMoved={onMoved} />);
    const user = userEvent.setup();

    expect(await screen.findByText('Question 12 was marked against the old edition.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'extract.pdf' }));
    expect(onOpenFile).toHaveBeenCalledWith('attachments/f-1.pdf');

    await user.click(screen.getByRole('button', { name: 'Record the outcome' }));
    expect(await screen.findByText('Outcome is required')).toBeInTheDocument();
    expect(screen.getByText('Note is required')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Uphold/ }));
    // Only the failed module that allows review can be passed on review.
    expect(screen.queryByRole('checkbox', { name: /AIC-P2/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Note to the applicant/ }), 'Re-marked: 74%.');
    await user.click(screen.getByRole('button', { name: 'Record the outcome' }));
    expect(await screen.findByText('Choose the modules whose result the review changes')).toBeInTheDocument();
    expect(decisions).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /AIC-P1/ }));
    expect(screen.getByRole('checkbox', { name: /AIC-P1/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Record the outcome' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    // Upheld awards: dated today in the awarding body's zone unless staff give the day it was decided.
    expect(decisions[0]!.body).toEqual({ outcome: 'upheld', note: 'Re-marked: 74%.', moduleIds: [M1], awardedOn: '2026-11-22' });
    expect(await screen.findByText('Passed on review: AIC-P1 (was Fail 58%)')).toBeInTheDocument();
    expect(onMoved).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Record the outcome' })).not.toBeInTheDocument();
  });

  it('asks for the award date only when upholding: the days from submission to today, and sends the day given', async () => {
    const decisions: RecordedCall[] = [];
    stubFetch((call) => {
      if (call.method === 'POST') {
        decisions.push(call);
        return jsonResponse(upheld);
      }
      return jsonResponse(open);
    });
    renderWithProviders(<StaffReviewPanel type="aicipapplication" applicationId="app-1" onOpenFile={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^Refuse/ }));
    expect(screen.queryByLabelText(/Award date/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Uphold/ }));
    const field = screen.getByLabelText(/Award date/);
    expect(field).toHaveValue('22-Nov-2026');
    // A day before submission or after today is not taken: the field keeps the last day it could use.
    for (const typed of ['01/10/2026', '23/11/2026']) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.blur(field);
      expect(field).toHaveValue('22-Nov-2026');
    }
    fireEvent.change(field, { target: { value: '03/11/2026' } });
    fireEvent.blur(field);
    expect(field).toHaveValue('03-Nov-2026');
    await user.click(screen.getByRole('checkbox', { name: /AIC-P1/ }));
    await user.type(screen.getByRole('textbox', { name: /Note to the applicant/ }), 'Re-marked.');
    await user.click(screen.getByRole('button', { name: 'Record the outcome' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]!.body).toEqual({ outcome: 'upheld', note: 'Re-marked.', moduleIds: [M1], awardedOn: '2026-11-03' });
  });

  it('sends no award date with a refusal', async () => {
    const decisions: RecordedCall[] = [];
    stubFetch((call) => {
      if (call.method === 'POST') {
        decisions.push(call);
        return jsonResponse({ ...open, applicationStatus: 'Failed', canDecide: false, awardDateRange: null });
      }
      return jsonResponse(open);
    });
    renderWithProviders(<StaffReviewPanel type="aicipapplication" applicationId="app-1" onOpenFile={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^Refuse/ }));
    await user.type(screen.getByRole('textbox', { name: /Note to the applicant/ }), 'Marked correctly.');
    await user.click(screen.getByRole('button', { name: 'Record the outcome' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]!.body).toEqual({ outcome: 'refused', note: 'Marked correctly.', moduleIds: [] });
  });

  it('tells a manager who took part in the result why they may not decide, and offers no form (issue 43)', async () => {
    const because = 'You cannot decide this appeal: you were involved in what is appealed as its examiner';
    stubFetch(() => jsonResponse({ ...open, canDecide: false, cannotDecideBecause: because, awardDateRange: null }));
    renderWithProviders(<StaffReviewPanel type="aicipapplication" applicationId="app-1" onOpenFile={() => {}} />);
    expect(await screen.findByText(because)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record the outcome' })).not.toBeInTheDocument();
  });
});
