import { Alert, Anchor, Box, Button, Group, Paper, Radio, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useState } from 'react';
import { Link } from 'react-router';
import { durationText } from '@certs/shared/invigilation/console-state';
import { describeSittingEvent, NOTABLE_KINDS } from '@certs/shared/invigilation/event-wording';
import { REVIEW_DECISION_LABELS, REVIEW_DECISIONS, type SittingReview as Review, type SittingReviewDecisionKind } from '@certs/shared/invigilation/invigilation.contract';
import { NotAvailable } from '../../../components/ui/not-available';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useReviewChange, useSittingReview } from '../api/invigilation';
import { RecordingPlayer } from './recording-player';
import { SnapshotStrip } from './snapshot-strip';

/** "+01:02:03" from the start of the sitting. */
function offsetText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `+${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * Where the review opens: the first recorded moment (issue 45 item 12). The sitting starts at the
 * launch, the recording a little later (after the candidate shares the screen), so opening at the
 * launch showed a gap and no video.
 */
export function firstRecordedMoment(review: Review): number {
  const manifest = review.recording.manifest;
  const starts = (manifest?.segments ?? []).map((segment) => Date.parse(segment.startedOn)).filter((at) => Number.isFinite(at));
  return starts.length > 0 ? Math.min(...starts) : Date.parse(review.startedOn);
}

const bySource = (event: Review['events'][number]) => event.actorName ?? (event.source === 'candidate' ? 'Candidate' : 'System');

/** The whole sitting as a bar: the recorded stretches, the gaps, and each event as a mark to jump to. */
function Timeline({ review, positionMs, onJump }: { review: Review; positionMs: number; onJump: (atMs: number) => void }) {
  const start = Date.parse(review.startedOn);
  const end = Math.max(Date.parse(review.endedOn ?? review.startedOn), ...review.events.map((event) => Date.parse(event.occurredOn)), start + 60_000);
  const share = (at: number) => `${Math.min(100, Math.max(0, ((at - start) / (end - start)) * 100))}%`;
  const gaps = review.recording.manifest?.gaps ?? [];
  return (
    <Box pos="relative" h={28} bg="gray.2" style={{ borderRadius: 4 }} aria-hidden>
      {gaps.map((gap) => (
        <Box key={gap.from} pos="absolute" top={0} h={28} bg="orange.4" style={{ left: share(Date.parse(gap.from)), width: `calc(${share(Date.parse(gap.to))} - ${share(Date.parse(gap.from))})` }} />
      ))}
      {review.events.map((event) => (
        <Box
          key={event.id}
          pos="absolute"
          top={4}
          w={3}
          h={20}
          bg={event.source === 'invigilator' ? 'indigo.7' : 'gray.7'}
          style={{ left: share(Date.parse(event.occurredOn)), cursor: 'pointer' }}
          onClick={() => onJump(Date.parse(event.occurredOn))}
        />
      ))}
      <Box pos="absolute" top={0} w={2} h={28} bg="red.7" style={{ left: share(positionMs) }} />
    </Box>
  );
}

function ReviewScreen({ review }: { review: Review }) {
  const dates = useDateFormatter();
  const start = Date.parse(review.startedOn);
  const [positionMs, setPositionMs] = useState(() => firstRecordedMoment(review));
  const [flagNote, setFlagNote] = useState('');
  const [decision, setDecision] = useState<SittingReviewDecisionKind | null>(review.decision?.decision ?? null);
  const [decisionNote, setDecisionNote] = useState(review.decision?.note ?? '');
  const [holdReason, setHoldReason] = useState('');
  const change = useReviewChange(review.examInstanceId);
  const [selectedEvent, setSelectedEvent] = useState<number | null>(null);
  const manifest = review.recording.manifest;
  const notable = review.events.filter((event) => NOTABLE_KINDS.has(event.kind));
  const jumpTo = (event: Review['events'][number]) => {
    setSelectedEvent(event.id);
    setPositionMs(Date.parse(event.occurredOn));
  };

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text size="sm" fw={600} c="indigo.8">
          Sitting review
        </Text>
        <Title order={1}>
          {review.applicantName}: {review.moduleCode} {review.moduleTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {review.applicationNumber} · started {dates.dateTime(review.startedOn)}
          {review.endedOn ? ` · ended ${dates.dateTime(review.endedOn)}` : ''} · a person decides: nothing here changes a result
        </Text>
      </Stack>
      {change.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessageOf(change.error)}
        </Alert>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recording-heading">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4" id="recording-heading">
              Recording
            </Title>
            <Text size="sm" data-testid="review-position">
              Position {offsetText(positionMs - start)} ({dates.dateTime(new Date(positionMs).toISOString())})
            </Text>
          </Group>
          <Timeline review={review} positionMs={positionMs} onJump={setPositionMs} />
          {review.recording.status === 'deleted' && <Alert color="gray">The recording was deleted at the end of its retention period.</Alert>}
          {review.recording.status === 'none' && <Alert color="gray">This sitting has no recording; its events are below.</Alert>}
          {manifest && <RecordingPlayer examInstanceId={review.examInstanceId} manifest={manifest} positionMs={positionMs} onPosition={setPositionMs} />}
          {manifest && manifest.gaps.length > 0 && (
            // The page's text colour: orange.9 on white is 4.29:1, below AA (the recorded journey's axe check).
            <Text size="sm">
              <Text span fw={700} inherit>
                Gaps:
              </Text>{' '}
              {manifest.gaps.map((gap) => `${offsetText(Date.parse(gap.from) - start)} to ${offsetText(Date.parse(gap.to) - start)} (${durationText(gap.seconds)})`).join('; ')}
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notable-events-heading">
        <Title order={2} size="h4" id="notable-events-heading">
          Events to look at
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Leaving the exam window, a second screen or tab, copy and paste, capture trouble, a lost connection, gaps and irregularity reports. Choose one to see the recording at that moment.
        </Text>
        {notable.length === 0 ? (
          <Text size="sm" data-testid="notable-events-none">
            None: the candidate stayed in the exam window on one screen, and nothing was reported.
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="notable-events">
            {notable.map((event) => (
              <li key={event.id}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ta="left"
                  aria-current={selectedEvent === event.id ? 'true' : undefined}
                  fw={selectedEvent === event.id ? 700 : undefined}
                  onClick={() => jumpTo(event)}
                >
                  {offsetText(Date.parse(event.occurredOn) - start)} {describeSittingEvent(event)}
                </Anchor>
                <Text span size="sm" c="dimmed">
                  {' '}
                  ({bySource(event)})
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Paper>

      {review.snapshots.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="snapshots-heading">
          <Title order={2} size="h4" id="snapshots-heading">
            Camera snapshots ({review.snapshots.length})
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            One about every 30 seconds. Choose one to see the recording at that moment; the arrow keys move along the strip.
          </Text>
          <SnapshotStrip snapshots={review.snapshots} positionMs={positionMs} offsetText={(at) => offsetText(at - start)} onJump={setPositionMs} />
        </Paper>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-events-heading">
        <Title order={2} size="h4" id="review-events-heading" mb="sm">
          All events
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={4} data-testid="review-events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>At (choose to jump there)</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {review.events.map((event) => {
                const at = offsetText(Date.parse(event.occurredOn) - start);
                return (
                  <Table.Tr key={event.id} data-testid="review-event" data-kind={event.kind} bg={selectedEvent === event.id ? 'gray.1' : undefined} aria-current={selectedEvent === event.id ? 'true' : undefined}>
                    <Table.Td>
                      <Anchor component="button" type="button" size="sm" aria-label={`Jump to ${event.label} at ${at}`} onClick={() => jumpTo(event)}>
                        {at}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{describeSittingEvent(event)}</Table.Td>
                    <Table.Td>{bySource(event)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="flags-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="flags-heading">
            Flagged moments
          </Title>
          {review.flags.map((flag) => (
            <Text key={flag.id} size="sm" data-testid="review-flag">
              {offsetText(Date.parse(flag.atOn) - start)}: {flag.note} ({flag.createdBy})
            </Text>
          ))}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              change.mutate({ kind: 'flags', body: { atOn: new Date(positionMs).toISOString(), note: flagNote } }, { onSuccess: () => setFlagNote('') });
            }}
          >
            <Group align="flex-end">
              <TextInput label={`Note for the moment at ${offsetText(positionMs - start)}`} value={flagNote} onChange={(event) => setFlagNote(event.currentTarget.value)} style={{ flex: 1 }} />
              <Button type="submit" variant="light" loading={change.isPending}>
                Flag this moment
              </Button>
            </Group>
          </form>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="decision-heading">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (decision) change.mutate({ kind: 'decision', body: { decision, note: decisionNote } });
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="decision-heading">
              Decision
            </Title>
            {review.decision && (
              <StatusBadge color={review.decision.decision === 'noConcern' ? 'green' : 'orange'} label={`${REVIEW_DECISION_LABELS[review.decision.decision]} (${review.decision.decidedBy}, ${dates.dateTime(review.decision.decidedOn)})`} />
            )}
            <Radio.Group label="Outcome of the review" value={decision} onChange={(value) => setDecision(value as SittingReviewDecisionKind)}>
              <Group mt={4}>
                {REVIEW_DECISIONS.map((value) => (
                  <Radio key={value} value={value} label={REVIEW_DECISION_LABELS[value]} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea label="Note" value={decisionNote} onChange={(event) => setDecisionNote(event.currentTarget.value)} autosize minRows={2} />
            <Button type="submit" w="fit-content" disabled={!decision} loading={change.isPending}>
              Record the decision
            </Button>
          </Stack>
        </form>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="retention-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="retention-heading">
            Retention
          </Title>
          <Text size="sm">
            {review.hold
              ? `Held by ${review.hold.heldBy} on ${dates.dateTime(review.hold.heldOn)}: ${review.hold.reason}`
              : review.retentionDueOn
                ? `The recording, snapshots and keystroke logs are deleted from ${dates.date(review.retentionDueOn)}.`
                : 'Kept until the result is final and any review window has closed.'}
          </Text>
          <Group align="flex-end">
            <TextInput label={review.hold ? 'Reason to release the hold' : 'Reason to keep it longer'} value={holdReason} onChange={(event) => setHoldReason(event.currentTarget.value)} style={{ flex: 1 }} />
            <Button variant="light" loading={change.isPending} onClick={() => change.mutate({ kind: review.hold ? 'hold/release' : 'hold', body: { reason: holdReason } }, { onSuccess: () => setHoldReason('') })}>
              {review.hold ? 'Release the hold' : 'Hold the recording'}
            </Button>
          </Group>
        </Stack>
      </Paper>

      {review.reports.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-reports-heading">
          <Title order={2} size="h4" id="review-reports-heading" mb="sm">
            Irregularity reports
          </Title>
          {review.reports.map((report) => (
            <Text key={report.id} size="sm">
              {report.category}: {report.description} ({report.createdBy})
            </Text>
          ))}
        </Paper>
      )}
    </Stack>
  );
}

/** The examiner's review of one sitting (issue 19, decision 029). */
export function SittingReview({ examInstanceId, applicationHref }: { examInstanceId: string; applicationHref?: string }) {
  const review = useSittingReview(examInstanceId);
  if (review.isPending) return <Text>Loading the sitting…</Text>;
  if (review.isError) {
    const status = review.error instanceof ApiError ? review.error.status : 0;
    if (status === 403) return <NotAvailable title="Sitting review" message="Only the sitting's examiners, the program's manager and administrators review it." />;
    return <NotAvailable title="Sitting review" message={errorMessageOf(review.error)} />;
  }
  return (
    <Stack gap="sm">
      {applicationHref && (
        <Anchor component={Link} to={applicationHref} size="sm">
          Back
        </Anchor>
      )}
      <ReviewScreen review={review.data} />
    </Stack>
  );
}
