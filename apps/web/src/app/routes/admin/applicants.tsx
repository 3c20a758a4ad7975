import { Anchor, Breadcrumbs, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { applicantAdminPath } from '@certs/shared/applicant-admin/applicant-admin.contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findApplicants, useApplicants, type ApplicantListRow } from '../../../features/applicant-profile/api/find-applicants';
import { APPLICANT_CSV_COLUMNS, ApplicantsTable } from '../../../features/applicant-profile/components/applicants-table';
import { useCurrentAccount } from '../../../features/account/api/find-current-account';
import { ConfirmMembershipDialog } from '../../../features/applicant-profile/components/confirm-membership-dialog';
import { ApplicantAwardsList } from '../../../features/award/components/applicant-awards-list';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { awardApplicationPath } from './awards';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { SearchInput } from '../../../components/ui/search-input';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_APPLICANTS_PATH } from '../../route-paths';


function ApplicantsScreen() {
  const { user } = useRequiredSession();
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [membersOnly, setMembersOnly] = useState(false);
  const [reviewing, setReviewing] = useState<ApplicantListRow | null>(null);
  const [awardsOf, setAwardsOf] = useState<ApplicantListRow | null>(null);
  const filter = { searchTerm: search.term, membersOnly };
  const list = useApplicants({ page, pageSize, ...filter });
  const account = useCurrentAccount().data;

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
            <SearchInput search={search} placeholder="Name, email or member number" w={340} />
            <Switch
              label="Confirmed members only"
              checked={membersOnly}
              onChange={(event) => {
                setMembersOnly(event.currentTarget.checked);
                resetPage();
              }}
              mb={8}
            />
            <ExportButton table="Applicants" fileName="applicants.csv" source={{ kind: 'pages', columns: APPLICANT_CSV_COLUMNS, fetchPage: pagesOf(findApplicants, filter) }} />
          </Group>
          <ApplicantsTable
            {...pagedTableProps(list, paging)}
            onReviewMembership={setReviewing}
            onShowAwards={user.menuItems.includes('Programs') ? setAwardsOf : undefined}
            recordHrefOf={(row) => applicantAdminPath(row.id)}
          />
        </Stack>
      </Paper>
      <ConfirmMembershipDialog applicant={reviewing} accountName={account?.hasSeveralAccounts ? account.account.name : undefined} onClose={() => setReviewing(null)} />
      <FormDialog opened={awardsOf !== null} title={awardsOf ? `Awards of ${awardsOf.firstName} ${awardsOf.lastName}` : ''} size="90rem" onClose={() => setAwardsOf(null)}>
        {awardsOf && <ApplicantAwardsList applicantId={awardsOf.id} applicantName={`${awardsOf.firstName} ${awardsOf.lastName}`} applicationHrefOf={awardApplicationPath} />}
      </FormDialog>
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
