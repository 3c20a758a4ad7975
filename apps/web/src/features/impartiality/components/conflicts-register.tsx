import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CONFLICT_KINDS, CONFLICT_KIND_LABELS, type ConflictKind, type ConflictStatusFilter, type ImpartialityScope, type StaffConflict } from '@certs/shared/impartiality/impartiality.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { SearchInput } from '../../../components/ui/search-input';
import { errorMessageOf } from '../../../lib/api-client';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { useConflictRegister } from '../api/conflicts';
import { ConflictStatusBadge, conflictTargetOf } from './my-conflicts-panel';

const STATUS_OPTIONS: { value: ConflictStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'ended', label: 'Ended' },
  { value: 'all', label: 'All' },
];

/**
 * The declarations of conflicts the caller's scope covers: the whole account for its
 * administrators, the staff of their programs for a program's manager. Read only: each declaration
 * is its author's.
 */
export function ConflictsRegister({ scope }: { scope: ImpartialityScope }) {
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } = usePaging();
  const search = useDebouncedSearch(resetPage);
  const [status, setStatus] = useState<ConflictStatusFilter>('active');
  const [kind, setKind] = useState<ConflictKind | null>(null);
  const [staffUserId, setStaffUserId] = useState<string | null>(null);
  const list = useConflictRegister({ page, pageSize, status, kind: kind ?? undefined, staffUserId: staffUserId ?? undefined, searchTerm: search.term });

  const columns: PagedTableColumn<StaffConflict>[] = [
    { key: 'staff', header: 'Staff member', isRowHeader: true, render: (row) => row.staff.name },
    { key: 'with', header: 'With', render: (row) => conflictTargetOf(row) },
    { key: 'kind', header: 'Kind', render: (row) => CONFLICT_KIND_LABELS[row.kind] },
    { key: 'details', header: 'Details', render: (row) => row.details || '-' },
    { key: 'declared', header: 'Declared', noWrap: true, render: (row) => <DateDisplay value={row.declaredOn} /> },
    { key: 'ended', header: 'Ended', noWrap: true, render: (row) => <DateDisplay value={row.endedOn} /> },
    { key: 'status', header: 'Status', noWrap: true, render: (row) => <ConflictStatusBadge conflict={row} /> },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {scope.isAdministrator ? "Every declaration made by the account's staff." : 'Declarations by the staff serving on the programs you manage.'} Only the person who made a
        declaration can end it.
      </Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="conflict-status-label">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="conflict-status-label"
            value={status}
            onChange={(value) => {
              setStatus(value as ConflictStatusFilter);
              resetPage();
            }}
            data={STATUS_OPTIONS}
          />
        </Stack>
        <Select
          label="Kind"
          placeholder="Any kind"
          clearable
          data={CONFLICT_KINDS.map((value) => ({ value, label: CONFLICT_KIND_LABELS[value] }))}
          value={kind}
          onChange={(value) => {
            setKind(value as ConflictKind | null);
            resetPage();
          }}
          w={220}
        />
        <Select
          label="Staff member"
          placeholder="Anyone"
          clearable
          searchable
          data={scope.staff.map((person) => ({ value: person.userId, label: person.name }))}
          value={staffUserId}
          onChange={(value) => {
            setStaffUserId(value);
            resetPage();
          }}
          w={240}
        />
        <SearchInput search={search} placeholder="Name, email, company" w={260} />
      </Group>
      <PagedTable
        label="Declarations of conflicts"
        columns={columns}
        rows={list.data?.rows ?? []}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        totalRows={list.data?.totalRows ?? 0}
        isLoading={list.isFetching}
        error={list.error ? errorMessageOf(list.error) : null}
        emptyText="No declarations match."
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        minWidth={900}
      />
    </Stack>
  );
}
