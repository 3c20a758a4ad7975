import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES, type ReviewState } from '@certs/shared/review/review.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ApplicantReviewSection } from './applicant-review-section';

const failed: ReviewState = {
  applicationStatus: 'Failed',
  resultRecordedOn: '2026-11-20T01:00:00.000Z',
  windowClosesOn: '2026-12-20',
  cannotAskBecause: null,
  modules: [{ id: '0b6f3c9e-1d2a-4c5b-9e8f-1a2b3c4d5e6f', moduleCode: 'AIC-P1', moduleTitle: 'Piping', result: 'Fail', resultPercentage: 58, reviewAllowed: true }],
  reviews: [],
  canDecide: false,
  cannotDecideBecause: null,
  awardDateRange: null,
};

function renderWith(state: ReviewState) {
  const { calls } = stubFetch(() => jsonResponse(state));
  renderWithProviders(<ApplicantReviewSection type="aicipapplication" applicationId="app-1" onOpenFile={vi.fn()} />);
  return calls;
}

describe('ApplicantReviewSection', () => {
  it('offers a review until the last day of the window', async () => {
    renderWith(failed);
    expect(await screen.findByRole('button', { name: 'Ask for a review' })).toBeInTheDocument();
    expect(screen.getByText(/you may ask for a review until 20-Dec-2026/)).toBeInTheDocument();
  });

  it('says when the window closed, with no way to ask', async () => {
    renderWith({ ...failed, cannotAskBecause: 'The review window closed on 20-Dec-2026' });
    expect(await screen.findByText('The review window closed on 20-Dec-2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for a review' })).not.toBeInTheDocument();
  });

  it('shows nothing on a result no module of which may be reviewed', async () => {
    const calls = renderWith({ ...failed, cannotAskBecause: REVIEW_MESSAGES.noModuleAllowsReview });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Review of your result' })).not.toBeInTheDocument();
  });

  it('reads a review decided through a partly upheld appeal as partly upheld, with the module it passed', async () => {
    const decided = {
      id: 'r1', status: 'partly_upheld', reason: 'P1 was marked against the wrong code.', files: [], askedOn: '2026-11-21T01:00:00.000Z',
      decisionNote: 'Question 7 remarked.', decidedOn: '2026-11-25T01:00:00.000Z', decidedBy: null, changedResults: [{ moduleCode: 'AIC-P1', fromResult: 'Fail', fromPercentage: 58 }],
    } satisfies ReviewState['reviews'][number];
    renderWith({ ...failed, cannotAskBecause: REVIEW_MESSAGES.alreadyReviewed, reviews: [decided] });
    expect(await screen.findByText('Partly upheld')).toBeInTheDocument();
    expect(screen.getByText('Passed on review: AIC-P1 (was Fail 58%)')).toBeInTheDocument();
  });
});

