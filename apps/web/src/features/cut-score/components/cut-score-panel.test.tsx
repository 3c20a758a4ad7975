import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdoptCutScoreResponse, CutScoreOverview, CutScoreStudy, CutScoreStudySummary } from '@certs/shared/cut-score/cut-score.contract';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CutScorePanel } from './cut-score-panel';

/**
 * The worked example of packages/shared/src/cut-score/angoff.test.ts: marks 1, 2, 2, 3, 2; judges
 * at 67, 57 and 71 %, the panel at 65 % with spread 7.21 and standard error 4.16. Cy Crater has
 * not rated Q2 yet (70 in the example): until then only Ada and Bo count, (67 + 57) / 2 = 62 %.
 */
const TEST_ID = '72000000-0000-4000-8000-000000000001';
const STUDY_ID = '72000000-0000-4000-8000-000000000002';
const OLD_ID = '72000000-0000-4000-8000-000000000003';
const q = (i: number) => `72000000-0000-4000-8000-00000000010${i}`;
const JUDGES = [
  { id: '72000000-0000-4000-8000-000000000201', name: 'Ada Arc', ratings: [80, 60, 70, 50, 90] },
  { id: '72000000-0000-4000-8000-000000000202', name: 'Bo Bead', ratings: [70, 50, 60, 40, 80] },
  { id: '72000000-0000-4000-8000-000000000203', name: 'Cy Crater', ratings: [90, 70, 80, 60, 70] },
];
const MARKS = [1, 2, 2, 3, 2];

const test: CutScoreOverview['test'] = {
  id: TEST_ID,
  title: 'M1 module exam',
  testNumber: 12,
  testType: 'module',
  status: 'published',
  module: { id: 'm1', programId: 'p1', programCode: 'Q-WELD', moduleCode: 'M1', moduleTitle: 'Welding processes', passPercentage: 70 },
  totalMarks: 10,
  questions: MARKS.map((marks, i) => ({ questionId: q(i + 1), questionNumber: 101 + i, text: `Question ${i + 1}`, sectionTitle: 'Questions', marks })),
  canEdit: true,
  canSetPassMark: true,
};

const oldVersion: CutScoreStudySummary = {
  id: OLD_ID,
  testId: TEST_ID,
  version: 1,
  method: 'other',
  status: 'adopted',
  description: 'Carried over.',
  cutScorePercent: 70,
  spreadPercent: null,
  judgeCount: 0,
  createdOn: '2025-01-10T00:00:00.000Z',
  createdBy: 'Meg Manager',
  adoptedOn: '2025-01-12T00:00:00.000Z',
  adoptedBy: 'Meg Manager',
  previousPassPercent: 70,
};

function draft(withCyQ2: boolean): CutScoreStudy {
  const ratings = JUDGES.flatMap((judge) => judge.ratings.map((rating, i) => ({ judgeId: judge.id, questionId: q(i + 1), rating }))).filter(
    (rating) => withCyQ2 || !(rating.judgeId === JUDGES[2]!.id && rating.questionId === q(2)),
  );
  return {
    id: STUDY_ID,
    testId: TEST_ID,
    version: 2,
    method: 'modified_angoff',
    status: 'draft',
    description: 'Panel of 3 March 2026.',
    cutScorePercent: withCyQ2 ? 65 : 62,
    spreadPercent: withCyQ2 ? 7.21 : 7.07,
    judgeCount: 3,
    createdOn: '2026-03-01T00:00:00.000Z',
    createdBy: 'Meg Manager',
    adoptedOn: null,
    adoptedBy: null,
    previousPassPercent: null,
    test,
    judges: JUDGES.map((judge, i) => ({ id: judge.id, name: judge.name, expertise: 'IWI', cutScorePercent: i === 2 && !withCyQ2 ? null : [67, 57, 71][i]!, ratedCount: i === 2 && !withCyQ2 ? 4 : 5 })),
    ratings,
    figures: withCyQ2
      ? { cutScorePercent: 65, cutScoreMarks: 6.5, spreadPercent: 7.21, standardErrorPercent: 4.16, judgesCounted: 3, totalMarks: 10, missingCount: 0, isComplete: true }
      : { cutScorePercent: 62, cutScoreMarks: 6.2, spreadPercent: 7.07, standardErrorPercent: 5, judgesCounted: 2, totalMarks: 10, missingCount: 1, isComplete: false },
  };
}

