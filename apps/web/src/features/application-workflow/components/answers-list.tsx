import { Anchor, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { Application } from '@certs/shared/application/application.contract';

interface AnswersListProps {
  answers: Application['answers'];
  declarationAccepted: boolean;
  onOpenAttachment: (resourceKey: string) => void;
}

/** Each requirement with the applicant's answer and evidence files (opened through a short-lived link). */
export function AnswersList({ answers, declarationAccepted, onOpenAttachment }: AnswersListProps) {
  return (
    <Stack gap="sm" data-testid="application-answers">
      {answers.map((answer) => (
        <Paper key={answer.requirementId} withBorder radius="sm" p="md">
          <Text fw={600} size="sm">
            {answer.requirementCode}: {answer.requirementDescription}
          </Text>
          <Text size="sm" mt={6} style={{ whiteSpace: 'pre-line' }}>
            {answer.answerText || <Text span c="dimmed">No written answer</Text>}
          </Text>
          {answer.attachments.length > 0 && (
            <List size="sm" mt={6} spacing={2}>
              {answer.attachments.map((file) => (
                <List.Item key={file.id}>
                  <Anchor component="button" type="button" size="sm" onClick={() => onOpenAttachment(file.resourceKey)}>
                    {file.name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </Paper>
      ))}
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Declaration:
        </Text>
        <Text size="sm">{declarationAccepted ? 'Accepted' : 'Not accepted'}</Text>
      </Group>
    </Stack>
  );
}
