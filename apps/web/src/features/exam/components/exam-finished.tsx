import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DateDisplay } from '../../../components/ui/date-display';

interface ExamFinishedProps {
  title: string;
  isTrial: boolean;
  submittedOn: string | null;
  isTimedOut: boolean;
  reviewHref: string | null;
  listHref: string;
}

/** After submission: a module exam says "Submitted" and nothing about answers; a trial leads to its review. */
export function ExamFinished({ title, isTrial, submittedOn, isTimedOut, reviewHref, listHref }: ExamFinishedProps) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="exam-finished">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2">
          {title}
        </Title>
        {/* Mantine's light green title is under 4.5:1 on its tint: the title is black. */}
        <Alert color="teal" variant="light" title={isTimedOut ? 'Submitted when the time ran out' : 'Submitted'} w="100%" styles={{ title: { color: 'var(--mantine-color-black)' } }}>
          <Text size="sm">
            {submittedOn ? (
              <>
                Your answers were submitted on <DateDisplay value={submittedOn} withTime />.
              </>
            ) : (
              'Your answers were submitted.'
            )}
            {isTrial ? '' : ' The result is released once the exam has been marked.'}
          </Text>
        </Alert>
        {isTrial && reviewHref && (
          <Button component={Link} to={reviewHref}>
            See your score and the correct answers
          </Button>
        )}
        {/* The clear way out after submitting (issue 21): a button, not a small link. */}
        <Button component={Link} to={listHref} variant={isTrial && reviewHref ? 'default' : 'filled'}>
          Back to Examinations
        </Button>
      </Stack>
    </Paper>
  );
}
