import { Anchor, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ExamMarking } from '@certs/shared/exam/exam.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { usePaperUrl } from '../api/marking';

type Paper = ExamMarking['questions'][number]['answerPapers'][number];

/** One uploaded page of the candidate's working: the photo itself, or a link for a PDF scan. */
export function AnswerPaperImage({ paper, label }: { paper: Paper; label: string }) {
  const url = usePaperUrl(paper.resourceKey);
  return (
    <Paper withBorder radius="sm" p="xs" w={260} data-testid="marking-answer-paper">
      <Stack gap={4}>
        {url.isPending ? (
          <Loader size="sm" aria-label={`Loading ${label}`} />
        ) : url.error ? (
          <Text size="sm" c="red.9">
            {errorMessageOf(url.error)}
          </Text>
        ) : paper.contentType.startsWith('image/') ? (
          <Anchor href={url.data.url} target="_blank" rel="noreferrer">
            <Image src={url.data.url} alt={label} fit="contain" h={200} />
          </Anchor>
        ) : (
          <Anchor href={url.data.url} target="_blank" rel="noreferrer">
            Open {label} (PDF)
          </Anchor>
        )}
        <Text size="xs" c="dimmed">
          {paper.name} · <DateDisplay value={paper.createdOn} withTime />
        </Text>
      </Stack>
    </Paper>
  );
}
