import { Alert, Badge, Button, Group, List, Loader, Modal, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, Title, Typography } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ExamMarking, MarkingQuestion } from '@certs/shared/exam/exam.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { OverrideReasonField, sendWithOverride, useImpartialityOverride } from '../../../components/ui/override-reason';
import { useMarking, useVerifyMarks } from '../api/marking';
import { initialMarks, isMarkedByHand, marksErrors, toVerifyMarksRequest, type MarksValues } from '../forms/marks-form.values';
import { AnswerPaperImage } from './answer-paper-image';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Stack>
  );
}

function GivenAnswer({ question }: { question: MarkingQuestion }) {
  if (question.options.length > 0) {
    const chosen = new Set(question.answerOptionGivenByUser);
    return (
      <List spacing={2} size="sm" aria-label="Options">
        {[...question.options]
          .sort((a, b) => a.order - b.order)
          .map((option) => (
            <List.Item key={option.id}>
              <Text span fw={chosen.has(option.id) ? 700 : 400}>
                {option.option}
              </Text>
              {chosen.has(option.id) && <Text span size="sm"> (chosen)</Text>}
              {option.correctAnswer && <Text span size="sm" c="teal.9"> (correct)</Text>}
            </List.Item>
          ))}
      </List>
    );
  }
  return (
    <Paper bg="gray.0" p="sm" radius="sm">
      <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="marking-answer-text">
        {question.answerValueGivenByUser.trim() || 'No answer typed.'}
      </Text>
    </Paper>
  );
}

function ResultSummary({ marking }: { marking: ExamMarking }) {
  if (marking.result === null || marking.percentage === null) return null;
  return (
    <Alert
      color={marking.result === 'Pass' ? 'teal' : 'red'}
      variant="light"
      title={`Result: ${marking.result}`}
      data-testid="marking-result"
      // Mantine's light titles fall just under 4.5:1 on their tint over the grey page: black instead.
      styles={{ title: { color: 'var(--mantine-color-black)' } }}
    >
      <Text size="sm">
        {marking.score} of {marking.totalMarks} marks: {marking.percentage}% against the module’s pass percentage of {marking.passPercentage}%. Marked{' '}
        <DateDisplay value={marking.markedOn} withTime />.
      </Text>
    </Alert>
  );
}

export const CORRECTION_MESSAGES = { reasonRequired: 'Give a reason for the correction', nothingChanged: 'Change at least one mark to correct the marking' } as const;

/**
 * The marks of one sitting. While marking, Complete marking checks the marks, then asks once; once
 * complete the marks are read-only, and changing them is a correction with a reason (issue 21),
 * which the server keeps in the application's history.
 */
