import { Alert, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { ExamDefinition } from '@certs/shared/exam-definition/exam-definition.contract';
import { formatMarks, marksInHundredths } from '@certs/shared/exam-definition/exam-definition-rules';

const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** The marks total beside totalTestMarks, the warnings (never blocking) and what stops publishing. */
export function MarksSummary({ test }: { test: ExamDefinition }) {
  const isMatch = marksInHundredths(test.marksTotal) === marksInHundredths(test.totalTestMarks);
  return (
    <Paper withBorder radius="md" p="md" data-testid="marks-summary">
      <Stack gap="sm">
        <Group gap="xl" wrap="wrap">
          <Text>
            Questions: <strong>{test.numOfQuestions}</strong>
          </Text>
          <Text data-testid="marks-total">
            Marks total: <strong>{formatMarks(test.marksTotal)}</strong> of <strong>{formatMarks(test.totalTestMarks)}</strong> Total Test Marks
          </Text>
          <Text c={isMatch ? 'teal.9' : 'red.9'} fw={600}>
            {isMatch ? 'Marks match' : 'Marks do not match'}
          </Text>
          <Text>
            Time: {test.overallTime} min (at least {test.minimumTime} min)
          </Text>
        </Group>
        {test.warnings.map((warning) => (
          <Alert key={warning} color="yellow" variant="light" title="Warning" role="note" styles={READABLE_TITLE}>
            {warning}
          </Alert>
        ))}
        {test.publishProblems.length > 0 && (
          <Alert color="red" variant="light" title="Not ready to publish" role="note" styles={READABLE_TITLE} data-testid="publish-problems">
            <List size="sm">
              {test.publishProblems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
