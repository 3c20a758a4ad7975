import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES, type QuestionType } from '@certs/shared/question-bank/question-type';
import { renderWithProviders } from '../../../test/render-with-providers';
import { Q, exam, question } from '../model/exam-test-data';
import { progressOfServer, questionsOf } from '../model/exam-progress';
import { QuestionView } from './question-view';

const QUESTION_OF_TYPE: Record<QuestionType, string> = {
  'General Single Answer': Q.single,
  'Multiple Answer': Q.multiple,
  'Fill In The Blank': Q.blank,
  Descriptive: Q.descriptive,
};

function renderQuestion(type: QuestionType) {
  const [shown] = questionsOf(exam([question(QUESTION_OF_TYPE[type])]));
  const noop = () => undefined;
  renderWithProviders(
    <QuestionView
      examType="trial"
      examInstanceId="exam"
      question={shown!}
      state={progressOfServer(shown!)}
      total={4}
      isDisabled={false}
      onChooseOption={noop}
      onChooseOptions={noop}
      onText={noop}
      onMark={noop}
      onPrevious={noop}
      onNext={noop}
    />,
  );
}

describe('QuestionView (issue 21 item 8)', () => {
  it.each([
    ['General Single Answer', 'Choose one answer'],
    ['Multiple Answer', 'Choose all answers that apply'],
    ['Fill In The Blank', 'Type your answer: the missing word or words'],
    ['Descriptive', 'Write your answer: it is saved while you type and when you leave the question'],
  ] as const)('tells the candidate how to answer a %s question, never the type name', (type, instruction) => {
    renderQuestion(type);
    expect(screen.getByText(instruction)).toBeInTheDocument();
    for (const name of QUESTION_TYPES) expect(screen.queryByText(name)).not.toBeInTheDocument();
    // The type stays on the element for tests and tools.
    expect(screen.getByTestId('question')).toHaveAttribute('data-question-type', type);
  });
});
