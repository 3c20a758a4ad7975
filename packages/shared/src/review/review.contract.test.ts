import { describe, expect, it } from 'vitest';
import { ReviewDecisionRequest, isReviewWindowOpen, reviewWindowClosesOn, windowClosedMessage } from './review.contract';

describe('the review window', () => {
  it('counts Sydney days from the day the result was recorded', () => {
    // 20:00 UTC on 31 January is already 1 February in Sydney (AEDT, +11).
    expect(reviewWindowClosesOn(new Date('2027-01-31T20:00:00Z'), 30)).toBe('2027-03-03');
    expect(reviewWindowClosesOn(new Date('2027-01-31T10:00:00Z'), 30)).toBe('2027-03-02');
  });

  it('is open through its last day and closed the day after', () => {
    expect(isReviewWindowOpen('2027-03-03', '2027-03-03')).toBe(true);
    expect(isReviewWindowOpen('2027-03-03', '2027-03-04')).toBe(false);
    expect(windowClosedMessage('2027-03-03')).toBe('The review window closed on 03-Mar-2027');
  });
});

describe('the decision', () => {
  it('needs the modules that pass when upheld, not when refused', () => {
    const upheld = ReviewDecisionRequest.safeParse({ outcome: 'upheld', note: 'Marking error' });
    expect(upheld.success).toBe(false);
    expect(upheld.error?.issues[0]?.path).toEqual(['moduleIds']);
    expect(ReviewDecisionRequest.safeParse({ outcome: 'refused', note: 'Marked correctly' }).success).toBe(true);
  });
});
