import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findPrograms, usePrograms } from '../../../features/program/api/find-programs';
import { useScreenPrivilege } from '../../../features/program/api/find-screen-privilege';
import { ProgramListFilters, emptyProgramFilters, type ProgramFilterValues } from '../../../features/program/components/program-list-filters';
import { PROGRAM_CSV_COLUMNS, ProgramsTable } from '../../../features/program/components/programs-table';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { SEARCH_DELAY_MS, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { ADMIN_APPLICATIONS_PATH, ADMIN_RESITS_PATH, ADMIN_WELDERS_DUE_PATH } from '../../route-paths';
import { ADMIN_AWARDS_PATH } from '../../route-paths';
import { ADMIN_RENEWALS_PATH } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';

export function programPath(id: string): string {
  return `/admin/programs/${encodeURIComponent(id)}`;
}

function ProgramsScreen() {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const [filters, setFilters] = useState<ProgramFilterValues>(emptyProgramFilters);
  const [searchTerm] = useDebouncedValue(filters.searchTerm, SEARCH_DELAY_MS);
  const privilege = useScreenPrivilege('Programs');
  const filter = {
    searchBy: filters.searchBy,
    searchTerm,
    programStatus: filters.programStatus ? Number(filters.programStatus) : undefined,
    programTypes: filters.programTypes.map(Number),
  };
  const list = usePrograms({ page, pageSize, ...filter });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Programs</Title>
          <Text c="dimmed">Qualification, Certification, Welder Qualification and AICIP programs, and where each stands.</Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={ADMIN_APPLICATIONS_PATH} variant="default">
            All applications
          </Button>
          <Button component={Link} to={ADMIN_AWARDS_PATH} variant="default">
            Awards
          </Button>
          <Button component={Link} to={ADMIN_RESITS_PATH} variant="default">
            Re-sits
          </Button>
          <Button component={Link} to={ADMIN_WELDERS_DUE_PATH} variant="default">
            Welders due
          </Button>
          <Button component={Link} to={ADMIN_RENEWALS_PATH} variant="default">
            Renewals
          </Button>
          {privilege.data?.canCreate && (
            <Button component={Link} to="/admin/programs/new">
              Add program
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <ProgramListFilters
            values={filters}
            onChange={(next) => {
              setFilters(next);
              resetPage();
            }}
          />
          <Group justify="flex-end">
            <ExportButton table="Programs" fileName="programs.csv" source={{ kind: 'pages', columns: PROGRAM_CSV_COLUMNS, fetchPage: pagesOf(findPrograms, filter) }} />
          </Group>
          <ProgramsTable
            label="Programs"
            {...pagedTableProps(list, paging)}
            hrefOf={(program) => programPath(program.id)}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Programs (menu Programs): the paged list with the spec's search filters, status and types. */
export function AdminProgramsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Programs');
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Programs" message={NO_ACCESS_MESSAGE} />;
  return <ProgramsScreen />;
}
