import { Alert, Button, FileButton, Group, List, Loader, Paper, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EXAM_MESSAGES } from '@certs/shared/exam/exam.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { examKeys } from '../api/exam.keys';
import { uploadAnswerPaper, useAnswerPaperPage } from '../api/answer-paper';

/**
 * The phone's page behind the exam's QR code, without signing in: which question it is for, the
 * pages uploaded so far, and the camera to photograph more. It says when the link has expired.
 */
export function AnswerPaperUpload({ token }: { token: string }) {
  const page = useAnswerPaperPage(token);
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [lastUploaded, setLastUploaded] = useState<string | null>(null);

  const upload = async (files: File[]) => {
    setFailure(null);
    for (const file of files) {
      try {
        setProgress(0);
        const updated = await uploadAnswerPaper(token, file, setProgress);
        queryClient.setQueryData(examKeys.answerPaper(token), updated);
        setLastUploaded(file.name || 'Photo');
      } catch (error) {
        setFailure(errorMessageOf(error));
        // An expired link: read the page again so it says so.
        void page.refetch();
        break;
      } finally {
        setProgress(null);
      }
    }
  };

  if (page.isPending) {
    return (
      <Group gap="sm" p="xl">
        <Loader size="sm" />
        <Text>Opening the upload page…</Text>
      </Group>
    );
  }
  if (page.isError) {
    const message = errorMessageOf(page.error);
    const isExpired = message === EXAM_MESSAGES.answerPaperLinkExpired;
    return (
      <Alert color={isExpired ? 'orange' : 'red'} variant="light" title={isExpired ? 'This link has expired' : 'This link cannot be used'} data-testid="answer-paper-link-refused">
        {message}
      </Alert>
    );
  }
  const data = page.data;
  return (
    <Stack gap="lg" maw={560} mx="auto">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {data.examTitle}
        </Text>
        <Title order={1} size="h2">
          Answer paper for question {data.questionOrder}
        </Title>
        <Text size="sm">{data.questionText}</Text>
        <Text size="sm" c="dimmed">
          This link works until the exam ends (<DateDisplay value={data.expiresOn} withTime />).
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <FileButton onChange={(files) => void upload(files)} accept="image/*" capture="environment" multiple disabled={progress !== null}>
            {(props) => (
              <Button {...props} size="lg" fullWidth loading={progress !== null}>
                Photograph or choose pages
              </Button>
            )}
          </FileButton>
          {progress !== null && <Progress value={progress} aria-label="Upload progress" />}
          <VisuallyHidden role="status" aria-live="polite">
            {lastUploaded ? `${lastUploaded} uploaded` : ''}
          </VisuallyHidden>
          {failure && (
            <Alert color="red" variant="light" title="The page was not uploaded">
              {failure}
            </Alert>
          )}
        </Stack>
      </Paper>
      <Stack gap="xs" component="section" aria-labelledby="uploaded-pages-heading">
        <Title order={2} size="h4" id="uploaded-pages-heading">
          Uploaded pages
        </Title>
        {data.pages.length === 0 ? (
          <Text c="dimmed">No pages yet.</Text>
        ) : (
          <List type="ordered" spacing={4} data-testid="answer-paper-pages">
            {data.pages.map((paper) => (
              <List.Item key={paper.attachmentId}>
                {paper.name} <Text span size="sm" c="dimmed">(<DateDisplay value={paper.createdOn} withTime />)</Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
