import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExamQualityReport, ExamQualityTest, MyQuestionFlag } from '@certs/shared/exam-quality/exam-quality.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { contributor, superUser } from '../../../test/session-fixtures';
import { ExamQualityScreen, type QualitySelection } from './exam-quality-screen';
import { QuestionQualityFlags, TestQualityFlags } from './question-quality-flags';

const TEST_ID = '00000000-0000-4000-8000-0000000000a1';
const QUESTION_ID = '00000000-0000-4000-8000-0000000000b1';

const test: ExamQualityTest = { id: TEST_ID, title: 'IWI-M1 module exam', testNumber: 2, status: 'published', programCode: 'Q-WELD-INSP', moduleCode: 'IWI-M1', markedSittings: 6 };

const report: ExamQualityReport = {
  test: { id: TEST_ID, title: 'IWI-M1 module exam', testNumber: 2, status: 'published', programCode: 'Q-WELD-INSP', programTitle: 'Welding Inspector', moduleCode: 'IWI-M1', moduleTitle: 'Processes', totalMarks: 4, passPercentage: 50 },
  period: { from: null, to: null, timeZone: 'Australia/Sydney' },
  generatedOn: '2026-12-07T00:00:00.000Z',
  candidates: 6,
  isSmallSample: true,
  summary: { meanScore: 2, meanPercent: 50, standardDeviation: 1.29, lowestPercent: 0, highestPercent: 100, passed: 4, passRate: 0.667, reliabilityMethod: 'KR-20', reliability: 0.533, standardErrorOfMeasurement: 0.88 },
  distribution: Array.from({ length: 10 }, (_, i) => ({ fromPercent: i * 10, toPercent: i * 10 + 10, count: [1, 0, 1, 0, 0, 2, 0, 1, 0, 1][i]! })),
  discriminationMethod: 'Corrected point-biserial (item-rest correlation): each question against the total of the other questions',
  items: [
    {
      questionId: QUESTION_ID,
      questionNumber: 1,
      questionLabel: 'Q-1',
      questionType: 'General Single Answer',
      content: 'Which process uses a stick electrode?',
      sectionTitle: 'Questions',
      maxMarks: 1,
      facility: 0.5,
      discrimination: -0.132,
      options: [
        { optionId: '00000000-0000-4000-8000-0000000000c1', label: 'A', text: 'MMAW', isCorrect: true, count: 3, share: 0.5 },
        { optionId: '00000000-0000-4000-8000-0000000000c2', label: 'B', text: 'Oxy-fuel', isCorrect: false, count: 0, share: 0 },
      ],
      flags: ['negativeDiscrimination', 'unusedDistractor'],
    },
  ],
};

function Harness() {
  const [selection, setSelection] = useState<QualitySelection>({ testId: '', from: '', to: '' });
  return <ExamQualityScreen selection={selection} onChange={setSelection} />;
}

describe('the exam quality screen', () => {
  it('lists the tests, and for the one chosen shows its figures, its caution and its flagged questions', async () => {
    const { calls } = stubFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/api/examquality/tests') return jsonResponse([test]);
      // A period chosen: its days read as people read dates (issue 45 item 9).
      if (url.pathname === `/api/examquality/tests/${TEST_ID}/report`) return jsonResponse({ ...report, period: { from: '2026-11-01', to: '2026-11-30', timeZone: 'Australia/Sydney' } });
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
    });
    renderWithProviders(<Harness />);
    const select = await screen.findByLabelText('Test');
    expect(screen.getByText(/Choose a test to see its reliability/)).toBeInTheDocument();
    await userEvent.selectOptions(select, TEST_ID);
    expect(await screen.findByRole('heading', { name: 'T-2 IWI-M1 module exam' })).toBeInTheDocument();
    expect(screen.getByText(/Sittings submitted from 01-Nov-2026 to 30-Nov-2026 \(Australia\/Sydney\)/)).toBeInTheDocument();
    const summary = screen.getByTestId('quality-summary');
    expect(within(summary).getByText('Reliability (KR-20)')).toBeInTheDocument();
    expect(screen.getByTestId('figure-Reliability (KR-20)')).toHaveTextContent('0.533');
    expect(screen.getByTestId('figure-Standard error of measurement')).toHaveTextContent('0.88');
    expect(screen.getByTestId('figure-Pass rate')).toHaveTextContent('66.7%');
    expect(screen.getByText('Few candidates')).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Question statistics' });
    const row = within(items).getByRole('row', { name: /Q-1/ });
    expect(row).toHaveTextContent('-0.13');
    expect(within(row).getByText('Negative discrimination')).toBeInTheDocument();
    expect(within(row).getByText('Distractor nobody chose')).toBeInTheDocument();
    expect(screen.getByTestId('quality-flag-count')).toHaveTextContent('1 question is flagged.');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    expect(calls.some((call) => call.url.endsWith(`/api/examquality/tests/${TEST_ID}/report`))).toBe(true);
  });

  it('says a period that ends before it starts, and asks for no report', async () => {
    const { calls } = stubFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/api/examquality/tests') return jsonResponse([test]);
      return jsonResponse(report);
    });
    function Backwards() {
      const [selection, setSelection] = useState<QualitySelection>({ testId: TEST_ID, from: '2026-03-01', to: '2026-02-01' });
      return <ExamQualityScreen selection={selection} onChange={setSelection} />;
    }
    renderWithProviders(<Backwards />);
    expect(await screen.findByText('To must not be before From')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url.includes('/report'))).toBe(false));
  });
});

