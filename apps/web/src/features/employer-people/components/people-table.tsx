import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AWARD_STATUS_COLORS, AWARD_STATUS_LABELS } from '@certs/shared/award/award-status';
import {
  PERSON_DUE_LABELS,
  WELDER_QUALIFICATION_STATUS_COLORS,
  WELDER_QUALIFICATION_STATUS_LABELS,
  type EmployeeAward,
  type EmployeeWelderQualification,
  type EmployerPerson,
} from '@certs/shared/employer/people.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@certs/shared/common/paging';

function AwardSummary({ award }: { award: EmployeeAward }) {
  return (
    <Stack gap={2} data-testid="person-award">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {award.programCode} {award.certificateNumber}
        </Text>
        <StatusBadge label={AWARD_STATUS_LABELS[award.status]} value={award.status} color={AWARD_STATUS_COLORS[award.status]} />
      </Group>
      <Text size="xs" c="dimmed">
        {award.programTitle}, {award.awardingBodyName}
      </Text>
      <Text size="xs">{award.expiresOn ? <>Expires <DateDisplay value={award.expiresOn} /></> : 'Does not expire'}</Text>
    </Stack>
  );
}

function QualificationSummary({ qualification: q }: { qualification: EmployeeWelderQualification }) {
  return (
    <Stack gap={2} data-testid="person-qualification">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {q.certificateNumber}
        </Text>
        <StatusBadge label={WELDER_QUALIFICATION_STATUS_LABELS[q.status]} value={q.status} color={WELDER_QUALIFICATION_STATUS_COLORS[q.status]} />
      </Group>
      <Text size="xs">{q.designation}</Text>
      <Text size="xs" c="dimmed">
        {q.programCode}, {q.awardingBodyName}
      </Text>
      {q.reason && (
        <Text size="xs" c="red.8">
          {q.reason}
        </Text>
      )}
      {q.nextConfirmationDue && (
        <Text size="xs">
          Next confirmation due <DateDisplay value={q.nextConfirmationDue} />
        </Text>
      )}
      {q.validUntil && (
        <Text size="xs">
          Valid until <DateDisplay value={q.validUntil} />
        </Text>
      )}
      {q.revalidationWindow && (
        <Text size="xs">
          Revalidation welds from <DateDisplay value={q.revalidationWindow.from} /> to <DateDisplay value={q.revalidationWindow.to} />
        </Text>
      )}
    </Stack>
  );
}

const none = (
  <Text size="sm" c="dimmed">
    None
  </Text>
);

/**
 * The company's people, one row each (issue 42): their awards and welder qualifications from every
 * awarding body summarised with status badges, expiry and the next confirmation due, and the soonest
 * thing due. The list comes whole; it is paged here.
 */
export function PeopleTable({ people, isLoading, error, emptyText }: { people: readonly EmployerPerson[]; isLoading: boolean; error: string | null; emptyText: string }) {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const lastPage = Math.max(1, Math.ceil(people.length / pageSize));
  const shown = Math.min(page, lastPage);
  const columns: readonly PagedTableColumn<EmployerPerson>[] = [
    {
      key: 'name',
      header: 'Name',
      isRowHeader: true,
      render: (person) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {person.name}
          </Text>
          <Text size="xs" c="dimmed">
            {person.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'awards', header: 'Awards', render: (person) => (person.awards.length ? <Stack gap="sm">{person.awards.map((award) => <AwardSummary key={award.awardId} award={award} />)}</Stack> : none) },
    {
      key: 'qualifications',
      header: 'Welder qualifications',
      render: (person) => (person.welderQualifications.length ? <Stack gap="sm">{person.welderQualifications.map((q) => <QualificationSummary key={q.wpqRecordId} qualification={q} />)}</Stack> : none),
    },
    {
      key: 'nextDue',
      header: 'Next due',
      noWrap: true,
      render: (person) =>
        person.nextDue ? (
          <Stack gap={0}>
            <Text size="sm">{PERSON_DUE_LABELS[person.nextDue.kind]}</Text>
            <Text size="sm">
              <DateDisplay value={person.nextDue.dueOn} />
            </Text>
          </Stack>
        ) : (
          '-'
        ),
    },
  ];
  return (
    <PagedTable
      label="People"
      testId="employer-people"
      columns={columns}
      rows={people.slice((shown - 1) * pageSize, shown * pageSize)}
      rowKey={(person) => person.applicantId}
      page={shown}
      pageSize={pageSize}
      totalRows={people.length}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(DEFAULT_PAGE);
      }}
      isLoading={isLoading}
      error={error}
      emptyText={emptyText}
      minWidth={880}
    />
  );
}
