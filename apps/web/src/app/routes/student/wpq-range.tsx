import { Anchor, Breadcrumbs, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { WpqRangePage } from '../../../features/wpq-application/components/wpq-panels';
import { usePageTitle } from '../../../lib/page-title';
import { STUDENT_APPLICATIONS_PATH } from '../../route-paths';

export const studentWpqRangePath = (id: string) => `/student/wpq/${encodeURIComponent(id)}/range`;

/** The welder's printable range of qualification (one page for a site supervisor). */
export function StudentWpqRangeRoute() {
  const { id = '' } = useParams();
  usePageTitle('Range of qualification');
  return (
    <Stack gap="sm">
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to={STUDENT_APPLICATIONS_PATH} size="sm">
          Applications
        </Anchor>
        <span aria-current="page">Range of qualification</span>
      </Breadcrumbs>
      <WpqRangePage id={id} />
    </Stack>
  );
}
