import { Alert, Button, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ExamType } from '@certs/shared/program/program-type';
import { errorMessageOf } from '../../../lib/api-client';
import { useAnswerPaperQr } from '../api/answer-paper';

interface AnswerPaperQrProps {
  examType: ExamType;
  examInstanceId: string;
  questionInstanceId: string;
  questionNumber: number;
  pageCount: number;
}

/** For questions that take answer papers: a QR code that opens the phone's upload page for this question only. */
export function AnswerPaperQr({ examType, examInstanceId, questionInstanceId, questionNumber, pageCount }: AnswerPaperQrProps) {
  const [isShown, setIsShown] = useState(false);
  const qr = useAnswerPaperQr(examType, examInstanceId, questionInstanceId, isShown);
  return (
    <Paper withBorder radius="md" p="md" data-testid="answer-paper">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>Working on paper</Text>
          <Text size="sm" c="dimmed">
            {pageCount === 0 ? 'No pages uploaded yet' : `${pageCount} ${pageCount === 1 ? 'page' : 'pages'} uploaded when the question was opened`}
          </Text>
        </Group>
        {!isShown ? (
          // The label wraps and the button keeps within the card on a phone's narrow screen.
          <Button
            variant="light"
            onClick={() => setIsShown(true)}
            maw="100%"
            w={{ base: '100%', sm: 'fit-content' }}
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
            data-testid="answer-paper-show-qr"
          >
            Show QR code to upload photos of your working
          </Button>
        ) : qr.isLoading ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Making the code…</Text>
          </Group>
        ) : qr.error ? (
          <Alert color="red" variant="light" title="The QR code could not be made">
            {errorMessageOf(qr.error)}
          </Alert>
        ) : qr.data ? (
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Image src={qr.data.dataUrl} alt={`QR code to upload photos of your working for question ${questionNumber}`} w={200} h={200} maw="100%" />
            <Stack gap={4} maw={320}>
              <Text fw={600}>Scan with your phone to upload photos of your working</Text>
              <Text size="sm" c="dimmed">
                The link works for question {questionNumber} only, without signing in, until the exam ends.
              </Text>
            </Stack>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
