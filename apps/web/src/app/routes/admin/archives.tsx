import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PROGRAM_STATUS } from '@certs/shared/program/program-status';
import { NotAvailable } from '../../../components/ui/not-available';
import { useChangeProgramStatus } from '../../../features/program/api/change-program-status';
import { ExportButton } from '../../../components/ui/export-button';
import { findPrograms, usePrograms } from '../../../features/program/api/find-programs';
import { useScreenPrivilege } from '../../../features/program/api/find-screen-privilege';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProgramListFilters, emptyProgramFilters, type ProgramFilterValues } from '../../../features/program/components/program-list-filters';
import { PROGRAM_CSV_COLUMNS, ProgramsTable, type ProgramRow } from '../../../features/program/components/programs-table';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { SEARCH_DELAY_MS, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { programPath } from './programs';

function ArchivesScreen() {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const [filters, setFilters] = useState<ProgramFilterValues>(emptyProgramFilters);
  const [searchTerm] = useDebouncedValue(filters.searchTerm, SEARCH_DELAY_MS);
  const [restoring, setRestoring] = useState<ProgramRow | null>(null);
  const privilege = useScreenPrivilege('Archives');
  const changeStatus = useChangeProgramStatus();
  const filter = {
    searchBy: filters.searchBy,
    searchTerm,
    programStatus: PROGRAM_STATUS.Archived,
    programTypes: filters.programTypes.map(Number),
  };
  const list = usePrograms({ page, pageSize, ...filter });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Archives</Title>
        <Text c="dimmed">Archived programs are hidden from applicants and read-only. Restore one to change or publish it again.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <ProgramListFilters
            values={filters}
            withStatus={false}
            onChange={(next) => {
              setFilters(next);
              resetPage();
            }}
          />
          <Group justify="flex-end">
            <ExportButton table="Archived programs" fileName="archived-programs.csv" source={{ kind: 'pages', columns: PROGRAM_CSV_COLUMNS, fetchPage: pagesOf(findPrograms, filter) }} />
          </Group>
          <ProgramsTable
            label="Archived programs"
            testId="archives-table"
            emptyText="No archived programs."
            {...pagedTableProps(list, paging)}
            hrefOf={(program) => programPath(program.id)}
            actions={
              privilege.data?.canEdit
                ? (program) => (
                    <Button size="xs" variant="light" onClick={() => setRestoring(program)} aria-label={`Restore ${program.programCode}`}>
                      Restore
                    </Button>
                  )
                : undefined
            }
          />
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={restoring !== null}
        title={`Restore ${restoring?.programCode ?? ''}?`}
        confirmLabel="Restore program"
        failureTitle="Could not restore the program"
        onConfirm={async () => {
          if (!restoring) return;
          const program = await changeStatus.mutateAsync({ id: restoring.id, action: 'restore' });
          notifications.show({ color: 'green', title: 'Program restored', message: `${program.programCode} can be edited and published again.` });
        }}
        onClose={() => setRestoring(null)}
      >
        <Text>Restoring makes {restoring?.programCode} editable again. Applicants do not see it until it is published again.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** Archives (menu Archives): archived programs, with Restore. */
export function AdminArchivesRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Archives');
  if (!user.menuItems.includes('Archives')) return <NotAvailable title="Archives" message={NO_ACCESS_MESSAGE} />;
  return <ArchivesScreen />;
}
