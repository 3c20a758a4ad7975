import { Group, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import type { AwardRow } from '@certs/shared/award/award.contract';
import { AWARD_STATUSES, AWARD_STATUS_LABELS, type AwardStatus } from '@certs/shared/award/award-status';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { awardsCsvPath, useAwards } from '../api/find-awards';
import { AwardsTable } from './awards-table';
import { SearchInput } from '../../../components/ui/search-input';
import { ExportButton } from '../../../components/ui/export-button';

export interface ProgramOption {
  id: string;
  label: string;
}

interface StaffAwardsListProps {
  /** One program's awards, or every program the caller may see when empty. */
  programId: string;
  onProgramChange: (programId: string) => void;
  programs: readonly ProgramOption[];
  applicationHrefOf: (row: AwardRow) => string;
}

const isAwardStatus = (value: string): value is AwardStatus => (AWARD_STATUSES as readonly string[]).includes(value);

/** Staff's Awards: search by name, ID, certificate or application number; status and program filters; paging; CSV export. */
export function StaffAwardsList({ programId, onProgramChange, programs, applicationHrefOf }: StaffAwardsListProps) {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [status, setStatus] = useState('');
  const filters = { search: search.term, status: isAwardStatus(status) ? status : undefined, programId: programId || undefined };
  const list = useAwards({ page, pageSize, ...filters });
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap" justify="space-between">
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchInput search={search} placeholder="Name, ID, certificate or application number" w={340} />
          <NativeSelect
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.currentTarget.value);
              resetPage();
            }}
            data={[{ value: '', label: 'All' }, ...AWARD_STATUSES.map((value) => ({ value, label: AWARD_STATUS_LABELS[value] }))]}
            w={150}
          />
          <NativeSelect
            label="Program"
            value={programId}
            onChange={(event) => {
              onProgramChange(event.currentTarget.value);
              resetPage();
            }}
            data={[{ value: '', label: 'All programs' }, ...programs.map((program) => ({ value: program.id, label: program.label }))]}
            w={300}
          />
        </Group>
        <ExportButton table="Awards" fileName="awards.csv" source={{ kind: 'server', path: awardsCsvPath(filters) }} />
      </Group>
      <AwardsTable
        label="Awards"
        testId="staff-awards-table"
        {...pagedTableProps(list, paging)}
        emptyText="No awards match."
        applicationHrefOf={applicationHrefOf}
      />
    </Stack>
  );
}
