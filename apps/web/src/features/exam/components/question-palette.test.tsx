import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { OPT, Q, exam, question } from '../model/exam-test-data';
import { progressOfServer, questionsOf } from '../model/exam-progress';
import { QuestionPalette } from './question-palette';

function renderPalette(questions: ReturnType<typeof question>[]) {
  const list = questionsOf(exam(questions));
  const progress = Object.fromEntries(list.map((q) => [q.id, progressOfServer(q)]));
  renderWithProviders(<QuestionPalette questions={list} progress={progress} currentIndex={0} onSelect={() => undefined} />);
  return within(screen.getByRole('group', { name: 'Question summary' }));
}

describe('QuestionPalette counts (issue 21 item 9)', () => {
  it('counts nothing as answered or pending when the exam opens on its first question', () => {
    // The first question is opened (attempted) but nothing is answered yet.
    const summary = renderPalette([question(Q.single, { isAttempted: true, numOfAttempts: 1 }), question(Q.multiple), question(Q.blank), question(Q.descriptive)]);
    expect(summary.getByTestId('count-answered')).toHaveTextContent('0');
    expect(summary.getByTestId('count-not-answered')).toHaveTextContent('4');
    expect(summary.getByTestId('count-marked')).toHaveTextContent('0');
    expect(summary.queryByText('Pending')).not.toBeInTheDocument();
    expect(summary.queryByText('Unattempted')).not.toBeInTheDocument();
  });

  it('counts answered, not answered (opened or not) and marked for review as they are', () => {
    const summary = renderPalette([
      question(Q.single, { isAttempted: true, isAnswered: true, answerOptionGivenByUser: [OPT.a] }),
      question(Q.multiple, { isAttempted: true, isMarked: true }),
      question(Q.blank, { isAttempted: true, isAnswered: true, isMarked: true, answerValueGivenByUser: 'fillet' }),
      question(Q.descriptive),
    ]);
    expect(summary.getByText('Answered')).toBeInTheDocument();
    expect(summary.getByTestId('count-answered')).toHaveTextContent('2');
    expect(summary.getByText('Not answered')).toBeInTheDocument();
    expect(summary.getByTestId('count-not-answered')).toHaveTextContent('2');
    expect(summary.getByTestId('count-marked')).toHaveTextContent('2');
  });
});
