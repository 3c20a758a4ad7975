import '@mantine/dates/styles.css';
import { Alert, Badge, Center, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { scheduleDayLabel } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { timeInZone } from '@certs/shared/exam-schedule/exam-schedule-time';
import { isSittingOpen, sittingEndsAt } from '@certs/shared/exam-schedule/sitting-time';
import type { PublicPlace } from '@certs/shared/exam-schedule/public-schedule.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { usePublicSchedule } from '../api/find-public-schedule';
import { parseTypedDay } from '../../../lib/typed-day';

const PLACE_GROUPS: Record<PublicPlace['kind'], string> = { venue: 'Venues', testCentre: 'Test centres', online: 'Online' };

/**
 * The public exam schedule: sessions not yet ended, at venues, test centres and online, by place
 * and day (each session's in its awarding body's time zone), with the number of candidates at a place (never who they are; none for
 * online exams, sat from anywhere). Filtered by dates and place.
 */
export function PublicScheduleView() {
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [venueId, setVenueId] = useState<string | null>(null);
  const schedule = usePublicSchedule({ from: from ?? undefined, to: to ?? undefined, venueId: venueId ?? undefined });
  const data = schedule.data;
  const placeOptions = Object.entries(PLACE_GROUPS)
    .map(([kind, group]) => ({ group, items: (data?.places ?? []).filter((p) => p.kind === kind).map((p) => ({ value: p.id, label: p.name })) }))
    .filter((group) => group.items.length > 0);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="form" aria-label="Filter the schedule" onSubmit={(event) => event.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateInput label="From" placeholder="Today" valueFormat="DD-MMM-YYYY" dateParser={parseTypedDay} clearable value={from} onChange={setFrom} />
          <DateInput label="To" placeholder="In 90 days" valueFormat="DD-MMM-YYYY" dateParser={parseTypedDay} clearable value={to} onChange={setTo} minDate={from ?? undefined} />
          <Select label="Venue or test centre" placeholder="All places" data={placeOptions} clearable searchable value={venueId} onChange={setVenueId} nothingFoundMessage="No place matches" />
        </SimpleGrid>
      </Paper>
      {data && (
        <Text size="sm" c="dimmed">
          Sessions from {scheduleDayLabel(data.from)} to {scheduleDayLabel(data.to)}; each session's day and time are its awarding body's (Sydney, Auckland...).
        </Text>
      )}
      {schedule.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading the schedule" />
        </Center>
      )}
      {schedule.error && (
        <Alert color="red" variant="light" title="The schedule could not be loaded">
          {errorMessageOf(schedule.error)}
        </Alert>
      )}
      {data && data.days.length === 0 && <Text>No exam sessions, at a venue, a test centre or online, are scheduled in this period.</Text>}
      {data?.days.map((day) => {
        const headingId = `schedule-${day.place.id}-${day.date}`;
        const online = day.place.kind === 'online';
        // "Now" as of the list's fetch: a render stays pure, and a refetch brings it up to date.
        const now = schedule.dataUpdatedAt;
        return (
          <Paper key={headingId} withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid="schedule-day">
            <Group justify="space-between" gap="xs" mb="xs">
              <Title order={2} size="h4" id={headingId}>
                {scheduleDayLabel(day.date)} · {day.place.name}
              </Title>
              <Badge variant="light" radius="sm" tt="none">
                {PLACE_GROUPS[day.place.kind].replace(/s$/, '')}
              </Badge>
            </Group>
            {day.place.address && (
              <Text size="sm" c="dimmed" mb="xs">
                {day.place.address}
              </Text>
            )}
            <Table.ScrollContainer minWidth={600}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Time</Table.Th>
                    <Table.Th scope="col">Kind</Table.Th>
                    <Table.Th scope="col">Module</Table.Th>
                    <Table.Th scope="col">Program</Table.Th>
                    <Table.Th scope="col">{online ? 'Window' : 'Duration'}</Table.Th>
                    {!online && <Table.Th scope="col">Candidates</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {day.sessions.map((session) => (
                    <Table.Tr key={`${session.startsAt}-${session.programCode}-${session.moduleCode}-${session.examKind}`}>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <time dateTime={session.startsAt}>{timeInZone(session.startsAt, session.timeZone)}</time>
                          {isSittingOpen({ scheduledAt: session.startsAt, durationMinutes: session.durationMinutes }, now) && (
                            <Badge size="sm" variant="light" color="teal" radius="sm" tt="none">
                              {online ? 'Open now' : 'In progress'}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{session.examKind}</Table.Td>
                      <Table.Td>
                        {session.moduleCode} {session.moduleTitle}
                      </Table.Td>
                      <Table.Td>{session.programCode}</Table.Td>
                      <Table.Td>{online ? `${session.durationMinutes} min, until ${timeInZone(sittingEndsAt({ scheduledAt: session.startsAt, durationMinutes: session.durationMinutes }), session.timeZone)}` : `${session.durationMinutes} min`}</Table.Td>
                      {!online && <Table.Td>{session.candidates ?? '—'}</Table.Td>}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        );
      })}
    </Stack>
  );
}