function MarkingForm({ marking }: { marking: ExamMarking }) {
  const [values, setValues] = useState<MarksValues>(() => initialMarks(marking));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isCorrecting, setIsCorrecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const verify = useVerifyMarks(marking.id);
  // Whoever marks is judged as the candidate's marker; a manager may override a refusal with a reason (issue 43).
  const override = useImpartialityOverride();
  const waiting = marking.questions.filter((q) => q.needsExaminer);
  const isReadOnly = marking.isMarkingComplete && !isCorrecting;

  /** Checks the marks; true when they can be sent. */
  const check = (isCompleting: boolean): boolean => {
    setRefusal(null);
    const found = marksErrors(marking, values, isCompleting, isCorrecting);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    if (toVerifyMarksRequest(marking, values, isCorrecting) === null) {
      if (isCorrecting) setRefusal(CORRECTION_MESSAGES.nothingChanged);
      return false;
    }
    return true;
  };

  const send = async (isCompleting: boolean, correctionReason?: string) => {
    if (!check(isCompleting)) return;
    const marks = toVerifyMarksRequest(marking, values, isCorrecting);
    if (!marks) return;
    const request = correctionReason ? { ...marks, correctionReason } : marks;
    try {
      const updated = await sendWithOverride(override, (part) => verify.mutateAsync({ ...request, ...part }));
      setIsConfirming(false);
      notifications.show({
        color: 'green',
        title: correctionReason ? 'Marks corrected' : updated.result ? 'Marking complete' : 'Marks saved',
        message: updated.result ? `${updated.percentage}%: ${updated.result}` : 'The remaining questions still need marks.',
      });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        // The server names fields marks.{index}.actualMarks, in the order they were sent.
        const byIndex = request.marks;
        const mapped: Record<string, string> = {};
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          const index = Number(/^marks\.(\d+)\./.exec(field)?.[1]);
          const id = byIndex[index]?.questionInstanceId;
          if (id) mapped[id] = message;
        }
        setErrors(mapped);
      }
      setIsConfirming(false);
      setRefusal(errorMessageOf(error));
    }
  };

  const saveCorrection = () => {
    const trimmed = reason.trim();
    setReasonError(trimmed ? null : CORRECTION_MESSAGES.reasonRequired);
    if (!trimmed) return;
    void send(true, trimmed);
  };

  const entered = waiting.filter((q) => values[q.id] !== '' && values[q.id] !== undefined).length;

  return (
    <Stack gap="md">
      {marking.questions.map((question) => (
        <Paper key={question.id} withBorder radius="md" p="lg" component="section" aria-labelledby={`marking-q-${question.id}`} data-testid="marking-question" data-needs-examiner={question.needsExaminer}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {question.sectionTitle}
                </Text>
                <Title order={2} size="h4" id={`marking-q-${question.id}`}>
                  Question {question.order}
                </Title>
              </Stack>
              <Group gap="xs">
                <Badge variant="light" color="gray" tt="none">
                  {question.questionType}
                </Badge>
                <Badge variant="light" color="indigo" tt="none">
                  Out of {question.maxMarks}
                </Badge>
              </Group>
            </Group>
            <Typography>
              <div dangerouslySetInnerHTML={{ __html: question.content }} />
            </Typography>
            <GivenAnswer question={question} />
            {question.answerPapers.length > 0 && (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  Answer papers
                </Text>
                <Group gap="sm" align="flex-start">
                  {question.answerPapers.map((paper, index) => (
                    <AnswerPaperImage key={paper.attachmentId} paper={paper} label={`Page ${index + 1} of the working for question ${question.order}`} />
                  ))}
                </Group>
              </Stack>
            )}
            {question.needsExaminer && isReadOnly ? (
              <Text size="sm">
                Marks given: <strong>{question.actualMarks ?? '—'}</strong> of {question.maxMarks}
              </Text>
            ) : !isReadOnly && isMarkedByHand(question, isCorrecting) ? (
              <NumberInput
                label={`Marks for question ${question.order} (out of ${question.maxMarks})`}
                value={values[question.id] ?? ''}
                onChange={(value) => setValues((current) => ({ ...current, [question.id]: typeof value === 'number' ? value : value === '' ? '' : Number(value) }))}
                min={0}
                max={question.maxMarks}
                step={0.5}
                decimalScale={2}
                clampBehavior="none"
                allowNegative={false}
                error={errors[question.id]}
                w={260}
              />
            ) : (
              <Text size="sm">
                Marked automatically: <strong>{question.actualMarks ?? '—'}</strong> of {question.maxMarks}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
      {refusal && (
        <Alert color="red" variant="light" title="The marks were not saved">
          {refusal}
        </Alert>
      )}
      <OverrideReasonField state={override} disabled={verify.isPending} />
      {isReadOnly ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Marking is complete: the marks are read-only.
          </Text>
          <Button variant="default" onClick={() => setIsCorrecting(true)}>
            Correct the marks
          </Button>
        </Group>
      ) : isCorrecting ? (
        <Paper withBorder radius="md" p="lg" component="section" aria-label="Correction">
          <Stack gap="sm">
            <Textarea
              label="Reason for the correction"
              description="Kept in the application's history with the marks before and after."
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={reasonError}
              required
              autosize
              minRows={2}
              maxLength={1000}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setIsCorrecting(false)} disabled={verify.isPending}>
                Cancel
              </Button>
              <Button onClick={saveCorrection} loading={verify.isPending}>
                Save correction
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {entered} of {waiting.length} {waiting.length === 1 ? 'answer' : 'answers'} marked
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => void send(false)} loading={verify.isPending} disabled={entered === 0}>
              Save marks
            </Button>
            <Button onClick={() => check(true) && setIsConfirming(true)} loading={verify.isPending}>
              Complete marking
            </Button>
          </Group>
        </Group>
      )}
      <Modal opened={isConfirming} onClose={() => !verify.isPending && setIsConfirming(false)} title="Complete marking?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text>The result is worked out and written to the candidate's application. After this the marks are read-only; a later change is a correction with a reason.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={verify.isPending}>
              Keep marking
            </Button>
            <Button onClick={() => void send(true)} loading={verify.isPending}>
              Complete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Verify marks: the examiner's screen for one submitted module sitting. */
export function MarkingScreen({ id, reviewHref }: { id: string; reviewHref?: (examInstanceId: string) => string }) {
  const marking = useMarking(id);
  if (marking.isPending) {
    return (
      <Group gap="sm" p="xl">
        <Loader size="sm" />
        <Text>Loading the answers…</Text>
      </Group>
    );
  }
  if (marking.isError) {
    return (
      <Alert color="red" variant="light" title="The sitting could not be opened">
        {errorMessageOf(marking.error)}
      </Alert>
    );
  }
  const data = marking.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Marking: {data.title}</Title>
          <Text c="dimmed">
            {data.moduleCode} {data.moduleTitle}
          </Text>
        </Stack>
        {/* The sitting's recording and events, beside the answers (issue 45 item 12). */}
        {reviewHref && (
          <Button component={Link} to={reviewHref(data.id)} variant="light">
            Sitting review
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          <Fact label="Candidate">{data.applicantName}</Fact>
          <Fact label="Application">{data.applicationNumber}</Fact>
          <Fact label="Submitted">
            <DateDisplay value={data.submittedOn} withTime />
          </Fact>
          <Fact label="Status">{data.isMarkingComplete ? 'Marked' : data.status === 'TimedOut' ? 'Timed out' : data.status === 'InProgress' ? 'In progress' : 'Submitted'}</Fact>
          <Fact label="Total marks">{data.totalMarks}</Fact>
          <Fact label="Pass percentage">{data.passPercentage}%</Fact>
        </SimpleGrid>
      </Paper>
      <ResultSummary marking={data} />
      {data.status === 'InProgress' ? (
        <Alert color="gray" variant="light" title="Not submitted yet">
          The candidate is still sitting this exam; it can be marked once submitted.
        </Alert>
      ) : (
        <MarkingForm key={data.markedOn ?? 'unmarked'} marking={data} />
      )}
    </Stack>
  );
}
