import { Paper, Stack, Text, Title } from '@mantine/core';
import { applicationTypeOfProgram } from '@certs/shared/application/application-status';
import { useMyApplications } from '../../../features/application/api/find-my-applications';
import { useMyAwards } from '../../../features/application/api/find-my-awards';
import { ApplicationsTable, type ApplicationRow } from '../../../features/application/components/applications-table';
import { AwardsTable } from '../../../features/application/components/awards-table';
import { errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { usePaging } from '../../../lib/use-paging';

export const STUDENT_APPLICATIONS_PATH = '/student/applications';

export function studentApplicationPath(row: Pick<ApplicationRow, 'id' | 'programType'>): string {
  const type = applicationTypeOfProgram(row.programType) ?? 'qualificationapplication';
  return `${STUDENT_APPLICATIONS_PATH}/${type}/${encodeURIComponent(row.id)}`;
}

/** The applicant's applications and awards (spec section 2 tables). */
export function StudentApplicationsRoute() {
  usePageTitle('Applications');
  const applicationsPaging = usePaging();
  const awardsPaging = usePaging();
  const applications = useMyApplications({ page: applicationsPaging.page, pageSize: applicationsPaging.pageSize });
  const awards = useMyAwards({ page: awardsPaging.page, pageSize: awardsPaging.pageSize });
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
          rows={applications.data?.rows ?? []}
          totalRows={applications.data?.totalRows ?? 0}
          isLoading={applications.isFetching}
          error={applications.error ? errorMessageOf(applications.error) : null}
          hrefOf={studentApplicationPath}
          page={applicationsPaging.page}
          pageSize={applicationsPaging.pageSize}
          onPageChange={applicationsPaging.onPageChange}
          onPageSizeChange={applicationsPaging.onPageSizeChange}
        />
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="awards-heading">
        <Title order={2} size="h4" id="awards-heading" mb="md">
          Awards
        </Title>
        <AwardsTable
          rows={awards.data?.rows ?? []}
          totalRows={awards.data?.totalRows ?? 0}
          isLoading={awards.isFetching}
          error={awards.error ? errorMessageOf(awards.error) : null}
          page={awardsPaging.page}
          pageSize={awardsPaging.pageSize}
          onPageChange={awardsPaging.onPageChange}
          onPageSizeChange={awardsPaging.onPageSizeChange}
        />
      </Paper>
    </Stack>
  );
}
