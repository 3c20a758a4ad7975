import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_BUSY } from '@certs/shared/common/api-error';
import { EXAM_MESSAGES, type QuestionInstanceUpdate } from '@certs/shared/exam/exam.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EXAM_ID, OPT, Q, exam, question, timer } from '../model/exam-test-data';
import { clearSession, getSession, saveSession } from '../../../lib/auth';
import { lockManager } from '../../../test/lock-manager';
import { applicant } from '../../../test/session-fixtures';
import { readExamCopy } from '../model/exam-copy';
import { holderKeyOf, storageKeyOf } from '../model/exam-progress';
import { ExamSitting } from './exam-sitting';
import { LaunchExam } from './launch-exam';

const paths = { list: '/student/examinations', review: (id: string) => `/student/examinations/trial/${id}/review` };

function serverFor(options: { busyLaunches?: number; failFirstLoad?: boolean; sessionConflict?: boolean; refuseLoad?: boolean; refuseAnswer?: string; answeredElsewhere?: boolean; examType?: 'trial' | 'module'; launchHolds?: boolean } = {}) {
  const examType = options.examType ?? 'trial';
  let submits = 0;
  let loads = 0;
  /** No network: every request fails as fetch does offline. */
  let isOffline = false;
  let claims = 0;
  let launches = 0;
  const sessionIds: string[] = [];
  const launchSessionIds: string[] = [];
  const updateSessionIds: string[] = [];
  const updates: QuestionInstanceUpdate[] = [];
  const now = Date.now();
  const liveTimer = timer({
    startedOn: new Date(now - 60_000).toISOString(),
    deadline: new Date(now + 29 * 60_000).toISOString(),
    // A module exam's minimum time; a trial has none (issue 21).
    canSubmitFrom: new Date(examType === 'trial' ? now - 60_000 : now + 9 * 60_000).toISOString(),
    serverTime: now,
    examType,
  });
  /** The sitting as the server sends it (launch or read), its first question as given. */
  const sitting = (first = question(Q.single)) => exam([first, question(Q.multiple), question(Q.blank), question(Q.descriptive)], { timer: liveTimer, examType });
  const stub = stubFetch(async (call) => {
    if (isOffline) throw new TypeError('Failed to fetch');
    if (call.url === '/api/launchexam/inittrial') {
      launches += 1;
      // Too busy for the first launches: the server's own answer, asking to come back in a second.
      if (launches <= (options.busyLaunches ?? 0)) {
        return new Response(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: SERVER_BUSY.message }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '1' },
        });
      }
      // The server holds the sitting for the launching page's session, unless another session holds it.
      const { sessionId } = call.body as { sessionId?: string };
      if (sessionId) launchSessionIds.push(sessionId);
      const holds = options.launchHolds && sessionId && !options.sessionConflict;
      return jsonResponse(holds ? { ...sitting(), session: { isExamInProgress: true, sessionId, isTakenOver: false, timer: liveTimer } } : sitting());
    }
    if (call.url.startsWith('/api/launchexam/servertime')) return jsonResponse({ serverTime: Date.now() });
    if (call.url === `/api/${examType}examinstance/${EXAM_ID}/submit`) {
      submits += 1;
      return jsonResponse({ id: EXAM_ID, examType, status: 'Submitted', submittedOn: new Date().toISOString(), submittedHow: 'candidate', marksReleased: examType === 'trial', score: null, totalMarks: 10, percentage: null });
    }
    if (call.url === `/api/${examType}examinstance/${EXAM_ID}`) {
      loads += 1;
      if (options.refuseLoad) return jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'This exam is not yours' }, 403);
      if (options.failFirstLoad && loads === 1) return jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' }, 500);
      // The other window answered question 1 after this page first read the sitting.
      const first = options.answeredElsewhere && loads > 1 ? question(Q.single, { lastSequence: 2, answerOptionGivenByUser: [OPT.a], isAnswered: true, isAttempted: true, numOfAttempts: 2 }) : question(Q.single);
      return jsonResponse(sitting(first));
    }
    if (call.url === '/api/isexaminprogress') {
      claims += 1;
      const body = call.body as { takeOver?: boolean; sessionId: string };
      sessionIds.push(body.sessionId);
      if (options.sessionConflict && !body.takeOver) return jsonResponse({ statusCode: 409, error: 'Conflict', message: EXAM_MESSAGES.openElsewhere }, 409);
      return jsonResponse({ isExamInProgress: true, sessionId: 'x', isTakenOver: !!body.takeOver, timer: liveTimer });
    }
    if (call.url === '/api/remainingtime') return jsonResponse(liveTimer);
    if (call.url === '/api/updateInstances') {
      const body = call.body as { updates: QuestionInstanceUpdate[]; sessionId: string };
      if (options.refuseAnswer && body.updates.some((u) => u.answerValueGivenByUser === options.refuseAnswer)) {
        return jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'Invalid answer' }, 400);
      }
      updates.push(...body.updates);
      updateSessionIds.push(body.sessionId);
      return jsonResponse({ results: body.updates.map((u) => ({ questionInstanceId: u.questionInstanceId, sequence: u.sequence, outcome: 'applied', isAnswered: (u.answerOptionGivenByUser?.length ?? 0) > 0 || !!u.answerValueGivenByUser?.trim() })), timer: liveTimer });
    }
    return jsonResponse({ message: `unexpected ${call.url}` }, 404);
  });
  return {
    ...stub,
    updates,
    loads: () => loads,
    claims: () => claims,
    launches: () => launches,
    submits: () => submits,
    sessionIds: () => sessionIds,
    launchSessionIds: () => launchSessionIds,
    updateSessionIds: () => updateSessionIds,
    setOffline: (value: boolean) => {
      isOffline = value;
    },
  };
}

