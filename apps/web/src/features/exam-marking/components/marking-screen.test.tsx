import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EXAM_MESSAGES, type ExamMarking } from '@certs/shared/exam/exam.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MARKS_MESSAGES, marksErrors, toVerifyMarksRequest } from '../forms/marks-form.values';
import { CORRECTION_MESSAGES, MarkingScreen } from './marking-screen';

const ID = '40000000-0000-4000-8000-000000000001';
const DESCRIPTIVE = '40000000-0000-4000-8000-0000000000d1';
const SINGLE = '40000000-0000-4000-8000-0000000000a1';

const marking: ExamMarking = {
  id: ID,
  status: 'Submitted',
  title: 'IWI-M1 module exam',
  applicantName: 'Ari Applicant',
  applicationNumber: 'Q-000012',
  applicationModuleId: '40000000-0000-4000-8000-0000000000b1',
  moduleCode: 'IWI-M1',
  moduleTitle: 'Welding processes',
  passPercentage: 60,
  totalMarks: 12,
  submittedOn: '2026-03-02T01:00:00.000Z',
  score: null,
  percentage: null,
  result: null,
  markedOn: null,
  isMarkingComplete: false,
  questions: [
    {
      id: SINGLE,
      order: 1,
      sectionTitle: 'Welding processes',
      questionType: 'General Single Answer',
      content: '<p>Which process uses a flux-coated electrode?</p>',
      maxMarks: 2,
      actualMarks: 2,
      needsExaminer: false,
      isAnswered: true,
      answerValueGivenByUser: '',
      options: [{ id: 'o1', option: 'MMAW', order: 1, correctAnswer: true }],
      answerOptionGivenByUser: ['o1'],
      answerPapers: [],
      markedOn: null,
    },
    {
      id: DESCRIPTIVE,
      order: 2,
      sectionTitle: 'Health and safety',
      questionType: 'Descriptive',
      content: '<p>Describe the controls for confined spaces.</p>',
      maxMarks: 10,
      actualMarks: null,
      needsExaminer: true,
      isAnswered: true,
      answerValueGivenByUser: 'Permit to work, gas testing, a standby person.',
      options: [],
      answerOptionGivenByUser: [],
      answerPapers: [],
      markedOn: null,
    },
  ],
};

describe('the marks form', () => {
  it('takes marks from 0 up to the question’s marks with at most two decimals, and all of them to complete', () => {
    expect(marksErrors(marking, { [DESCRIPTIVE]: '' }, false)).toEqual({});
    expect(marksErrors(marking, { [DESCRIPTIVE]: '' }, true)).toEqual({ [DESCRIPTIVE]: MARKS_MESSAGES.required });
    expect(marksErrors(marking, { [DESCRIPTIVE]: 10.5 }, true)).toEqual({ [DESCRIPTIVE]: EXAM_MESSAGES.marksOver(10) });
    expect(marksErrors(marking, { [DESCRIPTIVE]: 7.125 }, true)).toEqual({ [DESCRIPTIVE]: EXAM_MESSAGES.marksDecimals });
    expect(marksErrors(marking, { [DESCRIPTIVE]: 7.25 }, true)).toEqual({});
    expect(toVerifyMarksRequest(marking, { [DESCRIPTIVE]: 7.25 })).toEqual({ marks: [{ questionInstanceId: DESCRIPTIVE, actualMarks: 7.25 }] });
    expect(toVerifyMarksRequest(marking, { [DESCRIPTIVE]: '' })).toBeNull();
  });
});

