import { Anchor, Badge, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Question } from '@certs/shared/question-bank/question.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { useQuestionVersions } from '../api/find-question-versions';
import { ListState } from './list-state';

interface QuestionHistoryProps {
  question: Question;
  /** Where a test using the question opens, when the user may open tests. */
  testHref?: (testId: string) => string;
}

/** Every saved version of a question, and the tests that use it with the version each gives candidates. */
export function QuestionHistory({ question, testHref }: QuestionHistoryProps) {
  const versions = useQuestionVersions(question.id);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="history-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="history-heading">
          Versions and tests
        </Title>
        <Text size="sm" c="dimmed">
          Saving a change to what candidates read or answer makes a new version. Exams already taken, and published tests, keep the version they were given.
        </Text>
        <ListState isPending={versions.isPending} error={versions.error} what="versions" />
        {versions.data && (
          <List size="sm" spacing={4} aria-label="Versions">
            {versions.data.map((version) => (
              <List.Item key={version.version}>
                <strong>Version {version.version}</strong> · {version.questionType}, {version.difficulty}, {version.numOfOptions} options · saved by {version.savedBy} on <DateDisplay value={version.savedOn} withTime />
              </List.Item>
            ))}
          </List>
        )}
        <Title order={3} size="h5" mt="sm">
          Used in tests
        </Title>
        {question.usedInTests.length === 0 ? (
          <Text size="sm" c="dimmed">
            No test uses this question yet.
          </Text>
        ) : (
          <List size="sm" spacing={4} aria-label="Used in tests">
            {question.usedInTests.map((test) => (
              <List.Item key={test.id}>
                {testHref ? (
                  <Anchor component={Link} to={testHref(test.id)}>
                    {test.title}
                  </Anchor>
                ) : (
                  test.title
                )}{' '}
                <Badge size="xs" variant="light" tt="none" color={test.status === 'published' ? 'green' : test.status === 'draft' ? 'yellow' : 'red.9'}>
                  {test.status}
                </Badge>{' '}
                {test.status === 'draft' ? 'takes the current version when published' : `gives candidates version ${test.version}`}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
