import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TestingAgency } from '@certs/shared/venue/venue.contract';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findTestingAgencies, useRemoveTestingAgency, useSaveTestingAgency, useTestingAgencies } from '../../../features/venue/api/testing-agencies';
import { TESTING_AGENCY_CSV_COLUMNS, TestingAgenciesTable } from '../../../features/venue/components/testing-agencies-table';
import { TestingAgencyForm, testingAgencyValuesOf } from '../../../features/venue/forms/testing-agency-form';
import { errorMessageOf } from '../../../lib/api-client';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { SearchInput } from '../../../components/ui/search-input';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_TEST_CENTRES_PATH } from '../../route-paths';


function TestCentresScreen() {
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } = usePaging();
  const search = useDebouncedSearch(resetPage);
  const [editing, setEditing] = useState<TestingAgency | 'new' | null>(null);
  const [removing, setRemoving] = useState<TestingAgency | null>(null);
  const filter = { searchTerm: search.term };
  const list = useTestingAgencies({ page, pageSize, ...filter });
  const save = useSaveTestingAgency();
  const remove = useRemoveTestingAgency();
  const current = editing && editing !== 'new' ? editing : null;

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Utilities}>
          Utilities
        </Anchor>
        <Text>Test centres</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Test centres</Title>
          <Text c="dimmed">Testing agencies that host candidates for exams, with their contact details.</Text>
        </Stack>
        <Button onClick={() => setEditing('new')}>New test centre</Button>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <SearchInput search={search} placeholder="Reference, company, city, state or email" w={360} />
            <ExportButton table="Test centres" fileName="test-centres.csv" source={{ kind: 'pages', columns: TESTING_AGENCY_CSV_COLUMNS, fetchPage: pagesOf(findTestingAgencies, filter) }} />
          </Group>
          <TestingAgenciesTable
            page={list.data}
            pageNumber={page}
            pageSize={pageSize}
            isLoading={list.isFetching}
            error={list.error ? errorMessageOf(list.error) : null}
            canEdit
            onEdit={setEditing}
            onRemove={setRemoving}
            onPageChange={onPageChange}
            onPageSizeChange={onPageSizeChange}
          />
        </Stack>
      </Paper>
      <FormDialog opened={editing !== null} title={current ? `Edit ${current.companyName}` : 'New test centre'} onClose={() => setEditing(null)}>
        <TestingAgencyForm
          initialValues={testingAgencyValuesOf(current)}
          submitLabel={current ? 'Save test centre' : 'Create test centre'}
          onSubmit={async (request) => {
            const saved = await save.mutateAsync({ id: current?.id ?? null, request });
            setEditing(null);
            notifications.show({ color: 'green', title: 'Test centre saved', message: saved.companyName });
          }}
        />
      </FormDialog>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove test centre"
        confirmLabel="Remove"
        confirmColor="red"
        failureTitle="Not removed"
        onConfirm={() => remove.mutateAsync(removing?.id ?? '')}
        onClose={() => setRemoving(null)}
      >
        <Text>
          Remove {removing?.companyName} ({removing?.referenceNumber})?
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** Test centres under Utilities: list, search, create, edit, remove. */
export function AdminTestCentresRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Test centres');
  if (!user.menuItems.includes('Utilities')) return <NotAvailable title="Test centres" message={NO_ACCESS_MESSAGE} />;
  return <TestCentresScreen />;
}