describe('the marking screen', () => {
  it('shows the descriptive answer, refuses marks over the maximum, and completes with the percentage and the result', async () => {
    const { calls } = stubFetch(async (call) => {
      if (call.url === `/api/moduleexaminstance/${ID}/marking`) return jsonResponse(marking);
      if (call.url === `/api/moduleexaminstance/${ID}/verifymarks`) {
        return jsonResponse({
          ...marking,
          score: 9.5,
          percentage: 79.17,
          result: 'Pass',
          markedOn: '2026-03-02T02:00:00.000Z',
          isMarkingComplete: true,
          questions: marking.questions.map((q) => (q.id === DESCRIPTIVE ? { ...q, actualMarks: 7.5 } : q)),
        });
      }
      return jsonResponse({ message: 'unexpected' }, 404);
    });
    const user = userEvent.setup();
    renderWithProviders(<MarkingScreen id={ID} />);
    expect(await screen.findByText('Permit to work, gas testing, a standby person.')).toBeInTheDocument();
    expect(screen.getByText(/Marked automatically/)).toHaveTextContent('Marked automatically: 2 of 2');
    await user.click(screen.getByRole('button', { name: 'Complete marking' }));
    expect(await screen.findByText(MARKS_MESSAGES.required)).toBeInTheDocument();
    const input = screen.getByLabelText('Marks for question 2 (out of 10)');
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Complete marking' }));
    expect(await screen.findByText(EXAM_MESSAGES.marksOver(10))).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/verifymarks'))).toBe(false);
    await user.clear(input);
    await user.type(input, '7.5');
    await user.click(screen.getByRole('button', { name: 'Complete marking' }));
    // Asked once before the marks become final (issue 21).
    const dialog = await screen.findByRole('dialog', { name: 'Complete marking?' });
    expect(calls.some((call) => call.url.endsWith('/verifymarks'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(calls.find((call) => call.url.endsWith('/verifymarks'))?.body).toEqual({ marks: [{ questionInstanceId: DESCRIPTIVE, actualMarks: 7.5 }] }));
    expect(await screen.findByTestId('marking-result')).toHaveTextContent('79.17% against the module’s pass percentage of 60%');
    expect(screen.getByText('Result: Pass')).toBeInTheDocument();
    // Then read-only, with the status Marked.
    expect(screen.queryByLabelText('Marks for question 2 (out of 10)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete marking' })).not.toBeInTheDocument();
    expect(screen.getByText('Marked')).toBeInTheDocument();
  });

  it('shows complete marks read-only; a correction needs a reason, which is sent with the marks', async () => {
    const complete: ExamMarking = {
      ...marking,
      score: 9.5,
      percentage: 79.17,
      result: 'Pass',
      markedOn: '2026-03-02T02:00:00.000Z',
      isMarkingComplete: true,
      questions: marking.questions.map((q) => (q.id === DESCRIPTIVE ? { ...q, actualMarks: 7.5 } : q)),
    };
    const { calls } = stubFetch(async (call) => {
      if (call.url === `/api/moduleexaminstance/${ID}/marking`) return jsonResponse(complete);
      if (call.url === `/api/moduleexaminstance/${ID}/verifymarks`) {
        return jsonResponse({ ...complete, score: 8, percentage: 66.67, markedOn: '2026-03-03T02:00:00.000Z', questions: complete.questions.map((q) => (q.id === DESCRIPTIVE ? { ...q, actualMarks: 6 } : q)) });
      }
      return jsonResponse({ message: 'unexpected' }, 404);
    });
    const user = userEvent.setup();
    renderWithProviders(<MarkingScreen id={ID} />);
    expect(await screen.findByText('Marked')).toBeInTheDocument();
    expect(screen.getByText(/Marks given/)).toHaveTextContent('Marks given: 7.5 of 10');
    expect(screen.queryByRole('button', { name: 'Save marks' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Correct the marks' }));
    const input = screen.getByLabelText('Marks for question 2 (out of 10)');
    await user.clear(input);
    await user.type(input, '6');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByText(CORRECTION_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/verifymarks'))).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /Reason for the correction/ }), 'Re-read against the marking guide');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/verifymarks'))?.body).toEqual({ marks: [{ questionInstanceId: DESCRIPTIVE, actualMarks: 6 }], correctionReason: 'Re-read against the marking guide' }),
    );
    expect(await screen.findByText(/Marks given/)).toHaveTextContent('Marks given: 6 of 10');
  });

  it('corrects an automatic mark too, on a sitting with no descriptive question (issue 21 item 5)', async () => {
    const automatic: ExamMarking = {
      ...marking,
      totalMarks: 2,
      score: 2,
      percentage: 100,
      result: 'Pass',
      markedOn: '2026-03-02T02:00:00.000Z',
      isMarkingComplete: true,
      questions: marking.questions.filter((q) => q.id === SINGLE),
    };
    const { calls } = stubFetch(async (call) => {
      if (call.url === `/api/moduleexaminstance/${ID}/marking`) return jsonResponse(automatic);
      if (call.url === `/api/moduleexaminstance/${ID}/verifymarks`) {
        return jsonResponse({ ...automatic, score: 0, percentage: 0, result: 'Fail', questions: automatic.questions.map((q) => ({ ...q, actualMarks: 0 })) });
      }
      return jsonResponse({ message: 'unexpected' }, 404);
    });
    const user = userEvent.setup();
    renderWithProviders(<MarkingScreen id={ID} />);
    expect(await screen.findByText(/Marked automatically/)).toHaveTextContent('Marked automatically: 2 of 2');
    await user.click(screen.getByRole('button', { name: 'Correct the marks' }));
    const input = screen.getByLabelText('Marks for question 1 (out of 2)');
    expect(input).toHaveValue('2');
    await user.type(screen.getByRole('textbox', { name: /Reason for the correction/ }), 'The key of question 1 was wrong');
    // Nothing changed: nothing is sent, and the screen says why.
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByText(CORRECTION_MESSAGES.nothingChanged)).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/verifymarks'))).toBe(false);
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/verifymarks'))?.body).toEqual({ marks: [{ questionInstanceId: SINGLE, actualMarks: 0 }], correctionReason: 'The key of question 1 was wrong' }),
    );
  });
});

describe('the way to the sitting review (issue 45 item 12)', () => {
  it("links the marking screen to the sitting's recording and events", async () => {
    stubFetch(async (call) => (call.url === `/api/moduleexaminstance/${ID}/marking` ? jsonResponse(marking) : jsonResponse({ message: 'unexpected' }, 404)));
    renderWithProviders(<MarkingScreen id={ID} reviewHref={(examInstanceId) => `/admin/invigilation/review/${examInstanceId}`} />);
    expect(await screen.findByRole('link', { name: 'Sitting review' })).toHaveAttribute('href', `/admin/invigilation/review/${ID}`);
  });
});
