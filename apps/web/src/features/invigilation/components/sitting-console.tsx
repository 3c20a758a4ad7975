import { Alert, Anchor, Button, Group, Menu, Paper, SegmentedControl, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { candidateStateOf, durationText, needsAttention, offlineSinceOf } from '@certs/shared/invigilation/console-state';
import { describeSittingEvent } from '@certs/shared/invigilation/event-wording';
import { CANDIDATE_STATE_COLORS, CANDIDATE_STATE_LABELS, type ConsoleCandidate, type SittingConsole as Console } from '@certs/shared/invigilation/invigilation.contract';
import { NotAvailable } from '../../../components/ui/not-available';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useDateFormatter } from '../../../lib/dates';
import { useConsoleStream, useNow } from '../hooks/use-console-stream';
import { CandidateActionDialog, type ActionKind } from './candidate-action-dialog';
import { CandidateSnapshot } from './candidate-snapshot';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'attention', label: 'Needs attention' },
  { value: 'offline', label: 'Offline' },
  { value: 'notLaunched', label: 'Not started' },
  { value: 'submitted', label: 'Submitted' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

function matches(filter: Filter, candidate: ConsoleCandidate, now: number, offlineAfter: number): boolean {
  const state = candidateStateOf(candidate, now, offlineAfter);
  if (filter === 'all') return true;
  if (filter === 'attention') return needsAttention(candidate, now, offlineAfter);
  if (filter === 'submitted') return state === 'submitted' || state === 'endedForMisconduct';
  if (filter === 'notLaunched') return state === 'notLaunched' || state === 'systemCheckFailed';
  return state === 'offline';
}

function StateCell({ candidate, now, offlineAfter }: { candidate: ConsoleCandidate; now: number; offlineAfter: number }) {
  const state = candidateStateOf(candidate, now, offlineAfter);
  const since = offlineSinceOf(candidate, now, offlineAfter);
  return (
    <Stack gap={2}>
      <StatusBadge label={CANDIDATE_STATE_LABELS[state]} color={CANDIDATE_STATE_COLORS[state]} />
      {state === 'offline' && since && (
        <Text size="xs" c="orange.9" data-testid="offline-for">
          for {durationText((now - Date.parse(since)) / 1000)}
        </Text>
      )}
    </Stack>
  );
}

function CandidateRow({
  console,
  candidate,
  now,
  reviewHref,
  onAction,
}: {
  console: Console;
  candidate: ConsoleCandidate;
  now: number;
  reviewHref: (examInstanceId: string) => string;
  onAction: (kind: ActionKind) => void;
}) {
  const isOpen = candidate.status === 'InProgress' && !candidate.endedForMisconduct;
  const state = candidateStateOf(candidate, now, console.offlineAfterSeconds);
  // Once submitted or ended nothing in the sitting changes (issue 45 item 5): only a report is offered.
  const isOver = state === 'submitted' || state === 'endedForMisconduct';
  return (
    <Table.Tr data-testid="console-candidate" data-candidate={candidate.applicantName}>
      <Table.Td>
        <Text fw={600} size="sm">
          {candidate.applicantName}
        </Text>
        <Text size="xs" c="dimmed">
          {candidate.applicationNumber}
        </Text>
      </Table.Td>
      <Table.Td>
        <StateCell candidate={candidate} now={now} offlineAfter={console.offlineAfterSeconds} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{candidate.status === 'notLaunched' ? '-' : `${candidate.answered} of ${candidate.questions} answered`}</Text>
        {candidate.extraMinutes > 0 && (
          <Text size="xs" c="dimmed">
            +{candidate.extraMinutes} min
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {candidate.latestAttention ? (
            <Text size="sm">
              {candidate.latestAttention.label} ({candidate.attentionEvents})
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              None
            </Text>
          )}
          {candidate.recordingGaps > 0 && (
            <StatusBadge color="orange" label={`${candidate.recordingGaps} recording gap${candidate.recordingGaps === 1 ? '' : 's'}`} />
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <CandidateSnapshot sittingId={console.sitting.sittingId} applicationModuleId={candidate.applicationModuleId} name={candidate.applicantName} hasSnapshot={!!candidate.latestSnapshotOn} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {/* No closing animation: the action's dialog opens at once, and a menu fading out under it is still in the page. */}
          <Menu position="bottom-end" withinPortal transitionProps={{ duration: 0 }}>
            <Menu.Target>
              <Button size="xs" variant="light" aria-label={`Actions for ${candidate.applicantName}`}>
                Actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {isOver && <Menu.Label>{CANDIDATE_STATE_LABELS[state]}: the sitting can no longer change</Menu.Label>}
              {isOpen && <Menu.Item onClick={() => onAction('message')}>Send a message</Menu.Item>}
              {/* Before the launch, extra time waits for the sitting (the engine's extension). */}
              {(isOpen || candidate.status === 'notLaunched') && <Menu.Item onClick={() => onAction('extratime')}>Give extra time</Menu.Item>}
              {isOpen &&
                (candidate.pausedSince ? (
                  <Menu.Item onClick={() => onAction('resume')}>Resume the clock</Menu.Item>
                ) : (
                  <Menu.Item onClick={() => onAction('pause')}>Pause the clock</Menu.Item>
                ))}
              <Menu.Item onClick={() => onAction('reports')}>Report an irregularity</Menu.Item>
              {isOpen && (
                <Menu.Item color="red" onClick={() => onAction('end')}>
                  End for misconduct
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
          {candidate.examInstanceId && console.sitting.myRole !== 'invigilator' && (
            <Anchor component={Link} to={reviewHref(candidate.examInstanceId)} size="sm" aria-label={`Sitting review of ${candidate.applicantName}`}>
              Sitting review
            </Anchor>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The invigilator console of one sitting (issue 19, decision 029): every candidate's state, live
 * (Server-Sent Events), a filter for what needs attention, the latest events, and the actions.
 */
export function SittingConsole({ sittingId, reviewHref }: { sittingId: string; reviewHref: (examInstanceId: string) => string }) {
  const { console, isLive, refusal } = useConsoleStream(sittingId);
  const now = useNow();
  const dates = useDateFormatter();
  const [filter, setFilter] = useState<Filter>('all');
  const [action, setAction] = useState<{ candidate: ConsoleCandidate; kind: ActionKind } | null>(null);
  if (refusal === 404) return <NotAvailable title="Sitting" message="This sitting does not exist." />;
  if (refusal === 403) return <NotAvailable title="Sitting" message="You are not an invigilator or examiner of this sitting." />;
  if (!console) return <Text>Loading the sitting…</Text>;
  const { sitting } = console;
  const shown = console.candidates.filter((candidate) => matches(filter, candidate, now, console.offlineAfterSeconds));
  const eventTimesOf = (candidate: ConsoleCandidate) =>
    console.events.filter((event) => event.applicationModuleId === candidate.applicationModuleId).map((event) => ({ label: event.label, occurredOn: event.occurredOn }));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={600} c="indigo.8">
            Invigilation
          </Text>
          <Title order={1}>
            {sitting.programCode} {sitting.moduleCode} {sitting.moduleTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {dates.dateTime(sitting.scheduledAt)} to {dates.dateTime(sitting.windowClosesAt)} · {sitting.candidates} candidate{sitting.candidates === 1 ? '' : 's'}
          </Text>
        </Stack>
        <StatusBadge color={isLive ? 'green' : 'gray'} label={isLive ? 'Live' : 'Reconnecting…'} testId="console-live" />
      </Group>
      <SegmentedControl aria-label="Show candidates" value={filter} onChange={(value) => setFilter(value as Filter)} data={FILTERS.map((item) => ({ ...item }))} w="fit-content" />
      <Paper withBorder radius="md" p={0}>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Candidate</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Progress</Table.Th>
                <Table.Th>Monitor and focus events</Table.Th>
                <Table.Th>Camera</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((candidate) => (
                <CandidateRow key={candidate.applicationModuleId} console={console} candidate={candidate} now={now} reviewHref={reviewHref} onAction={(kind) => setAction({ candidate, kind })} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {shown.length === 0 && (
          <Text p="md" c="dimmed">
            No candidate to show.
          </Text>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="console-events-heading">
        <Title order={2} size="h4" id="console-events-heading" mb="sm">
          Latest events
        </Title>
        {console.events.length === 0 ? (
          <Text c="dimmed">Nothing has happened yet.</Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="console-events">
            {console.events.map((event) => {
              const candidate = console.candidates.find((c) => c.applicationModuleId === event.applicationModuleId);
              return (
                <Text component="li" key={event.id} size="sm">
                  {dates.dateTime(event.occurredOn)} · {candidate?.applicantName ?? 'Candidate'} · {describeSittingEvent(event)}
                  {event.actorName ? ` (${event.actorName})` : ''}
                </Text>
              );
            })}
          </Stack>
        )}
      </Paper>
      {action && <CandidateActionDialog candidate={action.candidate} kind={action.kind} eventTimes={eventTimesOf(action.candidate)} onClose={() => setAction(null)} />}
      {!isLive && (
        <Alert color="gray" variant="light">
          The live connection is being opened again; the list may be a few seconds old.
        </Alert>
      )}
    </Stack>
  );
}
