import { Anchor, Breadcrumbs, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { ROLE_HOME_PATHS, ROLES } from '@certs/shared/auth/roles';
import { fullNameOf } from '../../../features/auth/components/user-labels';
import { RangeCalculator } from '../../../features/welder-qualification/components/range-calculator';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';

export const STUDENT_RANGE_OF_QUALIFICATION_PATH = '/student/range-of-qualification';

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
      <RangeCalculator printedBy={fullNameOf(user)} />
    </Stack>
  );
}
