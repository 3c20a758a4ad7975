import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EXAM_MESSAGES, type QuestionInstanceUpdate } from '@certs/shared/exam/exam.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EXAM_ID, OPT, Q, exam, question, timer } from '../model/exam-test-data';
import { ExamSitting } from './exam-sitting';

const paths = { list: '/student/examinations', review: (id: string) => `/student/examinations/trial/${id}/review` };

function serverFor(options: { failFirstLoad?: boolean; sessionConflict?: boolean } = {}) {
  let loads = 0;
  let claims = 0;
  const updates: QuestionInstanceUpdate[] = [];
  const now = Date.now();
  const liveTimer = timer({
    startedOn: new Date(now - 60_000).toISOString(),
    deadline: new Date(now + 29 * 60_000).toISOString(),
    canSubmitFrom: new Date(now + 9 * 60_000).toISOString(),
    serverTime: now,
  });
  const stub = stubFetch(async (call) => {
    if (call.url.startsWith('/api/launchexam/servertime')) return jsonResponse({ serverTime: Date.now() });
    if (call.url === `/api/trialexaminstance/${EXAM_ID}`) {
      loads += 1;
      if (options.failFirstLoad && loads === 1) return jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' }, 500);
      return jsonResponse(exam([question(Q.single, { canUploadAnswerPaper: false }), question(Q.multiple), question(Q.blank), question(Q.descriptive)], { timer: liveTimer }));
    }
    if (call.url === '/api/isexaminprogress') {
      claims += 1;
      const body = call.body as { takeOver?: boolean };
      if (options.sessionConflict && !body.takeOver) return jsonResponse({ statusCode: 409, error: 'Conflict', message: EXAM_MESSAGES.openElsewhere }, 409);
      return jsonResponse({ isExamInProgress: true, sessionId: 'x', isTakenOver: !!body.takeOver, timer: liveTimer });
    }
    if (call.url === '/api/remainingtime') return jsonResponse(liveTimer);
    if (call.url === '/api/updateInstances') {
      const body = call.body as { updates: QuestionInstanceUpdate[] };
      updates.push(...body.updates);
      return jsonResponse({ results: body.updates.map((u) => ({ questionInstanceId: u.questionInstanceId, sequence: u.sequence, outcome: 'applied', isAnswered: (u.answerOptionGivenByUser?.length ?? 0) > 0 || !!u.answerValueGivenByUser?.trim() })), timer: liveTimer });
    }
    return jsonResponse({ message: `unexpected ${call.url}` }, 404);
  });
  return { ...stub, updates, claims: () => claims };
}

describe('the exam screen', () => {
  it('shows the spec’s alert when the questions cannot be loaded, and Retry loads them', async () => {
    serverFor({ failFirstLoad: true });
    const user = userEvent.setup();
    renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    expect(await screen.findByText(EXAM_MESSAGES.loadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 4' })).toBeInTheDocument();
  });

  it('answers one question at a time, sends a sequenced update on leaving it, and shows each status in the palette', async () => {
    const server = serverFor();
    const user = userEvent.setup();
    renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    await user.click(screen.getByRole('radio', { name: 'GTAW' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 4' })).toBeInTheDocument();
    await waitFor(() => expect(server.updates).toHaveLength(1));
    expect(server.updates[0]).toMatchObject({ questionInstanceId: Q.single, sequence: 1, numOfAttempts: 1, answerOptionGivenByUser: [OPT.b], isAttempted: true, isMarked: false });
    expect(server.updates[0]).not.toHaveProperty('answerValueGivenByUser');
    await user.click(screen.getByRole('switch', { name: 'Mark for review' }));
    const palette = screen.getByRole('navigation', { name: 'Questions' });
    await user.click(within(palette).getByRole('button', { name: /^Question 4:/ }));
    expect(await screen.findByRole('heading', { name: 'Question 4 of 4' })).toBeInTheDocument();
    expect(within(palette).getByRole('button', { name: 'Question 1: Answered' })).toBeInTheDocument();
    expect(within(palette).getByRole('button', { name: 'Question 2: Pending, marked for review' })).toBeInTheDocument();
    expect(within(palette).getByRole('button', { name: 'Question 3: Unattempted' })).toBeInTheDocument();
    expect(within(palette).getByRole('button', { name: /^Question 4:/ })).toHaveAttribute('aria-current', 'step');
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('All answers saved'));
  });

  it('keeps Submit disabled before the minimum time and says why', async () => {
    serverFor();
    renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    expect(screen.getByRole('button', { name: 'Submit exam' })).toBeDisabled();
    expect(screen.getByTestId('submit-wait')).toHaveTextContent(`${EXAM_MESSAGES.minimumTime}: you can submit in 9 minutes`);
    // The visible timer is not a live region; the minutes are announced apart from it.
    expect(screen.getByRole('timer')).toHaveAttribute('aria-live', 'off');
    expect(screen.getByTestId('exam-time-announcement')).toHaveTextContent('29 minutes remaining');
  });

  it('asks before taking the exam over from another window', async () => {
    const server = serverFor({ sessionConflict: true });
    const user = userEvent.setup();
    renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    expect(await screen.findByText('This exam is open in another window. Continue here?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue here' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 4' })).toBeInTheDocument();
    expect(server.claims()).toBe(2);
  });
});
