import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountUser } from '@certs/shared/account-user/account-user.contract';
import { USER_MANAGER_ROLES, type Role } from '@certs/shared/auth/roles';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findAccountUsers, useAccountUsers } from '../../../features/account-user/api/find-account-users';
import {
  AccountUserDialog,
  canEditAccountUser,
  type AccountUserDialogState,
} from '../../../features/account-user/components/account-user-dialog';
import { ACCOUNT_USER_CSV_COLUMNS, AccountUsersTable } from '../../../features/account-user/components/account-users-table';
import { currentUserQueryKey } from '../../../features/auth/api/fetch-current-user';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession, type Session } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { ADMIN_APPLICANTS_PATH, ADMIN_COMPANIES_PATH } from '../../route-paths';
import { canReadAccessLog } from './access-log';
import { ADMIN_ACCESS_LOG_PATH } from '../../route-paths';
import { canHandleDeletionRequests } from './deletion-requests';
import { ADMIN_SUPPORT_PATH, canUseSupport } from './support';
import { ADMIN_DELETION_REQUESTS_PATH } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { SearchInput } from '../../../components/ui/search-input';

function UsersScreen({ user }: { user: Session['user'] }) {
  const queryClient = useQueryClient();
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [dialog, setDialog] = useState<AccountUserDialogState>(null);
  const filter = { search: search.term };
  const list = useAccountUsers({ page, pageSize, ...filter });

  const handleSaved = (saved: AccountUser) => {
    // Editing yourself changes the name in the header; reload the signed-in user.
    if (saved.id === user.id) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Users</Title>
          <Text c="dimmed">Staff who sign in at the admin login, their roles and side menus.</Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={ADMIN_APPLICANTS_PATH} variant="default">
            Applicants
          </Button>
          <Button component={Link} to={ADMIN_COMPANIES_PATH} variant="default">
            Companies
          </Button>
          {canHandleDeletionRequests(user) && (
            <Button component={Link} to={ADMIN_DELETION_REQUESTS_PATH} variant="default">
              Deletion requests
            </Button>
          )}
          {canUseSupport(user) && (
            <Button component={Link} to={ADMIN_SUPPORT_PATH} variant="default">
              Support
            </Button>
          )}
          {canReadAccessLog(user) && (
            <Button component={Link} to={ADMIN_ACCESS_LOG_PATH} variant="default">
              Access log
            </Button>
          )}
          <Button onClick={() => setDialog({ mode: 'create' })}>Add user</Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <SearchInput search={search} placeholder="Name or email" w={360} />
            <ExportButton table="Users" fileName="staff-users.csv" source={{ kind: 'pages', columns: ACCOUNT_USER_CSV_COLUMNS, fetchPage: pagesOf(findAccountUsers, filter) }} />
          </Group>
          <AccountUsersTable
            {...pagedTableProps(list, paging)}
            canEdit={(row) => canEditAccountUser(user.role, row)}
            onEdit={(row) => setDialog({ mode: 'edit', userId: row.id })}
          />
        </Stack>
      </Paper>
      <AccountUserDialog state={dialog} actor={user} onClose={() => setDialog(null)} onSaved={handleSaved} />
    </Stack>
  );
}

/** Admin users (issue "Foundation"): for super users and account administrators with the Users menu. */
export function AdminUsersRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Users');
  const canManage = user.menuItems.includes('Users') && USER_MANAGER_ROLES.includes(user.role as Role);
  if (!canManage) return <NotAvailable title="Users" message={NO_ACCESS_MESSAGE} />;
  return <UsersScreen user={user} />;
}
