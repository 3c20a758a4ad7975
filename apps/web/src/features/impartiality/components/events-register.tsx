import { Group, List, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IMPARTIALITY_MESSAGES, IMPARTIALITY_OUTCOME_COLORS, IMPARTIALITY_OUTCOME_LABELS, IMPARTIALITY_ROLE_TITLES, type ImpartialityEvent, type ImpartialityScope } from '@certs/shared/impartiality/impartiality.contract';
import { IMPARTIALITY_OUTCOMES, IMPARTIALITY_ROLES, type ImpartialityOutcome, type ImpartialityRole } from '@certs/shared/impartiality/assignment-check.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { DateField } from '../../../components/ui/date-field';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { usePaging } from '../../../lib/use-paging';
import { useImpartialityEvents } from '../api/events';

/**
 * Every assignment the impartiality check refused and every override of one (a manager's, with the
 * reason): the evidence an assessor asks for. Read only.
 */
export function EventsRegister({ scope }: { scope: ImpartialityScope }) {
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } = usePaging();
  const [programId, setProgramId] = useState<string | null>(null);
  const [staffUserId, setStaffUserId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ImpartialityOutcome | null>(null);
  const [role, setRole] = useState<ImpartialityRole | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const isRangeReversed = !!from && !!to && from > to;
  const list = useImpartialityEvents({
    page,
    pageSize,
    programId: programId ?? undefined,
    staffUserId: staffUserId ?? undefined,
    outcome: outcome ?? undefined,
    role: role ?? undefined,
    from: from || undefined,
    to: isRangeReversed ? undefined : to || undefined,
  });
  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    resetPage();
  };

  const columns: PagedTableColumn<ImpartialityEvent>[] = [
    { key: 'when', header: 'When', noWrap: true, render: (row) => <DateDisplay value={row.createdOn} withTime /> },
    { key: 'staff', header: 'Staff member', isRowHeader: true, render: (row) => row.staff.name },
    { key: 'role', header: 'Role', render: (row) => IMPARTIALITY_ROLE_TITLES[row.role] },
    { key: 'outcome', header: 'Outcome', noWrap: true, render: (row) => <StatusBadge label={IMPARTIALITY_OUTCOME_LABELS[row.outcome]} value={row.outcome} color={IMPARTIALITY_OUTCOME_COLORS[row.outcome]} /> },
    { key: 'program', header: 'Program', render: (row) => (row.program ? row.program.programCode : '-') },
    { key: 'application', header: 'Application', noWrap: true, render: (row) => row.applicationNumber ?? '-' },
    {
      key: 'reasons',
      header: 'Why',
      render: (row) => (
        <List size="sm" spacing={2}>
          {row.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      ),
    },
    { key: 'override', header: 'Override reason', render: (row) => row.overrideReason ?? '-' },
    { key: 'actor', header: 'By', render: (row) => row.actorName ?? '-' },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {scope.isAdministrator ? "Refusals and overrides in all of the account's programs." : 'Refusals and overrides in the programs you manage.'}
      </Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Program"
          placeholder="Any program"
          clearable
          searchable
          data={scope.programs.map((program) => ({ value: program.id, label: `${program.programCode} ${program.programTitle}` }))}
          value={programId}
          onChange={filter(setProgramId)}
          w={260}
        />
        <Select label="Staff member" placeholder="Anyone" clearable searchable data={scope.staff.map((person) => ({ value: person.userId, label: person.name }))} value={staffUserId} onChange={filter(setStaffUserId)} w={220} />
        <Select
          label="Outcome"
          placeholder="Any outcome"
          clearable
          data={IMPARTIALITY_OUTCOMES.map((value) => ({ value, label: IMPARTIALITY_OUTCOME_LABELS[value] }))}
          value={outcome}
          onChange={filter((value: string | null) => setOutcome(value as ImpartialityOutcome | null))}
          w={200}
        />
        <Select
          label="Role"
          placeholder="Any role"
          clearable
          data={IMPARTIALITY_ROLES.map((value) => ({ value, label: IMPARTIALITY_ROLE_TITLES[value] }))}
          value={role}
          onChange={filter((value: string | null) => setRole(value as ImpartialityRole | null))}
          w={200}
        />
        <DateField label="From" value={from} onChange={filter(setFrom)} w={170} />
        <DateField label="To" value={to} onChange={filter(setTo)} w={170} error={isRangeReversed ? IMPARTIALITY_MESSAGES.dateOrder : undefined} />
      </Group>
      <PagedTable
        label="Refusals and overrides"
        columns={columns}
        rows={list.data?.rows ?? []}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        totalRows={list.data?.totalRows ?? 0}
        isLoading={list.isFetching}
        error={list.error ? errorMessageOf(list.error) : null}
        emptyText="No refusals or overrides match."
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        minWidth={1100}
      />
    </Stack>
  );
}
