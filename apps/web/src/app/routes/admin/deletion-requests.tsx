import { Anchor, Breadcrumbs, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { USER_MANAGER_ROLES, type Role } from '@certs/shared/auth/roles';
import type { DeletionRequest } from '@certs/shared/privacy/privacy.contract';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findDeletionRequests, useDeletionRequests } from '../../../features/privacy/api/deletion-requests';
import { CompleteDeletionDialog } from '../../../features/privacy/components/complete-deletion-dialog';
import { DELETION_REQUEST_CSV_COLUMNS, DeletionRequestsTable } from '../../../features/privacy/components/deletion-requests-table';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession, type Session } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { NO_ACCESS_MESSAGE } from './menu-area';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_DELETION_REQUESTS_PATH } from '../../route-paths';


/** Super users and account administrators (decision 016), with the Users menu. */
export function canHandleDeletionRequests(user: Session['user']): boolean {
  return user.menuItems.includes('Users') && USER_MANAGER_ROLES.includes(user.role as Role);
}

function DeletionRequestsScreen() {
  const paging = usePaging();
  const { page, pageSize } = paging;
  const [completing, setCompleting] = useState<DeletionRequest | null>(null);
  const list = useDeletionRequests({ page, pageSize });

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Users}>
          Users
        </Anchor>
        <Text>Deletion requests</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Deletion requests</Title>
        <Text c="dimmed">Applicants who asked for their personal data to be deleted, open requests first. Completing one anonymises the applicant.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group justify="flex-end">
            <ExportButton table="Deletion requests" fileName="deletion-requests.csv" source={{ kind: 'pages', columns: DELETION_REQUEST_CSV_COLUMNS, fetchPage: pagesOf(findDeletionRequests, {}) }} />
          </Group>
          <DeletionRequestsTable
            {...pagedTableProps(list, paging)}
            onComplete={setCompleting}
          />
        </Stack>
      </Paper>
      <CompleteDeletionDialog request={completing} onClose={() => setCompleting(null)} />
    </Stack>
  );
}

/** Deletion requests (under Users): the personal-data deletion requests and completing them. */
export function AdminDeletionRequestsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Deletion requests');
  if (!canHandleDeletionRequests(user)) return <NotAvailable title="Deletion requests" message={NO_ACCESS_MESSAGE} />;
  return <DeletionRequestsScreen />;
}
