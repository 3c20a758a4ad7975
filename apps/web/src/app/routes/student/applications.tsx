import { Paper, Stack, Text, Title } from '@mantine/core';
import { applicationTypeOfProgram } from '@certs/shared/application/application-status';
import { useMyApplications } from '../../../features/application/api/find-my-applications';
import { ApplicationsTable, type ApplicationRow } from '../../../features/application/components/applications-table';
import { MyAwards } from '../../../features/award/components/my-awards';
import { usePageTitle } from '../../../lib/page-title';
import { usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { STUDENT_APPLICATIONS_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { STUDENT_APPLICATIONS_PATH } from '../../route-paths';


export function studentApplicationPath(row: Pick<ApplicationRow, 'id' | 'programType'>): string {
  const type = applicationTypeOfProgram(row.programType) ?? 'qualificationapplication';
  return `${STUDENT_APPLICATIONS_PATH}/${type}/${encodeURIComponent(row.id)}`;
}

/** The applicant's applications and awards (spec section 2 tables). */
export function StudentApplicationsRoute() {
  usePageTitle('Applications');
  const applicationsPaging = usePaging();
  const applications = useMyApplications({ page: applicationsPaging.page, pageSize: applicationsPaging.pageSize });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Applications</Title>
        <Text c="dimmed">Where each of your applications stands, and what you have been awarded.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="applications-heading">
        <Title order={2} size="h4" id="applications-heading" mb="md">
          Your applications
        </Title>
        <ApplicationsTable
          {...pagedTableProps(applications, applicationsPaging)}
          hrefOf={studentApplicationPath}
        />
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="awards-heading" id="awards">
        <Title order={2} size="h4" id="awards-heading" mb={4}>
          Awards
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          Download each certificate as a PDF, and its credential as a signed file that employers&apos; systems can verify. A certificate that is on hold,
          cancelled, withdrawn or expired is not valid.
        </Text>
        <MyAwards />
      </Paper>
    </Stack>
  );
}
