import { Anchor, Breadcrumbs, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@certs/shared/common/paging';
import { NotAvailable } from '../../../components/ui/not-available';
import { useApplicants, type ApplicantListRow } from '../../../features/applicant-profile/api/find-applicants';
import { ApplicantsTable } from '../../../features/applicant-profile/components/applicants-table';
import { ConfirmMembershipDialog } from '../../../features/applicant-profile/components/confirm-membership-dialog';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';

export const ADMIN_APPLICANTS_PATH = `${ADMIN_MENU_PATHS.Users}/applicants`;
const SEARCH_DELAY_MS = 300;

function ApplicantsScreen() {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [searchText, setSearchText] = useState('');
  const [membersOnly, setMembersOnly] = useState(false);
  const [searchTerm] = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const [reviewing, setReviewing] = useState<ApplicantListRow | null>(null);
  const list = useApplicants({ page, pageSize, searchTerm, membersOnly });

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Users}>
          Users
        </Anchor>
        <Text>Applicants</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Applicants</Title>
        <Text c="dimmed">People who registered to apply, and the memberships they asked staff to confirm.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="lg" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Name, email or member number"
              type="search"
              w={340}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                setPage(DEFAULT_PAGE);
              }}
            />
            <Switch
              label="Confirmed members only"
              checked={membersOnly}
              onChange={(event) => {
                setMembersOnly(event.currentTarget.checked);
                setPage(DEFAULT_PAGE);
              }}
              mb={8}
            />
          </Group>
          <ApplicantsTable
            rows={list.data?.rows ?? []}
            page={page}
            pageSize={pageSize}
            totalRows={list.data?.totalRows ?? 0}
            isLoading={list.isFetching}
            error={list.error ? errorMessageOf(list.error) : null}
            onReviewMembership={setReviewing}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(DEFAULT_PAGE);
            }}
          />
        </Stack>
      </Paper>
      <ConfirmMembershipDialog applicant={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}

/** Applicants (under Users): search, members only, and confirming a membership. */
export function AdminApplicantsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Applicants');
  if (!user.menuItems.includes('Users')) return <NotAvailable title="Applicants" message={NO_ACCESS_MESSAGE} />;
  return <ApplicantsScreen />;
}