/** The browser's own offline and online events, as it fires them when the network goes and returns. */
function fireNetwork(name: 'offline' | 'online') {
  act(() => {
    window.dispatchEvent(new Event(name));
  });
}

/** The launch URL, which opens the exam screen once the launch answered. */
function renderLaunch() {
  return renderWithProviders(null, {
    route: '/student/examinations/start/trial/test-1',
    routes: [
      { path: '/student/examinations/start/trial/test-1', element: <LaunchExam examType="trial" referenceId="test-1" sittingPath={(type, id) => `/student/examinations/${type}/${id}`} listHref={paths.list} /> },
      { path: `/student/examinations/trial/${EXAM_ID}`, element: <ExamSitting examType="trial" id={EXAM_ID} paths={paths} /> },
    ],
  });
}

describe('the exam screen', () => {
  afterEach(() => {
    clearSession('logout');
    vi.restoreAllMocks();
  });

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

  it('keeps Submit of a module exam disabled before the minimum time and says why', async () => {
    serverFor({ examType: 'module' });
    renderWithProviders(<ExamSitting examType="module" id={EXAM_ID} paths={paths} />);
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    expect(screen.getByRole('button', { name: 'Submit exam' })).toBeDisabled();
    expect(screen.getByTestId('submit-wait')).toHaveTextContent(`${EXAM_MESSAGES.minimumTime}: you can submit in 9 minutes`);
    // The visible timer is not a live region; the minutes are announced apart from it.
    expect(screen.getByRole('timer')).toHaveAttribute('aria-live', 'off');
    expect(screen.getByTestId('exam-time-announcement')).toHaveTextContent('29 minutes remaining');
  });

  it('lets a trial be ended at any time, after a confirmation, then leads to its review (issue 21)', async () => {
    const server = serverFor();
    const user = userEvent.setup();
    const sittingPath = `/student/examinations/trial/${EXAM_ID}`;
    renderWithProviders(null, {
      route: sittingPath,
      routes: [
        { path: sittingPath, element: <ExamSitting examType="trial" id={EXAM_ID} paths={paths} /> },
        { path: paths.review(EXAM_ID), element: <p>The trial review</p> },
      ],
    });
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    expect(screen.queryByTestId('submit-wait')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End trial exam' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this trial exam?' });
    // Keeping on answering is one click away; nothing is sent until the candidate confirms.
    expect(server.submits()).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'End trial' }));
    expect(await screen.findByText('The trial review')).toBeInTheDocument();
    expect(server.submits()).toBe(1);
  });

  it('opens the sitting from the launch’s answer without reading it again (issue 22: one round trip fewer before the first question)', async () => {
    saveSession({ jwt: 'token', user: applicant });
    const server = serverFor();
    renderLaunch();
    expect(await screen.findByRole('heading', { name: 'Question 1 of 4' })).toBeInTheDocument();
    expect(server.calls.map((call) => call.url)).toContain('/api/launchexam/inittrial');
    expect(server.loads()).toBe(0);
    // Kept on the device as a read would be, for an offline reload.
    expect(readExamCopy(window.localStorage, applicant.id, 'trial', EXAM_ID)?.exam.id).toBe(EXAM_ID);
  });

  it('says the candidate’s time has not started while the server answers the launch busy, and opens the exam by itself once it has room (issue 22)', async () => {
    const server = serverFor({ busyLaunches: 1, launchHolds: true });
    renderLaunch();
    const notice = await screen.findByTestId('exam-launch-busy');
    expect(notice).toHaveTextContent('Many candidates are starting at the same time');
    expect(notice).toHaveTextContent('Your exam time has not started');
    expect(screen.getByText('Starting the exam…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', paths.list);
    // The page asks again after the server's Retry-After (1 to 2 s here), with no click.
    expect(await screen.findByRole('heading', { name: 'Question 1 of 4' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(server.launches()).toBe(2);
    expect(screen.queryByTestId('exam-launch-busy')).not.toBeInTheDocument();
  });

  it('needs no claim of its own after a launch that held the sitting for this page’s session, and saves as that session (issue 22)', async () => {
    saveSession({ jwt: 'token', user: applicant });
    const server = serverFor({ launchHolds: true });
    const user = userEvent.setup();
    renderLaunch();
    expect(await screen.findByRole('heading', { name: 'Question 1 of 4' })).toBeInTheDocument();
    expect(server.claims()).toBe(0);
    const [launchedWith] = server.launchSessionIds();
    expect(launchedWith).toMatch(/.{8,}/);
    await user.click(screen.getByRole('radio', { name: 'GTAW' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(server.updates).toHaveLength(1));
    expect(server.updateSessionIds()).toEqual([launchedWith]);
  });

  it('claims the sitting itself when the launch could not hold it, and asks before taking it from another window', async () => {
    saveSession({ jwt: 'token', user: applicant });
    const server = serverFor({ launchHolds: true, sessionConflict: true });
    renderLaunch();
    expect(await screen.findByText('This exam is open in another window. Continue here?')).toBeInTheDocument();
    expect(server.claims()).toBe(1);
    expect(server.sessionIds()).toEqual(server.launchSessionIds());
  });

  it('asks before taking the exam over from another window, then reads the sitting again so the other window’s answers are not overwritten', async () => {
    const server = serverFor({ sessionConflict: true, answeredElsewhere: true });
    const user = userEvent.setup();
    renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    expect(await screen.findByText('This exam is open in another window. Continue here?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue here' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 4' })).toBeInTheDocument();
    expect(server.claims()).toBe(2);
    expect(screen.getByRole('radio', { name: 'MMAW' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(server.updates).toHaveLength(1));
    expect(server.updates[0]).toMatchObject({ questionInstanceId: Q.single, sequence: 3, answerOptionGivenByUser: [OPT.a], numOfAttempts: 3 });
  });

  it('after a reload without a network, shows the exam from the device’s copy with its waiting answers, keeps the user signed in, and sends them once when the server answers again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveSession({ jwt: 'token', user: applicant });
    const server = serverFor();
    const user = userEvent.setup();
    const first = renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    await user.click(screen.getByRole('radio', { name: 'GTAW' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(server.updates).toHaveLength(1));

    // The network goes; one more answer waits in the browser; the page is reloaded.
    server.setOffline(true);
    fireNetwork('offline');
    await user.click(screen.getByRole('checkbox', { name: 'Crack' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Question 3 of 4' });
    expect(screen.getByTestId('save-status')).toHaveTextContent('Connection lost: 1 answer waiting');
    first.unmount();
    renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);

    expect(await screen.findByRole('heading', { name: 'Question 3 of 4' })).toBeInTheDocument();
    expect(screen.getByTestId('exam-offline')).toHaveTextContent('The exam is shown from the copy kept on this device');
    expect(screen.getByTestId('save-status')).toHaveTextContent('Connection lost: 1 answer waiting');
    const palette = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(palette).getByRole('button', { name: 'Question 1: Answered' })).toBeInTheDocument();
    expect(within(palette).getByRole('button', { name: 'Question 2: Answered' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^2[89]:\d\d$/);
    // No answer from the server is no reason to sign the candidate out.
    expect(getSession()?.user.id).toBe(applicant.id);

    // Answered after the reload, still offline: it joins the same queue, and nothing is sent.
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'fillet');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Question 4 of 4' });
    expect(screen.getByTestId('save-status')).toHaveTextContent('Connection lost: 2 answers waiting');
    expect(server.updates).toHaveLength(1);

    // The network returns: the sitting opens again from the server and each waiting answer goes once, in order.
    server.setOffline(false);
    fireNetwork('online');
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('All answers saved'));
    expect(screen.queryByTestId('exam-offline')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Question 4 of 4' })).toBeInTheDocument();
    expect(server.updates.map((u) => [u.questionInstanceId, u.sequence])).toEqual([
      [Q.single, 1],
      [Q.multiple, 1],
      [Q.blank, 1],
    ]);
    expect(server.updates[1]).toMatchObject({ answerOptionGivenByUser: [OPT.c], numOfAttempts: 1 });
    expect(server.updates[2]).toMatchObject({ answerValueGivenByUser: 'fillet', numOfAttempts: 1 });
  });

  it('shows the server’s refusal rather than the device’s copy when the server answers', async () => {
    saveSession({ jwt: 'token', user: applicant });
    serverFor();
    const first = renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    expect(readExamCopy(window.localStorage, applicant.id, 'trial', EXAM_ID)).not.toBeNull();
    first.unmount();
    serverFor({ refuseLoad: true });
    renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    expect(await screen.findByText(EXAM_MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('This exam is not yours')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Question 1 of 4' })).not.toBeInTheDocument();
  });

  it('holds the sitting in the session kept in this tab’s sessionStorage: a reload of the tab keeps it, with nothing to confirm', async () => {
    const server = serverFor();
    const first = renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    const [held] = server.sessionIds();
    expect(held).toMatch(/.{8,}/);
    first.unmount();
    renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    expect(server.sessionIds()).toEqual([held, held]);
  });

  it('says which answer the server refused, goes on saving the others, and saves a new answer to that question', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = serverFor({ refuseAnswer: 'refused by the server' });
    const user = userEvent.setup();
    renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    const palette = screen.getByRole('navigation', { name: 'Questions' });
    await user.click(within(palette).getByRole('button', { name: /^Question 3:/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'refused by the server');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('The answer to question 3 was not saved (Invalid answer). Saving is tried again every minute.'));
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Lack of fusion');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(server.updates.map((u) => u.questionInstanceId)).toContain(Q.descriptive));
    expect(screen.getByTestId('save-status')).toHaveTextContent('The answer to question 3 was not saved');
    await user.clear(screen.getByRole('textbox', { name: 'Your answer' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'undercut');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('All answers saved'));
    expect(server.updates.filter((u) => u.questionInstanceId === Q.blank).map((u) => u.answerValueGivenByUser)).toEqual(['undercut']);
  });

  it('opened offline from the device’s copy while another tab of this browser holds the sitting, says so and takes no answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveSession({ jwt: 'token', user: applicant });
    const server = serverFor();
    const first = renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    first.unmount();
    // Another tab took the sitting over; then the network went and this page was reloaded.
    window.localStorage.setItem(holderKeyOf(EXAM_ID), JSON.stringify({ sessionId: 'another-tab-session', claimedAt: Date.now() + 1_000 }));
    const storedBefore = window.localStorage.getItem(storageKeyOf(EXAM_ID));
    server.setOffline(true);
    renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
    expect(await screen.findByText('This exam continues in another window')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'GTAW' })).toBeDisabled();
    expect(screen.getByTestId('save-status')).toHaveTextContent('Nothing more is saved in this window');
    expect(window.localStorage.getItem(storageKeyOf(EXAM_ID))).toBe(storedBefore);
  });

  it('opened offline from the device’s copy after the tab that held the sitting was closed, takes the answers as before', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    Object.defineProperty(window.navigator, 'locks', { value: lockManager(), configurable: true });
    try {
      saveSession({ jwt: 'token', user: applicant });
      const server = serverFor();
      const first = renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
      await screen.findByRole('heading', { name: 'Question 1 of 4' });
      first.unmount();
      // The tab that held the sitting was closed (its lock went with it); the network is gone; a new tab opens the exam.
      window.localStorage.setItem(holderKeyOf(EXAM_ID), JSON.stringify({ sessionId: 'closed-tab-session', claimedAt: Date.now() }));
      window.sessionStorage.clear();
      server.setOffline(true);
      const user = userEvent.setup();
      renderWithProviders(<ExamSitting examType="trial" id={EXAM_ID} paths={paths} />);
      expect(await screen.findByTestId('exam-offline')).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'GTAW' }));
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByTestId('save-status')).toHaveTextContent('Connection lost: 1 answer waiting');
      expect(screen.queryByText('This exam continues in another window')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window.navigator, 'locks');
    }
  });
});
