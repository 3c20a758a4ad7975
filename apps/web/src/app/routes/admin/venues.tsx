import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Venue } from '@certs/shared/venue/venue.contract';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findVenues, useRemoveVenue, useSaveVenue, useVenues } from '../../../features/venue/api/venues';
import { VENUE_CSV_COLUMNS, VenuesTable } from '../../../features/venue/components/venues-table';
import { VenueForm } from '../../../features/venue/forms/venue-form';
import { errorMessageOf } from '../../../lib/api-client';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { SearchInput } from '../../../components/ui/search-input';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_VENUES_PATH } from '../../route-paths';


function VenuesScreen() {
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } = usePaging();
  const search = useDebouncedSearch(resetPage);
  const [editing, setEditing] = useState<Venue | 'new' | null>(null);
  const [removing, setRemoving] = useState<Venue | null>(null);
  const filter = { searchTerm: search.term };
  const list = useVenues({ page, pageSize, ...filter });
  const save = useSaveVenue();
  const remove = useRemoveVenue();

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Utilities}>
          Utilities
        </Anchor>
        <Text>Venues</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Venues</Title>
          <Text c="dimmed">Where practical, oral and pen-and-paper exams are held.</Text>
        </Stack>
        <Button onClick={() => setEditing('new')}>New venue</Button>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <SearchInput search={search} placeholder="Title" w={320} />
            <ExportButton table="Venues" fileName="venues.csv" source={{ kind: 'pages', columns: VENUE_CSV_COLUMNS, fetchPage: pagesOf(findVenues, filter) }} />
          </Group>
          <VenuesTable
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
      <FormDialog opened={editing !== null} title={editing === 'new' ? 'New venue' : 'Edit venue'} size="md" onClose={() => setEditing(null)}>
        <VenueForm
          initialTitle={editing && editing !== 'new' ? editing.title : ''}
          submitLabel={editing === 'new' ? 'Create venue' : 'Save venue'}
          onSubmit={async (request) => {
            const saved = await save.mutateAsync({ id: editing && editing !== 'new' ? editing.id : null, request });
            setEditing(null);
            notifications.show({ color: 'green', title: 'Venue saved', message: saved.title });
          }}
        />
      </FormDialog>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove venue"
        confirmLabel="Remove"
        confirmColor="red"
        failureTitle="Not removed"
        onConfirm={() => remove.mutateAsync(removing?.id ?? '')}
        onClose={() => setRemoving(null)}
      >
        <Text>Remove the venue {removing?.title}?</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** Venues under Utilities: list, search, create, rename, remove. */
export function AdminVenuesRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Venues');
  if (!user.menuItems.includes('Utilities')) return <NotAvailable title="Venues" message={NO_ACCESS_MESSAGE} />;
  return <VenuesScreen />;
}
