import { Alert, Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { MyQuestionFlag } from '@certs/shared/exam-quality/exam-quality.contract';
import { ITEM_FLAG_LABELS } from '@certs/shared/exam-quality/statistics';
import { useRequiredSession } from '../../../lib/auth';
import { qualityPagePath, useMyQuestionFlags } from '../api/exam-quality';

/** An orange alert's own title colour reads about 3:1 on its tint: the title is dark instead. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-7)' } };

function flagText(flag: MyQuestionFlag): string {
  return `Flagged in ${flag.testTitle}: ${flag.flags.map((f) => ITEM_FLAG_LABELS[f].toLowerCase()).join(', ')}`;
}

/**
 * On a question of the bank, for its author (or the author of a live test holding it): the flags the
 * exam quality report gives it in published module tests, each linking to that test's report.
 * Nothing shows when it has none.
 */
export function QuestionQualityFlags({ questionId }: { questionId: string }) {
  const flags = useMyQuestionFlags(questionId);
  if (!flags.data?.length) return null;
  return (
    <Alert color="orange" title="Flagged in a live test" styles={READABLE_TITLE} data-testid="question-quality-flags">
      <Stack gap="xs">
        {flags.data.map((flag) => (
          <Group key={flag.testId} gap="sm" wrap="wrap">
            {/* Dark red with white text: readable on the alert's tint (4.5:1 and more). */}
            <Badge color="red.9" variant="filled" tt="none" size="lg" h="auto" py={4} styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}>
              {flagText(flag)}
            </Badge>
            <Text size="sm">
              Facility {flag.facility ?? '-'}, discrimination {flag.discrimination ?? '-'} over {flag.candidates} candidates.{' '}
              <Anchor component={Link} to={qualityPagePath(flag.testId)}>
                See the report
              </Anchor>
            </Text>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * On the question bank's list, for an author: their questions flagged in live tests, each linking
 * to the question (where the flags are shown in full). Nothing shows when there are none.
 */
export function MyFlaggedQuestions({ questionHref }: { questionHref: (questionId: string) => string }) {
  const flags = useMyQuestionFlags();
  if (!flags.data?.length) return null;
  return (
    <Alert color="orange" title="Your questions flagged in live tests" styles={READABLE_TITLE} mb="md" data-testid="my-flagged-questions">
      <List size="sm" spacing={4}>
        {flags.data.map((flag) => (
          <List.Item key={`${flag.questionId}-${flag.testId}`}>
            <Anchor component={Link} to={questionHref(flag.questionId)} fw={600}>
              {flag.questionLabel}
            </Anchor>{' '}
            {flagText(flag)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * On a test's page, for the author of the test or of its questions: the questions the exam quality
 * report flags in it (while it is published), with a link to the report for those who may read it.
 */
export function TestQualityFlags({ testId }: { testId: string }) {
  const { user } = useRequiredSession();
  const canOpenReport = user.menuItems.includes('Exam Quality');
  const flags = useMyQuestionFlags();
  const mine = flags.data?.filter((flag) => flag.testId === testId) ?? [];
  if (mine.length === 0) return null;
  return (
    <Alert color="orange" title="Questions flagged by the exam quality report" styles={READABLE_TITLE} data-testid="test-quality-flags">
      <Stack gap="xs">
        <List size="sm" spacing={4}>
          {mine.map((flag) => (
            <List.Item key={flag.questionId}>
              <Text span fw={600} size="sm">
                {flag.questionLabel}
              </Text>
              : {flag.flags.map((f) => ITEM_FLAG_LABELS[f].toLowerCase()).join(', ')} (facility {flag.facility ?? '-'}, discrimination {flag.discrimination ?? '-'}, {flag.candidates} candidates)
            </List.Item>
          ))}
        </List>
        {canOpenReport && (
          <Anchor component={Link} to={qualityPagePath(testId)} size="sm">
            See the report
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
