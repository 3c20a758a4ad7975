import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findTests, useTests } from '../../../features/exam-definition/api/find-tests';
import { TestFilters, emptyTestFilters, type TestFilterValues } from '../../../features/exam-definition/components/test-filters';
import { TEST_CSV_COLUMNS, TestsTable } from '../../../features/exam-definition/components/tests-table';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { SEARCH_DELAY_MS, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { EXAMINATIONS_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { EXAMINATIONS_PATH } from '../../route-paths';


export function examinationPath(id: string): string {
  return `${EXAMINATIONS_PATH}/${encodeURIComponent(id)}`;
}

function ExaminationsScreen() {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const [filters, setFilters] = useState<TestFilterValues>(emptyTestFilters);
  const [search] = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const filter = {
    search,
    testType: filters.testType || undefined,
    programType: filters.programType ? Number(filters.programType) : undefined,
    status: filters.status || undefined,
  };
  const list = useTests({ page, pageSize, ...filter });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Examinations</Title>
          <Text c="dimmed">Trial and module tests: their sections, questions and marks, and whether they are published.</Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" component={Link} to={`${EXAMINATIONS_PATH}/sittings`}>
            Sittings and marking
          </Button>
          <Button component={Link} to={`${EXAMINATIONS_PATH}/new`}>
            Add test
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <TestFilters
            values={filters}
            onChange={(next) => {
              setFilters(next);
              resetPage();
            }}
          />
          <Group justify="flex-end">
            <ExportButton table="Tests" fileName="tests.csv" source={{ kind: 'pages', columns: TEST_CSV_COLUMNS, fetchPage: pagesOf(findTests, filter) }} />
          </Group>
          <TestsTable
            {...pagedTableProps(list, paging)}
            hrefOf={(test) => examinationPath(test.id)}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Examinations (menu Examinations): the tests, with search and filters. */
export function AdminExaminationsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Examinations');
  if (!user.menuItems.includes('Examinations')) return <NotAvailable title="Examinations" message={NO_ACCESS_MESSAGE} />;
  return <ExaminationsScreen />;
}
