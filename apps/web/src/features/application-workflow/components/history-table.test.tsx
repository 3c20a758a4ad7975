import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { HistoryTable } from './history-table';

const move = (id: string, from: [string | null, string | null], to: [string, string | null]) => ({
  id,
  fromStatus: from[0],
  fromStage: from[1],
  toStatus: to[0],
  toStage: to[1],
  note: '',
  changedOn: '2026-11-20T01:00:00.000Z',
  changedBy: 'Sam Staff',
});

describe('the application history (issue 21 item 8)', () => {
  it('shows statuses and exam stages in words, never their stored names', () => {
    renderWithProviders(
      <HistoryTable
        entries={[
          move('1', ['Assessment Completed', null], ['Examinations Stage', 'preExamination Completed']),
          move('2', ['Examinations Stage', 'Payment Stage Requested'], ['Examinations Stage', 'Exam Modules Evaluation Completed']),
          move('3', ['Awarded', null], ['Awarded OnHold', null]),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Application history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Pre-examination completed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Payment requested')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Exam results recorded')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Award On Hold')).toBeInTheDocument();
    for (const stored of ['preExamination Completed', 'Payment Stage Requested', 'Exam Modules Evaluation Completed', 'Awarded OnHold']) {
      expect(table).not.toHaveTextContent(stored);
    }
  });
});