function serve() {
  let study = draft(false);
  const writes: RecordedCall[] = [];
  stubFetch((call) => {
    if (call.method === 'GET' && call.url === `/api/examquality/cutscores/tests/${TEST_ID}`) return jsonResponse({ test, studies: [study, oldVersion] });
    if (call.method === 'GET' && call.url === `/api/examquality/cutscores/studies/${STUDY_ID}`) return jsonResponse(study);
    if (call.method === 'PUT' && call.url === `/api/examquality/cutscores/studies/${STUDY_ID}/ratings`) {
      writes.push(call);
      study = draft(true);
      return jsonResponse(study);
    }
    if (call.method === 'POST' && call.url === `/api/examquality/cutscores/studies/${STUDY_ID}/adopt`) {
      writes.push(call);
      const adopted: AdoptCutScoreResponse = {
        study: { ...study, status: 'adopted', adoptedOn: '2026-03-04T00:00:00.000Z', adoptedBy: 'Meg Manager' },
        supersededVersion: 1,
        passMark: { moduleCode: 'M1', moduleTitle: 'Welding processes', before: 70, after: 65 },
      };
      return jsonResponse(adopted);
    }
    return jsonResponse({ message: 'unexpected' }, 404);
  });
  renderWithProviders(<CutScorePanel testId={TEST_ID} />);
  return writes;
}

const figure = (label: string) => within(screen.getByTestId('cut-score-figures')).getByText(label).parentElement!;

describe('CutScorePanel', () => {
  it('lists the versions with method, status, cut score and spread', async () => {
    serve();
    const table = await screen.findByRole('table', { name: 'Cut score versions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Modified Angoff', 'Draft', '62.00 %', '7.07 %', '3', '—', 'Edit'],
      ['Other method', 'Adopted', '70.00 %', '—', '—', expect.stringContaining('Meg Manager'), 'Open'],
    ]);
    expect(screen.getByText(/Version 1 \(Other method\) is adopted: 70.00 %. Module M1 passes candidates at 70.00 %./)).toBeInTheDocument();
  });

  it('computes the figures live as a rating is typed, saves the changed cells, and adopts behind a confirmation', async () => {
    const writes = serve();
    await userEvent.click(await screen.findByRole('button', { name: 'Open version 2' }));
    await screen.findByRole('table', { name: 'Ratings of version 2' });
    expect(within(figure('Cut score')).getByText('62.00 %')).toBeInTheDocument();
    expect(within(figure('Judges counted')).getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adopt version 2' })).toBeDisabled();
    expect(screen.getByText('1 rating is missing.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Cy Crater, question Q102' }), '70');
    // Live: Cy at 71 %, the panel (67 + 57 + 71) / 3 = 65 %, 6.5 of 10 marks; SD sqrt(52) = 7.21, SE 4.16.
    expect(within(figure('Cut score')).getByText('65.00 %')).toBeInTheDocument();
    expect(within(figure('Cut score')).getByText('6.5 of 10 marks')).toBeInTheDocument();
    expect(within(figure('Spread (SD of the judges)')).getByText('7.21 %')).toBeInTheDocument();
    expect(within(figure('Standard error (SD / √n)')).getByText('4.16 %')).toBeInTheDocument();
    expect(screen.getAllByTestId('judge-cut-score').map((cell) => cell.textContent)).toEqual(['67.00 %', '57.00 %', '71.00 %']);
    expect(screen.getByRole('button', { name: 'Adopt version 2' })).toBeDisabled();
    expect(screen.getByText('Save the ratings first.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save ratings (1)' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ ratings: [{ judgeId: JUDGES[2]!.id, questionId: q(2), rating: 70 }] });
    const adopt = screen.getByRole('button', { name: 'Adopt version 2' });
    await waitFor(() => expect(adopt).toBeEnabled());

    await userEvent.click(adopt);
    const dialog = await screen.findByRole('dialog', { name: 'Adopt version 2?' });
    expect(within(dialog).getByText(/cut score becomes 65.00 %, and version 1 is superseded/)).toBeInTheDocument();
    expect(within(dialog).getByText(/pass mark of module M1 Welding processes changes from 70.00 % to 65.00 %/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adopt version 2' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]!.method).toBe('POST');
    expect(await screen.findByText('The pass mark of M1 is now 65.00 % (was 70.00 %).')).toBeInTheDocument();
  });
});
