import { Button } from '@mantine/core';
import type { AccountUser } from '@certs/shared/account-user/account-user.contract';
import { ROLE_LABELS, type Role } from '@certs/shared/auth/roles';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import type { CsvColumn } from '../../../lib/export-csv';

/** The users table as a file, with the side menus each user has. */
export const ACCOUNT_USER_CSV_COLUMNS: readonly CsvColumn<AccountUser>[] = [
  { header: 'First Name', value: (user) => user.firstName },
  { header: 'Last Name', value: (user) => user.lastName },
  { header: 'Email', value: (user) => user.email },
  { header: 'Role', value: (user) => ROLE_LABELS[user.role as Role] ?? String(user.role) },
  { header: 'Status', value: (user) => (user.active ? 'Active' : 'Inactive') },
  { header: 'Menus', value: (user) => user.menuItems.join(', ') },
  { header: 'Time Zone', value: (user) => user.timeZone },
  { header: 'Created', value: (user, dates) => dates.dateTime(user.createdOn) },
  { header: 'Modified', value: (user, dates) => dates.dateTime(user.modifiedOn) },
];

interface AccountUsersTableProps {
  rows: readonly AccountUser[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  canEdit: (user: AccountUser) => boolean;
  onEdit: (user: AccountUser) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Admin users: Name, Email, Role, Status, Modified, and an edit action per row. */
export function AccountUsersTable({ canEdit, onEdit, ...paging }: AccountUsersTableProps) {
  const columns: PagedTableColumn<AccountUser>[] = [
    { key: 'name', header: 'Name', isRowHeader: true, render: (user) => `${user.firstName} ${user.lastName}` },
    { key: 'email', header: 'Email', render: (user) => user.email },
    { key: 'role', header: 'Role', render: (user) => ROLE_LABELS[user.role as Role] ?? String(user.role) },
    {
      key: 'status',
      header: 'Status',
      noWrap: true,
      render: (user) => (user.active ? <StatusBadge label="Active" color="green" /> : <StatusBadge label="Inactive" color="gray" />),
    },
    { key: 'modified', header: 'Modified', noWrap: true, render: (user) => <DateDisplay value={user.modifiedOn} withTime /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (user) =>
        canEdit(user) ? (
          <Button size="xs" variant="light" onClick={() => onEdit(user)} aria-label={`Edit ${user.firstName} ${user.lastName}`}>
            Edit
          </Button>
        ) : null,
    },
  ];
  return (
    <PagedTable
      label="Users"
      testId="users-table"
      columns={columns}
      rowKey={(user) => user.id}
      emptyText="No users match."
      {...paging}
    />
  );
}
