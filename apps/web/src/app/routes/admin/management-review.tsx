import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { Link } from 'react-router';
import { ManagementReviewView } from '../../../features/management-review/components/management-review-view';
import { usePageTitle } from '../../../lib/page-title';

/**
 * The yearly management review (issue 43), beside the Reports: account administrators review the
 * account, program managers their programs; the server decides, the page says so to anyone else.
 */
export function AdminManagementReviewRoute() {
  usePageTitle('Management review');
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Reports}>
          Reports
        </Anchor>
        <Text>Management review</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Management review</Title>
        <Text c="dimmed">
          A year of certification for the body&apos;s management review (ISO/IEC 17024 10.2.6): applications, awards, suspensions and withdrawals, appeals and complaints, impartiality and exams.
        </Text>
      </Stack>
      <ManagementReviewView currentYear={new Date().getFullYear()} />
    </Stack>
  );
}
