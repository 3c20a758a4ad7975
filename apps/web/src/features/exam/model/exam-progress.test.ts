import { describe, expect, it } from 'vitest';
import { isAnsweredHere, paletteStatusOf, questionsOf, updateOf, type QuestionProgress } from './exam-progress';
import { OPT, Q, exam, question } from './exam-test-data';

const progress = (values: Partial<QuestionProgress>): QuestionProgress => ({
  sequence: 0,
  timeTaken: 0,
  numOfAttempts: 0,
  answerOptionGivenByUser: [],
  answerValueGivenByUser: '',
  isMarked: false,
  isAttempted: false,
  isAnswered: false,
  ...values,
});

describe('the palette status (spec section 4)', () => {
  it('is Answered when answered, Pending when visited but not answered, Unattempted when never visited', () => {
    expect(paletteStatusOf({ isAnswered: true, isAttempted: true })).toBe('Answered');
    // The server may know an answer with actual marks of zero for a question never shown here.
    expect(paletteStatusOf({ isAnswered: true, isAttempted: false })).toBe('Answered');
    expect(paletteStatusOf({ isAnswered: false, isAttempted: true })).toBe('Pending');
    expect(paletteStatusOf({ isAnswered: false, isAttempted: false })).toBe('Unattempted');
  });

  it('counts text of spaces as no answer, and any chosen option as one', () => {
    expect(isAnsweredHere({ answerOptionGivenByUser: [], answerValueGivenByUser: '   ' })).toBe(false);
    expect(isAnsweredHere({ answerOptionGivenByUser: [], answerValueGivenByUser: ' fillet ' })).toBe(true);
    expect(isAnsweredHere({ answerOptionGivenByUser: [OPT.a], answerValueGivenByUser: '' })).toBe(true);
  });
});

describe('an update', () => {
  it('sends options for choice questions (an empty list clears them) and text only for text questions', () => {
    expect(updateOf(Q.multiple, 'Multiple Answer', progress({ sequence: 3, answerOptionGivenByUser: [], answerValueGivenByUser: 'ignored' }))).toEqual({
      questionInstanceId: Q.multiple,
      sequence: 3,
      timeTaken: 0,
      numOfAttempts: 0,
      isMarked: false,
      isAttempted: false,
      answerOptionGivenByUser: [],
    });
    expect(updateOf(Q.descriptive, 'Descriptive', progress({ sequence: 1, answerValueGivenByUser: 'Permit to work' }))).not.toHaveProperty('answerOptionGivenByUser');
  });
});

describe('the order of questions', () => {
  it('follows the sections’ order (the default section first), then the questions’ order', () => {
    const ordered = questionsOf(
      exam([], {
        sections: [
          { id: 's2', title: 'Symbols', order: 2, questions: [question(Q.blank, { order: 4 }), question(Q.multiple, { order: 3 })] },
          { id: 'default', title: 'Questions', order: -1, questions: [question(Q.single, { order: 1 })] },
        ],
      }),
    );
    expect(ordered.map((q) => [q.index, q.id, q.sectionTitle])).toEqual([
      [0, Q.single, 'Questions'],
      [1, Q.multiple, 'Symbols'],
      [2, Q.blank, 'Symbols'],
    ]);
  });
});
