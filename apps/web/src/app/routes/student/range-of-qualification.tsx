import { Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ROLE_HOME_PATHS, ROLES } from '@certs/shared/auth/roles';
import { fullNameOf } from '../../../features/auth/components/user-labels';
import { RangeCalculator } from '../../../features/welder-qualification/components/range-calculator';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { STUDENT_APPLICATIONS_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { STUDENT_RANGE_OF_QUALIFICATION_PATH } from '../../route-paths';


/** The range-of-qualification calculator for applicants, from their home page. */
export function StudentRangeOfQualificationRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Range of qualification');
  return (
    <Stack gap="sm">
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to={ROLE_HOME_PATHS[ROLES.Applicant]} size="sm">
          Home
        </Anchor>
        <span aria-current="page">Range of qualification</span>
      </Breadcrumbs>
      <Text size="sm">
        This calculator shows what a test would qualify. The qualification itself comes from a Welder Qualification application: apply to the program, fill in your welder
        qualification record and take the test; your range is then stated on it.{' '}
        <Anchor component={Link} to={STUDENT_APPLICATIONS_PATH}>
          Your applications
        </Anchor>
      </Text>
      <RangeCalculator printedBy={fullNameOf(user)} />
    </Stack>
  );
}
