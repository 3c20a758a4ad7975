import { Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { NotAvailable } from '../../../components/ui/not-available';
import { fullNameOf } from '../../../features/auth/components/user-labels';
import { RangeCalculator } from '../../../features/welder-qualification/components/range-calculator';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_RANGE_OF_QUALIFICATION_PATH } from '../../route-paths';


/** The range-of-qualification calculator for staff, under Utilities. */
export function AdminRangeOfQualificationRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Range of qualification');
  if (!user.menuItems.includes('Utilities')) return <NotAvailable title="Range of qualification" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="sm">
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Utilities} size="sm">
          Utilities
        </Anchor>
        <span aria-current="page">Range of qualification</span>
      </Breadcrumbs>
      <Text size="sm">
        This calculator shows what a test would qualify. A welder&apos;s qualification is recorded on their Welder Qualification application (the record, the examiner&apos;s
        tests, the outcome), where the range is computed and stored when it is approved.{' '}
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Programs}>
          Programs
        </Anchor>
      </Text>
      <RangeCalculator printedBy={fullNameOf(user)} />
    </Stack>
  );
}
