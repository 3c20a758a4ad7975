import { Badge } from '@mantine/core';
import { DIFFICULTY_COLORS, QUESTION_TYPE_INFO, type Difficulty, type QuestionType } from '@certs/shared/question-bank/question-type';

/** The dot carries the type's colour; the text stays dark enough to read (4.5:1). */
export function QuestionTypeBadge({ type }: { type: QuestionType }) {
  return (
    <Badge variant="dot" color={QUESTION_TYPE_INFO[type].color} radius="sm" tt="none" miw="max-content">
      {type}
    </Badge>
  );
}

/** The dot carries the colour; the text stays dark enough to read. */
export function DifficultyBadge({ difficulty }: { difficulty: Difficulty }) {
  return (
    <Badge variant="dot" color={DIFFICULTY_COLORS[difficulty]} radius="sm" tt="none" miw="max-content">
      {difficulty}
    </Badge>
  );
}