describe("a question's flags for its author", () => {
  it('shows a badge per live test that flags it, with a link to that report', async () => {
    const flag: MyQuestionFlag = { questionId: QUESTION_ID, questionLabel: 'Q-1', testId: TEST_ID, testTitle: 'IWI-M1 module exam', candidates: 36, facility: 0.61, discrimination: -0.43, flags: ['negativeDiscrimination'] };
    const { calls } = stubFetch(() => jsonResponse([flag]));
    renderWithProviders(<QuestionQualityFlags questionId={QUESTION_ID} />);
    expect(await screen.findByText('Flagged in IWI-M1 module exam: negative discrimination')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the report' })).toHaveAttribute('href', `/admin/exam-quality?testId=${TEST_ID}`);
    expect(calls[0]!.url).toContain(`questionId=${QUESTION_ID}`);
  });

  it('shows nothing for a question without flags', async () => {
    const { calls } = stubFetch(() => jsonResponse([]));
    const { container } = renderWithProviders(<QuestionQualityFlags questionId={QUESTION_ID} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('[data-testid="question-quality-flags"]')).toBeNull();
  });
});

describe("a test's flagged questions for its author", () => {
  afterEach(() => {
    // Unmounted first: a screen behind a session guard must not render once the session is gone.
    cleanup();
    clearSession('logout');
    reloadSessionFromStorage();
  });
  const flags: MyQuestionFlag[] = [
    { questionId: QUESTION_ID, questionLabel: 'Q-9', testId: TEST_ID, testTitle: 'IWI-M1 module exam', candidates: 36, facility: 0.61, discrimination: -0.43, flags: ['negativeDiscrimination'] },
    { questionId: '00000000-0000-4000-8000-0000000000b2', questionLabel: 'Q-3', testId: '00000000-0000-4000-8000-0000000000a2', testTitle: 'Another test', candidates: 12, facility: 0.99, discrimination: 0.1, flags: ['nearlyAllRight'] },
  ];

  it("lists this test's flagged questions only; the report's link for those with the Exam Quality menu", async () => {
    stubFetch(() => jsonResponse(flags));
    saveSession({ jwt: 'token', user: superUser });
    renderWithProviders(<TestQualityFlags testId={TEST_ID} />);
    const panel = await screen.findByTestId('test-quality-flags');
    expect(panel).toHaveTextContent('Q-9: negative discrimination (facility 0.61, discrimination -0.43, 36 candidates)');
    expect(panel).not.toHaveTextContent('Q-3');
    expect(within(panel).getByRole('link', { name: 'See the report' })).toHaveAttribute('href', `/admin/exam-quality?testId=${TEST_ID}`);
  });

  it('names the flags without the link for an author who may not read the report', async () => {
    stubFetch(() => jsonResponse(flags));
    saveSession({ jwt: 'token', user: contributor });
    renderWithProviders(<TestQualityFlags testId={TEST_ID} />);
    const panel = await screen.findByTestId('test-quality-flags');
    expect(panel).toHaveTextContent('Q-9: negative discrimination');
    expect(within(panel).queryByRole('link')).toBeNull();
  });
});
