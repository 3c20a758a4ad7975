/** Question types of spec section 9. */
export const QUESTION_TYPES = ['General Single Answer', 'Multiple Answer', 'Descriptive', 'Fill In The Blank'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Difficulties of spec section 9. */
export const DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DEFAULT_DIFFICULTY: Difficulty = 'Medium';

/** What each type asks of its options, and how staff read it. */
export const QUESTION_TYPE_INFO: Record<QuestionType, { short: string; hasChoices: boolean; hasAcceptedAnswers: boolean; color: string }> = {
  'General Single Answer': { short: 'Single', hasChoices: true, hasAcceptedAnswers: false, color: 'blue' },
  'Multiple Answer': { short: 'Multiple', hasChoices: true, hasAcceptedAnswers: false, color: 'indigo' },
  Descriptive: { short: 'Descriptive', hasChoices: false, hasAcceptedAnswers: false, color: 'teal' },
  'Fill In The Blank': { short: 'Fill in', hasChoices: false, hasAcceptedAnswers: true, color: 'grape' },
};

export const DIFFICULTY_COLORS: Record<Difficulty, string> = { Easy: 'green', Medium: 'yellow', Hard: 'red' };

/** The most options (or accepted answers) a question may have; also the option columns of the CSV layout. */
export const MAX_OPTIONS = 10;
/** Choice questions need something to choose between. */
export const MIN_CHOICES = 2;

/** Questions are quoted by number in messages, exports and imports. */
export function questionLabel(questionNumber: number): string {
  return `Q-${questionNumber}`;
}
