import { Anchor, Breadcrumbs, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { ROLES } from '@certs/shared/auth/roles';
import type { Company } from '@certs/shared/company/company.contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { NotAvailable } from '../../../components/ui/not-available';
import { SearchInput } from '../../../components/ui/search-input';
import { ExportButton } from '../../../components/ui/export-button';
import { findCompanies, useCompanies, useSaveCompany } from '../../../features/company/api/companies';
import { COMPANY_CSV_COLUMNS, CompaniesTable } from '../../../features/company/components/companies-table';
import { EmployerClaimsPanel } from '../../../features/company/components/employer-claims-panel';
import { CompanyUsersPanel } from '../../../features/company/components/company-users-panel';
import { InviteCompanyUserForm } from '../../../features/employer/forms/invite-company-user-form';
import { useCurrentAccount } from '../../../features/account/api/find-current-account';
import { CompanyForm, companyValuesOf } from '../../../features/company/forms/company-form';
import { errorMessageOf } from '../../../lib/api-client';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { NO_ACCESS_MESSAGE } from './menu-area';

function CompaniesScreen() {
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } = usePaging();
  const search = useDebouncedSearch(resetPage);
  const [editing, setEditing] = useState<Company | 'new' | null>(null);
  const filter = { searchTerm: search.term };
  const list = useCompanies({ page, pageSize, ...filter });
  const save = useSaveCompany();
  const account = useCurrentAccount().data;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Users}>
          Users
        </Anchor>
        <Text>Companies</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Companies</Title>
          <Text c="dimmed">Employers and corporate members. A company an applicant asked for waits here, inactive, until you approve it.</Text>
        </Stack>
        <Button onClick={() => setEditing('new')}>New company</Button>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <SearchInput search={search} placeholder="Name, ABN or NZBN, member number or email" w={360} />
            <ExportButton table="Companies" fileName="companies.csv" source={{ kind: 'pages', columns: COMPANY_CSV_COLUMNS, fetchPage: pagesOf(findCompanies, filter) }} />
          </Group>
          <CompaniesTable
            page={list.data}
            pageNumber={page}
            pageSize={pageSize}
            isLoading={list.isFetching}
            error={list.error ? errorMessageOf(list.error) : null}
            onEdit={setEditing}
            onPageChange={onPageChange}
            onPageSizeChange={onPageSizeChange}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <EmployerClaimsPanel />
      </Paper>
      <FormDialog opened={editing !== null} title={editing === 'new' ? 'New company' : 'Edit company'} size="lg" onClose={() => setEditing(null)}>
        <CompanyForm
          accountName={account?.hasSeveralAccounts ? account.account.name : undefined}
          key={editing === 'new' ? 'new' : (editing?.id ?? 'none')}
          initialValues={companyValuesOf(editing && editing !== 'new' ? editing : null)}
          submitLabel={editing === 'new' ? 'Create company' : 'Save company'}
          onSubmit={async (request) => {
            const saved = await save.mutateAsync({ id: editing && editing !== 'new' ? editing.id : null, request });
            setEditing(null);
            notifications.show({ color: 'green', title: 'Company saved', message: saved.name });
          }}
        />
        {editing && editing !== 'new' && (
          <>
            <Divider my="lg" />
            {/* Staff invite the company's first coordinator, usually. */}
            <CompanyUsersPanel company={editing} inviteForm={(onInvite) => <InviteCompanyUserForm defaultRole={ROLES.CompanyCoordinator} onInvite={onInvite} />} />
          </>
        )}
      </FormDialog>
    </Stack>
  );
}

/** Users -> Companies (decision 027): staff with the Users menu. */
export function AdminCompaniesRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Companies');
  if (!user.menuItems.includes('Users')) return <NotAvailable title="Companies" message={NO_ACCESS_MESSAGE} />;
  return <CompaniesScreen />;
}
